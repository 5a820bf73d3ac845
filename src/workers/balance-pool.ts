/**
 * Runs a balance estimate over Node worker_threads (the CLI) with the browser's own client code (startBalance),
 * so the CLI and the app compute the same numbers the same way.
 */
import { Worker } from 'node:worker_threads';
import { proxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { BalanceSummary, Scenario } from '../rules';
import { bundledWorker } from './bundle';
import { startBalance, type BalanceSettings, type BalanceWorkerApi, type WorkerHandle } from './balance-client';

function spawner(url: URL): () => WorkerHandle {
  return () => {
    const w = new Worker(url);
    let stopping = false;
    return {
      api: wrap<BalanceWorkerApi>(nodeEndpoint(w)) as unknown as BalanceWorkerApi, callback: (fn) => proxy(fn), terminate: () => { stopping = true; void w.terminate(); },
      onFailure: (listener) => {
        w.on('error', (err) => { listener(err.message); });
        w.on('exit', (code) => { if (!stopping) listener(`its thread exited (code ${code})`); });
      },
    };
  };
}

/**
 * Spawns the CLI's balance worker threads (for startBalance, startSweep and startComparison). In the built command
 * line this module sits in dist-cli/nevsky.mjs, beside the prebuilt dist-cli/balance-worker.mjs.
 */
export async function nodeSpawner(): Promise<() => WorkerHandle> {
  const here = import.meta.url;
  return spawner(await bundledWorker(new URL('./balance-node.ts', here), new URL('./balance-node-entry.mjs', here), new URL('./balance-worker.mjs', here)));
}

/** One balance run over worker threads. */
export async function runBalancePool(scenario: Scenario, settings: BalanceSettings, workers: number, onProgress?: (done: number, total: number) => void): Promise<BalanceSummary> {
  return startBalance(scenario, settings, await nodeSpawner(), workers, onProgress).result;
}
