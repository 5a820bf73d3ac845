/**
 * Balance run speed (issue 11): random-policy games of open-field over 2 worker threads, as `nevsky balance` runs
 * them. Games: BALANCE_BENCH_GAMES (default 200; the figure is 10,000, projected from the rate).
 */
import { availableParallelism } from 'node:os';
import { templateScenario } from '../../src/scenario';
import { runBalancePool } from '../../src/workers/balance-pool';
import type { BenchSection } from './harness';

export const section: BenchSection = {
  name: 'Balance runs (issue 11)',
  async run() {
    const games = Math.max(1, Number(process.env.BALANCE_BENCH_GAMES ?? 200));
    const workers = Math.max(1, Number(process.env.BALANCE_BENCH_WORKERS ?? 2));
    const start = performance.now();
    const s = await runBalancePool(templateScenario('open-field')!, { games, policy: 'random', seed: 1, fixed: true }, workers);
    const secs = (performance.now() - start) / 1000;
    return [
      { label: `random games, open-field, ${workers} workers`, value: games / secs, unit: 'games/s', note: `${games} games in ${secs.toFixed(1)} s on ${availableParallelism()} cores` },
      { label: '10,000 games at that rate', value: 10000 / (games / secs), unit: 's', note: 'floor < 60, aim < 10' },
      { label: 'games counted (wins + draws)', value: s.sides[0]!.wins.count + s.sides[1]!.wins.count + s.draws.count, unit: 'games' },
    ];
  },
};
