/** Starting and stopping the club server (`nevsky serve`), and making a club (`nevsky club init`). */
import { mkdirSync } from 'node:fs';
import { initClub } from './auth';
import { buildServer } from './app';
import { openDb, type Db } from './db';
import { migrate } from './migrations';

export { buildServer, inviteLink, MAX_DEPTH, SESSION_COOKIE } from './app';
export { openDb, openPglite, openPostgres, type Db } from './db';
export { migrate, MIGRATIONS, SCHEMA_VERSION } from './migrations';
export { initClub } from './auth';
export { recordFinishedGame, type FinishedGame } from './record';

/** The club database: PostgreSQL at `url`, else PGlite in `dir`; migrated to this program's schema. */
export async function openClubDb(options: { url?: string | undefined; dir: string }): Promise<Db> {
  if (!options.url) mkdirSync(options.dir, { recursive: true });
  const db = await openDb(options);
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Make a club: its id and the one-time link of its first organiser. */
export async function createClub(db: Db, name: string, origin: string): Promise<{ clubId: string; link: string; expires: string }> {
  const made = await initClub(db.query, name);
  const { inviteLink } = await import('./app');
  return { clubId: made.clubId, link: inviteLink(origin, made.token), expires: made.expires };
}

/**
 * Serve until SIGINT or SIGTERM, then shut down gracefully: stop taking connections, let requests under way finish
 * (every write is one transaction, so none is half-done), end the live streams, and close the database.
 */
export async function serve(options: { db: Db; port: number; host: string; publicUrl?: string | undefined; trustProxy?: boolean; dist?: string | undefined; version: string; say: (line: string) => void }): Promise<void> {
  const { app } = await buildServer({ db: options.db, publicUrl: options.publicUrl, trustProxy: options.trustProxy ?? false, dist: options.dist, version: options.version });
  const address = await app.listen({ port: options.port, host: options.host });
  options.say(`nevsky: the club server listens on ${address} (${options.db.kind}); members reach it at ${options.publicUrl ?? address}`);
  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      options.say(`nevsky: ${signal}: finishing the requests under way, then closing the database`);
      void app.close().then(() => options.db.close()).then(done, done);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
