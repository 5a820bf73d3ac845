/**
 * PostgreSQL for the balance jobs' tests: a database of their own on the server at TEST_DATABASE_URL (made afresh,
 * dropped after), so that they never share tables (nor pg-boss's queue) with the other server tests running beside
 * them in parallel files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Db } from '../../src/server';
import { freshDatabase, type Backend } from './helpers';

/** PGlite always; PostgreSQL (a database of its own, dropped when the Db closes) when TEST_DATABASE_URL is set. */
export const JOB_BACKENDS: Backend[] = [
  { name: 'pglite', open: () => openPglite() },
  ...(process.env.TEST_DATABASE_URL ? [{
    name: 'postgres' as const,
    async open(): Promise<Db> {
      const fresh = await freshDatabase('nevsky_jobs');
      const db = await openPostgres(fresh.url);
      return { ...db, close: async () => { await db.close(); await fresh.drop(); } };
    },
  }] : []),
];

const BIN = fileURLToPath(new URL('../../bin/nevsky.mjs', import.meta.url));

export interface WorkerProcess { child: ChildProcess; name: string; ready: Promise<void>; exited: Promise<number | null> }

/** `nevsky worker --database-url URL --threads 1` as its own process; ready once it says it takes chunks. */
export function startWorkerProcess(url: string, threads = 1): WorkerProcess {
  const child = spawn(process.execPath, [BIN, 'worker', '--database-url', url, '--threads', String(threads)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('taking balance chunks')) resolve(); });
    child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was ready: ${out.slice(-500)}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, name: `:${child.pid}`, ready, exited };
}

