/**
 * Issue 29: competent players by default, the sequential stop, the skill sweep, A/B of two versions on common
 * random numbers, and the CLI giving the app's numbers.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { balanceLead } from '../../src/ai/stats';
import { main } from '../../src/cli/main';
import {
  comparePaired, decideLook, gameSeed, normalQuantile, sequentialPlan, summarizeBalance, summarizeSweep,
  type BalanceGame, type BalanceSummary, type Scenario, type SequentialPlan,
} from '../../src/rules';
import { stream } from '../../src/ai/rng';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { balanceApi } from '../../src/workers/balance-api';
import { startBalance, startComparison, startSweep, type BalanceWorkerApi, type WorkerHandle } from '../../src/workers/balance-client';
import { SETTLE_GAMES, defaultPolicy, searchDefaultFrom, secondsFor } from '../../src/workers/balance-defaults';

const scenario: Scenario = { ...templateScenario('open-field')!, rules: { turnLimit: 1 } };
/** Another version: the Order without its first unit. */
const weaker: Scenario = { ...scenario, sides: scenario.sides.map((s, i) => (i === 0 ? { ...s, units: s.units.slice(1) } : s)) };
const dir = mkdtempSync(join(tmpdir(), 'nevsky-balance29-'));
const file = join(dir, 'short.json');
const weakerFile = join(dir, 'weaker.json');
writeFileSync(file, serializeScenario(scenario));
writeFileSync(weakerFile, serializeScenario(weaker));

function inProcess(api: BalanceWorkerApi = balanceApi): () => WorkerHandle {
  return () => ({ api, callback: (fn) => fn, terminate: () => {} });
}

function cli(args: string[]) {
  const out: string[] = [], err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const sides = [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }];
const noHeat = () => ({ lost: {}, melees: {} });
const game = (index: number, winner: string | null): BalanceGame => ({ index, winner, points: { a: 0, b: 0 }, turns: 1, actions: 1 });

describe('competent players by default; the verdict names its players', () => {
  test.each([
    [1, 'search'], [2, 'search'], [8, 'search'],
  ] as const)('with %i spare cores the default players are %s: never weaker than the strongest that settles a verdict in about a minute on one spare core (issue 43)', (spare, policy) => {
    expect(defaultPolicy(spare)).toBe(policy);
    // The rule behind it: the games a settled verdict usually takes, within 60 s on one core.
    expect(secondsFor(SETTLE_GAMES, policy, 1)).toBeLessThanOrEqual(60);
    expect(searchDefaultFrom()).toBe(1);
  });

  test.each([
    ['simple', /^For simple-policy players: Alpha favoured: /],
    ['random', /^For random players \(the luck baseline\): Alpha favoured: /],
    ['search', /^For search players \(easy level, balance budget\): Alpha favoured: /],
  ] as const)('a %s-policy verdict says so', (policy, verdict) => {
    const games = Array.from({ length: 100 }, (_, i) => game(i, i < 70 ? 'a' : 'b'));
    const s = summarizeBalance(sides, games, noHeat(), { policy });
    expect(s.verdict).toMatch(verdict);
    expect(s.policy).toBe(policy);
  });
});

describe('the sequential stop', () => {
  test('looks at the first count, each doubling and the cap; the 5% error is split evenly over them', () => {
    const plan = sequentialPlan(1000, 100);
    expect(plan.looks).toEqual([100, 200, 400, 800, 1000]);
    expect(plan.z).toBeCloseTo(normalQuantile(1 - 0.05 / 10), 12);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.0005)).toBeCloseTo(-3.290527, 5);
    expect(sequentialPlan(10, 100).looks).toEqual([10]);
  });

  /** Play a fair coin run by run under a plan; the share of runs that called a side favoured. */
  function falseStops(plan: SequentialPlan, runs: number): { rate: number; meanGames: number } {
    let wrong = 0, games = 0;
    for (let r = 0; r < runs; r++) {
      const coin = stream(gameSeed(2029, r));
      const played: BalanceGame[] = [];
      for (let look = 0; look < plan.looks.length; look++) {
        while (played.length < plan.looks[look]!) played.push(game(played.length, coin.next() < 0.5 ? 'a' : 'b'));
        const s = summarizeBalance(sides, played, noHeat(), { z: plan.z });
        if (decideLook(plan, look, s) !== null) {
          if (s.favoured !== null) wrong++;
          break;
        }
      }
      games += played.length;
    }
    return { rate: wrong / runs, meanGames: games / runs };
  }

  test('on a fair coin it calls a side favoured no more often than its 5% error (plus sampling slack), though it looks many times', () => {
    const runs = 1500;
    const slack = 3 * Math.sqrt((0.05 * 0.95) / runs);
    const plan = sequentialPlan(10_000, 100);
    const sequential = falseStops(plan, runs);
    expect(sequential.rate).toBeLessThanOrEqual(0.05 + slack);
    // It does stop early: a fair coin is called balanced long before the cap.
    expect(sequential.meanGames).toBeLessThan(5000);
    // The same looks read at plain 95% each time stop wrongly too often: the check can fail.
    const naive = falseStops({ ...plan, z: 1.959964 }, runs);
    expect(naive.rate).toBeGreaterThan(0.05 + slack);
  }, 60_000);

  /** A fake worker: game i's winner drawn from its seed (70% the first side), each chunk reported backwards. */
  const fake: BalanceWorkerApi = {
    async play(_s, from, to, options, onGame) {
      for (let i = to - 1; i >= from; i--) {
        const winner = gameSeed(options.seed, i) % 100 < 62 ? 'teutonic' : gameSeed(options.seed, i) % 100 < 97 ? 'novgorod' : null;
        onGame({ game: { index: i, winner, points: {}, turns: 1, actions: 1 }, heat: { lost: { A1: 1 }, melees: {} } });
        await Promise.resolve();
      }
    },
  };

  test('a clear result stops at an early look, with the same games and numbers whatever the workers', async () => {
    const settings = { games: 5000, policy: 'simple' as const, seed: 3 };
    const one = startBalance(scenario, settings, inProcess(fake), 1);
    const four = startBalance(scenario, settings, inProcess(fake), 4);
    const [a, b] = [await one.result, await four.result];
    expect(b).toEqual(a);
    expect(a.stop?.reason).toBe('settled');
    expect(a.stop!.look).toBeLessThan(a.stop!.looks);
    expect(sequentialPlan(5000, 100).looks).toContain(a.games);
    expect(a.games).toBeLessThan(5000);
    expect(a.heat.lost.A1).toBe(a.games);
    expect(one.games().map((g) => g.index)).toEqual(Array.from({ length: a.games }, (_, i) => i));
    expect(a.favoured).toBe(scenario.sides[0]!.id);
  });

  test('the live estimate follows the games while the run goes', async () => {
    let job: ReturnType<typeof startBalance> | null = null;
    const seen: number[] = [];
    job = startBalance(scenario, { games: 300, policy: 'simple', seed: 3, fixed: true }, inProcess(fake), 2, (done) => {
      if (done % 50 === 0) seen.push(job!.live()!.games);
    });
    const final = await job.result;
    expect(seen).toEqual([50, 100, 150, 200, 250, 300]);
    expect(final.games).toBe(300);
    expect(final.stop).toBeUndefined();
  });
});

describe('the skill sweep', () => {
  const level = (policy: 'random' | 'simple' | 'search', aw: number, bw: number) =>
    summarizeBalance(sides, Array.from({ length: aw + bw }, (_, i) => game(i, i < aw ? 'a' : 'b')), noHeat(), { policy });

  test('disagreeing verdicts are skill-sensitive, naming the side stronger play favours and by how much', () => {
    const s = summarizeSweep([level('random', 710, 270), level('simple', 530, 460), level('search', 380, 620)]);
    expect(s.skillSensitive).toBe(true);
    expect(s.verdict).toMatch(/^Skill-sensitive: strong players favour Beta \(search players, 38% – 62%\), weaker ones favour Alpha \(random players\)\. Stronger play favours Beta: from random to search players, Alpha 72% → 38% \(-34 percentage points\), Beta 28% → 62% \(\+34 percentage points\)/);
    expect(s.strongest?.policy).toBe('search');
  });

  test('the panel leads with the strongest settled players when skill matters or they contradict the estimate (issue 43)', () => {
    const sensitive = summarizeSweep([level('random', 710, 270), level('simple', 530, 460), level('search', 380, 620)]);
    const simpleSaysAlpha = level('simple', 690, 310);
    expect(balanceLead(sensitive, simpleSaysAlpha)).toBe(sensitive.verdict);
    expect(balanceLead(sensitive, simpleSaysAlpha)).toMatch(/^Skill-sensitive: strong players favour Beta/);
    // A sweep whose settled levels agree, against an estimate of weaker players saying the opposite.
    const agree = summarizeSweep([level('simple', 300, 700), level('search', 320, 680)]);
    expect(agree.skillSensitive).toBe(false);
    expect(balanceLead(agree, simpleSaysAlpha)).toMatch(/^Stronger players disagree with this estimate: For search players .*Beta favoured/);
    // The estimate is the strongest players' own, or agrees, or there is no sweep: nothing to lead with.
    expect(balanceLead(agree, level('search', 320, 680))).toBeNull();
    expect(balanceLead(agree, level('simple', 300, 700))).toBeNull();
    expect(balanceLead(null, simpleSaysAlpha)).toBeNull();
  });

  test('the comparison skips a level whose verdict did not settle', () => {
    const s = summarizeSweep([level('random', 710, 270), level('simple', 380, 620), level('search', 6, 4)]);
    expect(s.skillSensitive).toBe(true);
    expect(s.verdict).toMatch(/Stronger play favours Beta: from random to simple players, Alpha 72% → 38%/);
    expect(summarizeSweep([level('random', 710, 270), level('simple', 6, 4), level('search', 5, 5)]).verdict).toMatch(/^Too few settled verdicts/);
  });

  test('agreeing verdicts are not skill-sensitive', () => {
    const s = summarizeSweep([level('random', 710, 270), level('simple', 650, 350), level('search', 70, 30)]);
    expect(s.skillSensitive).toBe(false);
    expect(s.verdict).toMatch(/^Not skill-sensitive: .*Alpha favoured/);
  });
});

describe('A/B of two versions on common random numbers', () => {
  test('paired changes: the mean of per-game differences with a 95% interval from their spread', () => {
    // Game i: before, the first side wins games 0-59; after, games 0-49 (10 wins turn into losses).
    const before = Array.from({ length: 100 }, (_, i) => game(i, i < 60 ? 'a' : 'b'));
    const after = Array.from({ length: 100 }, (_, i) => game(i, i < 50 ? 'a' : 'b'));
    const c = comparePaired({ sides, games: after }, { sides, games: before });
    expect(c.games).toBe(100);
    const [a] = c.sides;
    expect(a!.before).toBe(0.6);
    expect(a!.after).toBe(0.5);
    expect(a!.change).toBeCloseTo(-0.1, 12);
    // Differences: ten -1s and ninety 0s; sample variance (10 - 100 * 0.01) / 99.
    const half = 1.959964 * Math.sqrt((10 - 1) / 99 / 100);
    expect(a!.high - a!.change).toBeCloseTo(half, 5);
    expect(c.verdict).toMatch(/moves Alpha from 60% to 50%, change -10 ± 6 percentage points; Beta from 40% to 50%, change \+10 ± 6 percentage points/);
  });

  test('a version against itself changes nothing: exactly zero, with a zero-width interval', async () => {
    const settings = { games: 12, policy: 'random' as const, seed: 4 };
    const r = await startComparison(scenario, scenario, settings, inProcess(), 2).result;
    expect(r.comparison.games).toBe(12);
    for (const c of [...r.comparison.sides, r.comparison.draws]) {
      expect(c.change).toBe(0);
      expect(c.low).toBe(0);
      expect(c.high).toBe(0);
    }
    expect(r.after).toEqual(r.before);
  }, 60_000);

  test('a weaker Order on the same seeds loses wins it had; the interval comes from the pairs', async () => {
    const settings = { games: 16, policy: 'random' as const, seed: 4 };
    const r = await startComparison(weaker, scenario, settings, inProcess(), 2).result;
    expect(r.comparison.sides.map((c) => c.change)).not.toEqual([0, 0]);
    expect(r.comparison.sides[0]!.before).toBe(r.before.sides[0]!.wins.rate);
    expect(r.comparison.sides[0]!.after).toBe(r.after.sides[0]!.wins.rate);
  }, 60_000);
});

describe('the CLI gives the app code path\'s numbers', () => {
  const core = (s: BalanceSummary) => ({ games: s.games, sides: s.sides, draws: s.draws, marginMean: s.marginMean, heat: s.heat, verdict: s.verdict, stop: s.stop });

  test('a sequential simple-policy estimate', async () => {
    const page = await startBalance(scenario, { games: 40, policy: 'simple', seed: 8 }, inProcess(), 2).result;
    const r = await cli(['balance', file, '--games', '40', '--seed', '8', '--workers', '2', '--policy', 'simple', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as BalanceSummary & { settings: { policy: string } };
    expect(json.settings.policy).toBe('simple');
    expect(core(json)).toEqual(core(page));
    expect(json.verdict).toMatch(/^For simple-policy players: /);
  }, 120_000);

  test('an A/B comparison with --against', async () => {
    const page = await startComparison(weaker, scenario, { games: 12, policy: 'random', seed: 2 }, inProcess(), 2).result;
    const r = await cli(['balance', weakerFile, '--against', file, '--games', '12', '--seed', '2', '--policy', 'random', '--workers', '2', '--json']);
    expect(r.err).toBe('');
    const json = JSON.parse(r.out) as { comparison: unknown };
    expect(json.comparison).toEqual(page.comparison);
    const text = await cli(['balance', weakerFile, '--against', file, '--games', '12', '--seed', '2', '--policy', 'random', '--workers', '1']);
    expect(text.out).toMatch(/Teutonic Order wins\s+\d+\.\d% -> +\d+\.\d% {2}change [+-]\d+\.\d percentage points \(95% interval/);
    expect(text.out).toMatch(/Verdict: Over 12 paired games \(same seeds and dice\), this version moves Teutonic Order from \d+% to \d+%, change/);
  }, 120_000);

  test('a skill sweep with --sweep', async () => {
    const settings = { games: 10, policy: 'simple' as const, seed: 5, searchGames: 10 };
    const page = await startSweep(scenario, settings, inProcess(), 2).result;
    const r = await cli(['balance', file, '--sweep', '--games', '10', '--search-games', '10', '--seed', '5', '--workers', '2', '--json']);
    expect(r.err).toBe('');
    const json = JSON.parse(r.out) as { levels: BalanceSummary[]; verdict: string; skillSensitive: boolean };
    expect(json.levels.map((l) => l.policy)).toEqual(['random', 'simple', 'search']);
    expect(json.levels.map(core)).toEqual(page.levels.map(core));
    expect([json.verdict, json.skillSensitive]).toEqual([page.verdict, page.skillSensitive]);
    expect((await cli(['balance', file, '--sweep', '--policy', 'random'])).code).toBe(2);
  }, 300_000);

  test('bad A/B and sweep arguments: exit 2 with a one-line reason', async () => {
    const missing = await cli(['balance', file, '--against', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json: cannot read \(no such file\)/);
    const both = await cli(['balance', file, '--sweep', '--against', file]);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--sweep and --against cannot be combined/);
    const search = await cli(['balance', file, '--sweep', '--search-games', '5']);
    expect(search.code).toBe(2);
    expect(search.err).toMatch(/--search-games must be a whole number from 10 to 100000, not "5"/);
  });
});
