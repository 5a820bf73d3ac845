import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { main } from '../../src/cli/main';
import { gameSeed, summarizeBalance, wilsonInterval, type BalanceGame, type Scenario } from '../../src/rules';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { balanceApi } from '../../src/workers/balance-api';
import { BalanceCancelled, missingChunks, startBalance, type BalanceWorkerApi, type WorkerHandle } from '../../src/workers/balance-client';
import { spareCores } from '../../src/workers/balance-defaults';

const scenario: Scenario = { ...templateScenario('open-field')!, rules: { turnLimit: 1 } };
const dir = mkdtempSync(join(tmpdir(), 'nevsky-balance-'));
const file = join(dir, 'short.json');
writeFileSync(file, serializeScenario(scenario));

/** An in-process "worker": the worker's own API object, run on this thread. */
function inProcess(log: string[] = [], api: BalanceWorkerApi = balanceApi): () => WorkerHandle {
  let n = 0;
  return () => { const id = n++; return { api, callback: (fn) => fn, terminate: () => { log.push(`terminate ${id}`); } }; };
}

function cli(args: string[]) {
  const out: string[] = [], err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('balance statistics', () => {
  test.each([
    [50, 100, 0.4038, 0.5962],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [620, 1000, 0.5895, 0.6496],
  ])('Wilson 95 percent interval of %i/%i is %f to %f', (k, n, low, high) => {
    const r = wilsonInterval(k, n);
    expect(r.low).toBeCloseTo(low, 3);
    expect(r.high).toBeCloseTo(high, 3);
  });

  const sides = [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }];
  const games = (aw: number, bw: number, d: number): BalanceGame[] => [
    ...Array.from({ length: aw }, () => ({ winner: 'a', points: { a: 10, b: 4 } })),
    ...Array.from({ length: bw }, () => ({ winner: 'b', points: { a: 3, b: 9 } })),
    ...Array.from({ length: d }, () => ({ winner: null, points: { a: 5, b: 5 } })),
  ].map((g, index) => ({ ...g, index, turns: 12, actions: 500 }));
  test.each([
    [620, 330, 50, 'a', /^Alpha favoured: 62% ± 3% wins/],
    [300, 650, 50, 'b', /^Beta favoured: 65% ± 3% wins/],
    [480, 470, 50, null, /^Balanced: Alpha 48% ± 3%, Beta 47% ± 3%/],
    [6, 4, 0, null, /^Too close to call with 10 games/],
  ])('verdict read from the interval (%i-%i-%i)', (aw, bw, d, favoured, verdict) => {
    const s = summarizeBalance(sides, games(aw, bw, d), { lost: {}, melees: {} });
    expect(s.favoured).toBe(favoured);
    expect(s.verdict).toMatch(verdict);
    expect(s.sides[0]!.wins.count + s.sides[1]!.wins.count + s.draws.count).toBe(aw + bw + d);
    expect(s.marginMean).toBeCloseTo((6 * aw - 6 * bw) / (aw + bw + d), 9);
  });

  test('game seeds depend only on (seed, index)', () => {
    expect(gameSeed(1, 5)).toBe(gameSeed(1, 5));
    expect(new Set(Array.from({ length: 1000 }, (_, i) => gameSeed(1, i))).size).toBe(1000);
    expect(gameSeed(2, 5)).not.toBe(gameSeed(1, 5));
  });

  test('spare cores: one less than the machine has, at least one', () => {
    expect([spareCores(8), spareCores(2), spareCores(1), spareCores(undefined)]).toEqual([7, 1, 1, 1]);
  });
});

describe('balance runs', () => {
  test('the same seed gives the same estimate with 1 or 3 workers, and wins + losses + draws = N', async () => {
    const settings = { games: 9, policy: 'random' as const, seed: 5 };
    const one = await startBalance(scenario, settings, inProcess(), 1).result;
    const three = await startBalance(scenario, settings, inProcess(), 3).result;
    expect(three).toEqual(one);
    expect(one.games).toBe(9);
    expect(one.sides[0]!.wins.count + one.sides[1]!.wins.count + one.draws.count).toBe(9);
    expect(Object.values(one.heat.lost).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const other = await startBalance(scenario, { ...settings, seed: 6 }, inProcess(), 2).result;
    expect(other.heat).not.toEqual(one.heat);
  }, 60_000);

  test('the CLI (worker threads) gives the same estimate as the in-page client', async () => {
    const settings = { games: 10, policy: 'random' as const, seed: 8 };
    const page = await startBalance(scenario, settings, inProcess(), 2).result;
    const r = await cli(['balance', file, '--games', '10', '--seed', '8', '--workers', '2', '--policy', 'random', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as typeof page;
    expect({ sides: json.sides, draws: json.draws, marginMean: json.marginMean, turnsMean: json.turnsMean, actionsMean: json.actionsMean, heat: json.heat, verdict: json.verdict })
      .toEqual({ sides: page.sides, draws: page.draws, marginMean: page.marginMean, turnsMean: page.turnsMean, actionsMean: page.actionsMean, heat: page.heat, verdict: page.verdict });
  }, 120_000);

  test('Cancel terminates every worker and gives no estimate', async () => {
    const log: string[] = [];
    let job: ReturnType<typeof startBalance> | null = null;
    const progress: number[] = [];
    job = startBalance(scenario, { games: 40, policy: 'random', seed: 1 }, inProcess(log), 2, (done) => {
      progress.push(done);
      if (done === 2) job!.cancel();
    });
    await expect(job.result).rejects.toBeInstanceOf(BalanceCancelled);
    expect(log.sort()).toEqual(['terminate 0', 'terminate 1']);
    await new Promise((r) => setTimeout(r, 50));
    expect(Math.max(...progress)).toBeLessThan(40);
  }, 60_000);

  test('nevsky balance: exit 2 with the problems for an invalid scenario, and for an unreadable one', async () => {
    const bad = join(dir, 'bad.json');
    const s = templateScenario('open-field')!;
    s.sides[0]!.units[0]!.at = 'B6';
    writeFileSync(bad, serializeScenario(s));
    const r = await cli(['balance', bad, '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/deploy-outside-zone/);
    const missing = await cli(['balance', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json: cannot read \(no such file\)/);
    expect((await cli(['balance', file, '--policy', 'clever'])).code).toBe(2);
  });

  test('nevsky balance prints rates with intervals and a verdict', async () => {
    const r = await cli(['balance', file, '--games', '10', '--workers', '1', '--seed', '2']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Teutonic Order wins\s+\d+\.\d% {2}\(95% interval \d+\.\d% to \d+\.\d%, \d+ games\)/);
    expect(r.out).toMatch(/draws/);
    expect(r.out).toMatch(/Verdict: /);
  }, 120_000);
});

describe('a lost balance worker (issue 31)', () => {
  const settings = { games: 48, policy: 'random' as const, seed: 5 };

  test('the games still missing, as chunks in index order', () => {
    const have = new Uint8Array(10);
    for (const i of [0, 1, 4, 9]) have[i] = 1;
    expect(missingChunks(have, 2)).toEqual([[2, 4], [5, 7], [7, 9]]);
    expect(missingChunks(new Uint8Array(3).fill(1), 2)).toEqual([]);
  });

  test('a silent worker stalls the run with the games counted; Resume plays only the missing games and gives the numbers of an unbroken run', async () => {
    const unbroken = await startBalance(scenario, settings, inProcess(), 2).result;
    const first: number[] = [];
    const later: number[] = [];
    // Round one: each worker reports two games of its chunk and then never answers again.
    const dying: BalanceWorkerApi = {
      async play(s, from, to, options, onGame) {
        await balanceApi.play(s, from, Math.min(to, from + 2), options, (r) => { first.push(r.game.index); onGame(r); });
        return new Promise<void>(() => {});
      },
    };
    const healthy: BalanceWorkerApi = { play: (s, from, to, options, onGame) => balanceApi.play(s, from, to, options, (r) => { later.push(r.game.index); onGame(r); }) };
    let api = dying;
    const log: string[] = [];
    const stalls: Array<[string, number]> = [];
    const progress: number[] = [];
    let spawned = 0;
    const spawn = (): WorkerHandle => { const id = spawned++; return { api, callback: (fn) => fn, terminate: () => { log.push(`terminate ${id}`); } }; };
    const job = startBalance(scenario, settings, spawn, 2, (n) => progress.push(n), { silenceMs: 50, onStall: (why, n) => stalls.push([why, n]) });
    await vi.waitFor(() => expect(stalls).toHaveLength(1));
    expect(stalls[0]).toEqual(['no game reported for 0.05 s', 4]);
    expect(first).toHaveLength(4);
    expect(log).toEqual(['terminate 0', 'terminate 1']);
    api = healthy;
    job.resume();
    expect(await job.result).toEqual(unbroken);
    expect([...first, ...later].sort((a, b) => a - b)).toEqual(Array.from({ length: 48 }, (_, i) => i));
    expect(progress[progress.length - 1]).toBe(48);
  }, 60_000);

  test('a worker that reports a failure stalls the run at once; without a watch the run fails with the reason', async () => {
    const hang: BalanceWorkerApi = { play: () => new Promise<void>(() => {}) };
    const failing = (): WorkerHandle => ({ api: hang, callback: (fn) => fn, terminate: () => {}, onFailure: (listener) => { setTimeout(() => listener('boom'), 5); } });
    const stalls: string[] = [];
    const job = startBalance(scenario, settings, failing, 1, undefined, { silenceMs: 60_000, onStall: (why) => stalls.push(why) });
    await vi.waitFor(() => expect(stalls).toEqual(['it failed: boom']));
    job.cancel();
    await expect(job.result).rejects.toBeInstanceOf(BalanceCancelled);
    await expect(startBalance(scenario, settings, failing, 1).result).rejects.toThrow('it failed: boom');
  });
});
