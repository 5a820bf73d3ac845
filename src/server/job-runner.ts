/**
 * Who plays a balance job's chunks. Every player keeps a few Node worker threads (the CLI's own balance worker, so
 * the games are the ones `nevsky balance` plays) and writes each chunk's games with recordChunk, once.
 * - LocalRunner, the server's own (PGlite, or any database when no queue is wanted): it takes the open chunks of the
 *   running jobs from the database, so a restart picks up where the last process stopped (the chunks in flight are
 *   played again, the ones written are kept).
 * - The queue (PostgreSQL): the server puts every chunk on a pg-boss queue in the same transaction that makes the job,
 *   and `nevsky worker` processes on any machine take them (src/server/worker.ts).
 */
import { availableParallelism } from 'node:os';
import type { BalanceOptions, Scenario } from '../rules';
import type { GameReport, WorkerHandle } from '../workers/balance-client';
import { spareCores } from '../workers/balance-defaults';
import { failJob, jobToPlay, openChunks, recordChunk, type JobRow } from './balance-jobs';
import type { Db } from './db';

export class ChunkAborted extends Error {
  constructor() { super('the chunk was abandoned'); }
}

/** A pool of worker threads that play chunks of games; a thread that fails is replaced. */
export class ChunkPlayer {
  private readonly idle: WorkerHandle[] = [];
  private readonly waiting: Array<(h: WorkerHandle) => void> = [];
  private made = 0;
  private closed = false;
  private readonly busy = new Set<WorkerHandle>();

  constructor(private readonly spawn: () => Promise<() => WorkerHandle>, readonly threads: number) {}

  /** Each thread's one failure listener reaches the chunk it plays at the time. */
  private readonly failed = new WeakMap<WorkerHandle, (reason: string) => void>();

  private async take(): Promise<WorkerHandle> {
    const h = this.idle.pop();
    if (h) return h;
    if (this.made < this.threads) {
      this.made++;
      const made = (await this.spawn())();
      made.onFailure?.((reason) => this.failed.get(made)?.(reason));
      return made;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(h: WorkerHandle): void {
    const next = this.waiting.shift();
    if (next) next(h); else this.idle.push(h);
  }

  /** Games [from, to) of `scenario`; rejects with ChunkAborted when `signal` aborts (the thread is then stopped). */
  async play(scenario: Scenario, options: BalanceOptions, from: number, to: number, signal?: AbortSignal): Promise<GameReport[]> {
    if (this.closed) throw new ChunkAborted();
    const h = await this.take();
    this.busy.add(h);
    const reports: GameReport[] = [];
    let broken = false;
    try {
      return await new Promise<GameReport[]>((resolve, reject) => {
        const abort = () => { broken = true; reject(new ChunkAborted()); };
        if (signal?.aborted) { abort(); return; }
        signal?.addEventListener('abort', abort, { once: true });
        this.failed.set(h, (reason) => { broken = true; reject(new Error(`a worker thread failed: ${reason}`)); });
        h.api.play(scenario, from, to, options, h.callback((r: GameReport) => { reports.push(r); }))
          .then(() => resolve(reports), (err: unknown) => { broken = true; reject(err instanceof Error ? err : new Error(String(err))); })
          .finally(() => signal?.removeEventListener('abort', abort));
      });
    } finally {
      this.failed.delete(h);
      this.busy.delete(h);
      if (broken || this.closed) {
        // A thread that failed or was stopped mid-chunk is not used again: a fresh one takes its place.
        h.terminate();
        this.made--;
        if (!this.closed && this.waiting.length) void this.take().then((n) => this.give(n));
      } else {
        this.give(h);
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const h of [...this.idle, ...this.busy]) h.terminate();
    this.idle.length = 0;
  }
}

/** How many threads a server or worker uses by default: the machine's spare cores. */
export function defaultThreads(): number {
  return spareCores(availableParallelism());
}

/** How many times a chunk that fails (not one abandoned) is tried before its job is failed. */
const TRIES = 3;

/** The server's in-process runner: plays the open chunks of running jobs over its threads, oldest job first. */
export class LocalRunner {
  private lanes = 0;
  private closed = false;
  private readonly claimed = new Set<string>();
  private readonly aborts = new Map<string, Set<AbortController>>();
  private readonly failures = new Map<string, number>();
  private readonly jobs = new Map<string, Promise<JobRow | null>>();
  private idle: Promise<void> = Promise.resolve();
  private settleIdle: () => void = () => {};

  constructor(private readonly db: Db, private readonly player: ChunkPlayer, private readonly name = 'server') {}

  /** Start playing (at start, after a restart, and whenever a job is made). */
  kick(): void {
    if (this.closed) return;
    if (this.lanes === 0) this.idle = new Promise((resolve) => { this.settleIdle = resolve; });
    while (this.lanes < this.player.threads) {
      this.lanes++;
      void this.lane().finally(() => { if (--this.lanes === 0) this.settleIdle(); });
    }
  }

  /** Resolves once no lane is playing (for tests and shutdown). */
  whenIdle(): Promise<void> { return this.lanes === 0 ? Promise.resolve() : this.idle; }

  /** A job was cancelled: its chunks under way are abandoned at once. */
  cancelled(jobId: string): void {
    for (const a of this.aborts.get(jobId) ?? []) a.abort();
  }

  private job(id: string): Promise<JobRow | null> {
    let j = this.jobs.get(id);
    if (!j) this.jobs.set(id, (j = jobToPlay(this.db, id)));
    return j;
  }

  private async lane(): Promise<void> {
    while (!this.closed) {
      const chunk = (await openChunks(this.db, this.claimed.size + this.player.threads)).find((c) => !this.claimed.has(`${c.job_id}:${c.idx}`));
      if (!chunk) return;
      const key = `${chunk.job_id}:${chunk.idx}`;
      this.claimed.add(key);
      const abort = new AbortController();
      let set = this.aborts.get(chunk.job_id);
      if (!set) this.aborts.set(chunk.job_id, (set = new Set()));
      set.add(abort);
      try {
        const job = await this.job(chunk.job_id);
        if (!job) continue;
        const reports = await this.player.play(job.scenario, { policy: job.settings.policy, seed: job.settings.seed }, chunk.from_game, chunk.to_game, abort.signal);
        const { status } = await recordChunk(this.db, chunk.job_id, chunk.idx, reports, this.name);
        if (status !== 'running') { this.cancelled(chunk.job_id); this.jobs.delete(chunk.job_id); }
      } catch (err) {
        if (err instanceof ChunkAborted || this.closed) continue;
        const tries = (this.failures.get(key) ?? 0) + 1;
        this.failures.set(key, tries);
        if (tries >= TRIES) await failJob(this.db, chunk.job_id, `games ${chunk.from_game} to ${chunk.to_game - 1} could not be played: ${(err as Error).message}`).catch(() => undefined);
      } finally {
        set.delete(abort);
        if (!set.size) this.aborts.delete(chunk.job_id);
        this.claimed.delete(key);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.aborts.values()) for (const a of set) a.abort();
    this.player.close();
    await this.whenIdle();
  }
}
