/** `nevsky balance FILE [--games N] [--workers K] [--policy P] [--seed S] [--json]`: self-play balance estimate. */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { POLICY_NAMES, type BalanceSummary, type PolicyName, type Rate } from '../../rules';
import { SETTING_LIMITS, TEMPLATES } from '../../scenario';
import { runBalancePool } from '../../workers/balance-pool';
import { EXIT, intOption, shortText, UsageError, type Io } from '../io';
import type { Command } from '../main';
import { loadScenario } from './play';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rateLine = (label: string, r: Rate) => `  ${label.padEnd(22)} ${pct(r.rate).padStart(6)}  (95% interval ${pct(r.low)} to ${pct(r.high)}, ${r.count} games)`;

/** The estimate as plain text. */
export function formatBalance(s: BalanceSummary): string[] {
  const [a, b] = s.sides;
  const hot = (m: Record<string, number>) => Object.entries(m).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 5).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  return [
    ...s.sides.map((x) => rateLine(`${x.name} wins`, x.wins)),
    rateLine('draws', s.draws),
    `  average points margin  ${s.marginMean >= 0 ? '+' : ''}${s.marginMean.toFixed(1)} (${a?.name ?? '?'} minus ${b?.name ?? '?'})`,
    `  average game length    ${s.turnsMean.toFixed(1)} turns, ${Math.round(s.actionsMean)} actions`,
    `  most stands lost at    ${hot(s.heat.lost)}`,
    `  most melees fought at  ${hot(s.heat.melees)}`,
    '',
    `Verdict: ${s.verdict}`,
  ];
}

function progressBar(done: number, total: number, started: number): string {
  const width = 30;
  const fill = Math.round((width * done) / total);
  const rate = done / Math.max(0.001, (performance.now() - started) / 1000);
  return `\r[${'#'.repeat(fill)}${'-'.repeat(width - fill)}] ${done}/${total} games  ${rate.toFixed(1)} games/s `;
}

export const balanceCommand: Command = {
  name: 'balance',
  summary: 'estimate a scenario\'s balance by self-play (win and draw rates with 95% intervals)',
  usage: 'nevsky balance FILE [--games N] [--workers K] [--policy random|simple|search] [--seed S] [--json]',
  help: `FILE is a scenario file or a template id (${TEMPLATES.map((t) => t.id).join(', ')}).
Both sides are played by the same policy; game i uses a seed made from (S, i), so the same
file, games, policy and seed give the same numbers whatever the number of workers.
  --games N     games to play, ${SETTING_LIMITS.balanceGames.min} to ${SETTING_LIMITS.balanceGames.max} (default 1000)
  --workers K   worker threads, ${SETTING_LIMITS.balanceWorkers.min} to ${SETTING_LIMITS.balanceWorkers.max} (default: cores - 1, at least 1)
  --policy P    random (default), simple, or search (the search player at its "easy" level)
  --seed S      run seed, ${SETTING_LIMITS.seed.min} to ${SETTING_LIMITS.seed.max} (default 1)
  --json        print the estimate as JSON
Exit status: 0 on success, 2 for an unreadable or invalid scenario or bad arguments.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: { games: { type: 'string' }, workers: { type: 'string' }, policy: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('name one scenario file or template id');
    const games = intOption('games', values.games, SETTING_LIMITS.balanceGames) ?? 1000;
    const workers = intOption('workers', values.workers, SETTING_LIMITS.balanceWorkers) ?? Math.min(SETTING_LIMITS.balanceWorkers.max, Math.max(1, availableParallelism() - 1));
    const seed = intOption('seed', values.seed, SETTING_LIMITS.seed) ?? 1;
    const policy = (values.policy ?? 'random') as PolicyName;
    if (!POLICY_NAMES.includes(policy)) throw new UsageError(`--policy must be one of ${POLICY_NAMES.join(', ')}, not "${shortText(policy)}"`);
    const loaded = await loadScenario(positionals[0]!);
    if ('error' in loaded) { io.err(loaded.error); return EXIT.usage; }
    const tty = !values.json && process.stderr.isTTY === true;
    const started = performance.now();
    const summary = await runBalancePool(loaded.scenario, { games, policy, seed }, workers,
      tty ? (done) => { process.stderr.write(progressBar(done, games, started)); } : undefined);
    const secs = (performance.now() - started) / 1000;
    if (tty) process.stderr.write('\n');
    if (values.json) {
      io.out(JSON.stringify({ scenario: positionals[0], settings: { games, policy, seed }, workers, seconds: Number(secs.toFixed(2)), ...summary }, null, 1));
      return EXIT.ok;
    }
    io.out(`Balance of ${positionals[0]}: ${games} games, policy ${policy}, seed ${seed} (${workers} worker${workers === 1 ? '' : 's'}, ${secs.toFixed(1)} s, ${(games / secs).toFixed(1)} games/s)`);
    for (const line of formatBalance(summary)) io.out(line);
    return EXIT.ok;
  },
};
