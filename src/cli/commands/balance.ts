/**
 * `nevsky balance FILE [--games N] [--workers K] [--policy P] [--seed S] [--fixed] [--sweep] [--against B]
 * [--what-matters] [--what-to-change] [--server URL] [--json]`: self-play balance estimate, skill sweep, A/B of two versions, what
 * matters and what to change (the app's own client code over worker threads), with the rates so far while it runs.
 */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { POLICY_NAMES, type BalanceSummary, type Comparison, type PairedChange, type PolicyName, type Rate, type SweepSummary } from '../../rules';
import { SETTING_LIMITS, TEMPLATES } from '../../scenario';
import {
  CHANGE_DEFAULTS, MATTERS_GAMES, startBalance, startComparison, startSweep, startWhatMatters, startWhatToChange,
  type ChainJob, type Suggestion, type WhatMatters, type WhatToChange,
} from '../../workers/balance-client';
import { defaultPolicy, spareCores } from '../../workers/balance-defaults';
import { nodeSpawner } from '../../workers/balance-pool';
import { EXIT, intOption, shortText, UsageError, type Io } from '../io';
import type { Command } from '../command';
import { loadScenario } from './play';
import { runOnServer, serverUrl } from './balance-server';

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
  const why = { settled: 'the verdict settled', precise: 'every interval within ±2 percentage points', cap: 'the cap was reached' }[s.stop.reason];
  return `after ${s.games} of at most ${s.stop.cap} games (look ${s.stop.look} of ${s.stop.looks}): ${why}; intervals hold together at 95% over all looks`;
}

/**
 * A sweep as plain text: what comparing the levels says first (led by the strongest settled players' verdict when the
 * levels disagree, issue 43 item 3), then each level's rates and verdict.
 */
export function formatSweep(s: SweepSummary): string[] {
  const lines: string[] = [`Sweep: ${s.verdict}`, ''];
  for (const level of s.levels) {
    lines.push(`${level.policy ?? '?'} (${level.games} games): ${level.sides.map((x) => `${x.name} ${pct(x.wins.rate)}`).join(', ')}, draws ${pct(level.draws.rate)}`);
    lines.push(`  ${level.verdict}`);
  }
  return lines;
}

/** An A/B comparison as plain text: each side's change with its paired 95% interval. */
export function formatComparison(c: Comparison): string[] {
  return [
    ...[...c.sides, c.draws].map((x) => `  ${(x.id ? `${x.name} wins` : 'draws').padEnd(22)} ${pct(x.before).padStart(6)} -> ${pct(x.after).padStart(6)}  change ${pts(x.change)} percentage points (95% interval ${pts(x.low)} to ${pts(x.high)})`),
    ...(c.stop ? [`  stopped after ${c.games} of at most ${c.stop.cap} pairs (look ${c.stop.look} of ${c.stop.looks}): ${{ settled: 'a change is clear of zero', precise: 'every change within ±2 percentage points', cap: 'the cap was reached' }[c.stop.reason]}; intervals hold together at 95% over all looks`] : []),
    '',
    `Verdict: ${c.verdict}`,
  ];
}

/** Points of probability with a sign, one decimal ("+9.0", "-9.0"). */
const pts = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
const changeText = (x: PairedChange) => `${x.name} ${pts(x.change)} (${pts(x.low)} to ${pts(x.high)})`;

/** "What matters" as plain text: the scenario's rates, then the five removals that moved a side's win rate most. */
export function formatMatters(m: WhatMatters): string[] {
  const lines = [`  as it is: ${m.base.sides.map((x) => `${x.name} ${pct(x.wins.rate)}`).join(', ')}, draws ${pct(m.base.draws.rate)}`, ''];
  lines.push('Largest effects of a removal (change in each side\'s win rate in percentage points, 95% interval from the paired games):');
  m.rows.slice(0, 5).forEach((r, i) => lines.push(`  ${i + 1}. ${r.label}: ${r.change.sides.map(changeText).join('; ')}`));
  if (m.rows.length > 5) lines.push(`  (${m.rows.length - 5} smaller effects in --json)`);
  for (const k of m.skipped) lines.push(`  skipped: ${k.label}: ${k.reason}`);
  return lines;
}

/** One confirmed edit: what it does, the estimate with it, and each side's paired change. */
function suggestionLine(x: Suggestion, i: number): string {
  const share = x.after.share?.rate ?? 0.5;
  return `  ${i + 1}. ${x.label}: ${x.after.sides[0]?.name ?? '?'} ${pct(share)} of decisive games (${x.after.games} games); ${x.change.sides.map(changeText).join('; ')}`;
}

/** "What to change" as plain text: the scenario's estimate, then the edits that bring it inside 45-55% (or the closest). */
export function formatChange(c: WhatToChange): string[] {
  const lines = [`  as it is: ${c.base.verdict}`];
  if (c.alreadyBalanced) return [...lines, '', 'Already inside 45-55%: nothing to change.'];
  lines.push(`  ${c.screened} edits screened with ${c.settings.screen} games each, the ${Math.min(c.settings.confirmMost, c.screened)} most promising confirmed with ${c.settings.confirm}`, '');
  if (c.suggestions.length) {
    lines.push('Edits that bring the estimate inside 45-55% (change in each side\'s win rate in percentage points, 95% interval from the paired games):');
    c.suggestions.forEach((x, i) => lines.push(suggestionLine(x, i)));
  } else {
    lines.push('No single small edit brought the estimate inside 45-55%.' + (c.closest.length ? ' The closest:' : ''));
    c.closest.forEach((x, i) => lines.push(suggestionLine(x, i)));
  }
  return lines;
}

/**
 * The rates so far while a job runs: a line rewritten in place on a terminal (every quarter second), a plain line
 * every five seconds otherwise (to stderr), nothing with --json.
 */
function liveRates(io: Io, mode: 'tty' | 'plain' | 'off') {
  const started = performance.now();
  let label = '', done = 0, total = 0, width = 0;
  let job: ChainJob<unknown> | { live(): BalanceSummary | null } | null = null;
  const line = () => {
    const seen = job?.live() ?? null;
    const s = seen && 'step' in seen ? seen.summary : (seen as BalanceSummary | null);
    const rate = done / Math.max(0.001, (performance.now() - started) / 1000);
    const rates = s ? ` · so far ${s.sides.map((x) => `${x.name} ${pct(x.wins.rate)}`).join(', ')}, draws ${pct(s.draws.rate)} (${s.games} games)` : '';
    if (total === 0) return 'starting the workers…';
    return `${label ? `${label}: ` : ''}${done}/${total} games, ${rate.toFixed(1)} games/s${rates}`;
  };
  const timer = mode === 'off' ? undefined : setInterval(() => {
    if (mode === 'plain') { io.err(line()); return; }
    const text = line().slice(0, Math.max(20, (process.stderr.columns || 120) - 1));
    process.stderr.write(`\r${text.padEnd(width)}`);
    width = text.length;
  }, mode === 'tty' ? 250 : 5000);
  return {
    progress: (l: string, d: number, t: number) => { label = l; done = d; total = t; },
    watch: <J extends ChainJob<unknown> | { live(): BalanceSummary | null }>(j: J): J => { job = j; return j; },
    stop: () => { clearInterval(timer); if (mode === 'tty' && width > 0) process.stderr.write('\n'); },
  };
}

export const balanceCommand: Command = {
  name: 'balance',
  summary: 'estimate a scenario\'s balance by self-play (win and draw rates with 95% intervals)',
  usage: 'nevsky balance FILE [--games N] [--workers K] [--policy random|simple|search] [--seed S] [--fixed] [--sweep [--search-games M]] [--against B] [--what-matters] [--what-to-change [--screen-games M]] [--server URL] [--json]',
  help: `FILE is a scenario file or a template id (${TEMPLATES.map((t) => t.id).join(', ')}).
Both sides are played by the same policy; game i uses a seed made from (S, i), so the same
file, games, policy and seed give the same numbers whatever the number of workers.
The run stops by itself once the verdict is settled or every interval is within +-2 percentage points
(it looks at 100 games, then each doubling, then N; the 5% error is split over the looks).
  --games N     most games to play, ${SETTING_LIMITS.balanceGames.min} to ${SETTING_LIMITS.balanceGames.max} (default 1000)
  --fixed       play exactly N games, plain 95% intervals
  --workers K   worker threads, ${SETTING_LIMITS.balanceWorkers.min} to ${SETTING_LIMITS.balanceWorkers.max} (default: cores - 1, at least 1)
  --policy P    search (the search player: easy level, balance budget), simple, or random (the luck baseline);
                by default the strongest that plays 1,000 games in about a minute on this machine's spare cores:
                search from 3 spare cores, else simple
  --seed S      run seed, ${SETTING_LIMITS.seed.min} to ${SETTING_LIMITS.seed.max} (default 1)
  --sweep       the verdict at each skill level (random, simple, search) and whether skill changes it
  --search-games M  most games of the sweep's search level (default 100; it is slow)
  --against B   A/B: FILE against the version B (a file or template id) on the same seeds and dice, each
                side's win-rate change with its 95% interval from the paired games; it stops by itself
                once a change is clear of zero or within +-2 percentage points (at most N pairs; --fixed: exactly N)
  --what-matters  FILE without each terrain feature and each unit, N games each (default ${MATTERS_GAMES}) on the
                same seeds as FILE: the five removals that change a side's win rate most, with 95% intervals
  --what-to-change  small edits (turn limit, one unit more or fewer, a terrain piece moved or removed, a
                side's set-up rows) screened with M games each (default ${CHANGE_DEFAULTS.screen}), the ${CHANGE_DEFAULTS.confirmMost} most promising
                confirmed with N (default ${CHANGE_DEFAULTS.confirm}): up to three that bring the estimate inside 45-55%
  --screen-games M  games to screen each edit of --what-to-change
  --confirm-policy P  the players who confirm --what-to-change's edits (default search, the strongest balance
                players: a suggestion is not tuned for weak players); screening uses --policy
  --server URL  run it as a job on a club server (its threads, or its nevsky worker processes), logged in
                as NEVSKY_LOGIN with the password in NEVSKY_PASSWORD; Ctrl+C cancels the job there
  --json        print the estimate as JSON
While it runs it shows the rates so far on stderr (in place on a terminal, a line every 5 s otherwise).
Exit status: 0 on success, 2 for an unreadable or invalid scenario or bad arguments.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: {
      games: { type: 'string' }, workers: { type: 'string' }, policy: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' },
      fixed: { type: 'boolean' }, sweep: { type: 'boolean' }, 'search-games': { type: 'string' }, against: { type: 'string' },
      'what-matters': { type: 'boolean' }, 'what-to-change': { type: 'boolean' }, 'screen-games': { type: 'string' }, server: { type: 'string' }, 'confirm-policy': { type: 'string' },
    }, allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('name one scenario file or template id');
    const modes = [values.sweep && '--sweep', values.against !== undefined && '--against', values['what-matters'] && '--what-matters', values['what-to-change'] && '--what-to-change'].filter(Boolean);
    if (modes.length > 1) throw new UsageError(`${modes.join(' and ')} cannot be combined`);
    const games = intOption('games', values.games, SETTING_LIMITS.balanceGames)
      ?? (values['what-matters'] ? MATTERS_GAMES : values['what-to-change'] ? CHANGE_DEFAULTS.confirm : 1000);
    const screenGames = intOption('screen-games', values['screen-games'], { min: 1, max: SETTING_LIMITS.balanceGames.max }) ?? CHANGE_DEFAULTS.screen;
    if (values['screen-games'] !== undefined && !values['what-to-change']) throw new UsageError('--screen-games goes with --what-to-change');
    const workers = intOption('workers', values.workers, SETTING_LIMITS.balanceWorkers) ?? Math.min(SETTING_LIMITS.balanceWorkers.max, spareCores(availableParallelism()));
    const seed = intOption('seed', values.seed, SETTING_LIMITS.seed) ?? 1;
    const searchGames = intOption('search-games', values['search-games'], SETTING_LIMITS.balanceGames) ?? 100;
    // The default players follow the machine's spare cores, as the app's do, never --workers: the same command gives the
    // same numbers whatever the number of workers.
    const policy = (values.policy ?? defaultPolicy(spareCores(availableParallelism()))) as PolicyName;
    if (!POLICY_NAMES.includes(policy)) throw new UsageError(`--policy must be one of ${POLICY_NAMES.join(', ')}, not "${shortText(policy)}"`);
    if (values.sweep && values.policy !== undefined) throw new UsageError('--sweep plays every policy; leave out --policy');
    const loaded = await loadScenario(positionals[0]!);
    if ('error' in loaded) { io.err(loaded.error); return EXIT.usage; }
    const base = values.against === undefined ? null : await loadScenario(values.against);
    if (base && 'error' in base) { io.err(base.error); return EXIT.usage; }
    const settings = { games, policy, seed, ...(values.fixed ? { fixed: true } : {}) };
    if (values.server !== undefined) {
      if (modes.length || values.workers !== undefined) throw new UsageError(`--server runs a plain estimate: leave out ${[...modes, values.workers !== undefined && '--workers'].filter(Boolean).join(' and ')}`);
      return runOnServer({ server: serverUrl(values.server), scenario: loaded.scenario, name: positionals[0]!, settings, json: values.json === true }, io, formatBalance);
    }
    const started = performance.now();
    const live = liveRates(io, values.json ? 'off' : process.stderr.isTTY === true ? 'tty' : 'plain');
    const spawn = await nodeSpawner();
    const seconds = () => Number(((performance.now() - started) / 1000).toFixed(2));
    const head = `${workers} worker${workers === 1 ? '' : 's'}`;
    const awaited = async <T>(job: { result: Promise<T> }): Promise<T> => { try { return await job.result; } finally { live.stop(); } };
    if (base) {
      const { comparison, after, before } = await awaited(live.watch(startComparison(loaded.scenario, base.scenario, settings, spawn, workers, (step, done, total) => live.progress(step ? 'this version' : 'the other version', done, total))));
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], against: values.against, settings, workers, seconds: seconds(), comparison, after, before }, null, 1)); return EXIT.ok; }
      io.out(`A/B of ${positionals[0]} against ${values.against}: ${comparison.games} paired games each, policy ${policy}, seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatComparison(comparison)) io.out(line);
      return EXIT.ok;
    }
    if (values['what-matters']) {
      const m = await awaited(live.watch(startWhatMatters(loaded.scenario, { games, policy, seed }, spawn, workers, live.progress)));
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], workers, seconds: seconds(), ...m }, null, 1)); return EXIT.ok; }
      io.out(`What matters in ${positionals[0]}: ${m.rows.length} removals, ${games} games each on the same seeds as the scenario, policy ${policy}, seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatMatters(m)) io.out(line);
      return EXIT.ok;
    }
    if (values['what-to-change']) {
      const confirmPolicy = (values['confirm-policy'] ?? 'search') as PolicyName;
      if (!POLICY_NAMES.includes(confirmPolicy)) throw new UsageError(`--confirm-policy must be one of ${POLICY_NAMES.join(', ')}, not "${shortText(confirmPolicy)}"`);
      const c = await awaited(live.watch(startWhatToChange(loaded.scenario, { screen: screenGames, confirm: games, confirmMost: CHANGE_DEFAULTS.confirmMost, policy, confirmPolicy, seed }, spawn, workers, live.progress)));
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], workers, seconds: seconds(), ...c }, null, 1)); return EXIT.ok; }
      io.out(`What to change in ${positionals[0]}: screened by ${policy} players, confirmed by ${confirmPolicy} players, seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatChange(c)) io.out(line);
      return EXIT.ok;
    }
    if (values.sweep) {
      const sweep = await awaited(live.watch(startSweep(loaded.scenario, { ...settings, searchGames }, spawn, workers, (level, done, total) => live.progress(['random', 'simple', 'search'][level] ?? '', done, total))));
      if (values.json) { io.out(JSON.stringify({ scenario: positionals[0], settings: { games, seed, searchGames, fixed: settings.fixed ?? false }, workers, seconds: seconds(), ...sweep }, null, 1)); return EXIT.ok; }
      io.out(`Skill sweep of ${positionals[0]}: at most ${games} games a level (${Math.min(games, searchGames)} for search), seed ${seed} (${head}, ${seconds().toFixed(1)} s)`);
      for (const line of formatSweep(sweep)) io.out(line);
      return EXIT.ok;
    }
    const summary = await awaited(live.watch(startBalance(loaded.scenario, settings, spawn, workers, (done, total) => live.progress('', done, total))));
    const secs = (performance.now() - started) / 1000;
    if (values.json) {
      io.out(JSON.stringify({ scenario: positionals[0], settings, workers, seconds: Number(secs.toFixed(2)), ...summary }, null, 1));
      return EXIT.ok;
    }
    io.out(`Balance of ${positionals[0]}: ${summary.games} games, policy ${policy}, seed ${seed} (${head}, ${secs.toFixed(1)} s, ${(summary.games / secs).toFixed(1)} games/s)`);
    for (const line of formatBalance(summary)) io.out(line);
    return EXIT.ok;
  },
};
