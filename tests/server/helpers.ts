/**
 * The club server under test: the real server (src/server) listening on an ephemeral loopback port, on PGlite in
 * memory and, when TEST_DATABASE_URL is set (CI starts a PostgreSQL for it), on a real PostgreSQL server too.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildServer, initClub, migrate, openPglite, openPostgres, type Db } from '../../src/server';

export interface Backend { name: 'pglite' | 'postgres'; open(): Promise<Db> }

/**
 * A fresh, empty database on TEST_DATABASE_URL's server: its address and how to drop it. Each test server gets its
 * own, so the server test files that run in parallel never share (or empty) each other's tables.
 */
export async function freshDatabase(prefix = 'nevsky_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(base.href);
  try { await admin.query(`create database ${name}`); } finally { await admin.close(); }
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const a = await openPostgres(base.href);
      try { await a.query(`drop database if exists ${name} with (force)`); } finally { await a.close(); }
    },
  };
}

/** A database of its own on TEST_DATABASE_URL's server, dropped when the Db closes. */
async function ownPostgres(): Promise<Db> {
  const fresh = await freshDatabase();
  const db = await openPostgres(fresh.url);
  return { ...db, close: async () => { await db.close(); await fresh.drop(); } };
}

export const BACKENDS: Backend[] = [
  { name: 'pglite', open: () => openPglite() },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, open: ownPostgres }] : []),
];

export interface Club { id: string; inviteToken: string }

export interface TestServer {
  db: Db;
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startServer(backend: Backend, options: { publicUrl?: string; loginPerMinute?: number; trustProxy?: boolean } = {}): Promise<TestServer> {
  const db = await backend.open();
  await migrate(db);
  const { app } = await buildServer({ db, version: 'test', publicUrl: options.publicUrl, trustProxy: options.trustProxy ?? false, loginPerMinute: options.loginPerMinute ?? 1000 });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { db, app, url, close: async () => { await app.close(); await db.close(); } };
}

export async function makeClub(db: Db, name: string): Promise<Club> {
  const made = await initClub(db.query, name);
  return { id: made.clubId, inviteToken: made.token };
}

/** A client that keeps its session cookie, as a browser does. */
export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown, raw?: string): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
      ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try { json = JSON.parse(text) as Record<string, unknown>; } catch { json = { text }; }
    return { status: res.status, json, headers: res.headers };
  }
}

/** A member of `club` with a session: signs up with a fresh invitation of `role`, made by `organiser` (or the club's first one). */
export async function signUp(server: TestServer, token: string, login: string): Promise<Client> {
  const c = new Client(server.url);
  const r = await c.call('POST', `/api/invites/${token}/accept`, { name: login, login, password: 'correct horse battery' });
  if (r.status !== 200) throw new Error(`sign-up ${login}: ${r.status} ${JSON.stringify(r.json)}`);
  return c;
}

export async function invite(organiser: Client, role: 'member' | 'organiser' = 'member'): Promise<string> {
  const r = await organiser.call('POST', '/api/invites', { role });
  if (r.status !== 200) throw new Error(`invite: ${r.status} ${JSON.stringify(r.json)}`);
  return String(r.json.link).split('/#/join/')[1]!;
}
