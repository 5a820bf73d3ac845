/**
 * Issue 28 item 5: does each level keep its time cap per decision in the play view's worker? Decisions come from real
 * games (simple against simple on three templates, seeded; every decision with a choice, spread over the game), and
 * each is asked as the worker is asked: a structured clone of the state, the worker's clock. "fresh" rebuilds the
 * engine's caches from the clone every time (the worker before issue 28); "kept" is the worker's api, which keeps
 * the last game's scenario objects and with them the board and the move memo. Reports p95 and the worst per level.
 * The same decisions are also run on the levels' iteration budgets alone (no clock: the same work both ways), which
 * shows the work the kept caches save. Decisions per template: CAPS_BENCH_DECISIONS (default 8); levels:
 * CAPS_BENCH_LEVELS (default "1,2,3"); levels run without a clock: CAPS_BENCH_WORK_LEVELS (default "1,2").
 */
import { applyAction, createGame, legalActions, simplePolicy, viewFor, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, LEVELS, thinkingCapMs } from '../../src/workers/levels';
import { fixedPartsKeeper, opponentApi } from '../../src/workers/opponent-api';
import type { BenchRow, BenchSection } from './harness';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'];

/** Decision states of one seeded game (the side to act has more than one thing to do), `count` spread evenly. */
function decisions(template: string, seed: number, count: number): GameState[] {
  let s = createGame(templateScenario(template)!, { seed });
  const policy = simplePolicy(seed);
  const all: GameState[] = [];
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    if (s.phase !== 'deploy' && s.phase !== 'endTurn' && legal.filter((a) => a.type !== 'concede').length > 1) all.push(s);
    s = applyAction(s, policy(s, legal));
  }
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? NaN;
}

export const section: BenchSection = {
  name: 'Caps: decision time per level in the worker setting, p95 (issue 28)',
  run() {
    const per = Math.max(1, Number(process.env.CAPS_BENCH_DECISIONS ?? 8));
    const levels = (process.env.CAPS_BENCH_LEVELS ?? '1,2,3').split(',').map(Number);
    const workLevels = (process.env.CAPS_BENCH_WORK_LEVELS ?? '1,2').split(',').map(Number);
    const games = TEMPLATES.map((t, i) => decisions(t, 500 + i, per));
    const now = () => performance.now();
    const rows: BenchRow[] = [];
    // What every decision does before the search starts its clock: read the clone, make the side's view, list its
    // actions (the board and the move memo built afresh, or kept from the last decision).
    const prep = { fresh: [] as number[], kept: [] as number[] };
    for (let round = 0; round < 3; round++) {
      for (const game of games) {
        const keep = fixedPartsKeeper();
        for (const s of game) {
          for (const how of ['fresh', 'kept'] as const) {
            const t = now();
            let copy = structuredClone(s);
            if (how === 'kept') copy = keep(copy);
            legalActions(viewFor(copy, copy.toAct!));
            prep[how].push(now() - t);
          }
        }
      }
    }
    for (const how of ['fresh', 'kept'] as const) {
      rows.push({ label: `Before the clock starts, ${how} caches: p95`, value: p95(prep[how]), unit: 'ms', note: `median ${[...prep[how]].sort((a, b) => a - b)[prep[how].length >> 1]!.toFixed(1)} ms, worst ${Math.max(...prep[how]).toFixed(0)} ms` });
    }
    /** Each decision asked both ways in turn (alternating which goes first), so a busy spell of the shared machine falls on both alike. */
    const both = (level: number, clock: () => number, withClock: boolean) => {
      const times = { fresh: [] as number[], kept: [] as number[] };
      for (const game of games) {
        const api = opponentApi(clock);
        game.forEach((s, i) => {
          for (const how of i % 2 === 0 ? (['fresh', 'kept'] as const) : (['kept', 'fresh'] as const)) {
            const t = now();
            const copy = structuredClone(s);
            if (how === 'kept') api.decide(copy, copy.toAct!, level, copy.seed);
            else decide(copy, copy.toAct!, level, copy.seed, ...(withClock ? [clock] : []));
            times[how].push(now() - t);
          }
        });
      }
      return times;
    };
    for (const level of LEVELS.filter((l) => levels.includes(l.id))) {
      const cap = thinkingCapMs(level.id);
      const times = both(level.id, now, true);
      for (const how of ['fresh', 'kept'] as const) {
        const over = times[how].filter((x) => x > cap).length;
        rows.push({ label: `${level.label} (cap ${cap} ms), ${how} caches: p95`, value: p95(times[how]), unit: 'ms', note: `worst ${Math.max(...times[how]).toFixed(0)} ms, ${over}/${times[how].length} over the cap` });
      }
    }
    for (const level of LEVELS.filter((l) => workLevels.includes(l.id))) {
      // A clock that never moves: every decision plays its whole iteration budget.
      const times = both(level.id, () => 0, false);
      for (const how of ['fresh', 'kept'] as const) {
        const total = times[how].reduce((a, b) => a + b, 0);
        rows.push({ label: `${level.label}, budget only, ${how} caches: total`, value: total, unit: 'ms', note: `p95 ${p95(times[how]).toFixed(0)} ms over ${times[how].length} decisions` });
      }
    }
    return rows;
  },
};
