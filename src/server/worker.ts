/**
 * The balance jobs' queue on PostgreSQL (pg-boss) and `nevsky worker`, the process that takes its chunks. The server
 * puts a job's chunks on the queue in the transaction that makes the job (a job is never made without its chunks
 * queued, nor queued without being made). A worker takes one chunk per thread, plays it on a worker thread, writes its
 * games with recordChunk (once: a chunk's result is keyed by job and chunk index) and only then completes the queue's
 * job. While it plays, pg-boss refreshes the chunk's heartbeat; a worker that dies stops refreshing it, and once the
 * heartbeat is stale pg-boss hands the chunk to another worker.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { PgBoss, type Job } from 'pg-boss';
import { nodeSpawner } from '../workers/balance-pool';
import { chunkWanted, jobToPlay, recordChunk } from './balance-jobs';
import type { Db, Query } from './db';
import { ChunkAborted, ChunkPlayer, defaultThreads } from './job-runner';
import { migrate } from './migrations';

export const CHUNK_QUEUE = 'nevsky-balance-chunks';

export interface ChunkMessage { job: string; chunk: number }

/** How fast a dead worker's chunk is handed out again: the heartbeat's period and how often stale ones are looked for. */
export interface QueueTiming { heartbeatSeconds: number; superviseSeconds: number }
export const QUEUE_TIMING: QueueTiming = { heartbeatSeconds: 10, superviseSeconds: 5 };

/** A pg-boss on the PostgreSQL at `url`, started, with the chunk queue made. */
export async function openQueue(url: string, options: { supervise: boolean; timing?: QueueTiming; max?: number }): Promise<PgBoss> {
  const timing = options.timing ?? QUEUE_TIMING;
  const boss = new PgBoss({
    connectionString: url, max: options.max ?? 4, supervise: options.supervise, schedule: false,
    superviseIntervalSeconds: timing.superviseSeconds, monitorIntervalSeconds: timing.superviseSeconds,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(CHUNK_QUEUE, {
    heartbeatSeconds: timing.heartbeatSeconds,
    // A chunk is a few seconds of games; an hour means a stuck one, not a slow one.
    expireInSeconds: 3600,
    // A chunk handed out again after its worker died is a retry: many are allowed, a machine may restart often.
    retryLimit: 1000, retryDelay: 1,
    deleteAfterSeconds: 86400,
  });
  return boss;
}

/** The queue's id of a job's chunk: made from the job and chunk index, so the server can take a job's chunks back. */
export function chunkQueueId(job: string, chunk: number): string {
  const h = createHash('sha256').update(`${job}:${chunk}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Queue a job's chunks in the caller's transaction `q` (the one that made the job). */
export async function queueChunks(boss: PgBoss, q: Query, job: string, chunks: number): Promise<void> {
  const db = { executeSql: async (text: string, values?: unknown[]) => ({ rows: await q(text, values) }) };
  const jobs = Array.from({ length: chunks }, (_, chunk) => ({ id: chunkQueueId(job, chunk), data: { job, chunk } satisfies ChunkMessage }));
  for (let i = 0; i < jobs.length; i += 500) await boss.insert(CHUNK_QUEUE, jobs.slice(i, i + 500), { db });
}

/**
 * Take a finished job's chunks off the queue (cancelled, failed, or stopped at a look before its cap), so no worker
 * spends a poll on them. Those already taken are dropped by their workers, which watch the job's status.
 */
export async function unqueueChunks(boss: PgBoss, job: string, chunks: number): Promise<void> {
  const ids = Array.from({ length: chunks }, (_, chunk) => chunkQueueId(job, chunk));
  for (let i = 0; i < ids.length; i += 500) await boss.cancel(CHUNK_QUEUE, ids.slice(i, i + 500));
}

export interface WorkerOptions {
  db: Db;
  url: string;
  threads?: number;
  /** How this worker signs the chunks it plays (default: host and process id). */
  name?: string;
  timing?: QueueTiming;
  say?: (line: string) => void;
}

export interface RunningWorker { stop(): Promise<void>; played(): number }

/** Take chunks from the queue until stopped: one per thread at a time. */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const threads = Math.max(1, options.threads ?? defaultThreads());
  const name = options.name ?? `${hostname()}:${process.pid}`;
  await migrate(options.db);
  const player = new ChunkPlayer(nodeSpawner, threads);
  const boss = await openQueue(options.url, { supervise: true, timing: options.timing, max: threads + 3 });
  let played = 0;
  const handle = async (job: Job<ChunkMessage>): Promise<void> => {
    const { job: jobId, chunk } = job.data;
    if (typeof jobId !== 'string' || !Number.isInteger(chunk)) return;
    const wanted = await chunkWanted(options.db, jobId, chunk);
    if (!wanted) return; // played already, or its job was cancelled, finished or removed
    const row = await jobToPlay(options.db, jobId);
    if (!row) return;
    // A cancelled job's chunk under way is dropped: its status is looked at every two seconds while it plays.
    const abort = new AbortController();
    const watch = setInterval(() => {
      void jobToPlay(options.db, jobId).then((j) => { if (j?.status !== 'running') abort.abort(); }, () => undefined);
    }, 2000);
    job.signal.addEventListener('abort', () => abort.abort(), { once: true });
    try {
      const reports = await player.play(row.scenario, { policy: row.settings.policy, seed: row.settings.seed }, wanted.from, wanted.to, abort.signal);
      const { counted, status } = await recordChunk(options.db, jobId, chunk, reports, name);
      if (counted) played += reports.length;
      if (counted && status !== 'running') await unqueueChunks(boss, jobId, row.chunks).catch(() => undefined);
    } catch (err) {
      // Dropped because its job ended: done with. Dropped because this worker stops: back to the queue for another.
      if (err instanceof ChunkAborted && !(await chunkWanted(options.db, jobId, chunk))) return;
      throw err;
    } finally {
      clearInterval(watch);
    }
  };
  await boss.work<ChunkMessage>(CHUNK_QUEUE, { batchSize: 1, localConcurrency: threads, pollingIntervalSeconds: 0.5 }, async ([job]) => { if (job) await handle(job); });
  options.say?.(`nevsky worker ${name}: taking balance chunks with ${threads} thread${threads === 1 ? '' : 's'}`);
  return {
    played: () => played,
    async stop() {
      player.close();
      await boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
    },
  };
}
