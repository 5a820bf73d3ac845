/**
 * Issue 40 items 1 and 5: games at a distance through the club server, against the real server on every backend.
 * Who may call each game route (no session, another club, a member who does not play the game), hostile bodies, a
 * game played through the server by two simulated players who check every message as the browsers do
 * (src/club/relay.ts), a server that drops, reorders, replays or alters a message caught, the players' hidden
 * choices and secrets never readable from the database before they are revealed, another device given the games key
 * rebuilding the same copy, live events to the players only, the time control, and results entered by players only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRng, type Scenario } from '../../src/rules';
import { invite as inviteGame, join, send, turnOf, type DistanceGame, type Message } from '../../src/distance';
import { canonicalJson } from '../../src/distance/crypto';
import { templateScenario } from '../../src/scenario';
import { applyServer, keepOf, newKeyText, openKeep, rebuild, sealKeep } from '../../src/club/relay';
import { playTurn } from '../distance/players';
import { openPglite, openPostgres } from '../../src/server';
import { Client, invite, makeClub, signUp, startServer, type Backend, type TestServer } from './helpers';

/**
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set: there in a schema of its own (games40), so this file and the
 * API suite, run side by side, never empty each other's tables.
 */
const BACKENDS: Backend[] = [
  { name: 'pglite', open: () => openPglite() },
  ...(process.env.TEST_DATABASE_URL ? [{
    name: 'postgres' as const,
    open: async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', '-c search_path=games40');
      const db = await openPostgres(url.toString());
      await db.query('drop schema if exists games40 cascade');
      await db.query('create schema games40');
      return db;
    },
  }] : []),
];

const scenario = (): Scenario => templateScenario('open-field')!;

interface Player { client: Client; key: string; copy: DistanceGame; revision: number; id: string }

async function memberId(c: Client): Promise<string> {
  return String((await c.call('GET', '/api/me')).json.id);
}

describe.each(BACKENDS)('games at a distance on the club server ($name)', (backend) => {
  let server: TestServer;
  let olga: Client, ivan: Client, pavel: Client, otto: Client, anonymous: Client;
  let olgaId = '', ivanId = '', ottoId = '', entryId = '';

  beforeAll(async () => {
    server = await startServer(backend);
    const club = await makeClub(server.db, 'Novgorod Wargames');
    const other = await makeClub(server.db, 'Pskov Irregulars');
    olga = await signUp(server, club.inviteToken, 'olga');
    ivan = await signUp(server, await invite(olga), 'ivan');
    pavel = await signUp(server, await invite(olga), 'pavel');
    otto = await signUp(server, other.inviteToken, 'otto');
    anonymous = new Client(server.url);
    [olgaId, ivanId, ottoId] = await Promise.all([memberId(olga), memberId(ivan), memberId(otto)]);
    entryId = String((await olga.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id);
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  /** A challenge made by `by` (to `opponent`, or open to any member when null): the inviter's player and the game's id. */
  async function challenge(by: Client, byId: string, opponent: string | null, days = 3): Promise<{ inviter: Player; id: string }> {
    const made = await inviteGame(scenario(), 'teutonic');
    const key = newKeyText();
    const body = { entry: entryId, side: 'teutonic', opponent, days, message: made.message, keep: { revision: 1, blob: '' } };
    // The keep is bound to the server's game id, which the server gives: the first keep is bound to the protocol's id.
    body.keep.blob = await sealKeep(key, made.game.game, await keepOf(made.game));
    const r = await by.call('POST', '/api/games', body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return { inviter: { client: by, key, copy: made.game, revision: 1, id: byId }, id: String(r.json.id) };
  }

  async function post(p: Player, gameId: string, m: Message): Promise<{ status: number; json: Record<string, unknown> }> {
    p.revision++;
    const r = await p.client.call('POST', `/api/games/${gameId}/messages`, { message: m, keep: { revision: p.revision, blob: await sealKeep(p.key, gameId, await keepOf(p.copy)) } });
    if (r.status !== 200) p.revision--;
    return r;
  }

  /** The joiner reads the invitation from the server, checks it as a browser does, and answers (message 1). */
  async function joinGame(c: Client, id: string, cid: string): Promise<Player> {
    const g = await c.call('GET', `/api/games/${id}`);
    expect(g.status).toBe(200);
    const joined = await join((g.json.messages as unknown[])[0]);
    if (!joined.ok) throw new Error(joined.reason);
    const p: Player = { client: c, key: newKeyText(), copy: joined.game, revision: 0, id: cid };
    const r = await post(p, id, joined.message);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return p;
  }

  /** `p` fetches what it has not seen from the server and checks it: the problem, if any. */
  async function sync(p: Player, id: string): Promise<string | null> {
    // The last two messages are read again: one's own last message, altered on the server, is caught too.
    const g = await p.client.call('GET', `/api/games/${id}?after=${Math.max(-1, p.copy.messages.length - 3)}`);
    const keep = await keepOf(p.copy);
    const out = await applyServer(p.copy, g.json.messages as unknown[], keep.sent, Number((g.json.game as { count: number }).count));
    p.copy = out.game;
    return out.problem;
  }

  /** The writer plays its turn and sends it through the server. */
  async function turn(p: Player, id: string, rng: ReturnType<typeof createRng>): Promise<Message> {
    const t = turnOf(p.copy);
    const played = t.canAct ? playTurn(p.copy, rng) : p.copy;
    const out = await send(played);
    p.copy = out.game;
    const r = await post(p, id, out.message);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return out.message;
  }

  /** Play `count` more messages between the two, each checked by its receiver; returns every message sent. */
  async function exchange(a: Player, b: Player, id: string, count: number, seed: number): Promise<void> {
    const rng = createRng(seed);
    for (let i = 0; i < count; i++) {
      const writer = turnOf(a.copy).writing ? a : b;
      const reader = writer === a ? b : a;
      if (turnOf(writer.copy).state?.phase === 'over' && !turnOf(writer.copy).passNow) return;
      await turn(writer, id, rng);
      expect(await sync(reader, id)).toBeNull();
    }
  }

  test('a challenge is played through the server, each message checked; whose turn the list says; another device rebuilds the same copy', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId);
    const list = await ivan.call('GET', '/api/games');
    const mine = (list.json.games as Array<{ id: string; turn: string | null; status: string; opponent: { name: string } }>).find((g) => g.id === id)!;
    expect(mine).toMatchObject({ status: 'waiting', turn: ivanId, opponent: { name: 'ivan' } });
    // Pavel, in the club but not challenged, may not read or join it.
    expect((await pavel.call('GET', `/api/games/${id}`)).status).toBe(403);
    const joiner = await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    await exchange(inviter, joiner, id, 12, 7);
    const g = (await olga.call('GET', '/api/games')).json.games as Array<{ id: string; turn: string; count: number; status: string; dueAt: string }>;
    const row = g.find((x) => x.id === id)!;
    expect(row.status).toBe('playing');
    expect(row.count).toBe(inviter.copy.messages.length);
    expect(row.turn).toBe(turnOf(inviter.copy).writing ? olgaId : ivanId);
    expect(new Date(row.dueAt).getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);

    // Another device: the games key and the server alone give the same copy (secrets, seals, seeds) and it plays on.
    const fresh = await ivan.call('GET', `/api/games/${id}`);
    const keep = await openKeep(joiner.key, id, (fresh.json.keep as { blob: string }).blob);
    expect(keep).not.toBeNull();
    expect(await openKeep(newKeyText(), id, (fresh.json.keep as { blob: string }).blob)).toBeNull();
    const rebuilt = await rebuild(keep!, fresh.json.messages as unknown[], Number((fresh.json.game as { count: number }).count));
    expect(rebuilt.problem).toBeNull();
    expect(canonicalJson(rebuilt.game)).toBe(canonicalJson({ ...joiner.copy, seeds: rebuilt.game.seeds }));
    expect(turnOf(rebuilt.game).state?.log).toEqual(turnOf(joiner.copy).state?.log);
  }, 120_000);

  test('a server that drops, reorders, replays or alters a message is caught by the receiving browser', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId);
    const joiner = await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    await exchange(inviter, joiner, id, 6, 11);
    const rng = createRng(5);
    const writer = turnOf(inviter.copy).writing ? inviter : joiner;
    const reader = writer === inviter ? joiner : inviter;
    // Two more messages from the writer's side are not possible (they alternate): the writer sends one, the reader
    // is then shown a tampered server.
    await turn(writer, id, rng);
    const n = reader.copy.messages.length;
    const rows = async () => (await server.db.query<{ n: number; body: string }>('select n, body from game_messages where game_id = $1 order by n', [id]));
    const all = await rows();
    const body = (k: number) => JSON.parse(all[k]!.body) as Message;
    const fresh = { ...reader, copy: reader.copy };
    const check = async (messages: unknown[], count: number) => (await applyServer(fresh.copy, messages, (await keepOf(fresh.copy)).sent, count)).problem;

    // Honest: the new message applies (so the checks below can fail).
    expect(await check([body(n)], n + 1)).toBeNull();
    // Altered: the dice reveal changed (the receiver checks it against its commitment at once).
    const altered = structuredClone(body(n));
    altered.reveal = `${altered.reveal!.slice(0, -2)}${altered.reveal!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await check([altered], n + 1)).toMatch(/does not reveal the dice secret/);
    // Dropped: the message held back while the game's count says it exists.
    expect(await check([], n + 1)).toMatch(/held back/);
    // Reordered: an older message of the same writer handed over in its place.
    expect(await check([body(n - 2)], n + 1)).toMatch(/refused/);
    // Replayed: an older message renumbered as the next one.
    expect(await check([{ ...body(n - 2), n }], n + 1)).toMatch(/refused/);
    // A message already applied, replayed with a change.
    expect(await check([{ ...body(n - 1), roll: body(n - 3).roll }], n)).toMatch(/changed/);
    // The same done in the database itself: the browser's fetch refuses it and its copy is unchanged.
    await server.db.query('update game_messages set body = $2 where game_id = $1 and n = $3', [id, JSON.stringify(altered), n]);
    const before = reader.copy;
    expect(await sync(reader, id)).toMatch(/refused/);
    expect(reader.copy.messages.length).toBe(before.messages.length);
    // An alteration no one can see on arrival (the fresh dice share) is caught by the sender, who reads its own
    // message back from the server (sync reads the last two again), and by the reply's link to it.
    const share = structuredClone(body(n));
    share.roll = `${share.roll!.slice(0, -2)}${share.roll!.endsWith('AA') ? 'BB' : 'AA'}`;
    await server.db.query('update game_messages set body = $2 where game_id = $1 and n = $3', [id, JSON.stringify(share), n]);
    expect(await sync(writer, id)).toMatch(/changed/);
    expect(await sync(reader, id)).toBeNull();
    const reply = await send(reader.copy.draft.length || !turnOf(reader.copy).canAct ? reader.copy : playTurn(reader.copy, rng));
    const seen = await applyServer(writer.copy, [reply.message], (await keepOf(writer.copy)).sent, n + 2);
    expect(seen.problem).toMatch(/does not follow message/);
    // This player's own message, altered on the server, is caught by its own keep's hash.
    await server.db.query('update game_messages set body = $2 where game_id = $1 and n = $3', [id, all[n]!.body, n]);
    const own = structuredClone(body(n - 1));
    own.roll = body(n - 3).roll;
    const keep = await keepOf(reader.copy);
    const r = await rebuild(keep, [...all.slice(0, n - 1).map((x) => JSON.parse(x.body) as unknown), own], n);
    expect(r.problem).toMatch(/not the message you sent/);
  }, 120_000);

  test('hidden set-up, MDI picks and dice secrets are never in the database before they are revealed', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId, 2);
    const joiner = await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    const rng = createRng(3);
    let sealsSeen = 0;
    // At least 40 messages, and on until a secret choice has been seen (random play may take a while to reach one).
    for (let i = 0; i < 400 && (i < 40 || sealsSeen === 0); i++) {
      const writer = turnOf(inviter.copy).writing ? inviter : joiner;
      const reader = writer === inviter ? joiner : inviter;
      if (turnOf(writer.copy).state?.phase === 'over' && !turnOf(writer.copy).passNow) break;
      await turn(writer, id, rng);
      const stored = [
        ...(await server.db.query<{ body: string }>('select body from game_messages where game_id = $1', [id])).map((x) => x.body),
        ...(await server.db.query<{ blob: string }>('select blob from game_keeps where game_id = $1', [id])).map((x) => x.blob),
      ].join('\n');
      const count = writer.copy.messages.length;
      for (const p of [inviter, joiner]) {
        for (const s of p.copy.secrets) {
          // A dice secret is in the store only once the message two after its commitment revealed it.
          if (s.n + 2 >= count) expect(stored).not.toContain(s.secret);
        }
        for (const s of p.copy.seals) {
          if (s.n + 2 >= count) {
            sealsSeen++;
            expect(stored).not.toContain(s.salt);
            for (const a of s.actions) expect(stored).not.toContain(JSON.stringify(a).slice(1, -1));
          }
        }
      }
      // Every keep in the store is ciphertext: no field of a player's copy is readable.
      for (const { blob } of await server.db.query<{ blob: string }>('select blob from game_keeps where game_id = $1', [id])) {
        expect(blob).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
        expect(blob).not.toMatch(/secret|seal|draft|teutonic/);
      }
      expect(await sync(reader, id)).toBeNull();
    }
    // The game did reach secret choices (a sealed MDI pick or set-up), so the checks above were tried.
    expect(sealsSeen).toBeGreaterThan(0);
  }, 180_000);

  test('the other players hear live of a game only when they play it', async () => {
    const heard: string[] = [], others: string[] = [];
    const listen = (c: Client, into: string[]) => {
      const ctl = new AbortController();
      void fetch(`${server.url}/api/events`, { headers: { cookie: c.cookie }, signal: ctl.signal }).then(async (res) => {
        const reader = res.body!.getReader();
        for (;;) { const { value, done } = await reader.read(); if (done) break; into.push(new TextDecoder().decode(value)); }
      }).catch(() => undefined);
      return ctl;
    };
    const a = listen(ivan, heard), b = listen(pavel, others);
    await expect.poll(() => heard.join('') + '|' + others.join('')).toMatch(/connected[\s\S]*\|[\s\S]*connected/);
    const { id } = await challenge(olga, olgaId, ivanId);
    await expect.poll(() => heard.join('')).toContain(`"type":"game","id":"${id}"`);
    expect(others.join('')).not.toContain(id);
    a.abort(); b.abort();
  });

  test('an open game is joined by any member of the club, once; not by another club', async () => {
    const { id } = await challenge(olga, olgaId, null);
    const seen = (await pavel.call('GET', '/api/games')).json.games as Array<{ id: string; open: boolean }>;
    expect(seen.find((g) => g.id === id)?.open).toBe(true);
    expect((await otto.call('GET', `/api/games/${id}`)).status).toBe(404);
    expect(((await otto.call('GET', '/api/games')).json.games as Array<{ id: string }>).some((g) => g.id === id)).toBe(false);
    // Only the invitation is readable to one who may join.
    expect(((await pavel.call('GET', `/api/games/${id}`)).json.messages as unknown[]).length).toBe(1);
    await joinGame(pavel, id, await memberId(pavel));
    const g = await ivan.call('GET', `/api/games/${id}`);
    expect(g.status).toBe(403);
    const again = await join(((await olga.call('GET', `/api/games/${id}`)).json.messages as unknown[])[0]);
    if (!again.ok) throw new Error(again.reason);
    const r = await ivan.call('POST', `/api/games/${id}/messages`, { message: again.message, keep: { revision: 1, blob: await sealKeep(newKeyText(), id, await keepOf(again.game)) } });
    expect(r.status).toBe(403);
  }, 60_000);

  test('time control: the reminder comes before the time runs out, and the player who does not answer loses on time', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId, 1);
    const joiner = await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    // Olga is to write message 2; her time is nearly out.
    await server.db.query(`update games set due_at = now() + interval '2 hours' where id = $1`, [id]);
    let row = ((await olga.call('GET', '/api/games')).json.games as Array<{ id: string; reminder: boolean; status: string; turn: string }>).find((g) => g.id === id)!;
    expect(row).toMatchObject({ reminder: true, status: 'playing', turn: olgaId });
    await server.db.query(`update games set due_at = now() - interval '1 minute' where id = $1`, [id]);
    row = ((await ivan.call('GET', '/api/games')).json.games as Array<{ id: string; reminder: boolean; status: string; turn: string; result: unknown }>).find((g) => g.id === id)! as typeof row & { result: unknown };
    expect(row).toMatchObject({ status: 'finished', turn: null, result: { winner: ivanId, by: 'time' } });
    // No message after the loss on time.
    const late = await send(playTurn(inviter.copy, createRng(1)));
    inviter.copy = late.game;
    expect((await post(inviter, id, late.message)).status).toBe(409);
    void joiner;
  }, 60_000);

  test('a result is entered by the game\'s players only, and counts when both agree', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId);
    await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    expect((await pavel.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' })).status).toBe(403);
    expect((await otto.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' })).status).toBe(404);
    expect((await anonymous.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' })).status).toBe(401);
    expect((await olga.call('POST', `/api/games/${id}/result`, { winner: 'nobody' })).status).toBe(422);
    expect((await olga.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' })).json.status).toBe('playing');
    expect((await ivan.call('POST', `/api/games/${id}/result`, { winner: null })).status).toBe(409);
    const done = await ivan.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' });
    expect(done.json).toMatchObject({ status: 'finished', result: { winner: olgaId, by: 'play' } });
    expect((await olga.call('POST', `/api/games/${id}/result`, { winner: 'teutonic' })).status).toBe(409);
  }, 60_000);

  test('a game both copies finished with the same result and points goes into the club record, once', async () => {
    const { inviter, id } = await challenge(olga, olgaId, ivanId);
    await joinGame(ivan, id, ivanId);
    expect(await sync(inviter, id)).toBeNull();
    const listed = (await olga.call('GET', '/api/games')).json.games as Array<{ id: string; inviter: { side: string }; opponent: { side: string } }>;
    const sides = listed.find((g) => g.id === id)!;
    const points = { [sides.inviter.side]: 7, [sides.opponent.side]: 3 };
    expect((await olga.call('POST', `/api/games/${id}/result`, { winner: sides.inviter.side, points: { nobody: 1 } })).status).toBe(422);
    expect((await olga.call('POST', `/api/games/${id}/result`, { winner: sides.inviter.side, points })).json.status).toBe('playing');
    // Other points than the first copy's are another result: refused, nothing recorded.
    expect((await ivan.call('POST', `/api/games/${id}/result`, { winner: sides.inviter.side, points: { ...points, [sides.inviter.side]: 8 } })).status).toBe(409);
    expect(((await olga.call('GET', '/api/record/games')).json.games as unknown[]).length).toBe(0);
    expect((await ivan.call('POST', `/api/games/${id}/result`, { winner: sides.inviter.side, points })).json.status).toBe('finished');
    const recorded = (await ivan.call('GET', '/api/record/games')).json.games as Array<Record<string, unknown>>;
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ source: 'distance', status: 'confirmed', result: 'a', points_a: 7, points_b: 3, player_a: olgaId, player_b: ivanId });
    // The other club sees none of it.
    expect(((await otto.call('GET', '/api/record/games')).json.games as unknown[]).length).toBe(0);
  }, 60_000);

  test('every game route: no session 401, another club 404, a member who does not play it 403', async () => {
    const { id } = await challenge(olga, olgaId, ivanId);
    const keep = { revision: 2, blob: `v1.${'A'.repeat(16)}.AAAA` };
    const routes: Array<{ method: string; path: string; body?: unknown; nonPlayer: number }> = [
      { method: 'GET', path: `/api/games/${id}`, nonPlayer: 403 },
      { method: 'POST', path: `/api/games/${id}/messages`, body: { message: (await inviteGame(scenario(), 'teutonic')).message, keep }, nonPlayer: 403 },
      { method: 'PUT', path: `/api/games/${id}/keep`, body: keep, nonPlayer: 403 },
      { method: 'POST', path: `/api/games/${id}/result`, body: { winner: null }, nonPlayer: 403 },
      { method: 'POST', path: `/api/games/${id}/resign`, nonPlayer: 403 },
      { method: 'DELETE', path: `/api/games/${id}`, nonPlayer: 403 },
    ];
    for (const r of routes) {
      expect((await anonymous.call(r.method, r.path, r.body)).status, `${r.method} ${r.path} anonymous`).toBe(401);
      expect((await otto.call(r.method, r.path, r.body)).status, `${r.method} ${r.path} other club`).toBe(404);
      expect((await pavel.call(r.method, r.path, r.body)).status, `${r.method} ${r.path} non-player`).toBe(r.nonPlayer);
    }
    expect((await anonymous.call('GET', '/api/games')).status).toBe(401);
    // A challenge to a member of another club, or from another club's library entry, is refused.
    const made = await inviteGame(scenario(), 'teutonic');
    const body = { entry: entryId, side: 'teutonic', opponent: ottoId, days: 3, message: made.message, keep: { revision: 1, blob: `v1.${'A'.repeat(16)}.AAAA` } };
    expect((await anonymous.call('POST', '/api/games', { ...body, opponent: ivanId })).status).toBe(401);
    expect((await olga.call('POST', '/api/games', body)).status).toBe(404);
    expect((await otto.call('POST', '/api/games', { ...body, opponent: null })).status).toBe(404);
    // The game is untouched by all of it.
    const g = await olga.call('GET', `/api/games/${id}`);
    expect((g.json.game as { status: string }).status).toBe('waiting');
    expect((g.json.messages as unknown[]).length).toBe(1);
    // The one challenged may decline; then nobody may join.
    expect((await ivan.call('DELETE', `/api/games/${id}`)).json.status).toBe('cancelled');
  }, 60_000);

  test('hostile bodies get a 4xx, never a 500', async () => {
    const { id } = await challenge(olga, olgaId, ivanId);
    const made = await inviteGame(scenario(), 'teutonic');
    const good = { entry: entryId, side: 'teutonic', opponent: ivanId, days: 3, message: made.message, keep: { revision: 1, blob: `v1.${'A'.repeat(16)}.AAAA` } };
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    const bodies: Array<[string, unknown, string?]> = [
      ['wrong types', { ...good, days: 'three' }],
      ['days out of range', { ...good, days: 400 }],
      ['unknown field', { ...good, extra: 1 }],
      ['not a message', { ...good, message: { hello: 'world' } }],
      ['message 3 as an invitation', { ...good, message: { ...made.message, n: 3 } }],
      ['deep message', { ...good, message: { ...made.message, actions: deep } }],
      ['keep not ciphertext', { ...good, keep: { revision: 1, blob: '{"secrets":[]}' } }],
      ['oversized', null, `{"entry":"${'x'.repeat(2 * 1024 * 1024)}"}`],
      ['not JSON', null, '{"entry":'],
      ['deep JSON', null, `{"entry":"a","side":"b","opponent":null,"days":1,"keep":{"revision":1,"blob":"v1.AAAAAAAAAAAAAAAA.AA"},"message":${'['.repeat(20000)}${']'.repeat(20000)}}`],
    ];
    for (const [name, body, raw] of bodies) {
      const r = raw ? await olga.call('POST', '/api/games', undefined, raw) : await olga.call('POST', '/api/games', body);
      expect(r.status, name).toBeGreaterThanOrEqual(400);
      expect(r.status, name).toBeLessThan(500);
    }
    for (const body of [{ message: 'x', keep: 1 }, { message: { ...made.message, n: 'one' }, keep: good.keep }, { message: { ...made.message, actions: deep }, keep: good.keep }]) {
      const r = await ivan.call('POST', `/api/games/${id}/messages`, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const r = await ivan.call('GET', `/api/games/${id}?after=banana`);
    expect(r.status).toBe(400);
  }, 60_000);
});

describe('a restart', () => {
  test('a PGlite data folder reopened after a stop holds every game, message and keep; the game goes on', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join: joinPath } = await import('node:path');
    const { buildServer, migrate } = await import('../../src/server');
    const dir = mkdtempSync(joinPath(tmpdir(), 'nevsky-games-'));
    try {
      let db = await openPglite(dir);
      await migrate(db);
      const club = await makeClub(db, 'Durable club');
      let { app } = await buildServer({ db, version: 'test' });
      let url = await app.listen({ port: 0, host: '127.0.0.1' });
      const srv = { db, app, url, close: async () => {} };
      const anna = await signUp(srv, club.inviteToken, 'anna');
      const boris = await signUp(srv, await invite(anna), 'boris');
      const entry = String((await anna.call('POST', '/api/library', { kind: 'scenario', doc: scenario() })).json.id);
      const made = await inviteGame(scenario(), 'teutonic');
      const key = newKeyText();
      const id = String((await anna.call('POST', '/api/games', { entry, side: 'teutonic', opponent: null, days: 3, message: made.message, keep: { revision: 1, blob: await sealKeep(key, made.game.game, await keepOf(made.game)) } })).json.id);
      const joined = await join(made.message);
      if (!joined.ok) throw new Error(joined.reason);
      expect((await boris.call('POST', `/api/games/${id}/messages`, { message: joined.message, keep: { revision: 1, blob: await sealKeep(newKeyText(), id, await keepOf(joined.game)) } })).status).toBe(200);
      await app.close();
      await db.close();
      db = await openPglite(dir);
      await migrate(db);
      ({ app } = await buildServer({ db, version: 'test' }));
      url = await app.listen({ port: 0, host: '127.0.0.1' });
      const again = new Client(url);
      again.cookie = anna.cookie;
      const g = await again.call('GET', `/api/games/${id}`);
      expect(g.status).toBe(200);
      const keep = await openKeep(key, made.game.game, (g.json.keep as { blob: string }).blob);
      const rebuilt = await rebuild(keep!, g.json.messages as unknown[], Number((g.json.game as { count: number }).count));
      expect(rebuilt.problem).toBeNull();
      // Anna writes message 2 (acting, or passing on when the other side deploys first): the game goes on.
      expect(turnOf(rebuilt.game).writing).toBe(true);
      expect(turnOf(rebuilt.game).state).not.toBeNull();
      expect(rebuilt.game.secrets).toEqual(made.game.secrets);
      await app.close();
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
