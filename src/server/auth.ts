/** Accounts of the club server: secrets hashed with argon2id, random tokens stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { Query } from './db';

/** A fresh random token (32 bytes, base64url): session cookies and invitation links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A short random id for rows. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** What is stored of a token: its SHA-256 (a stolen database holds no usable session or invitation). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function passwordMatches(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export type Role = 'organiser' | 'member';

export interface Member { id: string; club_id: string; name: string; login: string; role: Role }

/** An invitation of `clubId` for `role`, valid `days` days: its one-time token (only its hash is kept). */
export async function makeInvite(q: Query, clubId: string, role: Role, createdBy: string | null, days: number): Promise<{ id: string; token: string; expires: string }> {
  const id = newId(), token = newToken();
  const [row] = await q<{ expires_at: Date }>(
    `insert into invites (id, token_hash, club_id, role, created_by, expires_at) values ($1, $2, $3, $4, $5, now() + ($6 || ' days')::interval) returning expires_at`,
    [id, tokenHash(token), clubId, role, createdBy, String(days)],
  );
  return { id, token, expires: new Date(row!.expires_at).toISOString() };
}

/** A new club and the one-time invitation of its first organiser. */
export async function initClub(q: Query, name: string, days = 7): Promise<{ clubId: string; token: string; expires: string }> {
  const clubId = newId();
  await q('insert into clubs (id, name) values ($1, $2)', [clubId, name]);
  const invite = await makeInvite(q, clubId, 'organiser', null, days);
  return { clubId, token: invite.token, expires: invite.expires };
}
