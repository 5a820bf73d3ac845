/**
 * Search player strength (issue 11): "normal" against random and simple on three templates, both seats, seeded.
 * Games per seat and template: AI_BENCH_GAMES (default 1; full games are slow with today's engine); opponents:
 * AI_BENCH_OPPONENTS (default "random,simple").
 */
import { applyAction, createGame, legalActions, randomPolicy, searchPolicy, simplePolicy, wilsonInterval, type GameState, type Policy } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import type { BenchRow, BenchSection } from './harness';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'];

function play(template: string, seed: number, searchSeat: 0 | 1, opponent: 'random' | 'simple', times: number[]): 'win' | 'draw' | 'loss' {
  let s: GameState = createGame(templateScenario(template)!, { seed });
  const ids = s.sides.map((x) => x.id);
  const me = ids[searchSeat]!, them = ids[1 - searchSeat]!;
  const policies: Record<string, Policy> = {
    [me]: searchPolicy({ seed: seed * 7 + 1, level: 'normal' }),
    [them]: opponent === 'random' ? randomPolicy(seed * 7 + 2) : simplePolicy(seed * 7 + 2),
  };
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    const t = performance.now();
    const a = policies[s.toAct!]!(s, legal);
    if (s.toAct === me) times.push(performance.now() - t);
    s = applyAction(s, a);
  }
  return s.result!.winner === me ? 'win' : s.result!.winner === null ? 'draw' : 'loss';
}

export const section: BenchSection = {
  name: 'AI: search player strength (issue 11)',
  run() {
    const games = Math.max(1, Number(process.env.AI_BENCH_GAMES ?? 1));
    const rows: BenchRow[] = [];
    const opponents = (process.env.AI_BENCH_OPPONENTS ?? 'random,simple').split(',').filter((o): o is 'random' | 'simple' => o === 'random' || o === 'simple');
    for (const opponent of opponents) {
      const times: number[] = [];
      let win = 0, draw = 0, n = 0;
      for (const template of TEMPLATES) {
        for (const seat of [0, 1] as const) {
          for (let g = 0; g < games; g++) {
            const r = play(template, 1000 + g, seat, opponent, times);
            n++;
            if (r === 'win') win++;
            if (r === 'draw') draw++;
          }
        }
      }
      const w = wilsonInterval(win, n);
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({ label: `normal vs ${opponent}: win rate`, value: 100 * w.rate, unit: '%', note: `${win} won, ${draw} drawn of ${n}; 95% CI ${(100 * w.low).toFixed(0)}-${(100 * w.high).toFixed(0)}%; aim ${opponent === 'random' ? '>= 95' : '>= 75'}` });
      rows.push({ label: `normal vs ${opponent}: ms a decision (median)`, value: sorted[Math.floor(sorted.length / 2)] ?? NaN, unit: 'ms', note: `p95 ${Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? NaN)} ms, max ${Math.round(sorted[sorted.length - 1] ?? NaN)} ms over ${times.length} decisions` });
    }
    return rows;
  },
};
