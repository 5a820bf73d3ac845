/**
 * The club server's storage (issue 39): a restart keeps everything (members, sessions, invitations, entries, every
 * version), and a server killed (SIGKILL) in the middle of saves loses no save it acknowledged and leaves no half-saved
 * one: each entry's revision is its last version, its versions run 1..revision without a gap, and each acknowledged
 * save's document is there. On PGlite in a data folder, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, test } from 'vitest';
import { templateScenario } from '../../src/scenario';
import { buildServer, migrate, openPglite, openPostgres, type Db } from '../../src/server';
import { Client, freshDatabase, invite, makeClub, signUp } from './helpers';

const scenario = () => templateScenario('open-field')!;
const PG = process.env.TEST_DATABASE_URL;

interface Store { name: string; open(): Promise<Db>; env: Record<string, string>; arg: string }

const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

function pgliteStore(): Store {
  const dir = mkdtempSync(join(tmpdir(), 'nevsky-storage-'));
  dirs.push(dir);
  return { name: 'pglite', open: () => openPglite(dir), env: {}, arg: dir };
}
async function postgresStore(): Promise<Store> {
  const fresh = await freshDatabase('nevsky_storage');
  drops.push(fresh.drop);
  return { name: 'postgres', open: () => openPostgres(fresh.url), env: { DATABASE_URL: fresh.url }, arg: '/nonexistent' };
}
const STORES: Array<{ name: string; make: () => Promise<Store> }> = [
  { name: 'pglite', make: async () => pgliteStore() },
  ...(PG ? [{ name: 'postgres', make: postgresStore }] : []),
];

async function start(db: Db) {
  await migrate(db);
  const { app } = await buildServer({ db, version: 'test', loginPerMinute: 1000 });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** Start child-server.ts; resolves with its address (and invitation) once it listens. */
function child(store: Store, init: boolean): Promise<{ proc: ChildProcess; url: string; token?: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'child-server.ts'), store.arg, ...(init ? ['--init'] : [])], {
    env: { ...process.env, ...store.env }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    createInterface({ input: proc.stdout! }).once('line', (line) => resolve({ proc, ...(JSON.parse(line) as { url: string; token?: string }) }));
  });
}

describe.each(STORES)('storage on $name', ({ make }) => {
  test('a restart keeps members, sessions, invitations, entries and every version', async () => {
    const store = await make();
    let db = await store.open();
    let { app, url } = await start(db);
    const club = await makeClub(db, 'Durable club');
    const olga = await signUp({ db, app, url, close: async () => {} }, club.inviteToken, 'olga');
    const open = await olga.call('POST', '/api/invites', { role: 'member' });
    const s = scenario();
    const made = await olga.call('POST', '/api/library', { kind: 'scenario', doc: s, summary: 'one' });
    s.meta.title = 'Open Field, twice';
    expect((await olga.call('PUT', `/api/library/${String(made.json.id)}`, { base: 1, doc: s, summary: 'two' })).status).toBe(200);
    const before = {
      members: (await olga.call('GET', '/api/members')).json,
      invites: (await olga.call('GET', '/api/invites')).json,
      versions: (await olga.call('GET', `/api/library/${String(made.json.id)}/versions`)).json,
      entry: (await olga.call('GET', `/api/library/${String(made.json.id)}`)).json,
    };
    await app.close();
    await db.close();

    db = await store.open();
    ({ app, url } = await start(db));
    try {
      const again = new Client(url);
      again.cookie = olga.cookie;
      expect((await again.call('GET', '/api/members')).json).toEqual(before.members);
      expect((await again.call('GET', '/api/invites')).json).toEqual(before.invites);
      expect((await again.call('GET', `/api/library/${String(made.json.id)}/versions`)).json).toEqual(before.versions);
      expect((await again.call('GET', `/api/library/${String(made.json.id)}`)).json).toEqual(before.entry);
      expect((before.entry.doc as { meta: { title: string } }).meta.title).toBe('Open Field, twice');
      // The invitation made before the restart still works once.
      const token = String(open.json.link).split('/#/join/')[1]!;
      await signUp({ db, app, url, close: async () => {} }, token, 'ivan');
    } finally {
      await app.close();
      await db.close();
    }
  }, 120_000);

  test('a server killed in the middle of saves loses no acknowledged save and leaves none half made', async () => {
    const store = await make();
    const first = await child(store, true);
    const server = { db: null as never, app: null as never, url: first.url, close: async () => {} };
    const olga = await signUp(server, first.token!, 'olga');
    const ivan = await signUp(server, await invite(olga), 'ivan');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(String((await olga.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id));
    // Three writers, each saving one entry over and over; the third also publishes new entries. Killed after 40 saves.
    const acked = new Map<string, Map<number, string>>(ids.map((id) => [id, new Map([[1, 'Published to the club']])]));
    let saves = 0;
    let killed = false;
    const writer = async (c: Client, id: string) => {
      let base = 1;
      while (!killed) {
        const s = scenario();
        const note = `${id} from ${base}`;
        s.meta.title = note;
        const r = await c.call('PUT', `/api/library/${id}`, { base, doc: s, summary: note }).catch(() => null);
        if (!r) return;
        expect(r.status).toBe(200);
        base = Number(r.json.revision);
        acked.get(id)!.set(base, note);
        if (++saves === 40) { killed = true; first.proc.kill('SIGKILL'); }
      }
    };
    await Promise.all([writer(olga, ids[0]!), writer(ivan, ids[1]!), writer(olga, ids[2]!)]);
    // (Killed by a signal, a process has a signalCode and no exitCode.)
    if (first.proc.exitCode === null && first.proc.signalCode === null) await new Promise((r) => first.proc.once('exit', r));
    expect(saves).toBeGreaterThanOrEqual(40);

    const db = await store.open();
    try {
      await migrate(db);
      for (const id of ids) {
        const [e] = await db.query<{ revision: number; title: string }>('select revision, title from entries where id = $1', [id]);
        const versions = await db.query<{ revision: number; summary: string; title: string }>("select revision, summary, doc->'meta'->>'title' as title from versions where entry_id = $1 order by revision", [id]);
        // No gap, no half save: the entry's revision is its last version, and its title is that version's.
        expect(versions.map((v) => v.revision)).toEqual(Array.from({ length: e!.revision }, (_, i) => i + 1));
        expect(e!.title).toBe(versions.at(-1)!.title);
        // Every acknowledged save is there, with the document that was sent.
        for (const [revision, note] of acked.get(id)!) {
          expect(versions[revision - 1]!.summary).toBe(note);
          if (revision > 1) expect(versions[revision - 1]!.title).toBe(note);
        }
      }
    } finally {
      await db.close();
    }
    // And the server starts again on it, with the sessions of before.
    const second = await child(store, false);
    try {
      const again = new Client(second.url);
      again.cookie = ivan.cookie;
      // A save the kill cut off after its commit but before its answer may be there too (kept, never half made).
      const revision = Number((await again.call('GET', `/api/library/${ids[1]!}`)).json.revision);
      const last = Math.max(...acked.get(ids[1]!)!.keys());
      expect(revision === last || revision === last + 1).toBe(true);
    } finally {
      second.proc.kill('SIGKILL');
    }
  }, 180_000);
});
