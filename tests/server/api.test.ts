/**
 * Issue 39, the club server's API, against the real server on every backend (PGlite always; PostgreSQL when
 * TEST_DATABASE_URL is set, as CI sets it): who may call each route (no session, wrong role, another club), accounts
 * and invitations, the library's versions and revision-checked saves, hostile bodies (a 4xx, never a 500),
 * migrations, live updates, and a restart that loses nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { templateScenario } from '../../src/scenario';
import { buildServer, migrate, MIGRATIONS, openPglite, SCHEMA_VERSION } from '../../src/server';
import { BACKENDS, Client, invite, makeClub, signUp, startServer, type TestServer } from './helpers';

const scenario = () => templateScenario('open-field')!;

describe.each(BACKENDS)('the club server on $name', (backend) => {
  let server: TestServer;
  let organiser: Client, member: Client, outsider: Client, anonymous: Client;
  let entryId = '', otherEntryId = '', memberId = '', inviteId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    const club = await makeClub(server.db, 'Novgorod Wargames');
    const other = await makeClub(server.db, 'Pskov Irregulars');
    organiser = await signUp(server, club.inviteToken, 'olga');
    member = await signUp(server, await invite(organiser), 'ivan');
    outsider = await signUp(server, other.inviteToken, 'otto');
    anonymous = new Client(server.url);
    entryId = String((await organiser.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id);
    otherEntryId = String((await outsider.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id);
    memberId = String(((await organiser.call('GET', '/api/members')).json.members as Array<{ id: string; login: string }>).find((m) => m.login === 'ivan')!.id);
    inviteId = String((await organiser.call('POST', '/api/invites', {})).json.id);
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  test('GET /api/health answers without a session, naming the database', async () => {
    const r = await anonymous.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true, version: 'test', db: backend.name });
  });

  // Every route but health, login and accepting an invitation: who may call it.
  const routes = (): Array<{ name: string; method: string; path: string; body?: unknown; organiser?: boolean; entry?: boolean }> => [
    { name: 'logout', method: 'POST', path: '/api/logout' },
    { name: 'me', method: 'GET', path: '/api/me' },
    { name: 'members', method: 'GET', path: '/api/members' },
    { name: 'member role', method: 'POST', path: `/api/members/${memberId}/role`, body: { role: 'member' }, organiser: true },
    { name: 'revoke member', method: 'POST', path: `/api/members/${memberId}/revoke`, organiser: true },
    { name: 'invites', method: 'GET', path: '/api/invites', organiser: true },
    { name: 'new invite', method: 'POST', path: '/api/invites', body: {}, organiser: true },
    { name: 'revoke invite', method: 'DELETE', path: `/api/invites/${inviteId}`, organiser: true },
    { name: 'events', method: 'GET', path: '/api/events' },
    { name: 'library', method: 'GET', path: '/api/library' },
    { name: 'publish', method: 'POST', path: '/api/library', body: { kind: 'scenario', doc: scenario() } },
    { name: 'entry', method: 'GET', path: `/api/library/${entryId}`, entry: true },
    { name: 'versions', method: 'GET', path: `/api/library/${entryId}/versions`, entry: true },
    { name: 'version', method: 'GET', path: `/api/library/${entryId}/versions/1`, entry: true },
    { name: 'save', method: 'PUT', path: `/api/library/${entryId}`, body: { base: 1, doc: scenario(), summary: 'x' }, entry: true },
    { name: 'restore', method: 'POST', path: `/api/library/${entryId}/restore`, body: { base: 1, revision: 1 }, entry: true },
  ];

  test('no route but health, login and an invitation answers without a session (401)', async () => {
    for (const r of routes()) {
      const res = await anonymous.call(r.method, r.path, r.body);
      expect([r.name, res.status]).toEqual([r.name, 401]);
      expect(String(res.json.error)).toMatch(/Log in first/);
    }
    const forged = new Client(server.url);
    forged.cookie = 'nevsky_session=forged-token-0000000000000000000000000';
    expect((await forged.call('GET', '/api/library')).status).toBe(401);
  });

  test("organisers' routes refuse a member (403)", async () => {
    for (const r of routes().filter((x) => x.organiser)) {
      const res = await member.call(r.method, r.path, r.body);
      expect([r.name, res.status]).toEqual([r.name, 403]);
    }
  });

  test("another club's member never reads or changes this club's entries, members or invitations", async () => {
    for (const r of routes().filter((x) => x.entry)) {
      const res = await outsider.call(r.method, r.path, r.body);
      expect([r.name, res.status]).toEqual([r.name, 404]);
    }
    const list = (await outsider.call('GET', '/api/library')).json.entries as Array<{ id: string }>;
    expect(list.map((e) => e.id)).toEqual([otherEntryId]);
    const members = (await outsider.call('GET', '/api/members')).json.members as Array<{ login: string }>;
    expect(members.map((m) => m.login)).toEqual(['otto']);
    // Otto is his club's organiser, yet Olga's club's member and invitation are not his to change.
    expect((await outsider.call('POST', `/api/members/${memberId}/role`, { role: 'organiser' })).status).toBe(404);
    expect((await outsider.call('POST', `/api/members/${memberId}/revoke`)).status).toBe(404);
    expect((await member.call('GET', '/api/me')).status).toBe(200);
    expect((await outsider.call('DELETE', `/api/invites/${inviteId}`)).status).toBe(404);
    expect((await organiser.call('GET', `/api/library/${otherEntryId}`)).status).toBe(404);
  });

  test('invitations are single use, expire, and can be revoked; an organiser can make another', async () => {
    const token = await invite(organiser);
    await signUp(server, token, 'pavel');
    const again = await new Client(server.url).call('POST', `/api/invites/${token}/accept`, { name: 'x', login: 'xenia', password: 'correct horse battery' });
    expect(again.status).toBe(410);
    const old = await invite(organiser);
    await server.db.query("update invites set expires_at = now() - interval '1 minute' where used_at is null and revoked_at is null");
    expect((await new Client(server.url).call('POST', `/api/invites/${old}/accept`, { name: 'y', login: 'yuri', password: 'correct horse battery' })).status).toBe(410);
    const fresh = await organiser.call('POST', '/api/invites', { role: 'organiser', days: 2 });
    expect(String(fresh.json.link)).toMatch(new RegExp(`^${server.url}/#/join/[A-Za-z0-9_-]{43}$`));
    expect((await organiser.call('DELETE', `/api/invites/${String(fresh.json.id)}`)).status).toBe(200);
    const revoked = String(fresh.json.link).split('/#/join/')[1]!;
    expect((await new Client(server.url).call('POST', `/api/invites/${revoked}/accept`, { name: 'z', login: 'zoya', password: 'correct horse battery' })).status).toBe(410);
    expect((await organiser.call('POST', `/api/members/${memberId}/role`, { role: 'organiser' })).status).toBe(200);
    expect((await member.call('GET', '/api/invites')).status).toBe(200);
    expect((await organiser.call('POST', `/api/members/${memberId}/role`, { role: 'member' })).status).toBe(200);
    expect((await member.call('GET', '/api/invites')).status).toBe(403);
  });

  test('logging in: a wrong password and an unknown login get the same answer; the session cookie is httpOnly and SameSite', async () => {
    const c = new Client(server.url);
    const wrong = await c.call('POST', '/api/login', { login: 'olga', password: 'not it at all' });
    const unknown = await c.call('POST', '/api/login', { login: 'nobody', password: 'not it at all' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json.error).toBe(unknown.json.error);
    const ok = await c.call('POST', '/api/login', { login: 'OLGA', password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await c.call('GET', '/api/me')).json).toMatchObject({ login: 'olga', role: 'organiser', club: { name: 'Novgorod Wargames' } });
    expect((await c.call('POST', '/api/logout')).status).toBe(200);
    expect((await c.call('GET', '/api/me')).status).toBe(401);
  });

  test('the library keeps every version; a stale save is refused with the current revision; restore makes a new version', async () => {
    const s = scenario();
    const made = await member.call('POST', '/api/library', { kind: 'scenario', doc: s, summary: 'Ivan publishes' });
    expect(made.status).toBe(201);
    const id = String(made.json.id);
    s.meta.title = 'Open Field, revised';
    const saved = await organiser.call('PUT', `/api/library/${id}`, { base: 1, doc: s, summary: 'Olga renames it' });
    expect(saved.json).toEqual({ id, revision: 2 });
    // Ivan still has revision 1: his save must not overwrite Olga's.
    const stale = await member.call('PUT', `/api/library/${id}`, { base: 1, doc: scenario(), summary: 'Ivan, unaware' });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toBe(2);
    expect(String(stale.json.error)).toMatch(/Someone saved this entry since your copy/);
    const versions = (await member.call('GET', `/api/library/${id}/versions`)).json;
    expect(versions.title).toBe('Open Field, revised');
    expect((versions.versions as Array<{ revision: number; author: string; summary: string }>).map((v) => [v.revision, v.author, v.summary])).toEqual([[2, 'olga', 'Olga renames it'], [1, 'ivan', 'Ivan publishes']]);
    expect(((await member.call('GET', `/api/library/${id}/versions/1`)).json.doc as { meta: { title: string } }).meta.title).toBe('Open Field');
    const restored = await member.call('POST', `/api/library/${id}/restore`, { base: 2, revision: 1 });
    expect(restored.json).toEqual({ id, revision: 3 });
    const now = (await organiser.call('GET', `/api/library/${id}`)).json;
    expect(now).toMatchObject({ revision: 3, title: 'Open Field' });
    expect((await member.call('GET', `/api/library/${id}/versions/9`)).status).toBe(404);
  });

  test('rosters are kept too, and a document that cannot be read is refused with its problem (422)', async () => {
    const { ROSTER_EXAMPLES } = await import('../../src/rulesets/examples');
    const roster = await member.call('POST', '/api/library', { kind: 'roster', doc: ROSTER_EXAMPLES[0]!.roster });
    expect(roster.status).toBe(201);
    const bad = await member.call('POST', '/api/library', { kind: 'scenario', doc: { format: 'nevsky-scenario', version: 1, meta: 'no' } });
    expect(bad.status).toBe(422);
    expect(String(bad.json.error)).toMatch(/^The scenario cannot be read: /);
    const notRoster = await member.call('POST', '/api/library', { kind: 'roster', doc: scenario() });
    expect(notRoster.status).toBe(422);
  });

  test('hostile bodies get a clear 4xx, never a 500, and change nothing', async () => {
    const before = ((await member.call('GET', '/api/library')).json.entries as unknown[]).length;
    const cases: Array<[string, string, number]> = [
      ['oversized', JSON.stringify({ kind: 'scenario', doc: { pad: 'x'.repeat(2 * 1024 * 1024) } }), 413],
      ['deep', `{"kind":"scenario","doc":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 400],
      ['65 deep', `{"kind":"scenario","doc":{"a":${'['.repeat(63)}${']'.repeat(63)}}}`, 400],
      ['constructor.prototype', '{"kind":"scenario","doc":{"constructor":{"prototype":{"x":1}}}}', 400],
      ['wrong types', JSON.stringify({ kind: 7, doc: 'scenario' }), 400],
      ['unknown kind', JSON.stringify({ kind: 'game', doc: {} }), 400],
      ['extra field', JSON.stringify({ kind: 'scenario', doc: scenario(), admin: true }), 400],
      ['__proto__', '{"kind":"scenario","doc":{},"__proto__":{"role":"organiser"}}', 400],
      ['not JSON', '{"kind": "scenario", ', 400],
    ];
    for (const [name, raw, status] of cases) {
      const r = await member.call('POST', '/api/library', undefined, raw);
      expect([name, r.status]).toEqual([name, status]);
      expect(typeof r.json.error).toBe('string');
    }
    const deep = await member.call('POST', '/api/library', undefined, `{"kind":"scenario","doc":{"a":${'['.repeat(63)}${']'.repeat(63)}}}`);
    expect(deep.json.error).toMatch(/^The request body nests deeper than 64 levels \(at \/doc\/a(\/0){62}\)\.$/);
    // 64 deep is read (and then refused as a scenario, 422: its depth was not the problem).
    expect((await member.call('POST', '/api/library', undefined, `{"kind":"scenario","doc":{"a":${'['.repeat(62)}${']'.repeat(62)}}}`)).status).toBe(422);
    expect((await member.call('PUT', `/api/library/${entryId}`, { base: 'one', doc: {}, summary: '' })).status).toBe(400);
    expect((await member.call('GET', `/api/library/${entryId}/versions/abc`)).status).toBe(400);
    expect((await anonymous.call('POST', '/api/login', undefined, '{"login":{"$gt":""},"password":1}')).status).toBe(400);
    expect((await anonymous.call('POST', '/api/invites/short/accept', { name: 'a', login: 'ab', password: 'correct horse battery' })).status).toBe(400);
    expect(((await member.call('GET', '/api/library')).json.entries as unknown[]).length).toBe(before);
  });

  test('members connected to the live updates hear of every change in their club, and only theirs', async () => {
    const heard: string[] = [], strangers: string[] = [];
    const listen = (c: Client, into: string[]) => {
      const ctl = new AbortController();
      void fetch(`${server.url}/api/events`, { headers: { cookie: c.cookie }, signal: ctl.signal }).then(async (res) => {
        const reader = res.body!.getReader();
        for (;;) { const { value, done } = await reader.read(); if (done) break; into.push(new TextDecoder().decode(value)); }
      }).catch(() => undefined);
      return ctl;
    };
    const a = listen(member, heard), b = listen(outsider, strangers);
    await expect.poll(() => heard.join('') + strangers.join('')).toContain(': connected: connected'.slice(0, 11));
    const made = await organiser.call('POST', '/api/library', { kind: 'scenario', doc: scenario(), summary: 'Live' });
    await expect.poll(() => heard.join('')).toContain(`"id":"${String(made.json.id)}"`);
    expect(strangers.join('')).not.toContain(String(made.json.id));
    a.abort(); b.abort();
  });

  test('revoking a member ends their sessions and live stream at once; they cannot log in again; their versions stay', async () => {
    const token = await invite(organiser);
    const gone = await signUp(server, token, 'gleb');
    const second = new Client(server.url);
    expect((await second.call('POST', '/api/login', { login: 'gleb', password: 'correct horse battery' })).status).toBe(200);
    const made = await gone.call('POST', '/api/library', { kind: 'scenario', doc: scenario(), summary: 'Gleb was here' });
    const glebId = String(((await organiser.call('GET', '/api/members')).json.members as Array<{ id: string; login: string }>).find((m) => m.login === 'gleb')!.id);
    // His live stream is open when he is revoked: it ends.
    let ended = false;
    const res = await fetch(`${server.url}/api/events`, { headers: { cookie: gone.cookie } });
    const reading = (async () => { const r = res.body!.getReader(); for (;;) { if ((await r.read()).done) break; } ended = true; })();
    expect((await member.call('POST', `/api/members/${glebId}/revoke`)).status).toBe(403);
    expect((await organiser.call('POST', `/api/members/${glebId}/revoke`)).json).toEqual({ ok: true });
    await reading;
    expect(ended).toBe(true);
    expect((await gone.call('GET', '/api/me')).status).toBe(401);
    expect((await second.call('GET', '/api/library')).status).toBe(401);
    expect((await new Client(server.url).call('POST', '/api/login', { login: 'gleb', password: 'correct horse battery' })).status).toBe(401);
    expect((await organiser.call('POST', `/api/members/${glebId}/revoke`)).status).toBe(404);
    expect((await organiser.call('POST', `/api/members/${glebId}/role`, { role: 'organiser' })).status).toBe(404);
    const me = String((await organiser.call('GET', '/api/me')).json.id);
    expect((await organiser.call('POST', `/api/members/${me}/revoke`)).status).toBe(409);
    const versions = (await organiser.call('GET', `/api/library/${String(made.json.id)}/versions`)).json.versions as Array<{ author: string }>;
    expect(versions.map((v) => v.author)).toEqual(['gleb']);
    const listed = ((await organiser.call('GET', '/api/members')).json.members as Array<{ login: string; revoked_at: string | null }>).find((m) => m.login === 'gleb')!;
    expect(listed.revoked_at).not.toBeNull();
  });

  test('links start with the public address when one is set; its cookies are Secure under https', async () => {
    // A second server on its own in-memory database (a second one on the PostgreSQL under test would empty it).
    const other = await startServer(BACKENDS[0]!, { publicUrl: 'https://club.example.org' });
    try {
      const club = await makeClub(other.db, 'Secure club');
      const c = new Client(other.url);
      const r = await c.call('POST', `/api/invites/${club.inviteToken}/accept`, { name: 'Sam', login: 'sam', password: 'correct horse battery' });
      expect(r.headers.get('set-cookie')).toMatch(/Secure/);
      // The test talks plain http, so the Secure cookie is sent back by hand, as a browser on https would.
      const link = await c.call('POST', '/api/invites', {});
      expect(String(link.json.link)).toMatch(/^https:\/\/club\.example\.org\/#\/join\//);
      expect((await c.call('GET', '/api/me')).json.publicUrl).toBe('https://club.example.org');
    } finally {
      await other.close();
    }
  });
});

describe('behind a reverse proxy (--trust-proxy)', () => {
  const accept = (url: string, token: string, headers: Record<string, string>) => fetch(`${url}/api/invites/${token}/accept`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ name: 'Pia', login: `pia${Math.random().toString(36).slice(2, 8)}`, password: 'correct horse battery' }),
  });
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'club.example.net' };

  test('with --trust-proxy a request the proxy took over https gets a Secure cookie, and links name the address members used', async () => {
    const server = await startServer(BACKENDS[0]!, { trustProxy: true });
    try {
      const club = await makeClub(server.db, 'Proxied club');
      const res = await accept(server.url, club.inviteToken, forwarded);
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/; Secure/);
      const session = cookie.split(';')[0]!;
      const me = await (await fetch(`${server.url}/api/me`, { headers: { cookie: session, ...forwarded } })).json() as { publicUrl: string };
      expect(me.publicUrl).toBe('https://club.example.net');
      const inv = await (await fetch(`${server.url}/api/invites`, { method: 'POST', headers: { cookie: session, 'content-type': 'application/json', ...forwarded }, body: '{}' })).json() as { link: string };
      expect(inv.link).toMatch(/^https:\/\/club\.example\.net\/#\/join\//);
      // The same server reached over plain http (no proxy headers): no Secure cookie.
      const plain = await accept(server.url, await (async () => String((await (await fetch(`${server.url}/api/invites`, { method: 'POST', headers: { cookie: session, 'content-type': 'application/json' }, body: '{}' })).json() as { link: string }).link).split('/#/join/')[1]!)(), {});
      expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
    } finally {
      await server.close();
    }
  });

  test('without it, forwarded headers are not believed: no Secure cookie, links name the server itself', async () => {
    const server = await startServer(BACKENDS[0]!);
    try {
      const club = await makeClub(server.db, 'Direct club');
      const res = await accept(server.url, club.inviteToken, forwarded);
      expect(res.headers.get('set-cookie')).not.toMatch(/Secure/);
      const me = await (await fetch(`${server.url}/api/me`, { headers: { cookie: res.headers.get('set-cookie')!.split(';')[0]!, ...forwarded } })).json() as { publicUrl: string };
      expect(me.publicUrl).toBe(server.url);
    } finally {
      await server.close();
    }
  });
});

describe('login is rate-limited', () => {
  test('the fourth attempt in a minute from one address is refused (429) when three are allowed', async () => {
    const server = await startServer(BACKENDS[0]!, { loginPerMinute: 3 });
    try {
      const c = new Client(server.url);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await c.call('POST', '/api/login', { login: 'a', password: 'b' })).status);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await server.close();
    }
  });
});

describe('migrations and restarts', () => {
  test('a database whose schema is newer than the program is refused, and left as it was', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      await db.query('insert into schema_migrations (version, name) values ($1, $2)', [SCHEMA_VERSION + 1, 'from the future']);
      await expect(migrate(db)).rejects.toThrow(`the database's schema is version ${SCHEMA_VERSION + 1}, newer than this program's (${SCHEMA_VERSION})`);
      expect((await db.query<{ n: number }>('select count(*)::int as n from schema_migrations'))[0]!.n).toBe(MIGRATIONS.length + 1);
    } finally {
      await db.close();
    }
  });

  test('a migration numbered below the last one applied still runs (versions are shared out between branches)', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      // As if the database had been migrated by a program that lacked migration 3.
      await db.query('alter table members drop column revoked_at');
      await db.query('delete from schema_migrations where version = 3');
      expect(await migrate(db)).toEqual([3]);
      expect(await db.query("select column_name from information_schema.columns where table_name = 'members' and column_name = 'revoked_at'")).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  test('migrating twice changes nothing', async () => {
    const db = await openPglite();
    try {
      expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  test('a PGlite data folder reopened after a stop holds every member, entry and version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-club-'));
    try {
      let db = await openPglite(dir);
      await migrate(db);
      const club = await makeClub(db, 'Durable club');
      let { app } = await buildServer({ db, version: 'test' });
      let url = await app.listen({ port: 0, host: '127.0.0.1' });
      const c = await signUp({ db, app, url, close: async () => {} }, club.inviteToken, 'dora');
      const made = await c.call('POST', '/api/library', { kind: 'scenario', doc: scenario(), summary: 'Before the restart' });
      await app.close();
      await db.close();
      db = await openPglite(dir);
      await migrate(db);
      ({ app } = await buildServer({ db, version: 'test' }));
      url = await app.listen({ port: 0, host: '127.0.0.1' });
      const again = new Client(url);
      again.cookie = c.cookie;
      const entry = await again.call('GET', `/api/library/${String(made.json.id)}/versions`);
      expect(entry.status).toBe(200);
      expect((entry.json.versions as Array<{ summary: string }>)[0]!.summary).toBe('Before the restart');
      await app.close();
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
