/**
 * Issue 29 items 5 and 6 and the rest of 3 and 4: what matters (removals measured on common random numbers), what to
 * change (small edits that keep the scenario valid, screened then confirmed), the A/B's sequential stop, and the CLI
 * giving the app code path's numbers.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { gameSeed, validateScenario, type Scenario } from '../../src/rules';
import {
  applyEdit, candidateEdits, removalEdits, serializeScenario, templateScenario, terrainFeatures, variantsOf, type ScenarioEdit,
} from '../../src/scenario';
import { balanceApi } from '../../src/workers/balance-api';
import {
  BalanceCancelled, startComparison, startWhatMatters, startWhatToChange, variantsInSlices, type BalanceWorkerApi, type WorkerHandle,
} from '../../src/workers/balance-client';

function inProcess(api: BalanceWorkerApi = balanceApi): () => WorkerHandle {
  return () => ({ api, callback: (fn) => fn, terminate: () => {} });
}

function cli(args: string[]) {
  const out: string[] = [], err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const errorsOf = (s: Scenario) => validateScenario(s).filter((d) => d.severity === 'error');

describe('scenario variants', () => {
  const s: Scenario = {
    ...templateScenario('empty-board')!,
    terrain: {
      protected: [{ at: 'C5', kind: 'woods' }, { at: 'D5', kind: 'woods' }, { at: 'D6', kind: 'woods' }, { at: 'E5', kind: 'rocks' }, { at: 'J7', kind: 'woods' }],
      hills: [{ squares: ['H5', 'H6'] }],
      roads: [{ path: ['A7', 'F7'] }],
      rivers: [{ edges: [['K4', 'K5'], ['L4', 'L5']] }],
      crossings: [{ edge: ['K4', 'K5'], kind: 'ford' }],
    },
  };

  test('terrain is grouped as a user sees it: touching squares of one kind, a hill, a road, a river with its crossings', () => {
    const f = terrainFeatures(s);
    expect(f.map((x) => [x.kind, x.squares])).toEqual([
      ['protected', ['C5', 'D5', 'D6']], ['protected', ['E5']], ['protected', ['J7']], ['hill', ['H5', 'H6']],
      ['road', ['A7', 'B7', 'C7', 'D7', 'E7', 'F7']], ['river', ['K4', 'K5', 'L4', 'L5']],
    ]);
    expect(f[5]!.label).toMatch(/river .* with its ford at K4\/K5/);
    const river = applyEdit(s, { kind: 'removeFeature', feature: f[5]!.key })!;
    expect(river.terrain?.rivers).toBeUndefined();
    expect(river.terrain?.crossings).toBeUndefined();
    const wood = applyEdit(s, { kind: 'moveFeature', feature: f[0]!.key, dx: 0, dy: 1 })!;
    expect(wood.terrain?.protected?.map((p) => p.at)).toEqual(['E5', 'J7', 'C6', 'D6', 'D7']);
    // Off the board: the edit does not fit.
    expect(applyEdit(s, { kind: 'moveFeature', feature: f[5]!.key, dx: 1, dy: 0 })).toBeNull();
  });

  test('every variant of "What matters" and "What to change" keeps the scenario valid; a crew without its ballista is skipped and says why', () => {
    for (const id of ['open-field', 'river-crossing', 'hills', 'roadside-village']) {
      const t = templateScenario(id)!;
      for (const edits of [removalEdits(t), candidateEdits(t)]) {
        const { variants, skipped } = variantsOf(t, edits);
        expect(variants.length).toBeGreaterThan(10);
        for (const v of variants) expect(errorsOf(v.scenario), `${id}: ${v.label}`).toEqual([]);
        expect(variants.length + skipped.length).toBe(edits.length);
      }
    }
    const open = templateScenario('open-field')!;
    const { skipped } = variantsOf(open, removalEdits(open));
    expect(skipped.map((k) => k.label)).toEqual(['Teutonic Order: without ballistarii t-crew-1 (F1)', 'Novgorod Host: without ballistarii r-crew-1 (G12)']);
    expect(skipped[0]!.reason).toMatch(/Ballista "t-ballista-1" at F1 has 0 ballistarii stands/);
    // Without the validator the crew's removal would have been an invalid scenario: the check can fail.
    expect(errorsOf(applyEdit(open, skipped[0]!.edit)!).map((d) => d.code)).toContain('ballista-without-crew');
  });

  test('one more unit on a side deployed in full is deployed in its set-up rows; the turn limit moves', () => {
    const open = templateScenario('open-field')!;
    const more = applyEdit(open, { kind: 'addUnit', side: 1, type: 'knights' })!;
    const added = more.sides[1]!.units.at(-1)!;
    expect(added).toMatchObject({ type: 'knights', id: 'r-knights-4' });
    expect(Number(added.at!.slice(1))).toBeGreaterThanOrEqual(10);
    expect(errorsOf(more)).toEqual([]);
    expect(applyEdit(open, { kind: 'turnLimit', delta: -2 })!.rules?.turnLimit).toBe(10);
  });

  test('objectives are treated like terrain: What matters removes each, What to change moves each, removes it or changes its points', () => {
    const river = templateScenario('river-crossing')!;
    const ids = river.objectives!.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(removalEdits(river).filter((e) => e.kind === 'removeObjective').map((e) => e.kind === 'removeObjective' && e.objective)).toEqual(ids);
    const kinds = candidateEdits(river).map((e) => e.kind);
    for (const k of ['removeObjective', 'moveObjective', 'objectivePoints'] as const) expect(kinds).toContain(k);
    const [first] = ids as [string];
    const o = river.objectives![0]!;
    expect(applyEdit(river, { kind: 'removeObjective', objective: first })!.objectives?.map((x) => x.id)).toEqual(ids.slice(1));
    expect(applyEdit(river, { kind: 'objectivePoints', objective: first, delta: 5 })!.objectives![0]!.points).toBe(o.points + 5);
    expect(applyEdit(river, { kind: 'objectivePoints', objective: first, delta: -o.points })).toBeNull();
    const moved = applyEdit(river, { kind: 'moveObjective', objective: first, dx: 1, dy: 0 })!.objectives![0]!;
    expect(moved.squares.map((q) => q.charCodeAt(0))).toEqual(o.squares.map((q) => q.charCodeAt(0) + 1));
    const { variants } = variantsOf(river, [{ kind: 'removeObjective', objective: first }]);
    expect(variants[0]!.label).toContain(o.label);
    expect(variants[0]!.squares).toEqual(o.squares);
    expect(errorsOf(variants[0]!.scenario)).toEqual([]);
  });
});

describe('variants are made in slices, the thread handed back between them', () => {
  test('the same variants and skips as variantsOf, in the same order', async () => {
    const s = templateScenario('river-crossing')!;
    const edits = candidateEdits(s);
    const sliced = await variantsInSlices(s, edits);
    const whole = variantsOf(s, edits);
    expect(sliced.variants.map((v) => v.label)).toEqual(whole.variants.map((v) => v.label));
    expect(sliced.skipped).toEqual(whole.skipped);
    expect(sliced.variants.length).toBeGreaterThan(10);
  });

  test('a task waiting for the thread runs before a long list is done', async () => {
    const s = templateScenario('open-field')!;
    const edits = candidateEdits(s);
    // A clock that moves 5 ms each time it is read: a slice of 8 ms holds two or three edits.
    let t = 0;
    let waited = -1, made = 0;
    setTimeout(() => { waited = made; }, 0);
    const counting = (s2: Scenario, e: ScenarioEdit[]) => variantsInSlices(s2, e, 8, () => { made++; return (t += 5); });
    await counting(s, edits);
    expect(waited).toBeGreaterThanOrEqual(0);
    expect(waited).toBeLessThan(made);
  });
});

/** Open field in three turns (the points at the end decide most games). */
const three: Scenario = { ...templateScenario('open-field')!, rules: { turnLimit: 3 } };
/** The same without the Order's turcopoles: lopsided against the Order. */
const lopsided: Scenario = { ...three, sides: three.sides.map((sd, i) => (i === 0 ? { ...sd, units: sd.units.filter((u) => u.type !== 'turcopoles') } : sd)) };

describe('What matters', () => {
  const short: Scenario = { ...templateScenario('open-field')!, rules: { turnLimit: 1 } };

  test('removing nothing, through the same paired pipeline, changes every rate by exactly zero', async () => {
    const nothing: ScenarioEdit[] = [{ kind: 'turnLimit', delta: 0 }];
    const m = await startWhatMatters(three, { games: 20, policy: 'random', seed: 3 }, inProcess(), 2, undefined, undefined, nothing).result;
    expect(m.rows).toHaveLength(1);
    // Games both sides won: a change of zero is not a matter of every game ending alike.
    expect(m.base.sides.map((x) => x.wins.count).every((n) => n > 0)).toBe(true);
    for (const c of [...m.rows[0]!.change.sides, m.rows[0]!.change.draws]) expect([c.change, c.low, c.high]).toEqual([0, 0, 0]);
    expect(m.rows[0]!.change.games).toBe(20);
  }, 60_000);

  test('a removal that matters moves the win rates the right way: a side without half its army wins less, the other more', async () => {
    // A generated scenario: two units of knights a side, so removing one removes half a side.
    const [order, host] = three.sides as [Scenario['sides'][0], Scenario['sides'][0]];
    const s: Scenario = {
      ...three,
      sides: [
        { ...order, units: order.units.filter((u) => ['t-knights-2', 't-knights-3'].includes(u.id)) },
        { ...host, units: host.units.filter((u) => ['r-knights-2', 'r-knights-3'].includes(u.id)) },
      ],
    };
    const m = await startWhatMatters(s, { games: 40, policy: 'simple', seed: 1 }, inProcess(), 2).result;
    const units = m.rows.filter((r) => r.kind === 'unit');
    expect(units).toHaveLength(4);
    for (const r of units) {
      const [a, b] = r.change.sides;
      const loser = r.edit.kind === 'removeUnit' && r.edit.side === 0 ? a! : b!;
      const winner = loser === a ? b! : a!;
      expect(loser.high, r.label).toBeLessThan(0);
      expect(winner.low, r.label).toBeGreaterThan(0);
    }
  }, 120_000);

  test('Cancel ends the job: no result, and no more games are played', async () => {
    let played = 0;
    const counting: BalanceWorkerApi = { play: (sc, from, to, o, onGame) => balanceApi.play(sc, from, to, o, (r) => { played++; onGame(r); }) };
    let job: ReturnType<typeof startWhatMatters> | null = null;
    job = startWhatMatters(three, { games: 10, policy: 'random', seed: 1 }, inProcess(counting), 1, (_label, done) => { if (done === 15) job!.cancel(); });
    await expect(job.result).rejects.toBeInstanceOf(BalanceCancelled);
    const atCancel = played;
    await new Promise((r) => setTimeout(r, 50));
    expect(played).toBe(atCancel);
    expect(played).toBeLessThan(40);
  }, 60_000);

  test('the removals are sorted by their largest effect, with the squares to mark on the map', async () => {
    const m = await startWhatMatters(short, { games: 10, policy: 'random', seed: 2 }, inProcess(), 2).result;
    expect(m.rows.length + m.skipped.length).toBe(removalEdits(short).length);
    const sizes = m.rows.map((r) => r.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const wood = m.rows.find((r) => r.label === 'Remove the woods at B6')!;
    expect(wood.squares).toEqual(['B6']);
    expect(m.rows.find((r) => r.label.startsWith('Teutonic Order: without knights t-knights-1'))!.squares).toEqual(['E2']);
  }, 120_000);
});

describe('What to change', () => {
  test('the edits it suggests are valid, bring the estimate inside 45-55% and carry their paired effect', async () => {
    const c = await startWhatToChange(lopsided, { screen: 10, confirm: 40, confirmMost: 3, policy: 'random', seed: 1 }, inProcess(), 2).result;
    expect(c.alreadyBalanced).toBe(false);
    expect(c.screened).toBe(variantsOf(lopsided, candidateEdits(lopsided)).variants.length);
    const listed = [...c.suggestions, ...c.closest];
    expect(listed.length).toBeGreaterThan(0);
    expect(c.suggestions.length).toBeLessThanOrEqual(3);
    for (const s of listed) {
      const edited = applyEdit(lopsided, s.edit)!;
      expect(errorsOf(edited)).toEqual([]);
      expect(s.after.games).toBe(40);
      expect(s.change.games).toBe(40);
      expect(s.change.sides[0]!.after).toBe(s.after.sides[0]!.wins.rate);
    }
    for (const s of c.suggestions) {
      expect(s.inside).toBe(true);
      expect(s.after.share!.rate).toBeGreaterThanOrEqual(0.45);
      expect(s.after.share!.rate).toBeLessThanOrEqual(0.55);
    }
  }, 300_000);
});

describe('A/B stops by itself', () => {
  /** A fake worker: the first side wins game i when its seed says so, 65% with 18 units, 35% otherwise. */
  const fake: BalanceWorkerApi = {
    async play(s, from, to, options, onGame) {
      const p = s.sides[0]!.units.length === 18 ? 65 : 35;
      for (let i = from; i < to; i++) {
        const r = gameSeed(options.seed, i) % 100;
        onGame({ game: { index: i, winner: r < p ? s.sides[0]!.id : s.sides[1]!.id, points: {}, turns: 1, actions: 1 }, heat: { lost: {}, melees: {} } });
        await Promise.resolve();
      }
    },
  };
  const base = templateScenario('open-field')!;
  const weaker: Scenario = { ...base, sides: base.sides.map((sd, i) => (i === 0 ? { ...sd, units: sd.units.slice(1) } : sd)) };

  test('a clear change stops at the first look, with the plan\'s wider intervals; --fixed plays every pair', async () => {
    const r = await startComparison(weaker, base, { games: 2000, policy: 'simple', seed: 1 }, inProcess(fake), 2).result;
    expect(r.comparison.stop).toEqual({ reason: 'settled', look: 1, looks: 6, cap: 2000 });
    expect(r.comparison.games).toBe(100);
    expect(r.comparison.sides[0]!.change).toBeCloseTo(-0.3, 1);
    expect(r.after.games).toBe(100);
    const fixed = await startComparison(weaker, base, { games: 300, policy: 'simple', seed: 1, fixed: true }, inProcess(fake), 2).result;
    expect(fixed.comparison.games).toBe(300);
    expect(fixed.comparison.stop).toBeUndefined();
  });

  test('a version against itself is precise at once (every change exactly zero)', async () => {
    const r = await startComparison(base, base, { games: 2000, policy: 'simple', seed: 1 }, inProcess(fake), 2).result;
    expect(r.comparison.stop?.reason).toBe('precise');
    expect(r.comparison.games).toBe(100);
  });
});

describe('the CLI gives the app code path\'s numbers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nevsky-variants-'));
  const short: Scenario = { ...templateScenario('open-field')!, rules: { turnLimit: 1 } };
  const file = join(dir, 'short.json');
  const lopsidedFile = join(dir, 'lopsided.json');
  writeFileSync(file, serializeScenario(short));
  writeFileSync(lopsidedFile, serializeScenario(lopsided));

  test('--what-matters', async () => {
    const page = await startWhatMatters(short, { games: 10, policy: 'simple', seed: 4 }, inProcess(), 2).result;
    const r = await cli(['balance', file, '--what-matters', '--games', '10', '--seed', '4', '--workers', '2', '--json']);
    expect(r.err).toBe('');
    const json = JSON.parse(r.out) as typeof page;
    expect(json.rows).toEqual(page.rows);
    expect(json.base.sides).toEqual(page.base.sides);
    const text = await cli(['balance', file, '--what-matters', '--games', '10', '--seed', '4', '--workers', '1']);
    expect(text.out).toContain(`  1. ${page.rows[0]!.label}: Teutonic Order `);
    expect(text.out).toMatch(/skipped: Teutonic Order: without ballistarii t-crew-1 \(F1\): Ballista/);
  }, 300_000);

  test('--what-to-change', async () => {
    const settings = { screen: 5, confirm: 20, confirmMost: 5, policy: 'random' as const, seed: 6 };
    const page = await startWhatToChange(lopsided, settings, inProcess(), 2).result;
    const r = await cli(['balance', lopsidedFile, '--what-to-change', '--screen-games', '5', '--games', '20', '--seed', '6', '--policy', 'random', '--confirm-policy', 'random', '--workers', '2', '--json']);
    expect(r.err).toBe('');
    const json = JSON.parse(r.out) as typeof page;
    expect(json.suggestions).toEqual(page.suggestions);
    expect(json.closest).toEqual(page.closest);
    expect(json.base.sides).toEqual(page.base.sides);
    expect((await cli(['balance', file, '--what-matters', '--what-to-change'])).err).toMatch(/--what-matters and --what-to-change cannot be combined/);
    expect((await cli(['balance', file, '--screen-games', '5'])).err).toMatch(/--screen-games goes with --what-to-change/);
  }, 300_000);
});

describe('What to change confirms with the strongest players (issue 43 item 3)', () => {
  test('screened by one policy, the scenario and each confirmed edit played by the confirming players', async () => {
    const c = await startWhatToChange(lopsided, { screen: 4, confirm: 8, confirmMost: 2, policy: 'random', confirmPolicy: 'simple', seed: 3 }, inProcess(), 2).result;
    expect(c.base.policy).toBe('simple');
    expect(c.base.games).toBe(8);
    for (const s of [...c.suggestions, ...c.closest]) {
      expect(s.after.policy).toBe('simple');
      expect(s.after.games).toBe(8);
    }
  }, 120_000);
});
