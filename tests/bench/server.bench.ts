/**
 * The club server (issue 39): requests a second and the 95th-percentile latency of reading a library entry and of
 * saving a version, over loopback HTTP, on PGlite (in a data folder, as `nevsky serve` runs) and on PostgreSQL; and the
 * resident memory of the server process after 10,000 saved versions (SERVER_BENCH_VERSIONS to change).
 *
 * The server runs in a process of its own (tests/server/child-server.ts), so its memory is its own, not the
 * benchmark's. PostgreSQL: DATABASE_URL (or TEST_DATABASE_URL) when set, its public schema emptied first; else a
 * throwaway cluster of Debian's postgresql started here (as the postgres user when run as root) and removed after;
 * else the PostgreSQL rows are skipped with a note.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { templateScenario } from '../../src/scenario';
import { openPostgres } from '../../src/server';
import { invite, signUp, type TestServer } from '../server/helpers';
import type { BenchRow, BenchSection } from './harness';

const IN_FLIGHT = 8;
const ROOT = join(import.meta.dirname, '..', '..');

/** Run `count` calls of `call`, `IN_FLIGHT` at a time: requests a second and the p95 latency in ms. */
async function load(count: number, call: (i: number) => Promise<number>): Promise<{ rate: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      const status = await call(i);
      if (status >= 400) throw new Error(`request ${i} answered ${status}`);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: count / seconds, p95: latencies[Math.floor(latencies.length * 0.95)]! };
}

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

/** A PostgreSQL to measure on: the given one, or a throwaway cluster; null (with the reason) when there is none. */
async function postgres(): Promise<{ url: string; stop(): void } | { skip: string }> {
  const given = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) {
    const db = await openPostgres(given);
    await db.query('drop schema if exists public cascade');
    await db.query('create schema public');
    await db.close();
    return { url: given, stop: () => undefined };
  }
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)).at(-1) : undefined;
  const bin = version ? join(base, version, 'bin') : '';
  if (!bin || !existsSync(join(bin, 'initdb'))) return { skip: 'no PostgreSQL: set DATABASE_URL, or install Debian\'s postgresql' };
  const dir = mkdtempSync(join(tmpdir(), 'nevsky-bench-pg-'));
  const root = process.getuid?.() === 0;
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd: string, args: string[]) => (root
    ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [join(bin, cmd), ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'ignore' })
    : execFileSync(join(bin, cmd), args, { stdio: 'ignore' }));
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'nevsky_bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/nevsky_bench`,
    stop: () => { try { run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', 'stop']); } finally { rmSync(dir, { recursive: true, force: true }); } },
  };
}

/** The club server in a process of its own; its address, its club's first invitation, and its pid. */
function serverProcess(arg: string, env: Record<string, string>): Promise<{ proc: ChildProcess; url: string; token: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/server/child-server.ts'), arg, '--init'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`the club server exited (${code}) before listening`)));
    createInterface({ input: proc.stdout! }).once('line', (line) => resolve({ proc, ...(JSON.parse(line) as { url: string; token: string }) }));
  });
}

/** The resident set of a process, in MB (Linux /proc). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function measure(name: string, arg: string, env: Record<string, string>, versions: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const { proc, url, token } = await serverProcess(arg, env);
  try {
    const server = { url } as TestServer;
    const olga = await signUp(server, token, 'olga');
    const ivan = await signUp(server, await invite(olga), 'ivan');
    const doc = templateScenario('two-divisions')!;
    const id = String((await olga.call('POST', '/api/library', { kind: 'scenario', doc })).json.id);
    await load(200, async () => (await ivan.call('GET', `/api/library/${id}`)).status); // warm up
    const read = await load(2000, async () => (await ivan.call('GET', `/api/library/${id}`)).status);
    rows.push({ label: `${name}: read an entry`, value: read.rate, unit: 'req/s', note: `p95 ${read.p95.toFixed(1)} ms, ${IN_FLIGHT} in flight` });
    // Saves in turn, each from the revision before it (a save from a stale revision is refused).
    let base = 1;
    const t0 = performance.now();
    const lat: number[] = [];
    for (let i = 0; i < versions; i++) {
      const t = performance.now();
      const r = await olga.call('PUT', `/api/library/${id}`, { base, doc, summary: `Save ${base}` });
      if (r.status !== 200) throw new Error(`save ${i}: ${r.status}`);
      base = Number(r.json.revision);
      lat.push(performance.now() - t);
    }
    lat.sort((a, b) => a - b);
    rows.push({ label: `${name}: save a version`, value: versions / ((performance.now() - t0) / 1000), unit: 'req/s', note: `p95 ${lat[Math.floor(lat.length * 0.95)]!.toFixed(1)} ms, one at a time (each from the last revision)` });
    rows.push({ label: `${name}: server memory after ${versions.toLocaleString('en')} versions`, value: rssOf(proc.pid!), unit: 'MB', note: name === 'pglite' ? 'resident set of the server process, its embedded database included' : 'resident set of the server process (PostgreSQL\'s own processes not counted)' });
  } finally {
    proc.kill('SIGTERM');
  }
  return rows;
}

export const section: BenchSection = {
  name: 'Club server (issue 39)',
  async run() {
    const versions = Number(process.env.SERVER_BENCH_VERSIONS ?? 10_000);
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-bench-club-'));
    const rows: BenchRow[] = [];
    try {
      rows.push(...await measure('pglite', dir, { DATABASE_URL: '' }, versions));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const pg = await postgres();
    if ('skip' in pg) {
      rows.push({ label: 'postgres', value: 0, unit: '', note: pg.skip });
      return rows;
    }
    try {
      rows.push(...await measure('postgres', '/nonexistent', { DATABASE_URL: pg.url }, versions));
    } finally {
      pg.stop();
    }
    return rows;
  },
};
