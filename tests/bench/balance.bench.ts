/**
 * Balance run speed (issues 11 and 29): games of open-field over worker threads, as `nevsky balance` runs them, for
 * each policy: random play (the luck baseline), the simple policy (the default players) and the search player.
 * Games: BALANCE_BENCH_GAMES (random, default 200; the issue 11 figure is 10,000, projected from the rate),
 * BALANCE_BENCH_SIMPLE_GAMES (default 2,000: issue 29's aim is under 10 s), BALANCE_BENCH_SEARCH_GAMES (default 20;
 * the aim is 1,000 in under 2 minutes, projected from the rate); BALANCE_BENCH_WORKERS (default 2);
 * BALANCE_BENCH_POLICIES (default "random,simple,search").
 */
import { availableParallelism } from 'node:os';
import { templateScenario } from '../../src/scenario';
import { nodeSpawner, runBalancePool } from '../../src/workers/balance-pool';
import type { PolicyName } from '../../src/rules';
import type { BenchRow, BenchSection } from './harness';

const count = (name: string, fallback: number) => Math.max(1, Number(process.env[name] ?? fallback));

export const section: BenchSection = {
  name: 'Balance runs: games per second for each policy (issues 11, 29)',
  async run() {
    const workers = count('BALANCE_BENCH_WORKERS', 2);
    const policies = (process.env.BALANCE_BENCH_POLICIES ?? 'random,simple,search').split(',').map((p) => p.trim()) as PolicyName[];
    const games: Record<PolicyName, number> = {
      random: count('BALANCE_BENCH_GAMES', 200), simple: count('BALANCE_BENCH_SIMPLE_GAMES', 2000), search: count('BALANCE_BENCH_SEARCH_GAMES', 20),
    };
    // What each policy's projection is held to: [games, aim in seconds, what the figure is].
    const aims: Record<PolicyName, [number, string]> = { random: [10000, 'floor < 60, aim < 10'], simple: [2000, 'aim < 10'], search: [1000, 'aim < 120'] };
    const rows: BenchRow[] = [];
    // The worker's bundle is built once per process: before the clock starts (each run still starts its workers).
    await nodeSpawner();
    for (const policy of policies) {
      const n = games[policy];
      if (n === undefined) throw new Error(`BALANCE_BENCH_POLICIES: "${policy}" is not one of random, simple, search.`);
      const start = performance.now(), cpu0 = process.cpuUsage();
      const s = await runBalancePool(templateScenario('open-field')!, { games: n, policy, seed: 1, fixed: true }, workers);
      const secs = (performance.now() - start) / 1000, rate = n / secs;
      // CPU time of the whole process (its worker threads too): what the games cost whatever else shares the cores.
      const cpu = process.cpuUsage(cpu0), perCpu = n / ((cpu.user + cpu.system) / 1e6);
      const counted = s.sides[0]!.wins.count + s.sides[1]!.wins.count + s.draws.count;
      const [aim, note] = aims[policy];
      rows.push({ label: `${policy} games, open-field, ${workers} workers`, value: rate, unit: 'games/s', note: `${counted} of ${n} games counted in ${secs.toFixed(1)} s on ${availableParallelism()} cores, workers started included` });
      rows.push({ label: `  ${policy} games a CPU second (all threads)`, value: perCpu, unit: 'games/cpu-s', note: `${workers} free cores would play about ${Math.round(workers * perCpu).toLocaleString('en')} a second` });
      rows.push({ label: `  ${aim.toLocaleString('en')} ${policy} games at that rate`, value: aim / rate, unit: 's', note: `${note}; ${(aim / (workers * perCpu)).toFixed(1)} s on ${workers} free cores` });
    }
    return rows;
  },
};
