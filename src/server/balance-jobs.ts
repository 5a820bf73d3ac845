/**
 * Balance runs as jobs (issue 40 item 4), the part every player of a job shares: the server's in-process runner (PGlite)
 * and `nevsky worker` processes (PostgreSQL). A job is a scenario, a policy, a seed and a number of games, cut into
 * seeded chunks of game indices whose size depends on the settings only (never on the workers). Game i's dice come
 * from (seed, i), so whoever plays a chunk plays the same games. A chunk's result is written once, keyed by job and chunk
 * index: a chunk played twice (a worker that died after playing it, a queue that handed it out again) is never counted
 * twice. The job is judged as the app's own client judges a run (startBalance): its games in index order, looked at
 * only at the counts of its plan, once every game below a look is in; so the result is the same on 1 or 8 workers on
 * 1 or 3 machines.
 */
import {
  decideLook, emptyHeat, mergeHeat, sideName, summarizeBalance,
  type BalanceGame, type BalanceSummary, type HeatMap, type PolicyName, type Scenario,
} from '../rules';
import { withTurnCapNote } from '../ai/balance';
import { planOf, type BalanceSettings, type GameReport } from '../workers/balance-client';
import type { Db, Query } from './db';
import { newId } from './auth';

export interface JobSettings { games: number; policy: PolicyName; seed: number; fixed?: boolean }

export type JobStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** The games of one chunk: small enough that a lost chunk costs little, large enough that handing it out is cheap. */
export function jobChunkSize(settings: JobSettings): number {
  const most = settings.policy === 'search' ? 4 : 50;
  // A sequential run's first look comes soon: at least two chunks before it, so it can stop there.
  const first = planOf(settings).looks[0]!;
  return Math.max(1, Math.min(most, Math.ceil(first / 2)));
}

/** Make a job and its chunks in the caller's transaction; its id and chunk count. */
export async function insertJob(q: Query, job: { clubId: string; memberId: string; title: string; scenario: Scenario; settings: JobSettings }): Promise<{ id: string; chunks: number }> {
  const id = newId();
  const size = jobChunkSize(job.settings);
  const chunks = Math.ceil(job.settings.games / size);
  const settings: JobSettings = { games: job.settings.games, policy: job.settings.policy, seed: job.settings.seed, ...(job.settings.fixed ? { fixed: true } : {}) };
  await q(
    `insert into balance_jobs (id, club_id, created_by, title, scenario, settings, chunk_size, chunks, status) values ($1, $2, $3, $4, $5, $6, $7, $8, 'running')`,
    [id, job.clubId, job.memberId, job.title, JSON.stringify(job.scenario), JSON.stringify(settings), size, chunks],
  );
  // One statement for every chunk (a 10,000-game run has a few hundred).
  await q(
    `insert into balance_chunks (job_id, idx, from_game, to_game)
     select $1, i, i * $2::int, least((i + 1) * $2::int, $3::int) from generate_series(0, $4::int - 1) as i`,
    [id, size, job.settings.games, chunks],
  );
  return { id, chunks };
}

export interface JobRow { id: string; club_id: string; status: JobStatus; scenario: Scenario; settings: JobSettings; chunks: number }

/** A job's scenario and settings, for whoever plays its chunks (null when there is no such job). */
export async function jobToPlay(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>('select id, club_id, status, scenario, settings, chunks from balance_jobs where id = $1', [id]);
  return row ?? null;
}

/** Chunks of running jobs not yet played, oldest job first (for the in-process runner). */
export async function openChunks(db: Db, limit = 64): Promise<Array<{ job_id: string; idx: number; from_game: number; to_game: number }>> {
  return db.query(
    `select c.job_id, c.idx, c.from_game, c.to_game from balance_chunks c join balance_jobs j on j.id = c.job_id
     where j.status = 'running' and c.result is null order by j.created_at, j.id, c.idx limit $1`, [limit]);
}

/** Whether a chunk still needs playing (its job runs and no result is in). */
export async function chunkWanted(db: Db, jobId: string, idx: number): Promise<{ from: number; to: number } | null> {
  const [c] = await db.query<{ from_game: number; to_game: number }>(
    `select c.from_game, c.to_game from balance_chunks c join balance_jobs j on j.id = c.job_id
     where c.job_id = $1 and c.idx = $2 and j.status = 'running' and c.result is null`, [jobId, idx]);
  return c ? { from: c.from_game, to: c.to_game } : null;
}

/** The games of reports in the shape kept (each game with its own heat map, so a look can count games below it). */
function checkReports(reports: GameReport[], from: number, to: number): void {
  if (reports.length !== to - from) throw new Error(`a chunk of games ${from} to ${to - 1} came back with ${reports.length} games`);
  const seen = new Set(reports.map((r) => r.game.index));
  for (let i = from; i < to; i++) if (!seen.has(i)) throw new Error(`a chunk of games ${from} to ${to - 1} came back without game ${i}`);
}

/**
 * Keep a chunk's games (once: a second result for the same job and chunk changes nothing) and judge the job at every
 * look whose games are now all in. Returns whether this result was counted and the job's status after it.
 */
export async function recordChunk(db: Db, jobId: string, idx: number, reports: GameReport[], by: string): Promise<{ counted: boolean; status: JobStatus | null }> {
  return db.tx(async (q) => {
    // One result at a time per job: the row lock orders the chunks' results and the looks.
    const [job] = await q<JobRow & { next_look: number }>('select id, status, scenario, settings, chunks, next_look from balance_jobs where id = $1 for update', [jobId]);
    if (!job) return { counted: false, status: null };
    if (job.status !== 'running') return { counted: false, status: job.status };
    const [chunk] = await q<{ from_game: number; to_game: number }>('select from_game, to_game from balance_chunks where job_id = $1 and idx = $2 and result is null', [jobId, idx]);
    if (!chunk) return { counted: false, status: job.status };
    checkReports(reports, chunk.from_game, chunk.to_game);
    const sorted = [...reports].sort((a, b) => a.game.index - b.game.index);
    await q('update balance_chunks set result = $3, done_at = now(), played_by = $4 where job_id = $1 and idx = $2', [jobId, idx, JSON.stringify(sorted), by.slice(0, 200)]);
    return { counted: true, status: await judge(q, job) };
  });
}

/** Take the looks whose games are all in, in order; finish the job at the first that settles it (or the last). */
async function judge(q: Query, job: JobRow & { next_look: number }): Promise<JobStatus> {
  const settings = job.settings as BalanceSettings;
  const plan = planOf(settings);
  const done = await q<{ from_game: number; to_game: number; has: boolean }>('select from_game, to_game, result is not null as has from balance_chunks where job_id = $1 order by idx', [job.id]);
  let ready = 0;
  for (const c of done) { if (!c.has) break; ready = c.to_game; }
  let look = job.next_look;
  if (look >= plan.looks.length || ready < plan.looks[look]!) return 'running';
  const reports = (await q<{ result: GameReport[] }>('select result from balance_chunks where job_id = $1 and from_game < $2 order by idx', [job.id, ready])).flatMap((r) => r.result);
  while (look < plan.looks.length && ready >= plan.looks[look]!) {
    const n = plan.looks[look]!;
    const summary = summarise(job.scenario, settings, reports.filter((r) => r.game.index < n), plan.z);
    const reason = decideLook(plan, look, summary);
    look++;
    if (reason === null) continue;
    const final: BalanceSummary = settings.fixed ? summary : { ...summary, stop: { reason, look, looks: plan.looks.length, cap: settings.games } };
    await q(`update balance_jobs set status = 'done', next_look = $2, summary = $3, finished_at = now() where id = $1`, [job.id, look, JSON.stringify(final)]);
    return 'done';
  }
  await q('update balance_jobs set next_look = $2 where id = $1', [job.id, look]);
  return 'running';
}

/** The estimate of these games (in index order), as startBalance makes it. */
function summarise(scenario: Scenario, settings: BalanceSettings, reports: GameReport[], z?: number): BalanceSummary {
  const sides = scenario.sides.map((s) => ({ id: s.id, name: sideName(s) }));
  const heat: HeatMap = emptyHeat();
  const games: BalanceGame[] = [];
  for (const r of [...reports].sort((a, b) => a.game.index - b.game.index)) { games.push(r.game); mergeHeat(heat, r.heat); }
  return withTurnCapNote(summarizeBalance(sides, games, heat, { policy: settings.policy, ...(z !== undefined ? { z } : {}) }), scenario);
}

export interface JobView {
  id: string; title: string; status: JobStatus; settings: JobSettings; createdBy: string; createdAt: string; finishedAt: string | null;
  /** Games played so far and the most the run may play. */
  done: number; total: number;
  /** The estimate when done; while it runs, the estimate over the games in so far (plain 95% intervals), or null. */
  summary: BalanceSummary | null; live: BalanceSummary | null; error: string | null;
}

interface ViewRow { id: string; title: string; status: JobStatus; settings: JobSettings; created_by: string; created_at: Date; finished_at: Date | null; summary: BalanceSummary | null; error: string | null; done: number }

const VIEW_SQL = `select j.id, j.title, j.status, j.settings, m.name as created_by, j.created_at, j.finished_at, j.summary, j.error,
  coalesce((select sum(c.to_game - c.from_game) from balance_chunks c where c.job_id = j.id and c.result is not null), 0)::int as done
  from balance_jobs j join members m on m.id = j.created_by`;

function view(row: ViewRow, live: BalanceSummary | null): JobView {
  return {
    id: row.id, title: row.title, status: row.status, settings: row.settings, createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(), finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    done: row.done, total: row.settings.games, summary: row.summary, live, error: row.error,
  };
}

/**
 * The estimate so far of each running job, made again at most every LIVE_MS (it reads every game in so far): many
 * members polling a long run cost the server one summary a second, not one a poll.
 */
const liveCache = new Map<string, { at: number; done: number; live: BalanceSummary | null }>();
const LIVE_MS = 1000;

/** A job of the club, with the estimate so far while it runs (null when the club has no such job). */
export async function jobOf(db: Db, clubId: string, id: string): Promise<JobView | null> {
  const [row] = await db.query<ViewRow>(`${VIEW_SQL} where j.id = $1 and j.club_id = $2`, [id, clubId]);
  if (!row) return null;
  let live: BalanceSummary | null = null;
  const cached = liveCache.get(id);
  if (row.status === 'running' && cached && (cached.done === row.done || Date.now() - cached.at < LIVE_MS)) {
    live = cached.live;
  } else if (row.status === 'running' && row.done > 0) {
    const [{ scenario } = { scenario: null }] = await db.query<{ scenario: Scenario }>('select scenario from balance_jobs where id = $1', [id]);
    const reports = (await db.query<{ result: GameReport[] }>('select result from balance_chunks where job_id = $1 and result is not null', [id])).flatMap((r) => r.result);
    if (scenario) live = summarise(scenario, row.settings as BalanceSettings, reports.map((r) => ({ game: r.game, heat: emptyHeat() })));
    liveCache.set(id, { at: Date.now(), done: row.done, live });
  }
  if (row.status !== 'running') liveCache.delete(id);
  return view(row, live);
}

/** The club's jobs, newest first (without the estimates so far). */
export async function jobsOf(db: Db, clubId: string, limit = 50): Promise<JobView[]> {
  return (await db.query<ViewRow>(`${VIEW_SQL} where j.club_id = $1 order by j.created_at desc limit $2`, [clubId, limit])).map((r) => view(r, null));
}

/** Stop a running job: its chunks not yet played are never played (those under way are dropped). */
export async function cancelJob(db: Db, id: string): Promise<boolean> {
  const rows = await db.query(`update balance_jobs set status = 'cancelled', finished_at = now() where id = $1 and status = 'running' returning id`, [id]);
  return rows.length > 0;
}

/** A job that cannot go on (its scenario no longer plays): failed with the reason, so nobody waits for it. */
export async function failJob(db: Db, id: string, reason: string): Promise<void> {
  await db.query(`update balance_jobs set status = 'failed', error = $2, finished_at = now() where id = $1 and status = 'running'`, [id, reason.slice(0, 500)]);
}
