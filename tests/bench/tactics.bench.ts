/**
 * Issue 28 item 4: the tactical suite (tests/ai/tactics) at every level with its real time cap per decision, as in the
 * play view's worker (the test runs the iteration budgets instead). Seeds: TACTICS_BENCH_SEEDS (default 3: seeds 1..3),
 * so a level's share is over positions x seeds.
 */
import { HINT_LEVEL, LEVELS, thinkingCapMs } from '../../src/workers/levels';
import { POSITIONS, solve } from '../ai/tactics/suite';
import type { BenchRow, BenchSection } from './harness';

export const section: BenchSection = {
  name: 'Tactics: the tactical suite solved per level, with each level\'s time cap (issue 28)',
  run() {
    const seeds = Math.max(1, Number(process.env.TACTICS_BENCH_SEEDS ?? 3));
    const rows: BenchRow[] = [];
    for (const level of [{ id: HINT_LEVEL, label: 'Simple' }, ...LEVELS]) {
      let ok = 0, n = 0, slowest = 0;
      const missed = new Map<string, number>();
      for (const p of POSITIONS) {
        for (let seed = 1; seed <= seeds; seed++) {
          const t = performance.now();
          const r = solve(p, level.id, seed, () => performance.now());
          slowest = Math.max(slowest, performance.now() - t);
          n++;
          if (r.ok) ok++; else missed.set(p.name, (missed.get(p.name) ?? 0) + 1);
        }
      }
      const cap = thinkingCapMs(level.id);
      rows.push({ label: `${level.label}: solved`, value: (100 * ok) / n, unit: '%', note: `${ok}/${n}; slowest ${slowest.toFixed(0)} ms${cap ? ` (cap ${cap} ms)` : ''}` });
      if (missed.size > 0) console.log(`  ${level.label} missed: ${[...missed].map(([name, k]) => `${name}${k < seeds ? ` (${k}/${seeds})` : ''}`).join('; ')}`);
    }
    return rows;
  },
};
