/**
 * Balance runs as jobs (issue 40 item 4): the routes. A member starts a run of a scenario (from the club library, or
 * the document the app has open); the server cuts it into seeded chunks (balance-jobs.ts) which its own worker threads
 * play (PGlite), or which `nevsky worker` processes take from a pg-boss queue (PostgreSQL). The app and
 * `nevsky balance --server` poll a job for its progress and estimate so far, and may cancel it.
 *   POST /api/jobs/balance  { entry | scenario, games, policy, seed, fixed? } -> 201 { id, chunks }
 *   GET  /api/jobs          -> { jobs: JobView[] }       the club's runs, newest first
 *   GET  /api/jobs/:id      -> JobView                   progress, the estimate so far or the result
 *   POST /api/jobs/:id/cancel -> { ok: true }            the member who started it, or an organiser
 * A job of another club is never told apart from none (404).
 */
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { isPlayable, POLICY_NAMES, validateScenario, type Scenario } from '../rules';
import { migrateDocument, SETTING_LIMITS } from '../scenario';
import { HttpError } from './errors';
import { cancelJob, insertJob, jobOf, jobsOf, type JobSettings } from './balance-jobs';
import type { Db } from './db';
import { ChunkPlayer, defaultThreads, LocalRunner } from './job-runner';
import type { Live } from './live';

/** Running jobs a club may have at once: more wait for one to end (a 429), so one club cannot fill the machines. */
export const RUNNING_PER_CLUB = 4;

const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } } as const;

interface StartBody { entry?: string; scenario?: unknown; games: number; policy: JobSettings['policy']; seed?: number; fixed?: boolean }

/** The scenario of a request, readable and playable, or a 422 saying why not. */
function playable(doc: unknown): Scenario {
  const value = migrateDocument(doc);
  const diagnostics = validateScenario(value);
  if (!isPlayable(diagnostics)) {
    const first = diagnostics.find((d) => d.severity === 'error');
    throw new HttpError(422, `The scenario cannot be played: ${first?.message ?? 'it has errors'}`);
  }
  return value as Scenario;
}

export async function jobRoutes(club: FastifyInstance, db: Db, _live: Live): Promise<void> {
  // PGlite: the server's own worker threads play every job, picking up at start what a stopped server left.
  // PostgreSQL: `nevsky worker` processes play them; the server only queues chunks (the queue opened at the first run).
  const runner = db.kind === 'pglite' ? new LocalRunner(db, new ChunkPlayer(async () => (await import('../workers/balance-pool')).nodeSpawner(), defaultThreads())) : null;
  let queue: Promise<PgBoss> | null = null;
  const openQueue = () => (queue ??= import('./worker').then((w) => w.openQueue(db.url!, { supervise: false })));
  runner?.kick();
  club.addHook('onClose', async () => {
    await runner?.close();
    if (queue) await (await queue.catch(() => null))?.stop({ graceful: false, close: true }).catch(() => undefined);
  });

  club.post<{ Body: StartBody }>('/api/jobs/balance', {
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['games', 'policy'],
        properties: {
          entry: { type: 'string', minLength: 1, maxLength: 40 }, scenario: { type: 'object' },
          games: { type: 'integer', minimum: SETTING_LIMITS.balanceGames.min, maximum: SETTING_LIMITS.balanceGames.max },
          policy: { enum: [...POLICY_NAMES] }, seed: { type: 'integer', minimum: SETTING_LIMITS.seed.min, maximum: SETTING_LIMITS.seed.max },
          fixed: { type: 'boolean' },
        },
      },
    },
  }, async (req, reply) => {
    const m = req.member!;
    const body = req.body;
    if ((body.entry === undefined) === (body.scenario === undefined)) throw new HttpError(400, 'Name the scenario: a library entry ("entry") or the document itself ("scenario"), one of the two.');
    let doc: unknown = body.scenario;
    if (body.entry !== undefined) {
      const [e] = await db.query<{ doc: unknown }>(
        `select v.doc from entries e join versions v on v.entry_id = e.id and v.revision = e.revision where e.id = $1 and e.club_id = $2 and e.kind = 'scenario'`, [body.entry, m.club_id]);
      if (!e) throw new HttpError(404, 'No such scenario in your club\'s library.');
      doc = e.doc;
    }
    const scenario = playable(doc);
    const settings: JobSettings = { games: body.games, policy: body.policy, seed: body.seed ?? 1, ...(body.fixed ? { fixed: true } : {}) };
    const boss = runner ? null : await openQueue();
    const made = await db.tx(async (q) => {
      // The club's row lock orders its starts, so two at once cannot both slip under the limit.
      await q('select id from clubs where id = $1 for update', [m.club_id]);
      const [{ n } = { n: 0 }] = await q<{ n: number }>(`select count(*)::int as n from balance_jobs where club_id = $1 and status = 'running'`, [m.club_id]);
      if (n >= RUNNING_PER_CLUB) throw new HttpError(429, `Your club has ${n} balance runs under way: wait for one to end, or cancel one.`);
      const job = await insertJob(q, { clubId: m.club_id, memberId: m.id, title: (scenario.meta?.title ?? 'Untitled').slice(0, 200), scenario, settings });
      if (boss) await (await import('./worker')).queueChunks(boss, q, job.id, job.chunks);
      return job;
    });
    runner?.kick();
    return reply.code(201).send(made);
  });

  club.get('/api/jobs', async (req) => ({ jobs: await jobsOf(db, req.member!.club_id) }));

  club.get<{ Params: { id: string } }>('/api/jobs/:id', { schema: { params: idParams } }, async (req) => {
    const job = await jobOf(db, req.member!.club_id, req.params.id);
    if (!job) throw new HttpError(404, 'No such balance run in your club.');
    return job;
  });

  club.post<{ Params: { id: string } }>('/api/jobs/:id/cancel', { schema: { params: idParams } }, async (req) => {
    const m = req.member!;
    const [job] = await db.query<{ created_by: string; status: string; chunks: number }>('select created_by, status, chunks from balance_jobs where id = $1 and club_id = $2', [req.params.id, m.club_id]);
    if (!job) throw new HttpError(404, 'No such balance run in your club.');
    if (job.created_by !== m.id && m.role !== 'organiser') throw new HttpError(403, 'Only the member who started a run, or an organiser, may cancel it.');
    if (!(await cancelJob(db, req.params.id))) throw new HttpError(409, `The run has ${job.status === 'running' ? 'just ended' : `already ${job.status === 'done' ? 'finished' : job.status}`}.`);
    runner?.cancelled(req.params.id);
    if (!runner) await (await import('./worker')).unqueueChunks(await openQueue(), req.params.id, job.chunks);
    return { ok: true };
  });
}
