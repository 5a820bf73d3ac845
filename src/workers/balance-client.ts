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
  comparePaired, decideLook, emptyHeat, fixedPlan, mergeHeat, pairedStopReason, sequentialPlan, sideName, summarizeBalance, summarizeSweep,
  type BalanceGame, type BalanceOptions, type BalanceSummary, type Comparison, type HeatMap, type PolicyName, type Scenario, type Square, type SweepSummary,
} from '../rules';
import { withTurnCapNote } from '../ai/balance';
import { candidateEdits, removalEdits, variantOf, type ScenarioEdit, type SkippedVariant, type Variant } from '../scenario/variants';
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
export interface BalanceSettings {
  games: number; policy: BalanceOptions['policy']; seed: number; fixed?: boolean;
  /** The first game index of a fixed run (default 0): it plays games [from, games), the later part of a longer run. */
  from?: number;
}

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
  const first = settings.fixed ? Math.min(total, settings.from ?? 0) : 0;
  const plan = planOf(settings);
  const size = Math.min(chunkSize(total - first, workers), Math.max(1, Math.floor((plan.looks[0]! - first) / workers)));
  const options: BalanceOptions = { policy: settings.policy, seed: settings.seed };
  const sides = scenario.sides.map((s) => ({ id: s.id, name: sideName(s) }));
  const byIndex: Array<BalanceGame | undefined> = new Array<BalanceGame | undefined>(total);
  const heats: Array<HeatMap | undefined> = new Array<HeatMap | undefined>(total);
  let count = 0;
  /** Games [first, ready) are all in; the next look is plan.looks[look]. */
  let ready = first;
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
    const games = byIndex.slice(first, n) as BalanceGame[];
    const heat = emptyHeat();
    for (let i = first; i < n; i++) mergeHeat(heat, heats[i]!);
    return withTurnCapNote(summarizeBalance(sides, games, heat, { policy: settings.policy, z: plan.z }), scenario);
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
      kept = byIndex.slice(first, n) as BalanceGame[];
      end({ summary: settings.fixed ? summary : { ...summary, stop: { reason, look, looks: plan.looks.length, cap: total } } });
    }
  };

  function startRound(): void {
    const mine = ++round;
    stalled = false;
    const have = Uint8Array.from(byIndex, (g, i) => (g || i < first ? 1 : 0));
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
        onProgress?.(count, total - first);
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
      return withTurnCapNote(summarizeBalance(sides, games, emptyHeat(), { policy: settings.policy }), scenario);
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

/** A run's games and its estimate, as a step of a longer job hears them. */
export interface Played { summary: BalanceSummary; games: BalanceGame[] }

/** Plays one run for a job's body; it throws BalanceCancelled once the job is cancelled. */
export type PlayRun = (scenario: Scenario, settings: BalanceSettings, onProgress?: (done: number, total: number) => void) => Promise<Played>;

/**
 * Workers kept from run to run of a job: a job of many short runs would otherwise start new workers for each.
 * A run's "terminate" hands its workers back; `close` ends them all (a worker still finishing a chunk of an earlier
 * run does so first: its reports go to that run, which ignores them).
 */
export function reusing(spawn: () => WorkerHandle): { spawn: () => WorkerHandle; close(): void } {
  const all: WorkerHandle[] = [], idle: WorkerHandle[] = [];
  /** Each worker's failure goes to the run that has it now (one listener a worker, however many runs it serves). */
  const hear = new Map<WorkerHandle, (reason: string) => void>();
  return {
    spawn: () => {
      let h = idle.pop();
      if (!h) {
        const made = spawn();
        all.push(made);
        made.onFailure?.((reason) => hear.get(made)?.(reason));
        h = made;
      }
      const mine = h;
      hear.delete(mine);
      let back = false;
      return {
        api: mine.api, callback: (fn) => mine.callback(fn), terminate: () => { if (!back) { back = true; hear.delete(mine); idle.push(mine); } },
        ...(mine.onFailure ? { onFailure: (listener: (reason: string) => void) => { hear.set(mine, listener); } } : {}),
      };
    },
    close: () => { for (const h of all) h.terminate(); all.length = 0; idle.length = 0; },
  };
}

/**
 * A job whose body plays runs one after another, each decided by the ones before (on reused workers): Cancel and
 * Resume reach the current run, `live` is its estimate so far, and the result is the body's.
 */
export function runJob<T>(spawn: () => WorkerHandle, workers: number, body: (play: PlayRun) => Promise<T>, watch?: BalanceWatch): ChainJob<T> {
  const pool = reusing(spawn);
  let current: BalanceRun | null = null;
  let step = -1;
  let cancelled = false;
  const play: PlayRun = async (scenario, settings, onProgress) => {
    if (cancelled) throw new BalanceCancelled();
    step++;
    const run = startBalance(scenario, settings, pool.spawn, workers, onProgress, watch);
    current = run;
    const summary = await run.result;
    return { summary, games: run.games() };
  };
  const result = (async () => {
    try { return await body(play); } finally { pool.close(); }
  })();
  result.catch(() => {});
  return {
    result,
    cancel: () => { cancelled = true; current?.cancel(); pool.close(); },
    resume: () => { current?.resume(); },
    live: () => ({ step: Math.max(0, step), summary: current?.live() ?? null }),
  };
}

const sidesOf = (s: Scenario) => s.sides.map((x) => ({ id: x.id, name: sideName(x) }));

/**
 * A/B of two versions: the earlier version (`before`) and this one (`after`) play the same game seeds, then the paired
 * changes of each side's win rate. Sequential by default, by the single run's plan: at each look both versions have
 * played the same games, and the A/B stops once a side's change is clear of zero or every change is within +-2
 * points (intervals at the plan's level, so they hold together over all looks), at most at the cap; `fixed` plays
 * exactly `games` pairs.
 */
export function startComparison(after: Scenario, before: Scenario, settings: BalanceSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (step: number, done: number, total: number) => void, watch?: BalanceWatch): ChainJob<ComparisonResult> {
  const plan = planOf(settings);
  return runJob(spawn, workers, async (play) => {
    const got: [BalanceGame[], BalanceGame[]] = [[], []];
    const heat: [HeatMap, HeatMap] = [emptyHeat(), emptyHeat()];
    let from = 0;
    for (let look = 0; look < plan.looks.length; look++) {
      const n = plan.looks[look]!;
      for (const [k, version] of [before, after].entries()) {
        const r = await play(version, { ...settings, games: n, from, fixed: true }, (done) => onProgress?.(k, from + done, settings.games));
        got[k]!.push(...r.games);
        mergeHeat(heat[k]!, r.summary.heat);
      }
      from = n;
      const comparison = comparePaired({ sides: sidesOf(after), games: got[1] }, { sides: sidesOf(before), games: got[0] }, plan.z);
      const reason = settings.fixed ? (look === plan.looks.length - 1 ? 'cap' : null) : pairedStopReason(comparison) ?? (look === plan.looks.length - 1 ? 'cap' : null);
      if (reason === null) continue;
      const sum = (k: 0 | 1) => summarizeBalance(sidesOf(k ? after : before), got[k], heat[k], { policy: settings.policy, z: plan.z });
      return {
        comparison: settings.fixed ? comparison : { ...comparison, stop: { reason, look: look + 1, looks: plan.looks.length, cap: settings.games } },
        after: sum(1), before: sum(0),
      };
    }
    throw new Error('unreachable: the last look always stops');
  }, watch);
}

/**
 * Make each edit (variantOf: the edited scenario, validated) in slices of about `sliceMs`, handing the thread back
 * between slices: on the page, a hundred edits validated in one go would hold it for a noticeable moment at the
 * press of the button. `now` is the clock (tests pass their own).
 */
export async function variantsInSlices(s: Scenario, edits: ScenarioEdit[], sliceMs = 8, now: () => number = () => performance.now()): Promise<{ variants: Variant[]; skipped: SkippedVariant[] }> {
  const variants: Variant[] = [], skipped: SkippedVariant[] = [];
  let start = now();
  for (const edit of edits) {
    if (now() - start > sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      start = now();
    }
    const v = variantOf(s, edit);
    if ('scenario' in v) variants.push(v); else skipped.push(v);
  }
  return { variants, skipped };
}

/** Games a side of "What matters" plays per variant by default (and the unchanged scenario as many). */
export const MATTERS_GAMES = 60;

/** Settings of a variant search: games per variant (or per confirmation), policy, seed. */
export interface VariantSettings { games: number; policy: PolicyName; seed: number }

/** How much a removal moved the win rates: the largest change of a side's rate, in probability. */
function effectSize(c: Comparison): number {
  return Math.max(0, ...c.sides.map((x) => Math.abs(x.change)));
}

/** One removal of "What matters": what was removed, where it is on the map, and the paired changes it made. */
export interface MattersRow { edit: ScenarioEdit; label: string; kind: 'terrain' | 'unit' | 'objective'; squares: Square[]; change: Comparison; size: number }

/** "What matters": the unchanged scenario's estimate and every removal, largest effect first. */
export interface WhatMatters { games: number; policy: PolicyName; seed: number; base: BalanceSummary; rows: MattersRow[]; skipped: SkippedVariant[] }

/**
 * "What matters": the scenario as it is and, on the same seeds and dice, without each terrain feature and without each
 * unit (removals the validator refuses are skipped and listed), each side's paired win-rate change with its 95%
 * interval; rows sorted by the largest change of a side's rate. `onProgress` hears the removal being played and the
 * games of the whole job. `edits` replaces the removals (tests measure an edit that changes nothing).
 */
export function startWhatMatters(scenario: Scenario, settings: VariantSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (label: string, done: number, total: number) => void, watch?: BalanceWatch, edits: ScenarioEdit[] = removalEdits(scenario)): ChainJob<WhatMatters> {
  const run = { games: settings.games, policy: settings.policy, seed: settings.seed, fixed: true };
  return runJob(spawn, workers, async (play) => {
    const { variants, skipped } = await variantsInSlices(scenario, edits);
    const total = (variants.length + 1) * settings.games;
    const base = await play(scenario, run, (done) => onProgress?.('the scenario as it is', done, total));
    const rows: MattersRow[] = [];
    for (const [k, v] of variants.entries()) {
      const r = await play(v.scenario, run, (done) => onProgress?.(v.label, (k + 1) * settings.games + done, total));
      const change = comparePaired({ sides: sidesOf(v.scenario), games: r.games }, { sides: sidesOf(scenario), games: base.games });
      rows.push({ edit: v.edit, label: v.label, kind: v.edit.kind === 'removeUnit' ? 'unit' : v.edit.kind === 'removeObjective' ? 'objective' : 'terrain', squares: v.squares, change, size: effectSize(change) });
    }
    // A stable order: largest effect first, ties in the order the removals were made.
    rows.sort((a, b) => b.size - a.size);
    return { games: settings.games, policy: settings.policy, seed: settings.seed, base: base.summary, rows, skipped };
  }, watch);
}

/** "What to change" defaults: games per candidate when screening, games of a confirmation, candidates confirmed. */
export const CHANGE_DEFAULTS = { screen: 20, confirm: 200, confirmMost: 5 } as const;

/** Settings of "What to change": games to screen a candidate and to confirm one, how many to confirm. */
export interface ChangeSettings {
  screen: number; confirm: number; confirmMost: number; policy: PolicyName; seed: number;
  /**
   * The players who confirm (issue 43 item 3: the strongest, so that a suggestion is not tuned for weak players; the
   * app and the CLI ask for search players); absent: `policy`. When they differ, the candidates are screened by
   * `policy` against its own games of the scenario, and the scenario and each confirmed candidate play all `confirm`
   * games with these players.
   */
  confirmPolicy?: PolicyName;
}

/** A confirmed edit: what it does, the squares it concerns, its paired changes and the estimate with it made. */
export interface Suggestion { edit: ScenarioEdit; label: string; squares: Square[]; change: Comparison; after: BalanceSummary; inside: boolean }

/** "What to change": the scenario's own estimate, the edits that bring it inside 45-55% (at most three), else the closest. */
export interface WhatToChange {
  settings: ChangeSettings; base: BalanceSummary; alreadyBalanced: boolean;
  suggestions: Suggestion[]; closest: Suggestion[]; screened: number; skipped: SkippedVariant[];
}

/** The first side's share of decisive games (the verdict's estimate); 0.5 with none. */
const shareOf = (s: BalanceSummary) => (s.share && s.share.count + (s.sides[1]?.wins.count ?? 0) > 0 ? s.share.rate : 0.5);
const inside = (x: number) => x >= 0.45 && x <= 0.55;
/** A game's score for the first side: 1 for its win, 0 for its loss, 1/2 for a draw. */
const scoreOf = (g: BalanceGame, first: string) => (g.winner === null ? 0.5 : g.winner === first ? 1 : 0);

/**
 * "What to change": the scenario's estimate over `confirm` games; unless that is already inside 45-55%, every small
 * edit (candidateEdits; those the validator refuses skipped) is screened on the first `screen` of the same seeds, its
 * effect estimated from the paired games (the first side's mean score), and the `confirmMost` whose predicted estimate
 * is nearest 50% (and nearer than now) play the rest of the `confirm` games. Confirmed edits that bring the estimate
 * inside 45-55% are suggested (at most three, nearest 50% first), each with its paired changes.
 */
export function startWhatToChange(scenario: Scenario, settings: ChangeSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (label: string, done: number, total: number) => void, watch?: BalanceWatch): ChainJob<WhatToChange> {
  const screen = Math.min(settings.screen, settings.confirm);
  const strong = settings.confirmPolicy ?? settings.policy, apart = strong !== settings.policy;
  const run = (games: number, from = 0, policy = settings.policy): BalanceSettings => ({ games, from, policy, seed: settings.seed, fixed: true });
  const first = scenario.sides[0]?.id ?? '';
  return runJob(spawn, workers, async (play) => {
    const { variants, skipped } = await variantsInSlices(scenario, candidateEdits(scenario));
    const total = settings.confirm + (apart ? screen : 0) + variants.length * screen + settings.confirmMost * (settings.confirm - (apart ? 0 : screen));
    let done = 0;
    const step = (label: string) => (n: number) => onProgress?.(label, done + n, total);
    const base = await play(scenario, run(settings.confirm, 0, strong), step('the scenario as it is'));
    done += settings.confirm;
    const now = shareOf(base.summary);
    const result = { settings, base: base.summary, suggestions: [] as Suggestion[], closest: [] as Suggestion[], screened: 0, skipped };
    if (inside(now)) return { ...result, alreadyBalanced: true };
    // Screening's own games of the scenario: the confirming players' when they screen too, else the screening players'.
    const screenBase = apart ? (await play(scenario, run(screen), step('the scenario as it is (screening players)'))).games : base.games;
    if (apart) done += screen;
    const baseScore = screenBase.reduce((t, g) => t + scoreOf(g, first), 0) / Math.max(1, screenBase.length);
    const baseScreen = new Map(screenBase.filter((g) => g.index < screen).map((g) => [g.index, scoreOf(g, first)]));
    const screened: Array<{ v: Variant; games: BalanceGame[]; predicted: number }> = [];
    for (const v of variants) {
      const r = await play(v.scenario, run(screen), step(`screening: ${v.label}`));
      done += screen;
      const diff = r.games.reduce((t, g) => t + scoreOf(g, first) - (baseScreen.get(g.index) ?? 0), 0) / Math.max(1, r.games.length);
      screened.push({ v, games: r.games, predicted: baseScore + diff });
    }
    const distance = (x: number) => Math.abs(x - 0.5);
    const promising = screened.map((c, k) => ({ ...c, k }))
      .filter((c) => distance(c.predicted) < distance(baseScore))
      .sort((a, b) => distance(a.predicted) - distance(b.predicted) || a.k - b.k)
      .slice(0, settings.confirmMost);
    const confirmed: Suggestion[] = [];
    for (const c of promising) {
      const rest = apart
        ? (await play(c.v.scenario, run(settings.confirm, 0, strong), step(`confirming with ${strong} players: ${c.v.label}`))).games
        : settings.confirm > screen ? (await play(c.v.scenario, run(settings.confirm, screen), step(`confirming: ${c.v.label}`))).games : [];
      done += settings.confirm - (apart ? 0 : screen);
      const games = apart ? rest : [...c.games, ...rest];
      const after = summarizeBalance(sidesOf(c.v.scenario), games, emptyHeat(), { policy: strong });
      const change = comparePaired({ sides: sidesOf(c.v.scenario), games }, { sides: sidesOf(scenario), games: base.games });
      confirmed.push({ edit: c.v.edit, label: c.v.label, squares: c.v.squares, change, after, inside: inside(shareOf(after)) });
    }
    const byDistance = [...confirmed].sort((a, b) => distance(shareOf(a.after)) - distance(shareOf(b.after)));
    const suggestions = byDistance.filter((x) => x.inside).slice(0, 3);
    return { ...result, alreadyBalanced: false, screened: variants.length, suggestions, closest: suggestions.length ? [] : byDistance.slice(0, 3) };
  }, watch);
}
