/**
 * A club server in a process of its own, for the crash test (storage.test.ts) and the benchmark (tests/bench/server.bench.ts): PGlite in the folder given as the first
 * argument, or the PostgreSQL of DATABASE_URL. It makes a club when asked (--init) and prints one JSON line with its
 * address (and the club's first invitation), then serves until it is killed.
 */
import { buildServer, initClub, openClubDb } from '../../src/server';

const dir = process.argv[2]!;
const db = await openClubDb({ url: process.env.DATABASE_URL, dir });
const token = process.argv.includes('--init') ? (await initClub(db.query, 'Crash club')).token : undefined;
const { app } = await buildServer({ db, version: 'test', loginPerMinute: 1000 });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url, token })}\n`);
