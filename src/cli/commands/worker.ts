/** `nevsky worker --database-url URL [--threads N]`: plays balance runs' chunks from a club server's PostgreSQL queue. */
import { parseArgs } from 'node:util';
import { SETTING_LIMITS } from '../../scenario';
import { EXIT, intOption, UsageError, type Io } from '../io';
import type { Command } from '../command';

export const workerCommand: Command = {
  name: 'worker',
  summary: 'play a club server\'s balance runs: take chunks of games from its PostgreSQL queue',
  usage: 'nevsky worker --database-url URL [--threads N]',
  help: `For a club server on PostgreSQL (nevsky serve with DATABASE_URL): takes the chunks of games of the club's
balance runs from the queue in that database and plays them, one chunk per thread, until Ctrl+C (SIGINT) or
SIGTERM. Start as many as you like, on any machines that reach the database: a run gives the same numbers
whatever the number of workers. A worker that stops or dies mid-chunk loses nothing: its chunk goes back to the
queue (at once on Ctrl+C, after about 15 s when the process is killed) and another worker plays it again; a
chunk's games are counted once. A server on PGlite plays its runs on its own threads and needs no worker.
  --database-url URL  the club's PostgreSQL (postgres://user:password@host:5432/db); default $DATABASE_URL
  --threads N         worker threads, ${SETTING_LIMITS.balanceWorkers.min} to ${SETTING_LIMITS.balanceWorkers.max} (default: cores - 1, at least 1)`,
  async run(args: string[], io: Io): Promise<number> {
    const { values } = parseArgs({ args, options: { 'database-url': { type: 'string' }, threads: { type: 'string' } } });
    const url = values['database-url'] ?? process.env.DATABASE_URL;
    if (!url) throw new UsageError('name the club\'s PostgreSQL with --database-url postgres://... (or set DATABASE_URL)');
    if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError('--database-url must start with postgres:// or postgresql://');
    const threads = intOption('threads', values.threads, SETTING_LIMITS.balanceWorkers);
    const { openPostgres } = await import('../../server/db');
    const { startWorker } = await import('../../server/worker');
    const db = await openPostgres(url);
    let worker;
    try {
      worker = await startWorker({ db, url, ...(threads !== undefined ? { threads } : {}), say: io.out });
    } catch (err) {
      await db.close();
      throw err;
    }
    const running = worker;
    await new Promise<void>((done) => {
      const stop = (signal: string) => {
        io.out(`nevsky worker: ${signal}: the chunks under way go back to the queue; ${running.played()} games played here`);
        void running.stop().then(() => db.close()).then(done, done);
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
    return EXIT.ok;
  },
};
