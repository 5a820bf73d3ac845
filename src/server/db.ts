/**
 * The club server's storage: one small SQL interface with two drivers, the same SQL on both. PGlite (PostgreSQL
 * compiled to WebAssembly, in-process, its files in the data folder) by default, so a club needs nothing installed;
 * a PostgreSQL server (`pg`) when DATABASE_URL is set, for a club that outgrows one machine.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Run one statement; rows come back as plain objects. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface Db {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address (postgres://...), for what opens its own connections there (the balance jobs' queue). */
  url?: string;
  query: Query;
  /** Run `fn` in one transaction: all of it is kept, or none. */
  tx<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An embedded PGlite database in `dir` (created when missing), or in memory when `dir` is undefined. */
export async function openPglite(dir?: string): Promise<Db> {
  const db = dir === undefined ? new PGlite() : new PGlite(dir);
  await db.waitReady;
  const query: Query = async (sql, params) => (await db.query(sql, params as unknown[])).rows as never;
  return {
    kind: 'pglite',
    query,
    tx: (fn) => db.transaction((t) => fn(async (sql, params) => (await t.query(sql, params as unknown[])).rows as never)),
    close: () => db.close(),
  };
}

/** A PostgreSQL server at `url` (postgres://...). */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Fail now, with the server's own words, rather than at the first request.
  (await pool.connect()).release();
  return {
    kind: 'postgres',
    url,
    query: async (sql, params) => (await pool.query(sql, params)).rows as never,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(async (sql, params) => (await client.query(sql, params)).rows as never);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The database a club server uses: PostgreSQL when `url` is given, else PGlite in `dir`. */
export function openDb(options: { url?: string | undefined; dir?: string | undefined }): Promise<Db> {
  return options.url ? openPostgres(options.url) : openPglite(options.dir);
}
