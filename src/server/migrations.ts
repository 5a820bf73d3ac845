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
    version: 2,
    name: 'games at a distance: the relayed messages, each player\'s encrypted keep, the time control',
    sql: `
      create table games (
        id text primary key, club_id text not null references clubs(id), game text not null,
        entry_id text references entries(id), title text not null,
        inviter_id text not null references members(id), inviter_side text not null, other_side text not null,
        opponent_id text references members(id), open_to_all boolean not null,
        days_per_move integer not null check (days_per_move between 1 and 30), messages integer not null,
        due_at timestamptz, reminded_at timestamptz,
        status text not null check (status in ('waiting', 'playing', 'finished', 'cancelled')),
        winner_id text references members(id), ended_by text check (ended_by in ('play', 'time', 'resign')), claims jsonb,
        created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
        unique (club_id, game));
      create index games_club on games (club_id, updated_at desc);
      create index games_due on games (status, due_at);
      create table game_messages (
        game_id text not null references games(id), n integer not null, from_id text not null references members(id),
        body text not null, created_at timestamptz not null default now(), primary key (game_id, n));
      create table game_keeps (
        game_id text not null references games(id), member_id text not null references members(id),
        revision integer not null, blob text not null, updated_at timestamptz not null default now(),
        primary key (game_id, member_id));
    `,
  },
  {
    version: 3,
    name: 'members can be revoked',
    sql: `alter table members add column revoked_at timestamptz`,
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
  {
    version: 6,
    name: 'the club record: finished games, leagues and their pairings',
    sql: `
      create table record_games (
        id text primary key, club_id text not null references clubs(id),
        scenario_entry_id text references entries(id), scenario_title text not null,
        side_a text not null, side_b text not null,
        player_a text not null references members(id), player_b text not null references members(id),
        result text not null check (result in ('a', 'b', 'draw')), points_a integer not null, points_b integer not null,
        source text not null check (source in ('app', 'table', 'distance')),
        status text not null check (status in ('pending', 'confirmed', 'rejected')),
        entered_by text references members(id), confirmed_at timestamptz,
        played_at timestamptz not null default now(), created_at timestamptz not null default now(),
        league_id text, league_round integer, external_id text,
        unique (club_id, source, external_id));
      create index record_games_club on record_games (club_id, status, played_at);
      create table leagues (
        id text primary key, club_id text not null references clubs(id), name text not null,
        format text not null check (format in ('round-robin', 'swiss')), rounds integer not null,
        scenario_entry_id text references entries(id), created_by text not null references members(id),
        created_at timestamptz not null default now());
      create table league_players (
        league_id text not null references leagues(id), member_id text not null references members(id),
        primary key (league_id, member_id));
      create table league_pairings (
        league_id text not null references leagues(id), round integer not null,
        player_a text not null references members(id), player_b text not null references members(id),
        game_id text references record_games(id), primary key (league_id, round, player_a));
    `,
  },
];

export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** Bring the database up to this program's schema; returns the versions applied. Throws on a newer database. */
export async function migrate(db: Db): Promise<number[]> {
  return db.tx(async (q) => {
    // One migrator at a time (several servers or workers may start together on one PostgreSQL).
    await q('select pg_advisory_xact_lock(424242)');
    await q('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
    // Every listed migration not yet applied runs, in order: versions are shared out between branches (a database at
    // 6 may still lack 5), so "newer than the last applied" would skip one merged later.
    const done = new Set((await q<{ version: number }>('select version from schema_migrations')).map((r) => r.version));
    const current = Math.max(0, ...done);
    if (current > SCHEMA_VERSION) {
      throw new Error(`the database's schema is version ${current}, newer than this program's (${SCHEMA_VERSION}): run a newer nevsky, or use another --data folder`);
    }
    const applied: number[] = [];
    for (const m of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      for (const statement of m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await q(statement);
      await q('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
