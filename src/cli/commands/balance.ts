/**
 * `nevsky balance FILE [--games N] [--workers K] [--policy P] [--seed S] [--fixed] [--sweep] [--against B] [--json]`:
 * self-play balance estimate, skill sweep, or A/B of two versions (the app's own client code over worker threads).
 */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { POLICY_NAMES, type BalanceSummary, type Comparison, type PolicyName, type Rate, type SweepSummary } from '../../rules';
import { SETTING_LIMITS, TEMPLATES } from '../../scenario';
import { DEFAULT_POLICY, startBalance, startComparison, startSweep } from '../../workers/balance-client';
import { nodeSpawner } from '../../workers/balance-pool';
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
    ...(s.stop ? [`  stopped                ${stopLine(s)}`] : []),
    '',
    `Verdict: ${s.verdict}`,
  ];
}

/** Why a sequential run stopped where it did. */
export function stopLine(s: BalanceSummary): string {
  if (!s.stop) return `all ${s.games} games played`;
  const why = { settled: 'the verdict settled', precise: 'every interval within ±2 points', cap: 'the cap was reached' }[s.stop.reason];
  return `after ${s.games} of at most ${s.stop.cap} games (look ${s.stop.look} of ${s.stop.looks}): ${why}; intervals hold together at 95% over all looks`;
}

/** A sweep as plain text: each level's rates and verdict, then what comparing them says. */
export function formatSweep(s: SweepSummary): string[] {
  const lines: string[] = [];
  for (const level of s.levels) {
    lines.push(`${level.policy ?? '?'} (${level.games} games): ${level.sides.map((x) => `${x.name} ${pct(x.wins.rate)}`).join(', ')}, draws ${pct(level.draws.rate)}`);
    lines.push(`  ${level.verdict}`);
  }
  lines.push('', `Sweep: ${s.verdict}`);
  return lines;
}

/** An A/B comparison as plain text: each side's change with its paired 95% interval. */
export function formatComparison(c: Comparison): string[] {
  const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  return [
    ...[...c.sides, c.draws].map((x) => `  ${(x.id ? `${x.name} wins` : 'draws').padEnd(22)} ${pct(x.before).padStart(6)} -> ${pct(x.after).padStart(6)}  change ${pts(x.change)} points (95% interval ${pts(x.low)} to ${pts(x.high)})`),
    '',
    `Verdict: ${c.verdict}`,
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
  usage: 'nevsky balance FILE [--games N] [--workers K] [--policy random|simple|search] [--seed S] [--fixed] [--sweep [--search-games M]] [--against B] [--json]',
  help: `FILE is a scenario file or a template id (${TEMPLATES.map((t) => t.id).join(', ')}).
Both sides are played by the same policy; game i uses a seed made from (S, i), so the same
file, games, policy and seed give the same numbers whatever the number of workers.
The run stops by itself once the verdict is settled or every interval is within +-2 points
(it looks at 100 games, then each doubling, then N; the 5% error is split over the looks).
  --games N     most games to play, ${SETTING_LIMITS.balanceGames.min} to ${SETTING_LIMITS.balanceGames.max} (default 1000)
  --fixed       play exactly N games, plain 95% intervals
  --workers K   worker threads, ${SETTING_LIMITS.balanceWorkers.min} to ${SETTING_LIMITS.balanceWorkers.max} (default: cores - 1, at least 1)
  --policy P    simple (default), random (the luck baseline), or search (the search player at "easy")
  --seed S      run seed, ${SETTING_LIMITS.seed.min} to ${SETTING_LIMITS.seed.max} (default 1)
  --sweep       the verdict at each skill level (random, simple, search) and whether skill changes it
  --search-games M  most games of the sweep's search level (default 100; it is slow)
  --against B   A/B: FILE against the version B (a file or template id), N games each on the same seeds
                and dice, each side's win-rate change with its 95% interval from the paired games
  --json        print the estimate as JSON
Exit status: 0 on success, 2 for an unreadable or invalid scenario or bad arguments.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: {
      games: { type: 'string' }, workers: { type: 'string' }, policy: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' },
      fixed: { type: 'boolean' }, sweep: { type: 'boolean' }, 'search-games': { type: 'string' }, against: { type: 'string' },
    }, allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('name one scenario file or template id');
    const games = intOption('games', values.games, SETTING_LIMITS.balanceGames) ?? 1000;
    const workers = intOption('workers', values.workers, SETTING_LIMITS.balanceWorkers) ?? Math.min(SETTING_LIMITS.balanceWorkers.max, Math.max(1, availableParallelism() - 1));
    const seed = intOption('seed', values.seed, SETTING_LIMITS.seed) ?? 1;
    const searchGames = intOption('search-games', values['search-games'], SETTING_LIMITS.balanceGames) ?? 100;
    const policy = (values.policy ?? DEFAULT_POLICY) as PolicyName;
    if (!POLICY_NAMES.includes(policy)) throw new UsageError(`--policy must be one of ${POLICY_NAMES.join(', ')}, not "${shortText(policy)}"`);
    if (values.sweep && values.against !== undefined) throw new UsageError('--sweep and --against cannot be combined');
    if (values.sweep && values.policy !== undefined) throw new UsageError('--sweep plays every policy; leave out --policy');
    const loaded = await loadScenario(positionals[0]!);
    if ('error' in loaded) { io.err(loaded.error); return EXIT.usage; }
    const base = values.against === undefined ? null : await loadScenario(values.against);
    if (base && 'error' in base) { io.err(base.error); return EXIT.usage; }
    const settings = { games, policy, seed, ...(values.fixed ? { fixed: true } : {}) };
    const tty = !values.json && process.stderr.isTTY === true;
    const started = performance.now();
    const bar = tty ? (done: number, total: number) => { process.stderr.write(progressBar(done, total, started)); } : undefined;
    const spawn = await nodeSpawner();
    const seconds = () => Number(((performance.now() - started) / 1000).toFixed(2));
    const head = `${workers} worker${workers === 1 ? '' : 's'}`;
    if (base) {
      const { comparison, after, before } = await startComparison(loaded.scenario, base.scenario, settings, spawn, workers, bar && ((step, done, total) => bar(done + step * total, 2 * total))).result;
      if (tty) process.stderr.write('\n');
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], against: values.against, settings: { ...settings, fixed: true }, workers, seconds: seconds(), comparison, after, before }, null, 1)); return EXIT.ok; }
      io.out(`A/B of ${positionals[0]} against ${values.against}: ${comparison.games} paired games each, policy ${policy}, seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatComparison(comparison)) io.out(line);
      return EXIT.ok;
    }
    if (values.sweep) {
      const sweep = await startSweep(loaded.scenario, { ...settings, searchGames }, spawn, workers, bar && ((_level, done, total) => bar(done, total))).result;
      if (tty) process.stderr.write('\n');
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], settings: { games, seed, searchGames, fixed: settings.fixed ?? false }, workers, seconds: seconds(), ...sweep }, null, 1)); return EXIT.ok; }
      io.out(`Skill sweep of ${positionals[0]}: at most ${games} games a level (${Math.min(games, searchGames)} for search), seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatSweep(sweep)) io.out(line);
      return EXIT.ok;
    }
    const summary = await startBalance(loaded.scenario, settings, spawn, workers, bar).result;
    const secs = (performance.now() - started) / 1000;
    if (tty) process.stderr.write('\n');
    if (values.json) {
      io.out(JSON.stringify({ scenario: positionals[0], settings, workers, seconds: Number(secs.toFixed(2)), ...summary }, null, 1));
      return EXIT.ok;
    }
    io.out(`Balance of ${positionals[0]}: ${summary.games} games, policy ${policy}, seed ${seed} (${head}, ${secs.toFixed(1)} s, ${(summary.games / secs).toFixed(1)} games/s)`);
    for (const line of formatBalance(summary)) io.out(line);
    return EXIT.ok;
  },
};
