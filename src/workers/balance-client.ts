/**
 * The browser side of a balance run: hands chunks of game indices to a pool of workers, gathers the games and
 * summarises them in index order (the same numbers as the CLI for the same scenario, games, policy and seed).
 * Cancel terminates every worker and rejects with BalanceCancelled: no partial estimate is ever returned.
 */
import { emptyHeat, mergeHeat, sideName, summarizeBalance, type BalanceGame, type BalanceOptions, type BalanceSummary, type HeatMap, type Scenario } from '../rules';
import { chunkSize } from './balance-chunks';

export interface GameReport { game: BalanceGame; heat: HeatMap }

export interface BalanceWorkerApi {
  play(scenario: Scenario, from: number, to: number, options: BalanceOptions, onGame: (r: GameReport) => void): Promise<void>;
}

/** One worker: its API (a comlink remote in the browser, the plain object in tests), how to pass a callback, how to stop it. */
export interface WorkerHandle { api: BalanceWorkerApi; callback<T extends (...a: never[]) => unknown>(fn: T): T; terminate(): void }

export class BalanceCancelled extends Error {
  constructor() { super('The balance run was cancelled.'); }
}

export interface BalanceSettings { games: number; policy: BalanceOptions['policy']; seed: number }

export interface BalanceJob { result: Promise<BalanceSummary>; cancel(): void }

export function startBalance(scenario: Scenario, settings: BalanceSettings, spawn: () => WorkerHandle, workers: number, onProgress?: (done: number, total: number) => void): BalanceJob {
  const total = settings.games;
  const size = chunkSize(total, workers);
  const handles: WorkerHandle[] = [];
  const played: BalanceGame[] = [];
  const heat = emptyHeat();
  let next = 0;
  let cancelled = false;
  let cancel: () => void = () => {};
  const stopped = new Promise<never>((_, reject) => { cancel = () => { cancelled = true; reject(new BalanceCancelled()); }; });
  const options: BalanceOptions = { policy: settings.policy, seed: settings.seed };
  const lane = async (h: WorkerHandle) => {
    const onGame = h.callback((r: GameReport) => {
      if (cancelled) return;
      played.push(r.game);
      mergeHeat(heat, r.heat);
      onProgress?.(played.length, total);
    });
    while (!cancelled && next < total) {
      const from = next;
      next = Math.min(total, next + size);
      await h.api.play(scenario, from, next, options, onGame);
    }
  };
  const count = Math.max(1, Math.min(workers, total));
  for (let i = 0; i < count; i++) handles.push(spawn());
  let ended = false;
  const finish = () => { if (ended) return; ended = true; for (const h of handles) h.terminate(); };
  // Lanes start after startBalance returns, so a progress callback may already cancel the job.
  const work = Promise.resolve().then(() => Promise.all(handles.map(lane))).then(() => {
    if (cancelled) throw new BalanceCancelled();
    const sides = scenario.sides.map((s) => ({ id: s.id, name: sideName(s) }));
    return summarizeBalance(sides, played, heat);
  });
  const result = Promise.race([work, stopped]).finally(finish);
  result.catch(() => {});
  work.catch(() => {});
  return { result, cancel: () => { if (!cancelled) { cancel(); finish(); } } };
}

/** Workers to start in the browser: one per spare core, at least one. */
export function spareCores(hardwareConcurrency: number | undefined): number {
  return Math.max(1, (hardwareConcurrency ?? 2) - 1);
}
