/**
 * The club server (architecture.md "The club server"): the club API under /api, the built app as static files, and
 * live updates (server-sent events). Every route but GET /api/health, logging in and accepting an invitation needs a
 * session, and reads and writes only the session's own club.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { CONTENT_SECURITY_POLICY } from '../../csp.config';
import type { Db } from './db';
import { hashPassword, makeInvite, newId, newToken, passwordMatches, tokenHash, type Member, type Role } from './auth';
import { libraryRoutes } from './library';
import { recordRoutes } from './record';
import { gameRoutes } from './games';
import { Live } from './live';

export interface ServerOptions {
  db: Db;
  /** The address members reach the server at (links start with it); else each request's own origin. */
  publicUrl?: string | undefined;
  /** The built app to serve (dist/), when there is one. */
  dist?: string | undefined;
  version: string;
  /** Login attempts allowed per minute from one address. */
  loginPerMinute?: number;
  logger?: boolean;
  /**
   * Served behind a reverse proxy (`nevsky serve --trust-proxy`): believe its X-Forwarded-Proto/-Host/-For, so a
   * request that reached the proxy over https gets Secure cookies and links start with the address members used.
   */
  trustProxy?: boolean;
}

export const SESSION_COOKIE = 'nevsky_session';
const SESSION_DAYS = 30;
/** The largest request body: a scenario or roster file's 1 MB limit, with room for the envelope. */
export const BODY_LIMIT = 1024 * 1024 + 16 * 1024;
/** How deep a request body may nest (a scenario nests about 8 deep): deeper is refused before anything reads it. */
export const MAX_DEPTH = 64;

/**
 * A request body: JSON, nesting at most MAX_DEPTH deep, with no "__proto__" key nor a "constructor" holding a
 * "prototype" (prototype poisoning); otherwise a 400 naming where.
 */
export function parseBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `The request body is not JSON: ${(err as Error).message}`);
  }
  // Depth-first with an explicit stack: a hostile body cannot overflow the call stack here.
  const stack: Array<[unknown, number, string]> = [[value, 1, '']];
  while (stack.length) {
    const [v, depth, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_DEPTH) throw new HttpError(400, `The request body nests deeper than ${MAX_DEPTH} levels (at ${path}).`);
    for (const [k, child] of Object.entries(v)) {
      if (k === '__proto__' || (k === 'constructor' && child && typeof child === 'object' && 'prototype' in child)) {
        throw new HttpError(400, `The request body has a forbidden key "${k}" (at ${path || '/'}).`);
      }
      stack.push([child, depth + 1, `${path}/${k}`]);
    }
  }
  return value;
}

declare module 'fastify' {
  interface FastifyRequest { member?: Member }
}

/** A request's error, answered with its status and one plain sentence. */
import { HttpError } from './errors';

export { HttpError };

export async function buildServer(options: ServerOptions): Promise<{ app: FastifyInstance; live: Live }> {
  const { db } = options;
  const trustProxy = options.trustProxy ?? false;
  /** Secure cookies when members reach the server over https: its public address says so, or (behind a trusted proxy) the request. */
  const secure = (req: FastifyRequest) => (options.publicUrl?.startsWith('https:') ?? false) || (trustProxy && req.protocol === 'https');
  // Unknown fields are refused, not silently dropped (Fastify's ajv drops them by default).
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT, trustProxy, return503OnClosing: true, ajv: { customOptions: { removeAdditional: false } } });
  const live = new Live();

  app.setErrorHandler((err: Error & { statusCode?: number; current?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : err instanceof RangeError ? 400 : 500;
    if (status === 500) app.log.error(err);
    void reply.code(status).send({ error: status === 500 ? 'The server failed to answer; nothing was changed.' : err.message, ...(err.current !== undefined ? { current: err.current } : {}) });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !options.dist) return reply.code(404).send({ error: `No such address: ${req.method} ${req.url.split('?')[0]}` });
    // The app's own addresses (its views) all load its page.
    return reply.header('content-security-policy', CONTENT_SECURITY_POLICY).type('text/html').send(readFileSync(join(options.dist, 'index.html')));
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try { done(null, parseBody(body as string)); } catch (err) { done(err as Error, undefined); }
  });

  await app.register(cookie);
  await app.register(rateLimit, { global: false });

  async function startSession(req: FastifyRequest, reply: FastifyReply, memberId: string): Promise<void> {
    const token = newToken();
    await db.query(`insert into sessions (token_hash, member_id, expires_at) values ($1, $2, now() + interval '${SESSION_DAYS} days')`, [tokenHash(token), memberId]);
    void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(req), maxAge: SESSION_DAYS * 86400 });
  }

  /** The member of the request's session, or a 401. */
  async function memberOf(req: FastifyRequest): Promise<Member> {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) throw new HttpError(401, 'Log in first: this needs a club member\'s session.');
    const [m] = await db.query<Member>(
      'select m.id, m.club_id, m.name, m.login, m.role from sessions s join members m on m.id = s.member_id where s.token_hash = $1 and s.expires_at > now() and m.revoked_at is null',
      [tokenHash(token)],
    );
    if (!m) throw new HttpError(401, 'Your session has ended: log in again.');
    return m;
  }

  /** Every route registered after this needs a session (the member is on the request); `organiser` routes, that role. */
  const needs = (role?: Role) => async (req: FastifyRequest) => {
    req.member = await memberOf(req);
    if (role === 'organiser' && req.member.role !== 'organiser') throw new HttpError(403, 'Only the club\'s organisers may do this.');
  };

  const origin = (req: FastifyRequest) => options.publicUrl?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;

  app.get('/api/health', async () => ({ ok: true, version: options.version, db: db.kind }));

  const credentials = {
    type: 'object', additionalProperties: false, required: ['login', 'password'],
    properties: { login: { type: 'string', minLength: 1, maxLength: 80 }, password: { type: 'string', minLength: 1, maxLength: 200 } },
  } as const;

  app.post<{ Body: { login: string; password: string } }>('/api/login', {
    schema: { body: credentials },
    config: { rateLimit: { max: options.loginPerMinute ?? 10, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const [m] = await db.query<{ id: string; password_hash: string }>('select id, password_hash from members where login = $1 and revoked_at is null', [req.body.login.trim().toLowerCase()]);
    // The same answer, and about the same work, for an unknown login as for a wrong password.
    const ok = await passwordMatches(m?.password_hash ?? '$argon2id$v=19$m=65536,t=3,p=4$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', req.body.password);
    if (!m || !ok) throw new HttpError(401, 'That login and password do not match a member.');
    await startSession(req, reply, m.id);
    return { ok: true };
  });

  app.post<{ Params: { token: string }; Body: { name: string; login: string; password: string } }>('/api/invites/:token/accept', {
    schema: {
      params: { type: 'object', properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,64}$' } } },
      body: {
        type: 'object', additionalProperties: false, required: ['name', 'login', 'password'],
        properties: { name: { type: 'string', minLength: 1, maxLength: 80 }, login: { type: 'string', pattern: '^[A-Za-z0-9._@-]{2,80}$' }, password: { type: 'string', minLength: 10, maxLength: 200 } },
      },
    },
    config: { rateLimit: { max: options.loginPerMinute ?? 10, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const hash = await hashPassword(req.body.password);
    const memberId = newId();
    await db.tx(async (q) => {
      const [inv] = await q<{ id: string; club_id: string; role: Role }>(
        'select id, club_id, role from invites where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now() for update',
        [tokenHash(req.params.token)],
      );
      if (!inv) throw new HttpError(410, 'This invitation has been used, revoked or has expired: ask an organiser for a new one.');
      const login = req.body.login.toLowerCase();
      if ((await q('select 1 from members where login = $1', [login])).length) throw new HttpError(409, `The login "${login}" is taken: choose another.`);
      await q('insert into members (id, club_id, name, login, password_hash, role) values ($1, $2, $3, $4, $5, $6)', [memberId, inv.club_id, req.body.name.trim(), login, hash, inv.role]);
      await q('update invites set used_at = now(), used_by = $2 where id = $1', [inv.id, memberId]);
    });
    await startSession(req, reply, memberId);
    return { ok: true };
  });

  // Everything below needs a session.
  await app.register(async (club) => {
    club.addHook('preHandler', needs());

    club.post('/api/logout', async (req, reply) => {
      await db.query('delete from sessions where token_hash = $1', [tokenHash(req.cookies[SESSION_COOKIE]!)]);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true };
    });

    club.get('/api/me', async (req) => {
      const m = req.member!;
      const [c] = await db.query<{ name: string }>('select name from clubs where id = $1', [m.club_id]);
      return { id: m.id, name: m.name, login: m.login, role: m.role, club: { id: m.club_id, name: c!.name }, publicUrl: origin(req) };
    });

    club.get('/api/members', async (req) => ({
      members: await db.query('select id, name, login, role, created_at, revoked_at from members where club_id = $1 order by created_at', [req.member!.club_id]),
    }));

    club.post<{ Params: { id: string }; Body: { role: Role } }>('/api/members/:id/role', {
      preHandler: needs('organiser'),
      schema: { body: { type: 'object', additionalProperties: false, required: ['role'], properties: { role: { enum: ['organiser', 'member'] } } } },
    }, async (req) => {
      const rows = await db.query('update members set role = $3 where id = $1 and club_id = $2 and revoked_at is null returning id', [req.params.id, req.member!.club_id, req.body.role]);
      if (!rows.length) throw new HttpError(404, 'No such member in your club.');
      return { ok: true };
    });

    // Revoking a member ends their sessions and live streams at once; their versions stay, under their name.
    club.post<{ Params: { id: string } }>('/api/members/:id/revoke', {
      preHandler: needs('organiser'),
      schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } } },
    }, async (req) => {
      if (req.params.id === req.member!.id) throw new HttpError(409, 'You cannot revoke yourself: ask another organiser.');
      const rows = await db.tx(async (q) => {
        const r = await q('update members set revoked_at = now() where id = $1 and club_id = $2 and revoked_at is null returning id', [req.params.id, req.member!.club_id]);
        if (r.length) await q('delete from sessions where member_id = $1', [req.params.id]);
        return r;
      });
      if (!rows.length) throw new HttpError(404, 'No such member in your club.');
      live.endMember(req.params.id);
      return { ok: true };
    });

    club.get('/api/invites', { preHandler: needs('organiser') }, async (req) => ({
      invites: await db.query(
        `select id, role, created_at, expires_at, used_at, revoked_at, (used_at is null and revoked_at is null and expires_at > now()) as open
         from invites where club_id = $1 order by created_at desc`, [req.member!.club_id]),
    }));

    club.post<{ Body: { role?: Role; days?: number } }>('/api/invites', {
      preHandler: needs('organiser'),
      schema: { body: { type: 'object', additionalProperties: false, properties: { role: { enum: ['organiser', 'member'] }, days: { type: 'integer', minimum: 1, maximum: 30 } } } },
    }, async (req) => {
      const inv = await makeInvite(db.query, req.member!.club_id, req.body?.role ?? 'member', req.member!.id, req.body?.days ?? 7);
      return { id: inv.id, expires: inv.expires, link: inviteLink(origin(req), inv.token) };
    });

    club.delete<{ Params: { id: string } }>('/api/invites/:id', { preHandler: needs('organiser') }, async (req) => {
      const rows = await db.query('update invites set revoked_at = now() where id = $1 and club_id = $2 and used_at is null and revoked_at is null returning id', [req.params.id, req.member!.club_id]);
      if (!rows.length) throw new HttpError(404, 'No open invitation of that id in your club.');
      return { ok: true };
    });

    club.get('/api/events', async (req, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      reply.raw.write(': connected\n\n');
      const off = live.join(req.member!.club_id, { member: req.member!.id, write: (event) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`), end: () => reply.raw.end() });
      req.raw.on('close', off);
    });

    await libraryRoutes(club, db, live);
    await recordRoutes(club, db);
    await (await import('./jobs')).jobRoutes(club, db, live);
    await gameRoutes(club, db, live);
  });

  if (options.dist && existsSync(join(options.dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: options.dist, wildcard: false, index: false,
      setHeaders: (res) => { void res.header('content-security-policy', CONTENT_SECURITY_POLICY); },
    });
    app.get('/', (_req, reply) => reply.header('content-security-policy', CONTENT_SECURITY_POLICY).type('text/html').send(readFileSync(join(options.dist!, 'index.html'))));
  }

  app.addHook('onClose', async () => { live.close(); });
  return { app, live };
}

/** The link an invitation travels as: the app's join page with the one-time token. */
export function inviteLink(origin: string, token: string): string {
  return `${origin}/#/join/${token}`;
}
