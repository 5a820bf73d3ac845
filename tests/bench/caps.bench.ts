/**
 * Issue 28 item 5: does each level keep its time cap per decision in the play view's worker? Decisions come from real
 * games (simple against simple on three templates, seeded; every decision with a choice, spread over the game), and
 * each is asked as the worker is asked: a structured clone of the state, the worker's clock. "fresh" rebuilds the
 * engine's caches from the clone every time (the worker before issue 28); "kept" is the worker's api, which keeps
 * the last game's scenario objects and with them the board and the move memo. Reports p95 and the worst per level.
 * Decisions per template: CAPS_BENCH_DECISIONS (default 8); levels: CAPS_BENCH_LEVELS (default "1,2,3").
 */
import { applyAction, createGame, legalActions, simplePolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, LEVELS, thinkingCapMs } from '../../src/workers/levels';
import { opponentApi } from '../../src/workers/opponent-api';
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
    const games = TEMPLATES.map((t, i) => decisions(t, 500 + i, per));
    const now = () => performance.now();
    const rows: BenchRow[] = [];
    for (const level of LEVELS.filter((l) => levels.includes(l.id))) {
      const cap = thinkingCapMs(level.id);
      for (const how of ['fresh', 'kept'] as const) {
        const times: number[] = [];
        for (const game of games) {
          const api = opponentApi(now);
          for (const s of game) {
            const t = now();
            const copy = structuredClone(s);
            if (how === 'kept') api.decide(copy, copy.toAct!, level.id, copy.seed);
            else decide(copy, copy.toAct!, level.id, copy.seed, now);
            times.push(now() - t);
          }
        }
        const over = times.filter((x) => x > cap).length;
        rows.push({ label: `${level.label} (cap ${cap} ms), ${how} caches: p95`, value: p95(times), unit: 'ms', note: `worst ${Math.max(...times).toFixed(0)} ms, ${over}/${times.length} over the cap` });
      }
    }
    return rows;
  },
};
