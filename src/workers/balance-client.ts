/**
 * The browser side of a balance run: hands chunks of game indices to a pool of workers, gathers the games and
 * summarises them in index order (the same numbers as the CLI for the same scenario, games, policy and seed).
 * Cancel terminates every worker and rejects with BalanceCancelled: no partial estimate is ever returned.
 * With a watch, a worker that fails or reports no game for `silenceMs` stalls the run instead: every worker is
 * stopped, the games counted so far are kept, and `resume` plays only the games still missing on new workers.
 */
import { emptyHeat, mergeHeat, sideName, summarizeBalance, type BalanceGame, type BalanceOptions, type BalanceSummary, type HeatMap, type Scenario } from '../rules';
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

export interface BalanceSettings { games: number; policy: BalanceOptions['policy']; seed: number }

/** Watching the workers: how long a worker may go without reporting a game, and what to do when one is lost (why, games kept). */
export interface BalanceWatch { silenceMs: number; onStall(reason: string, done: number): void }

export interface BalanceJob { result: Promise<BalanceSummary>; cancel(): void; resume(): void }

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

export function startBalance(scenario: Scenario, settings: BalanceSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (done: number, total: number) => void, watch?: BalanceWatch): BalanceJob {
  const total = settings.games;
  const size = chunkSize(total, workers);
  const options: BalanceOptions = { policy: settings.policy, seed: settings.seed };
  const played: BalanceGame[] = [];
  const have = new Uint8Array(total);
  const heat = emptyHeat();
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

  function startRound(): void {
    const mine = ++round;
    stalled = false;
    const chunks = missingChunks(have, size);
    const current = () => mine === round && !stalled && !ended;
    const stall = (reason: string) => {
      if (!current()) return;
      if (!watch) { end({ error: new Error(reason) }); return; }
      stalled = true;
      stopWorkers();
      watch.onStall(reason, played.length);
    };
    const lane = async (h: WorkerHandle) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        if (watch) timer = setTimeout(() => stall(`no game reported for ${watch.silenceMs / 1000} s`), watch.silenceMs);
      };
      const onGame = h.callback((r: GameReport) => {
        if (!current() || have[r.game.index]) return;
        have[r.game.index] = 1;
        played.push(r.game);
        mergeHeat(heat, r.heat);
        arm();
        onProgress?.(played.length, total);
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
      if (played.length < total) { stall('it ended without playing all its games'); return; }
      const sides = scenario.sides.map((s) => ({ id: s.id, name: sideName(s) }));
      end({ summary: summarizeBalance(sides, played, heat) });
    }, (err: unknown) => { if (current()) end({ error: err instanceof Error ? err : new Error(String(err)) }); });
  }

  startRound();
  return {
    result,
    cancel: () => end({ error: new BalanceCancelled() }),
    resume: () => { if (stalled && !ended) startRound(); },
  };
}

/** Workers to start in the browser: one per spare core, at least one. */
export function spareCores(hardwareConcurrency: number | undefined): number {
  return Math.max(1, (hardwareConcurrency ?? 2) - 1);
}
