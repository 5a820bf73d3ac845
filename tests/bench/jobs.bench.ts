/**
 * Balance runs as jobs on the club server (issue 40 item 4): games a second of one run (open-field, the simple policy,
 * JOBS_BENCH_GAMES games, default 2,000, a fixed number) from its start to its result, through the real server:
 * on PGlite played by the server's own thread; on PostgreSQL (TEST_DATABASE_URL, a database of its own) by one
 * `nevsky worker` process and by three (one thread each). `npm run bench -- jobs` (also in `npm run bench -- server`).
 */
import { templateScenario } from '../../src/scenario';
import { buildServer, migrate, openPglite, openPostgres, type Db } from '../../src/server';
import { freshDatabase, makeClub, signUp, type Client } from '../server/helpers';
import { startWorkerProcess, type WorkerProcess } from '../server/jobs-db';
import type { BenchRow, BenchSection } from './harness';

const GAMES = Number(process.env.JOBS_BENCH_GAMES ?? 2000);

async function withServer<T>(db: Db, fn: (olga: Client) => Promise<T>): Promise<T> {
  await migrate(db);
  const club = await makeClub(db, 'Bench club');
  const { app } = await buildServer({ db, version: 'bench', loginPerMinute: 1000 });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const olga = await signUp({ db, app, url, close: async () => {} }, club.inviteToken, 'olga');
    return await fn(olga);
  } finally {
    await app.close();
  }
}

/** Games a second of one run, from the request that starts it to the poll that sees its result. */
async function gamesPerSecond(olga: Client, seed: number): Promise<number> {
  const t0 = performance.now();
  const started = await olga.call('POST', '/api/jobs/balance', { scenario: templateScenario('open-field')!, games: GAMES, policy: 'simple', seed, fixed: true });
  if (started.status !== 201) throw new Error(`start: ${started.status} ${JSON.stringify(started.json)}`);
  for (;;) {
    const r = await olga.call('GET', `/api/jobs/${String(started.json.id)}`);
    if (r.json.status === 'done') return GAMES / ((performance.now() - t0) / 1000);
    if (r.json.status !== 'running') throw new Error(`the run ${String(r.json.status)}`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

export const section: BenchSection = {
  name: 'Balance jobs on the club server (issue 40)',
  async run() {
    const rows: BenchRow[] = [];
    const pglite = await openPglite();
    try {
      await withServer(pglite, async (olga) => {
        await gamesPerSecond(olga, 99); // warm: the worker thread's bundle and first games
        rows.push({ label: 'pglite: the server\'s own thread', value: await gamesPerSecond(olga, 1), unit: 'games/s', note: `${GAMES} simple games of open-field, start to result` });
      });
    } finally {
      await pglite.close();
    }
    if (!process.env.TEST_DATABASE_URL) {
      rows.push({ label: 'postgres: worker processes', value: 0, unit: 'games/s', note: 'skipped: set TEST_DATABASE_URL to a PostgreSQL' });
      return rows;
    }
    const fresh = await freshDatabase();
    const db = await openPostgres(fresh.url);
    const workers: WorkerProcess[] = [];
    try {
      await withServer(db, async (olga) => {
        for (const count of [1, 3]) {
          while (workers.length < count) workers.push(startWorkerProcess(fresh.url, 1));
          await Promise.all(workers.map((w) => w.ready));
          await gamesPerSecond(olga, 100 + count); // warm
          rows.push({ label: `postgres: ${count} worker process${count === 1 ? '' : 'es'}, 1 thread each`, value: await gamesPerSecond(olga, count), unit: 'games/s', note: `${GAMES} simple games of open-field, start to result` });
        }
      });
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
      await db.close();
      await fresh.drop();
    }
    return rows;
  },
};
