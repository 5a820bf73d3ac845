/**
 * A balance run as a job on the club server (issue 40 item 4; routes in src/server/jobs.ts), in the shape of the app's
 * own runs (startBalance): a result, Cancel, and the estimate so far. The page only polls the job (once a second):
 * the games are played by the server's threads or its `nevsky worker` processes, so closing the page stops nothing.
 */
import type { BalanceSummary, Scenario } from '../rules';
import { BalanceCancelled, type BalanceSettings } from '../workers/balance-client';

export interface ServerJob { id: string; status: 'running' | 'done' | 'cancelled' | 'failed'; done: number; total: number; summary: BalanceSummary | null; live: BalanceSummary | null; error: string | null }

const POLL_MS = 1000;

async function ask<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? null : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new Error('the club server could not be reached');
  }
  let data: unknown = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const e = (data as { error?: unknown } | null)?.error;
    throw new Error(typeof e === 'string' && e ? e : `the club server refused the request (${res.status})`);
  }
  return data as T;
}

/** Start the run on the server and follow it; `onProgress(done, total)` after each poll. */
export function startServerBalance(scenario: Scenario, settings: BalanceSettings, onProgress: (done: number, total: number) => void) {
  let id: string | null = null;
  let last: BalanceSummary | null = null;
  let cancelled = false;
  let wake: () => void = () => {};
  const result = (async (): Promise<BalanceSummary> => {
    id = (await ask<{ id: string }>('POST', 'api/jobs/balance', { scenario, games: settings.games, policy: settings.policy, seed: settings.seed, ...(settings.fixed ? { fixed: true } : {}) })).id;
    for (;;) {
      if (cancelled) {
        await ask('POST', `api/jobs/${encodeURIComponent(id)}/cancel`).catch(() => undefined);
        throw new BalanceCancelled();
      }
      const job = await ask<ServerJob>('GET', `api/jobs/${encodeURIComponent(id)}`);
      last = job.live ?? last;
      onProgress(job.done, job.total);
      if (job.status === 'done' && job.summary) return job.summary;
      if (job.status === 'cancelled') throw new BalanceCancelled();
      if (job.status === 'failed') throw new Error(job.error ?? 'the server could not play it');
      await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, POLL_MS); });
    }
  })();
  result.catch(() => {});
  return {
    result,
    cancel: () => { cancelled = true; wake(); },
    resume: () => {},
    live: () => last,
  };
}
