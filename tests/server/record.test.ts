/**
 * Issue 40 item 3, the club record, against the real server (PGlite; PostgreSQL too with TEST_DATABASE_URL): who may
 * call each route (no session, wrong role, another club), a member never enters a result for a game they did not play
 * and only the other player confirms it, the per-scenario record, Glicko-2 ratings, leagues, and recordFinishedGame.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wilsonInterval } from '../../src/ai/stats';
import { recordFinishedGame } from '../../src/server';
import { BACKENDS, Client, invite, makeClub, signUp, startServer, type TestServer } from './helpers';

describe.each(BACKENDS)('the club record on $name', (backend) => {
  let server: TestServer;
  let olga: Client, ivan: Client, pavel: Client, dora: Client, otto: Client, anonymous: Client;
  const id: Record<string, string> = {};
  let clubId = '', otherClubId = '', otherGame = '', otherLeague = '';

  const game = (a: string, b: string, result: 'a' | 'b' | 'draw' = 'a', extra: Record<string, unknown> = {}) => ({
    scenario: { title: 'Open Field' }, sides: ['Teutons', 'Novgorod'], players: [id[a], id[b]], result, points: [12, 7], source: 'table', ...extra,
  });

  beforeAll(async () => {
    server = await startServer(backend);
    const club = await makeClub(server.db, 'Novgorod Wargames');
    const other = await makeClub(server.db, 'Pskov Irregulars');
    clubId = club.id; otherClubId = other.id;
    olga = await signUp(server, club.inviteToken, 'olga');
    ivan = await signUp(server, await invite(olga), 'ivan');
    pavel = await signUp(server, await invite(olga), 'pavel');
    dora = await signUp(server, await invite(olga), 'dora');
    otto = await signUp(server, other.inviteToken, 'otto');
    anonymous = new Client(server.url);
    for (const m of (await olga.call('GET', '/api/members')).json.members as Array<{ id: string; login: string }>) id[m.login] = m.id;
    id.otto = String((await otto.call('GET', '/api/me')).json.id);
    const ottoMate = await signUp(server, await invite(otto), 'oleg');
    id.oleg = String((await ottoMate.call('GET', '/api/me')).json.id);
    otherGame = String((await otto.call('POST', '/api/record/games', game('otto', 'oleg'))).json.id);
    otherLeague = String((await otto.call('POST', '/api/record/leagues', { name: 'Pskov cup', format: 'round-robin', players: [id.otto, id.oleg] })).json.id);
  }, 120_000);
  afterAll(async () => { await server?.close(); });

  const routes = () => [
    { name: 'games', method: 'GET', path: '/api/record/games' },
    { name: 'enter', method: 'POST', path: '/api/record/games', body: game('olga', 'ivan') },
    { name: 'confirm', method: 'POST', path: `/api/record/games/${otherGame}/confirm`, other: true },
    { name: 'reject', method: 'POST', path: `/api/record/games/${otherGame}/reject`, other: true },
    { name: 'scenarios', method: 'GET', path: '/api/record/scenarios' },
    { name: 'ratings', method: 'GET', path: '/api/record/ratings' },
    { name: 'leagues', method: 'GET', path: '/api/record/leagues' },
    { name: 'new league', method: 'POST', path: '/api/record/leagues', body: { name: 'x', format: 'swiss', players: [id.olga, id.ivan] }, organiser: true },
    { name: 'league', method: 'GET', path: `/api/record/leagues/${otherLeague}`, other: true },
    { name: 'next round', method: 'POST', path: `/api/record/leagues/${otherLeague}/rounds`, organiser: true, other: true },
  ];

  test('no record route answers without a session (401)', async () => {
    for (const r of routes()) expect([r.name, (await anonymous.call(r.method, r.path, r.body)).status]).toEqual([r.name, 401]);
  });

  test("organisers' routes refuse a member (403)", async () => {
    for (const r of routes().filter((x) => x.organiser)) expect([r.name, (await ivan.call(r.method, r.path, r.body)).status]).toEqual([r.name, 403]);
  });

  test("another club's games and leagues are never read or changed (404), nor listed", async () => {
    for (const r of routes().filter((x) => x.other)) expect([r.name, (await olga.call(r.method, r.path, r.body)).status]).toEqual([r.name, 404]);
    expect((await olga.call('GET', '/api/record/games')).json.games).toEqual([]);
    expect((await olga.call('GET', '/api/record/leagues')).json.leagues).toEqual([]);
    const names = ((await olga.call('GET', '/api/record/ratings')).json.ratings as Array<{ name: string }>).map((r) => r.name).sort();
    expect(names).toEqual(['dora', 'ivan', 'olga', 'pavel']);
    // A player of another club cannot be named in a game.
    expect((await olga.call('POST', '/api/record/games', game('olga', 'otto'))).status).toBe(404);
    expect((await olga.call('POST', '/api/record/leagues', { name: 'x', format: 'swiss', players: [id.olga, id.otto] })).status).toBe(404);
  });

  test('a member cannot enter a result for a game they did not play; only the other player confirms', async () => {
    const notMine = await pavel.call('POST', '/api/record/games', game('olga', 'ivan'));
    expect(notMine.status).toBe(403);
    expect(notMine.json.error).toBe('You can enter a result only for a game you played.');
    const made = await olga.call('POST', '/api/record/games', game('olga', 'ivan'));
    expect(made.status).toBe(201);
    const gid = String(made.json.id);
    expect((await olga.call('POST', `/api/record/games/${gid}/confirm`)).status).toBe(409);
    expect((await pavel.call('POST', `/api/record/games/${gid}/confirm`)).status).toBe(403);
    // Pending: not yet in the record.
    expect(((await olga.call('GET', '/api/record/scenarios')).json.scenarios as unknown[]).length).toBe(0);
    expect((await ivan.call('POST', `/api/record/games/${gid}/confirm`)).json).toEqual({ id: gid, status: 'confirmed' });
    expect((await ivan.call('POST', `/api/record/games/${gid}/confirm`)).status).toBe(409);
    expect((await ivan.call('POST', `/api/record/games/${gid}/reject`)).status).toBe(409);
    // A result the other player rejects never counts.
    const wrong = String((await ivan.call('POST', '/api/record/games', game('ivan', 'olga', 'a'))).json.id);
    expect((await olga.call('POST', `/api/record/games/${wrong}/reject`)).json.status).toBe('rejected');
    const games = (await olga.call('GET', '/api/record/games')).json.games as Array<{ id: string; status: string; name_a: string }>;
    expect(games.map((g) => [g.id, g.status])).toEqual(expect.arrayContaining([[gid, 'confirmed'], [wrong, 'rejected']]));
  });

  test('hostile or wrong bodies get a 4xx, never a 500', async () => {
    const cases: Array<[unknown, number]> = [
      [{ ...game('olga', 'ivan'), result: 'win' }, 400],
      [{ ...game('olga', 'ivan'), points: ['twelve', 7] }, 400],
      [{ ...game('olga', 'ivan'), source: 'distance' }, 400],
      [{ ...game('olga', 'ivan'), players: [id.olga] }, 400],
      [{ ...game('olga', 'ivan'), admin: true }, 400],
      [{ ...game('olga', 'ivan'), playedAt: 'yesterday' }, 400],
      [{ ...game('olga', 'ivan'), playedAt: '2999-01-01T00:00:00Z' }, 422],
      [{ ...game('olga', 'ivan'), players: [id.olga, id.olga] }, 422],
      [{ ...game('olga', 'ivan'), sides: ['Teutons', 'Teutons'] }, 422],
      [{ ...game('olga', 'ivan'), scenario: { title: 'x', entryId: 'nope' } }, 404],
      [{ ...game('olga', 'ivan'), league: { id: otherLeague, round: 1 } }, 404],
    ];
    for (const [body, status] of cases) {
      const r = await olga.call('POST', '/api/record/games', body);
      expect([body, r.status]).toEqual([body, status]);
      expect(typeof r.json.error).toBe('string');
    }
    expect((await olga.call('POST', '/api/record/games/x'.padEnd(80, 'x') + '/confirm')).status).toBe(400);
    expect((await olga.call('POST', '/api/record/leagues', { name: 'x', format: 'swiss', players: [id.olga, id.olga] })).status).toBe(400);
  });

  test("a scenario's record: wins per side with the first side's share and its 95% interval", async () => {
    // recordFinishedGame (distance games) needs no confirmation, and keeps one record per game id.
    const played = new Date('2026-11-20T18:00:00Z');
    const rec = (n: number, result: 'a' | 'b') => recordFinishedGame(server.db, {
      clubId, scenario: { title: 'Two Hills' }, sides: ['Teutons', 'Novgorod'], players: [id.pavel!, id.dora!], result, points: [10, 5], source: 'distance', externalId: `g${n}`, playedAt: played,
    });
    for (let n = 0; n < 5; n++) expect((await rec(n, n < 4 ? 'a' : 'b')).created).toBe(true);
    expect((await rec(0, 'a')).created).toBe(false);
    await expect(recordFinishedGame(server.db, { clubId: otherClubId, scenario: { title: 'x' }, sides: ['A', 'B'], players: [id.pavel!, id.dora!], result: 'a', points: [1, 0], source: 'distance', externalId: 'z' })).rejects.toThrow(/members of your club/);
    const s = ((await dora.call('GET', '/api/record/scenarios')).json.scenarios as Array<{ title: string; games: number; sides: unknown; share: unknown; decisive: number }>).find((x) => x.title === 'Two Hills')!;
    expect(s).toMatchObject({ games: 5, decisive: 5, sides: [{ side: 'Teutons', wins: 4 }, { side: 'Novgorod', wins: 1 }] });
    expect(s.share).toEqual(wilsonInterval(4, 5));
  });

  test('Glicko-2 ratings: winners rise, losers fall, deviations shrink; each member has a history', async () => {
    const r = (await olga.call('GET', '/api/record/ratings')).json.ratings as Array<{ name: string; rating: number; rd: number; games: number; wins: number; history: unknown[] }>;
    const by = Object.fromEntries(r.map((x) => [x.name, x]));
    expect(by.pavel!.rating).toBeGreaterThan(1500);
    expect(by.dora!.rating).toBeLessThan(1500);
    expect(by.pavel!.rd).toBeLessThan(350);
    expect(by.pavel).toMatchObject({ games: 5, wins: 4 });
    expect(by.pavel!.history).toHaveLength(1);
    expect(by.olga!.rating).toBeGreaterThan(by.ivan!.rating);
    expect(r[0]!.name).toBe('pavel');
  });

  test('a round-robin league pairs everyone once; results entered with the league fill its standings', async () => {
    const made = await olga.call('POST', '/api/record/leagues', { name: 'Winter season', format: 'round-robin', players: [id.olga, id.ivan, id.pavel, id.dora] });
    expect(made.status).toBe(201);
    expect(made.json.rounds).toBe(3);
    const lid = String(made.json.id);
    const l = (await ivan.call('GET', `/api/record/leagues/${lid}`)).json as { pairings: Array<{ round: number; player_a: string; player_b: string }> };
    expect(l.pairings).toHaveLength(6);
    const pairs = new Set(l.pairings.map((p) => [p.player_a, p.player_b].sort().join('|')));
    expect(pairs.size).toBe(6);
    const p1 = l.pairings.find((p) => p.round === 1 && (p.player_a === id.olga || p.player_b === id.olga))!;
    const opp = p1.player_a === id.olga ? p1.player_b : p1.player_a;
    const oppClient = { [id.ivan!]: ivan, [id.pavel!]: pavel, [id.dora!]: dora }[opp]!;
    // A league game of a pairing that does not exist is refused.
    expect((await olga.call('POST', '/api/record/games', { ...game('olga', 'ivan'), players: [id.olga, opp], league: { id: lid, round: 2 } })).status).toBe(404);
    const g = String((await olga.call('POST', '/api/record/games', { ...game('olga', 'ivan'), players: [id.olga, opp], league: { id: lid, round: 1 } })).json.id);
    expect((await oppClient.call('POST', `/api/record/games/${g}/confirm`)).status).toBe(200);
    const standings = (await olga.call('GET', `/api/record/leagues/${lid}`)).json.standings as Array<{ id: string; score: number; played: number; margin: number }>;
    expect(standings[0]).toMatchObject({ id: id.olga, score: 1, played: 1, margin: 5 });
    expect(standings.find((s) => s.id === opp)).toMatchObject({ score: 0, played: 1, margin: -5 });
    expect((await olga.call('POST', '/api/record/games', { ...game('olga', 'ivan'), players: [id.olga, opp], league: { id: lid, round: 1 } })).status).toBe(409);
    expect((await olga.call('POST', `/api/record/leagues/${lid}/rounds`)).status).toBe(409);
  });

  test('a Swiss league pairs a round at a time, by score, without repeats', async () => {
    const lid = String((await olga.call('POST', '/api/record/leagues', { name: 'Swiss spring', format: 'swiss', players: [id.olga, id.ivan, id.pavel, id.dora], rounds: 3 })).json.id);
    const clients: Record<string, Client> = { [id.olga!]: olga, [id.ivan!]: ivan, [id.pavel!]: pavel, [id.dora!]: dora };
    const play = async (round: number) => {
      const l = (await olga.call('GET', `/api/record/leagues/${lid}`)).json as { pairings: Array<{ round: number; player_a: string; player_b: string }> };
      for (const p of l.pairings.filter((x) => x.round === round)) {
        const g = String((await clients[p.player_a]!.call('POST', '/api/record/games', { ...game('olga', 'ivan'), players: [p.player_a, p.player_b], league: { id: lid, round } })).json.id);
        expect((await clients[p.player_b]!.call('POST', `/api/record/games/${g}/confirm`)).status).toBe(200);
      }
    };
    expect((await olga.call('POST', `/api/record/leagues/${lid}/rounds`)).status).toBe(409); // round 1 unplayed
    await play(1);
    const r2 = await olga.call('POST', `/api/record/leagues/${lid}/rounds`);
    expect(r2.json.round).toBe(2);
    await play(2);
    expect((await olga.call('POST', `/api/record/leagues/${lid}/rounds`)).json.round).toBe(3);
    await play(3);
    expect((await olga.call('POST', `/api/record/leagues/${lid}/rounds`)).status).toBe(409); // all rounds paired
    const l = (await olga.call('GET', `/api/record/leagues/${lid}`)).json as { pairings: Array<{ player_a: string; player_b: string }>; standings: Array<{ score: number }> };
    expect(new Set(l.pairings.map((p) => [p.player_a, p.player_b].sort().join('|'))).size).toBe(6);
    // The first player of every game won: 3 rounds, 2 games each, 6 points shared out.
    expect(l.standings.reduce((n, s) => n + s.score, 0)).toBe(6);
  });
});
