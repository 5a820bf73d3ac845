/** Web Workers for the Balance panel: one comlink-wrapped module worker per spare core. */
import { proxy, wrap } from 'comlink';
import type { BalanceWorkerApi, WorkerHandle } from './balance-client';

export function spawnWebWorker(): WorkerHandle {
  const w = new Worker(new URL('./balance.worker.ts', import.meta.url), { type: 'module' });
  return {
    api: wrap<BalanceWorkerApi>(w) as unknown as BalanceWorkerApi, callback: (fn) => proxy(fn), terminate: () => w.terminate(),
    onFailure: (listener) => {
      w.addEventListener('error', (ev) => { ev.preventDefault(); listener(ev.message || 'it raised an error'); });
      w.addEventListener('messageerror', () => { listener('a message from it could not be read'); });
    },
  };
}
