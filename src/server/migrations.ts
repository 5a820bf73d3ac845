/**
 * The club server's schema, as numbered migrations run in order at start, each in a transaction (PostgreSQL and PGlite
 * alike). A database whose schema is newer than this program is refused: an older program must never write to it.
 */
import type { Db } from './db';

export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'clubs, members, invitations, sessions, the library with every version',
    sql: `
      create table clubs (id text primary key, name text not null, created_at timestamptz not null default now());
      create table members (
        id text primary key, club_id text not null references clubs(id), name text not null,
        login text not null unique, password_hash text not null,
        role text not null check (role in ('organiser', 'member')), created_at timestamptz not null default now());
      create table invites (
        id text primary key, token_hash text not null unique, club_id text not null references clubs(id),
        role text not null check (role in ('organiser', 'member')), created_by text references members(id),
        created_at timestamptz not null default now(), expires_at timestamptz not null,
        used_at timestamptz, used_by text references members(id), revoked_at timestamptz);
      create table sessions (
        token_hash text primary key, member_id text not null references members(id) on delete cascade,
        created_at timestamptz not null default now(), expires_at timestamptz not null);
      create table entries (
        id text primary key, club_id text not null references clubs(id),
        kind text not null check (kind in ('scenario', 'roster')), title text not null, revision integer not null,
        created_by text not null references members(id), created_at timestamptz not null default now(),
        updated_at timestamptz not null default now());
      create index entries_club on entries (club_id, updated_at desc);
      create table versions (
        entry_id text not null references entries(id), revision integer not null, doc jsonb not null,
        summary text not null, author_id text not null references members(id),
        created_at timestamptz not null default now(), primary key (entry_id, revision));
    `,
  },
  {
    version: 4,
    name: 'balance runs as jobs: a run, its seeded chunks of games, each chunk\'s result kept once',
    sql: `
      create table balance_jobs (
        id text primary key, club_id text not null references clubs(id), created_by text not null references members(id),
        title text not null, scenario jsonb not null, settings jsonb not null, chunk_size integer not null, chunks integer not null,
        status text not null check (status in ('running', 'done', 'cancelled', 'failed')), next_look integer not null default 0,
        summary jsonb, error text, created_at timestamptz not null default now(), finished_at timestamptz);
      create index balance_jobs_club on balance_jobs (club_id, created_at desc);
      create index balance_jobs_running on balance_jobs (created_at) where status = 'running';
      create table balance_chunks (
        job_id text not null references balance_jobs(id) on delete cascade, idx integer not null,
        from_game integer not null, to_game integer not null, result jsonb, done_at timestamptz, played_by text,
        primary key (job_id, idx))
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Bring the database up to this program's schema; returns the versions applied. Throws on a newer database. */
export async function migrate(db: Db): Promise<number[]> {
  return db.tx(async (q) => {
    // One migrator at a time (several servers or workers may start together on one PostgreSQL).
    await q('select pg_advisory_xact_lock(424242)');
    await q('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    const [row] = await q<{ v: number | null }>('select max(version) as v from schema_migrations');
    const current = row?.v ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(`the database's schema is version ${current}, newer than this program's (${SCHEMA_VERSION}): run a newer nevsky, or use another --data folder`);
    }
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      for (const statement of m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await q(statement);
      await q('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
