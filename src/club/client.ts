/**
 * A small typed client of the club server's API (src/server/app.ts, src/server/library.ts). Every failure is an
 * Error whose message is one plain sentence (the server's own `error` when it gave one); a 409 on saving carries the
 * entry's current revision.
 */

export type Role = 'organiser' | 'member';
export type Kind = 'scenario' | 'roster';

export interface Health { ok: boolean; version: string; db: 'pglite' | 'postgres' }
export interface Me { id: string; name: string; login: string; role: Role; club: { id: string; name: string }; publicUrl: string }
export interface ClubMember { id: string; name: string; login: string; role: Role; created_at: string; revoked_at: string | null }
export interface Invite { id: string; role: Role; created_at: string; expires_at: string; used_at: string | null; revoked_at: string | null; open: boolean }
export interface NewInvite { id: string; expires: string; link: string }
export interface ClubEntry { id: string; kind: Kind; title: string; revision: number; updated_at: string; updated_by: string }
export interface ClubDoc { id: string; kind: Kind; title: string; revision: number; doc: unknown }
export interface ClubVersion { revision: number; summary: string; created_at: string; author: string }
export interface ClubVersionDoc extends ClubVersion { doc: unknown }
export interface Saved { id: string; revision: number }
/** A server event: an entry of the club was published or saved. */
export interface EntryEvent { type: 'entry'; id: string; revision: number; kind: Kind; title: string; by?: string }

/** A refused request: its HTTP status, the server's sentence, and (on a 409) the entry's current revision. */
export class ClubError extends Error {
  constructor(readonly status: number, message: string, readonly current?: number) { super(message); }
}

export async function call<T>(method: string, path: string, body?: unknown, timeoutMs = 15_000): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method, credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ClubError(0, 'The club server could not be reached: check the connection and try again.');
  }
  let data: unknown = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const d = data as { error?: unknown; current?: unknown } | null;
    const message = typeof d?.error === 'string' && d.error ? d.error : `The club server refused the request (${res.status}).`;
    throw new ClubError(res.status, message, typeof d?.current === 'number' ? d.current : undefined);
  }
  return data as T;
}

const enc = encodeURIComponent;

export const club = {
  /** The server's health, or null when this page is not served by a club server (a static host, file, or offline). */
  async health(): Promise<Health | null> {
    try {
      const h = await call<Health>('GET', 'api/health', undefined, 4000);
      return h && h.ok === true && typeof h.version === 'string' ? h : null;
    } catch {
      return null;
    }
  },
  login: (login: string, password: string) => call<{ ok: true }>('POST', 'api/login', { login, password }),
  accept: (token: string, name: string, login: string, password: string) => call<{ ok: true }>('POST', `api/invites/${enc(token)}/accept`, { name, login, password }),
  logout: () => call<{ ok: true }>('POST', 'api/logout'),
  me: () => call<Me>('GET', 'api/me'),
  members: async () => (await call<{ members: ClubMember[] }>('GET', 'api/members')).members,
  setRole: (id: string, role: Role) => call<{ ok: true }>('POST', `api/members/${enc(id)}/role`, { role }),
  revokeMember: (id: string) => call<{ ok: true }>('POST', `api/members/${enc(id)}/revoke`),
  invites: async () => (await call<{ invites: Invite[] }>('GET', 'api/invites')).invites,
  invite: (role: Role = 'member', days = 7) => call<NewInvite>('POST', 'api/invites', { role, days }),
  revokeInvite: (id: string) => call<{ ok: true }>('DELETE', `api/invites/${enc(id)}`),
  library: async () => (await call<{ entries: ClubEntry[] }>('GET', 'api/library')).entries,
  publish: (kind: Kind, doc: unknown, summary?: string) => call<Saved>('POST', 'api/library', summary ? { kind, doc, summary } : { kind, doc }),
  entry: (id: string) => call<ClubDoc>('GET', `api/library/${enc(id)}`),
  versions: async (id: string) => (await call<{ versions: ClubVersion[] }>('GET', `api/library/${enc(id)}/versions`)).versions,
  version: (id: string, revision: number) => call<ClubVersionDoc>('GET', `api/library/${enc(id)}/versions/${revision}`),
  save: (id: string, base: number, doc: unknown, summary: string) => call<Saved>('PUT', `api/library/${enc(id)}`, { base, doc, summary }),
  restore: (id: string, base: number, revision: number) => call<Saved>('POST', `api/library/${enc(id)}/restore`, { base, revision }),
};
