/**
 * The browser side of a balance run: hands chunks of game indices to a pool of workers, gathers the games and
 * summarises them in index order (the same numbers as the CLI for the same scenario, games, policy and seed).
 * A sequential run looks at its games only at the fixed counts of its plan, each look once every game below it is
 * in, and stops at the first look whose verdict is settled: the result depends on the seeds, never on the workers.
 * The skill sweep and the A/B comparison are runs in a row (startSweep, startComparison), for the app and the CLI.
 * Cancel terminates every worker and rejects with BalanceCancelled: no partial estimate is ever returned.
 * With a watch, a worker that fails or reports no game for `silenceMs` stalls the run instead: every worker is
 * stopped, the games counted so far are kept, and `resume` plays only the games still missing on new workers.
 */
import {
  comparePaired, decideLook, emptyHeat, fixedPlan, mergeHeat, sequentialPlan, sideName, summarizeBalance, summarizeSweep,
  type BalanceGame, type BalanceOptions, type BalanceSummary, type Comparison, type HeatMap, type PolicyName, type Scenario, type SweepSummary,
} from '../rules';
import { chunkSize } from './balance-chunks';

export interface GameReport { game: BalanceGame; heat: HeatMap }

export interface BalanceWorkerApi {
  play(scenario: Scenario, from: number, to: number, options: BalanceOptions, onGame: (r: GameReport) => void): Promise<void>;
}

/**
 * One worker: its API (a comlink remote in the browser, the plain object in tests), how to pass a callback, how to
 * stop it, and (where the platform tells) how to hear that it failed.
 */
export interface WorkerHandle {
  api: BalanceWorkerApi;
  callback<T extends (...a: never[]) => unknown>(fn: T): T;
  terminate(): void;
  onFailure?(listener: (reason: string) => void): void;
}

export class BalanceCancelled extends Error {
  constructor() { super('The balance run was cancelled.'); }
}

/**
 * A run's settings: `games` is the cap of a sequential run (the default) or the number played with `fixed`.
 */
export interface BalanceSettings { games: number; policy: BalanceOptions['policy']; seed: number; fixed?: boolean }

/** The policy both sides play by default: the strongest that plays 1,000 games in about a minute (issue 29). */
export const DEFAULT_POLICY: PolicyName = 'simple';

/** Games before a sequential run's first look, by policy (a search game takes seconds, so it looks sooner). */
export function firstLook(policy: PolicyName): number {
  return policy === 'search' ? 20 : 100;
}

/** The plan of a run with these settings. */
export function planOf(settings: BalanceSettings) {
  return settings.fixed ? fixedPlan(settings.games) : sequentialPlan(settings.games, firstLook(settings.policy));
}

/** Watching the workers: how long a worker may go without reporting a game, and what to do when one is lost (why, games kept). */
export interface BalanceWatch { silenceMs: number; onStall(reason: string, done: number): void }

/**
 * A running job: its result, Cancel, Resume (after a stall), and `live()`, the estimate over the games played so far
 * (plain 95% intervals, for showing while it runs; null before the first game).
 */
export interface BalanceJob { result: Promise<BalanceSummary>; cancel(): void; resume(): void; live(): BalanceSummary | null }

/** A finished run's games in index order (what its summary counts), for paired comparisons. */
export interface BalanceRun extends BalanceJob { games(): BalanceGame[] }

/** The game indices below `total` not yet played, as chunks of at most `size` (in index order). */
export function missingChunks(played: Uint8Array, size: number): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  let i = 0;
  while (i < played.length) {
    if (played[i]) { i++; continue; }
    const from = i;
    while (i < played.length && !played[i] && i - from < size) i++;
    chunks.push([from, i]);
  }
  return chunks;
}

/** Start a run: its games in chunks over `workers` workers, summed in index order, stopped at a look of its plan. */
export function startBalance(scenario: Scenario, settings: BalanceSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (done: number, total: number) => void, watch?: BalanceWatch): BalanceRun {
  const total = settings.games;
  const plan = planOf(settings);
  const size = Math.min(chunkSize(total, workers), Math.max(1, Math.floor(plan.looks[0]! / workers)));
  const options: BalanceOptions = { policy: settings.policy, seed: settings.seed };
  const sides = scenario.sides.map((s) => ({ id: s.id, name: sideName(s) }));
  const byIndex: Array<BalanceGame | undefined> = new Array<BalanceGame | undefined>(total);
  const heats: Array<HeatMap | undefined> = new Array<HeatMap | undefined>(total);
  let count = 0;
  /** Games [0, ready) are all in; the next look is plan.looks[look]. */
  let ready = 0;
  let look = 0;
  let kept: BalanceGame[] = [];
  let handles: WorkerHandle[] = [];
  /** Each start or resume is a new round; reports and endings of an earlier round are ignored. */
  let round = 0;
  let stalled = false;
  let ended = false;
  let settle: { resolve(s: BalanceSummary): void; reject(e: Error): void } = { resolve: () => {}, reject: () => {} };
  const result = new Promise<BalanceSummary>((resolve, reject) => { settle = { resolve, reject }; });
  result.catch(() => {});

  const stopWorkers = () => { for (const h of handles) h.terminate(); handles = []; };
  const end = (outcome: { summary: BalanceSummary } | { error: Error }) => {
    if (ended) return;
    ended = true;
    stopWorkers();
    if ('summary' in outcome) settle.resolve(outcome.summary); else settle.reject(outcome.error);
  };
  /** The games below `n` (all in) as the summary of a look. */
  const lookAt = (n: number): BalanceSummary => {
    const games = byIndex.slice(0, n) as BalanceGame[];
    const heat = emptyHeat();
    for (let i = 0; i < n; i++) mergeHeat(heat, heats[i]!);
    return summarizeBalance(sides, games, heat, { policy: settings.policy, z: plan.z });
  };
  /** Take the looks whose games are all in, in order; stop at the first settled one or at the last. */
  const takeLooks = () => {
    while (ready < total && byIndex[ready]) ready++;
    while (!ended && look < plan.looks.length && ready >= plan.looks[look]!) {
      const n = plan.looks[look]!;
      const summary = lookAt(n);
      const reason = decideLook(plan, look, summary);
      look++;
      if (reason === null) continue;
      kept = byIndex.slice(0, n) as BalanceGame[];
      end({ summary: settings.fixed ? summary : { ...summary, stop: { reason, look, looks: plan.looks.length, cap: total } } });
    }
  };

  function startRound(): void {
    const mine = ++round;
    stalled = false;
    const have = Uint8Array.from(byIndex, (g) => (g ? 1 : 0));
    const chunks = missingChunks(have, size);
    const current = () => mine === round && !stalled && !ended;
    const stall = (reason: string) => {
      if (!current()) return;
      if (!watch) { end({ error: new Error(reason) }); return; }
      stalled = true;
      stopWorkers();
      watch.onStall(reason, count);
    };
    const lane = async (h: WorkerHandle) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        if (watch) timer = setTimeout(() => stall(`no game reported for ${watch.silenceMs / 1000} s`), watch.silenceMs);
      };
      const onGame = h.callback((r: GameReport) => {
        if (!current() || byIndex[r.game.index]) return;
        byIndex[r.game.index] = r.game;
        heats[r.game.index] = r.heat;
        count++;
        arm();
        onProgress?.(count, total);
        takeLooks();
      });
      h.onFailure?.((reason) => stall(`it failed: ${reason}`));
      try {
        while (current() && chunks.length > 0) {
          const [from, to] = chunks.shift()!;
          arm();
          await h.api.play(scenario, from, to, options, onGame);
        }
      } finally {
        clearTimeout(timer);
      }
    };
    handles = Array.from({ length: Math.max(1, Math.min(workers, chunks.length)) }, spawn);
    const lanes = handles;
    // Lanes start after startBalance returns, so a progress callback may already cancel the job.
    Promise.resolve().then(() => Promise.all(lanes.map(lane))).then(() => {
      if (!current()) return;
      stall('it ended without playing all its games');
    }, (err: unknown) => { if (current()) end({ error: err instanceof Error ? err : new Error(String(err)) }); });
  }

  startRound();
  return {
    result,
    cancel: () => end({ error: new BalanceCancelled() }),
    resume: () => { if (stalled && !ended) startRound(); },
    live: () => {
      if (count === 0) return null;
      const games = byIndex.filter((g): g is BalanceGame => g !== undefined);
      return summarizeBalance(sides, games, emptyHeat(), { policy: settings.policy });
    },
    games: () => kept,
  };
}

/**
 * Runs one after another as one job: Cancel and Resume reach the current run, `live` is the current run's estimate,
 * and the result is `finish` of every run once all have finished.
 */
function chain<T>(steps: Array<() => BalanceRun>, finish: (runs: BalanceRun[], summaries: BalanceSummary[]) => T): { result: Promise<T>; cancel(): void; resume(): void; live(): { step: number; summary: BalanceSummary | null } } {
  const runs: BalanceRun[] = [];
  let cancelled = false;
  const result = (async () => {
    const summaries: BalanceSummary[] = [];
    for (const step of steps) {
      if (cancelled) throw new BalanceCancelled();
      const run = step();
      runs.push(run);
      summaries.push(await run.result);
    }
    return finish(runs, summaries);
  })();
  result.catch(() => {});
  return {
    result,
    cancel: () => { cancelled = true; runs[runs.length - 1]?.cancel(); },
    resume: () => { runs[runs.length - 1]?.resume(); },
    live: () => ({ step: Math.max(0, runs.length - 1), summary: runs[runs.length - 1]?.live() ?? null }),
  };
}

/** A chained job: the current step (0-based) and its live estimate, besides Cancel and Resume. */
export type ChainJob<T> = ReturnType<typeof chain<T>>;

/** The skill levels of a sweep, weakest first. */
export const SWEEP_LEVELS: readonly PolicyName[] = ['random', 'simple', 'search'];

/**
 * The skill sweep: a sequential run at each level (random, simple, search) on the same seeds, the search level
 * capped at `searchGames` (it is slow), then what comparing the verdicts says. `onProgress` hears the level too.
 */
export function startSweep(scenario: Scenario, settings: BalanceSettings & { searchGames: number }, spawn: () => WorkerHandle, workers: number, onProgress?: (level: number, done: number, total: number) => void, watch?: BalanceWatch): ChainJob<SweepSummary> {
  const steps = SWEEP_LEVELS.map((policy, level) => () => startBalance(scenario, {
    seed: settings.seed, policy, fixed: settings.fixed, games: policy === 'search' ? Math.min(settings.games, settings.searchGames) : settings.games,
  }, spawn, workers, (done, total) => onProgress?.(level, done, total), watch));
  return chain(steps, (_, summaries) => summarizeSweep(summaries));
}

/** An A/B comparison: both versions' estimates and the paired changes. */
export interface ComparisonResult { comparison: Comparison; after: BalanceSummary; before: BalanceSummary }

/**
 * A/B of two versions: the earlier version (`before`) and this one (`after`) each play the same `games` game seeds
 * (fixed, not sequential, so every game has its pair), then the paired changes of each side's win rate.
 */
export function startComparison(after: Scenario, before: Scenario, settings: BalanceSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (step: number, done: number, total: number) => void, watch?: BalanceWatch): ChainJob<ComparisonResult> {
  const fixed = { ...settings, fixed: true };
  const steps = [before, after].map((s, step) => () => startBalance(s, fixed, spawn, workers, (done, total) => onProgress?.(step, done, total), watch));
  const sidesOf = (s: Scenario) => s.sides.map((x) => ({ id: x.id, name: sideName(x) }));
  return chain(steps, (runs, [b, a]) => ({
    comparison: comparePaired({ sides: sidesOf(after), games: runs[1]!.games() }, { sides: sidesOf(before), games: runs[0]!.games() }),
    after: a!, before: b!,
  }));
}

/** Workers to start in the browser: one per spare core, at least one. */
export function spareCores(hardwareConcurrency: number | undefined): number {
  return Math.max(1, (hardwareConcurrency ?? 2) - 1);
}
