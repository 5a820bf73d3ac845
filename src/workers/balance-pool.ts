/**
 * Runs a balance estimate over Node worker_threads (the CLI) with the browser's own client code (startBalance),
 * so the CLI and the app compute the same numbers the same way.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { proxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { BalanceSummary, Scenario } from '../rules';
import { startBalance, type BalanceSettings, type BalanceWorkerApi, type WorkerHandle } from './balance-client';

let code: Promise<URL> | null = null;

/**
 * The worker's code, bundled once per process with esbuild (as Vite bundles the app's workers). Loading the sources
 * through tsx instead works too (the fallback), but tsx keeps every function's name by wrapping each closure as it
 * is made, which costs the engine's inner loops about a fifth of their speed.
 */
function workerCode(): Promise<URL> {
  code ??= build({
    entryPoints: [fileURLToPath(new URL('./balance-node.ts', import.meta.url))],
    bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent',
  }).then((r) => new URL(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0]!.contents).toString('base64')}`))
    .catch(() => new URL('./balance-node-entry.mjs', import.meta.url));
  return code;
}

function spawner(url: URL): () => WorkerHandle {
  return () => {
    const w = new Worker(url);
    return { api: wrap<BalanceWorkerApi>(nodeEndpoint(w)) as unknown as BalanceWorkerApi, callback: (fn) => proxy(fn), terminate: () => { void w.terminate(); } };
  };
}

export async function runBalancePool(scenario: Scenario, settings: BalanceSettings, workers: number, onProgress?: (done: number, total: number) => void): Promise<BalanceSummary> {
  return startBalance(scenario, settings, spawner(await workerCode()), workers, onProgress).result;
}
