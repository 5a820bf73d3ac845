/**
 * Issue 40 item 4 on PostgreSQL (when TEST_DATABASE_URL is set, as .ci/run sets it): `nevsky worker` processes take a
 * balance run's chunks from the queue. One worker process and two give the same numbers as the app's own client for
 * the same scenario, policy and seed; a worker killed mid-run has its chunk played again by the other; no chunk is
 * counted twice.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BalanceSummary } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { buildServer, migrate, openPostgres, type Db } from '../../src/server';
import { balanceApi } from '../../src/workers/balance-api';
import { startBalance, type BalanceSettings, type WorkerHandle } from '../../src/workers/balance-client';
import { Client, makeClub, signUp } from './helpers';
import { freshDatabase } from './helpers';
import { startWorkerProcess, type WorkerProcess } from './jobs-db';

const scenario = () => templateScenario('open-field')!;

function reference(settings: BalanceSettings): Promise<BalanceSummary> {
  const spawnOne = (): WorkerHandle => ({ api: balanceApi, callback: (fn) => fn, terminate: () => {} });
  return startBalance(scenario(), settings, spawnOne, 2).result;
}

async function until<T>(what: () => Promise<T>, ok: (x: T) => boolean, ms = 240_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const x = await what();
    if (ok(x)) return x;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(x).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('nevsky worker processes on one PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let close: () => Promise<void> = async () => {};
  let olga: Client;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase();
    db = await openPostgres(fresh.url);
    await migrate(db);
    const club = await makeClub(db, 'Club');
    const { app } = await buildServer({ db, version: 'test', loginPerMinute: 1000 });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => { await app.close(); await db.close(); };
    olga = await signUp({ db, app, url, close }, club.inviteToken, 'olga');
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await close();
    await fresh?.drop();
  });

  const run = async (settings: BalanceSettings) => {
    const started = await olga.call('POST', '/api/jobs/balance', { scenario: scenario(), ...settings });
    expect(started.status).toBe(201);
    return String(started.json.id);
  };
  const finished = (id: string) => until(() => olga.call('GET', `/api/jobs/${id}`), (r) => r.json.status !== 'running');
  const playedBy = async (id: string) => (await db.query<{ played_by: string; n: number }>(
    'select played_by, count(*)::int as n from balance_chunks where job_id = $1 and result is not null group by played_by', [id])).map((r) => r.played_by);

  const settings: BalanceSettings = { games: 600, policy: 'simple', seed: 9, fixed: true };

  test('one worker process and two give the same numbers, the app\'s own; two share the chunks', async () => {
    const expected = await reference(settings);
    const one = startWorkerProcess(fresh.url);
    workers.push(one);
    await one.ready;
    const alone = await finished(await run(settings));
    expect(alone.json.status).toBe('done');
    expect(alone.json.summary).toEqual(expected);

    const two = startWorkerProcess(fresh.url);
    workers.push(two);
    await two.ready;
    const id = await run(settings);
    const together = await finished(id);
    expect(together.json.status).toBe('done');
    expect(together.json.summary).toEqual(expected);
    expect(together.json.done).toBe(settings.games);
    // Both processes played some of it.
    const by = await playedBy(id);
    expect(by.some((n) => n.endsWith(one.name))).toBe(true);
    expect(by.some((n) => n.endsWith(two.name))).toBe(true);
  }, 600_000);

  test('a worker killed mid-run has its chunk played again by the other, and nothing is counted twice', async () => {
    const expected = await reference({ ...settings, seed: 10 });
    const [one, two] = workers;
    // The second is paused while the run starts, so the chunk under way when the first is killed is the first's.
    two!.child.kill('SIGSTOP');
    const id = await run({ ...settings, seed: 10 });
    const active = async () => (await db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'nevsky-balance-chunks' and state = 'active' and data->>'job' = $1`, [id]))[0]!.n;
    // Kill the first once it has played a chunk of this run and holds its next one.
    await until(async () => ({ by: await playedBy(id), held: await active() }), (r) => r.by.some((n) => n.endsWith(one!.name)) && r.held > 0, 240_000);
    one!.child.kill('SIGKILL');
    await one!.exited;
    two!.child.kill('SIGCONT');
    const done = await finished(id);
    expect(done.json.status).toBe('done');
    expect(done.json.summary).toEqual(expected);
    expect(done.json.done).toBe(settings.games);
    // The chunk the killed worker held was handed out again (a retry on the queue), and the other played it.
    const [{ retried } = { retried: 0 }] = await db.query<{ retried: number }>(
      `select count(*)::int as retried from pgboss.job where name = 'nevsky-balance-chunks' and retry_count > 0 and data->>'job' = $1`, [id]);
    expect(retried).toBeGreaterThan(0);
    expect((await playedBy(id)).some((n) => n.endsWith(two!.name))).toBe(true);
  }, 600_000);
});
