/**
 * Issue 40 item 4, balance runs as jobs, against the real server on every backend (PGlite: the server's own worker
 * threads; PostgreSQL when TEST_DATABASE_URL is set: a `nevsky worker` in this process takes the queue's chunks): who
 * may call each route, hostile bodies (a 4xx, never a 500), a run's result equal to the app's own client's for the same
 * scenario, policy and seed, Cancel, a chunk's result counted once, and a restart that loses nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BalanceSummary, Scenario } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { buildServer, migrate, openPglite } from '../../src/server';
import { insertJob, jobOf, recordChunk } from '../../src/server/balance-jobs';
import type { RunningWorker } from '../../src/server/worker';
import { balanceApi } from '../../src/workers/balance-api';
import { startBalance, type BalanceSettings, type GameReport, type WorkerHandle } from '../../src/workers/balance-client';
import { Client, invite, makeClub, signUp, startServer, type TestServer } from './helpers';
import { JOB_BACKENDS } from './jobs-db';

const scenario = () => templateScenario('open-field')!;

/** The app's own client on plain in-process workers: the reference a job must equal. */
function reference(s: Scenario, settings: BalanceSettings, workers = 3): Promise<BalanceSummary> {
  const spawn = (): WorkerHandle => ({ api: balanceApi, callback: (fn) => fn, terminate: () => {} });
  return startBalance(s, settings, spawn, workers).result;
}

async function until<T>(what: () => Promise<T>, ok: (x: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const x = await what();
    if (ok(x)) return x;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(x).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(JOB_BACKENDS)('balance jobs on $name', (backend) => {
  let server: TestServer;
  let worker: RunningWorker | undefined;
  let organiser: Client, member: Client, outsider: Client, anonymous: Client;
  let entryId = '', jobId = '', otherJobId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    if (backend.name === 'postgres') {
      const { startWorker } = await import('../../src/server/worker');
      worker = await startWorker({ db: server.db, url: server.db.url!, threads: 1, name: 'test-worker', timing: { heartbeatSeconds: 10, superviseSeconds: 1 } });
    }
    const club = await makeClub(server.db, 'Novgorod Wargames');
    const other = await makeClub(server.db, 'Pskov Irregulars');
    organiser = await signUp(server, club.inviteToken, 'olga');
    member = await signUp(server, await invite(organiser), 'ivan');
    outsider = await signUp(server, other.inviteToken, 'otto');
    anonymous = new Client(server.url);
    entryId = String((await organiser.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id);
    jobId = String((await organiser.call('POST', '/api/jobs/balance', { entry: entryId, games: 10, policy: 'random', fixed: true })).json.id);
    otherJobId = String((await outsider.call('POST', '/api/jobs/balance', { scenario: scenario(), games: 10, policy: 'random', fixed: true })).json.id);
  }, 120_000);
  afterAll(async () => { await worker?.stop(); await server?.close(); });

  const routes = () => [
    { name: 'start', method: 'POST', path: '/api/jobs/balance', body: { entry: entryId, games: 10, policy: 'random', fixed: true } },
    { name: 'list', method: 'GET', path: '/api/jobs' },
    { name: 'job', method: 'GET', path: `/api/jobs/${jobId}` },
    { name: 'cancel', method: 'POST', path: `/api/jobs/${jobId}/cancel` },
  ];

  test.each([0, 1, 2, 3])('route %i needs a session (401 without one)', async (i) => {
    const r = routes()[i]!;
    const res = await anonymous.call(r.method, r.path, r.body);
    expect(res.status).toBe(401);
  });

  test('another club\'s job and library entry are never reached (404, and not listed)', async () => {
    expect((await outsider.call('GET', `/api/jobs/${jobId}`)).status).toBe(404);
    expect((await outsider.call('POST', `/api/jobs/${jobId}/cancel`)).status).toBe(404);
    expect((await outsider.call('POST', '/api/jobs/balance', { entry: entryId, games: 10, policy: 'random' })).status).toBe(404);
    const listed = (await outsider.call('GET', '/api/jobs')).json.jobs as Array<{ id: string }>;
    expect(listed.map((j) => j.id)).toEqual([otherJobId]);
    expect((await organiser.call('GET', `/api/jobs/${otherJobId}`)).status).toBe(404);
  });

  test('only the member who started a run, or an organiser, may cancel it (403 for another member)', async () => {
    const started = await organiser.call('POST', '/api/jobs/balance', { entry: entryId, games: 100_000, policy: 'simple', fixed: true });
    expect(started.status).toBe(201);
    const id = String(started.json.id);
    expect((await member.call('POST', `/api/jobs/${id}/cancel`)).status).toBe(403);
    expect((await member.call('GET', `/api/jobs/${id}`)).json.status).toBe('running');
    expect((await organiser.call('POST', `/api/jobs/${id}/cancel`)).status).toBe(200);
    expect((await organiser.call('POST', `/api/jobs/${id}/cancel`)).status).toBe(409);
    const mine = String((await member.call('POST', '/api/jobs/balance', { entry: entryId, games: 100_000, policy: 'simple', fixed: true })).json.id);
    expect((await member.call('POST', `/api/jobs/${mine}/cancel`)).status).toBe(200);
  });

  test.each<[string, unknown]>([
    ['no body', undefined],
    ['an empty object', {}],
    ['an array', []],
    ['games as text', { entry: 'x', games: '100', policy: 'random' }],
    ['too few games', { entry: 'x', games: 9, policy: 'random' }],
    ['too many games', { entry: 'x', games: 100_001, policy: 'random' }],
    ['an unknown policy', { entry: 'x', games: 100, policy: 'oracle' }],
    ['a seed out of range', { entry: 'x', games: 100, policy: 'random', seed: 2 ** 53 }],
    ['a fractional seed', { entry: 'x', games: 100, policy: 'random', seed: 1.5 }],
    ['an unknown field', { entry: 'x', games: 100, policy: 'random', priority: 'high' }],
    ['no scenario', { games: 100, policy: 'random' }],
    ['both an entry and a scenario', { entry: 'x', scenario: {}, games: 100, policy: 'random' }],
    ['a scenario that is not one', { scenario: { hello: 'world' }, games: 100, policy: 'random' }],
    ['a scenario as a string', { scenario: 'open-field', games: 100, policy: 'random' }],
    ['a prototype-polluting scenario', { scenario: JSON.parse('{"__proto__": {"admin": true}, "sides": 1}'), games: 100, policy: 'random' }],
    ['an entry that does not exist', { entry: 'nope', games: 100, policy: 'random' }],
  ])('a hostile start (%s) gets a 4xx, never a 500', async (_name, body) => {
    const res = await member.call('POST', '/api/jobs/balance', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test('malformed JSON and odd ids get a 4xx', async () => {
    expect((await member.call('POST', '/api/jobs/balance', undefined, '{"games": 1')).status).toBe(400);
    expect((await member.call('GET', `/api/jobs/${'x'.repeat(41)}`)).status).toBe(400);
    expect((await member.call('GET', '/api/jobs/%27%3B%20drop%20table%20balance_jobs')).status).toBe(404);
  });

  test('a run gives the app\'s own numbers for the same scenario, policy and seed (fixed, and sequential stopping at a look)', async () => {
    for (const settings of [{ games: 60, policy: 'simple' as const, seed: 7, fixed: true }, { games: 400, policy: 'random' as const, seed: 3 }]) {
      const started = await member.call('POST', '/api/jobs/balance', { scenario: scenario(), ...settings });
      expect(started.status).toBe(201);
      const done = await until(() => member.call('GET', `/api/jobs/${String(started.json.id)}`), (r) => r.json.status !== 'running');
      expect(done.json.status).toBe('done');
      expect(done.json.summary).toEqual(await reference(scenario(), settings));
      expect(done.json.done).toBeGreaterThanOrEqual((done.json.summary as BalanceSummary).games);
    }
  }, 180_000);

  test('while it runs a job tells its progress and the estimate so far; Cancel stops it', async () => {
    const id = String((await member.call('POST', '/api/jobs/balance', { entry: entryId, games: 100_000, policy: 'simple', fixed: true })).json.id);
    const seen = await until(() => member.call('GET', `/api/jobs/${id}`), (r) => Number(r.json.done) > 0);
    expect(seen.json).toMatchObject({ status: 'running', total: 100_000 });
    expect((seen.json.live as BalanceSummary).games).toBe(seen.json.done);
    expect((await member.call('POST', `/api/jobs/${id}/cancel`)).status).toBe(200);
    const after = Number((await member.call('GET', `/api/jobs/${id}`)).json.done);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await member.call('GET', `/api/jobs/${id}`);
    expect(later.json.status).toBe('cancelled');
    expect(later.json.summary).toBeNull();
    // At most the chunks under way when it was cancelled came in after it (none: a cancelled job takes no result).
    expect(Number(later.json.done)).toBe(after);
  }, 120_000);

  test('a club has at most four runs under way (a 429 after)', async () => {
    const ids: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const r = await member.call('POST', '/api/jobs/balance', { entry: entryId, games: 100_000, policy: 'simple', fixed: true });
        expect(r.status).toBe(201);
        ids.push(String(r.json.id));
      }
      expect((await member.call('POST', '/api/jobs/balance', { entry: entryId, games: 10, policy: 'random' })).status).toBe(429);
      // Another club is not held up by this one.
      const other = await outsider.call('POST', '/api/jobs/balance', { scenario: scenario(), games: 10, policy: 'random', fixed: true });
      expect(other.status).toBe(201);
    } finally {
      for (const id of ids) await member.call('POST', `/api/jobs/${id}/cancel`);
    }
  }, 60_000);
});

describe('a chunk\'s result', () => {
  test('is counted once: the same chunk written twice leaves the job as after the first', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const club = await makeClub(db, 'Club');
      await db.query(`insert into members (id, club_id, name, login, password_hash, role) values ('m', $1, 'M', 'm', 'x', 'member')`, [club.id]);
      const settings = { games: 20, policy: 'random' as const, seed: 5, fixed: true };
      const job = await db.tx((q) => insertJob(q, { clubId: club.id, memberId: 'm', title: 't', scenario: scenario(), settings }));
      const chunks = await db.query<{ idx: number; from_game: number; to_game: number }>('select idx, from_game, to_game from balance_chunks where job_id = $1 order by idx', [job.id]);
      expect(chunks.length).toBeGreaterThan(1);
      const play = async (from: number, to: number) => {
        const out: GameReport[] = [];
        await balanceApi.play(scenario(), from, to, settings, (r) => { out.push(r); });
        return out;
      };
      const first = await play(chunks[0]!.from_game, chunks[0]!.to_game);
      expect(await recordChunk(db, job.id, 0, first, 'a')).toEqual({ counted: true, status: 'running' });
      expect(await recordChunk(db, job.id, 0, first, 'b')).toEqual({ counted: false, status: 'running' });
      expect((await jobOf(db, club.id, job.id))!.done).toBe(first.length);
      // A result that is not the chunk's games is refused, not counted.
      await expect(recordChunk(db, job.id, 1, first, 'a')).rejects.toThrow(/came back without game/);
      for (const c of chunks.slice(1)) await recordChunk(db, job.id, c.idx, await play(c.from_game, c.to_game), 'a');
      // Played again after the end (a worker that died after playing it): still counted once.
      expect(await recordChunk(db, job.id, 1, await play(chunks[1]!.from_game, chunks[1]!.to_game), 'c')).toEqual({ counted: false, status: 'done' });
      const view = (await jobOf(db, club.id, job.id))!;
      expect(view.done).toBe(20);
      expect(view.summary).toEqual(await reference(scenario(), settings));
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('a restart of the server (PGlite in a data folder)', () => {
  test('loses nothing: a run under way when the server stopped finishes after it starts again, with the same numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-jobs-'));
    try {
      const settings = { games: 250, policy: 'simple' as const, seed: 11, fixed: true };
      let db = await openPglite(dir);
      await migrate(db);
      const club = await makeClub(db, 'Club');
      let { app } = await buildServer({ db, version: 'test', loginPerMinute: 1000 });
      let url = await app.listen({ port: 0, host: '127.0.0.1' });
      const olga = await signUp({ db, app, url, close: async () => {} }, club.inviteToken, 'olga');
      const id = String((await olga.call('POST', '/api/jobs/balance', { scenario: scenario(), ...settings })).json.id);
      await until(() => olga.call('GET', `/api/jobs/${id}`), (r) => Number(r.json.done) > 0);
      await app.close();
      await db.close();
      const before = await (async () => { const d = await openPglite(dir); try { return (await d.query<{ n: number }>('select count(*)::int as n from balance_chunks where job_id = $1 and result is not null', [id]))[0]!.n; } finally { await d.close(); } })();
      expect(before).toBeGreaterThan(0);
      db = await openPglite(dir);
      await migrate(db);
      ({ app } = await buildServer({ db, version: 'test', loginPerMinute: 1000 }));
      url = await app.listen({ port: 0, host: '127.0.0.1' });
      const again = new Client(url);
      again.cookie = olga.cookie;
      const done = await until(() => again.call('GET', `/api/jobs/${id}`), (r) => r.json.status !== 'running');
      expect(done.json.status).toBe('done');
      expect(done.json.summary).toEqual(await reference(scenario(), settings));
      await app.close();
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
