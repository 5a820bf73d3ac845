/**
 * `nevsky balance FILE --server URL` (issue 40 item 4): the run as a job on a club server (PGlite, its own threads),
 * logged in from NEVSKY_LOGIN and NEVSKY_PASSWORD; the same numbers as the local client for the same settings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import type { Io } from '../../src/cli/io';
import type { BalanceSummary } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { balanceApi } from '../../src/workers/balance-api';
import { startBalance, type WorkerHandle } from '../../src/workers/balance-client';
import { BACKENDS, makeClub, signUp, startServer, type TestServer } from './helpers';

function capture(): Io & { outText: string[]; errText: string[] } {
  const outText: string[] = [], errText: string[] = [];
  return { outText, errText, out: (l: string) => { outText.push(l); }, err: (l: string) => { errText.push(l); } } as Io & { outText: string[]; errText: string[] };
}

describe('nevsky balance --server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(BACKENDS[0]!);
    const club = await makeClub(server.db, 'Club');
    await signUp(server, club.inviteToken, 'olga');
  }, 60_000);
  afterAll(async () => { await server?.close(); delete process.env.NEVSKY_LOGIN; delete process.env.NEVSKY_PASSWORD; });

  test('runs the estimate as a job on the server, with the local numbers', async () => {
    process.env.NEVSKY_LOGIN = 'olga';
    process.env.NEVSKY_PASSWORD = 'correct horse battery';
    const io = capture();
    const code = await main(['balance', 'open-field', '--server', server.url, '--games', '40', '--policy', 'simple', '--seed', '4', '--fixed', '--json'], io);
    expect(io.errText).toEqual([]);
    expect(code).toBe(0);
    const got = JSON.parse(io.outText.join('\n')) as BalanceSummary & { job: string };
    const spawn = (): WorkerHandle => ({ api: balanceApi, callback: (fn) => fn, terminate: () => {} });
    const expected = await startBalance(templateScenario('open-field')!, { games: 40, policy: 'simple', seed: 4, fixed: true }, spawn, 1).result;
    const { job: _job, scenario: _s, settings: _settings, server: _server, seconds: _seconds, ...summary } = got as unknown as Record<string, unknown>;
    expect(summary).toEqual(expected);
  }, 120_000);

  test('a wrong password, no credentials, or another mode alongside is refused without a run', async () => {
    process.env.NEVSKY_LOGIN = 'olga';
    process.env.NEVSKY_PASSWORD = 'wrong wrong wrong';
    let io = capture();
    expect(await main(['balance', 'open-field', '--server', server.url, '--games', '20'], io)).toBe(1);
    expect(io.errText.join('\n')).toMatch(/refused the login/);
    delete process.env.NEVSKY_PASSWORD;
    io = capture();
    expect(await main(['balance', 'open-field', '--server', server.url], io)).toBe(2);
    io = capture();
    process.env.NEVSKY_PASSWORD = 'correct horse battery';
    expect(await main(['balance', 'open-field', '--server', server.url, '--sweep'], io)).toBe(2);
    expect(await main(['balance', 'open-field', '--server', 'ftp://x'], io)).toBe(2);
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from balance_jobs'))[0]!.n).toBe(1);
  });
});
