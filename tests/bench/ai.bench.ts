/**
 * Search player strength (issue 11): "normal" against random and simple on three templates, both seats, seeded,
 * full-length games. The player runs with its clock (`now`), as in the play view, so its 1 s cap per decision is
 * enforced; the seeds fix everything else. Games per seat and template: AI_BENCH_GAMES (default 5, so 30 games per
 * opponent); opponents: AI_BENCH_OPPONENTS (default "random,simple"); first seed: AI_BENCH_SEED (default 1000).
 */
import { applyAction, AI_LEVELS, createGame, legalActions, randomPolicy, searchPolicy, simplePolicy, wilsonInterval, type GameState, type Policy } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import type { BenchRow, BenchSection } from './harness';

const TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'];
type Opponent = 'random' | 'simple';
type Outcome = 'win' | 'draw' | 'loss';

function play(template: string, seed: number, searchSeat: 0 | 1, opponent: Opponent, times: number[]): { outcome: Outcome; margin: number } {
  let s: GameState = createGame(templateScenario(template)!, { seed });
  const ids = s.sides.map((x) => x.id);
  const me = ids[searchSeat]!, them = ids[1 - searchSeat]!;
  const policies: Record<string, Policy> = {
    [me]: searchPolicy({ seed: seed * 7 + 1, level: 'normal', now: () => performance.now() }),
    [them]: opponent === 'random' ? randomPolicy(seed * 7 + 2) : simplePolicy(seed * 7 + 2),
  };
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    const t = performance.now();
    const a = policies[s.toAct!]!(s, legal);
    if (s.toAct === me) times.push(performance.now() - t);
    s = applyAction(s, a);
  }
  const margin = (s.result!.points[me] ?? 0) - (s.result!.points[them] ?? 0);
  return { outcome: s.result!.winner === me ? 'win' : s.result!.winner === null ? 'draw' : 'loss', margin };
}

const pct = (x: number) => (100 * x).toFixed(0);

export const section: BenchSection = {
  name: 'AI: search player strength (issue 11)',
  run() {
    const games = Math.max(1, Number(process.env.AI_BENCH_GAMES ?? 5));
    const first = Number(process.env.AI_BENCH_SEED ?? 1000);
    const cap = AI_LEVELS.normal.timeMs;
    const rows: BenchRow[] = [];
    const opponents = (process.env.AI_BENCH_OPPONENTS ?? 'random,simple').split(',').filter((o): o is Opponent => o === 'random' || o === 'simple');
    for (const opponent of opponents) {
      const times: number[] = [];
      const byTemplate: string[] = [];
      let win = 0, draw = 0, n = 0, margin = 0;
      const start = performance.now();
      for (const template of TEMPLATES) {
        let tw = 0, tn = 0;
        for (const seat of [0, 1] as const) {
          for (let g = 0; g < games; g++) {
            const r = play(template, first + g, seat, opponent, times);
            n++; tn++;
            margin += r.margin;
            if (r.outcome === 'win') { win++; tw++; }
            if (r.outcome === 'draw') draw++;
          }
        }
        byTemplate.push(`${template} ${tw}/${tn}`);
      }
      const w = wilsonInterval(win, n);
      const sorted = [...times].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
      const over = sorted.filter((t) => t > cap).length;
      rows.push({ label: `normal vs ${opponent}: win rate`, value: 100 * w.rate, unit: '%', note: `${win} won, ${draw} drawn of ${n}; 95% CI ${pct(w.low)}-${pct(w.high)}%; aim ${opponent === 'random' ? '>= 95' : '>= 75'}; ${byTemplate.join(', ')}` });
      rows.push({ label: `normal vs ${opponent}: mean points margin`, value: margin / n, unit: 'points', note: 'search player minus opponent at the end' });
      rows.push({ label: `normal vs ${opponent}: ms a decision (median)`, value: q(0.5), unit: 'ms', note: `mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(0)} ms, p95 ${Math.round(q(0.95))} ms, max ${Math.round(sorted[sorted.length - 1] ?? NaN)} ms over ${times.length} decisions; ${over} over the ${cap} ms cap` });
      rows.push({ label: `normal vs ${opponent}: seconds a game`, value: (performance.now() - start) / 1000 / n, unit: 's', note: `${n} full-length games` });
    }
    return rows;
  },
};
