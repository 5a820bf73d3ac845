/**
 * Games at a distance through the club server (issue 40; architecture.md "The club server"): the server stores and
 * relays the commit-reveal messages of "Playing at a distance" and is never trusted with them: each browser checks
 * every message as it does with links and files (src/club/relay.ts). What the server adds is carrying: who plays
 * whom, whose message is next, a time control (days per move, a reminder before the time runs out, a loss on time
 * after), and each player's own secrets kept for another device as a blob encrypted in the browser with a key the
 * server never sees ("keep").
 *
 * Who may do what: every route needs a session (registered inside the club's session scope); a game of another club
 * is never told apart from none (404); a member of the club who is not one of its players may read only an open
 * game's invitation (to join it) and may do nothing else with it (403).
 */
import type { FastifyInstance } from 'fastify';
import { readMessage, type Message } from '../distance';
import { newId, type Member } from './auth';
import { HttpError } from './errors';
import { recordFinishedGame } from './record';
import type { Db, Query } from './db';
import type { Live } from './live';

/** A game row as stored. */
interface GameRow {
  id: string; club_id: string; game: string; entry_id: string | null; title: string;
  inviter_id: string; inviter_side: string; other_side: string; opponent_id: string | null; open_to_all: boolean;
  days_per_move: number; messages: number; due_at: Date | null; reminded_at: Date | null;
  status: 'waiting' | 'playing' | 'finished' | 'cancelled'; winner_id: string | null; ended_by: string | null;
  claims: Record<string, string> | null; created_at: Date; updated_at: Date;
}

/** A game as the API shows it. */
export interface GameSummary {
  id: string; game: string; title: string; entryId: string | null; days: number;
  status: GameRow['status']; open: boolean;
  inviter: { id: string; name: string; side: string };
  opponent: { id: string; name: string; side: string } | null;
  count: number;
  /** The member who writes the next message (null before someone joins an open game, and once it is over). */
  turn: string | null;
  dueAt: string | null;
  /** The time left is short: the reminder was (or is now) given. */
  reminder: boolean;
  result: { winner: string | null; by: string } | null;
  claims: Record<string, string>;
  createdAt: string; updatedAt: string;
}

/** The reminder comes when less than this share of the time per move is left (at most a day before). */
const REMINDER_SHARE = 0.25;
const SWEEP_MS = 60_000;
const KEEP_MAX = 900_000;

const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } } as const;
const keepSchema = {
  type: 'object', additionalProperties: false, required: ['revision', 'blob'],
  properties: { revision: { type: 'integer', minimum: 1, maximum: 1_000_000 }, blob: { type: 'string', maxLength: KEEP_MAX, pattern: '^v1\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]+$' } },
} as const;
const messageSchema = { type: 'object', maxProperties: 20 } as const;

function reminderDue(row: GameRow, now = Date.now()): boolean {
  if (row.status !== 'playing' || !row.due_at) return false;
  const left = new Date(row.due_at).getTime() - now;
  return left <= Math.min(86_400_000, row.days_per_move * 86_400_000 * REMINDER_SHARE);
}

/** The member who writes message n: even messages the inviter's, odd ones the opponent's. */
function writerOf(row: GameRow, n: number): string | null {
  return n % 2 === 0 ? row.inviter_id : row.opponent_id;
}

/** A message from the request body, read as every browser reads one; a 422 when it is none. */
function messageOf(value: unknown): Message {
  const read = readMessage(value);
  if (!read.ok) throw new HttpError(422, read.reason);
  return read.message;
}

export async function gameRoutes(club: FastifyInstance, db: Db, live: Live): Promise<void> {
  async function names(ids: Array<string | null>): Promise<Map<string, string>> {
    const want = [...new Set(ids.filter((x): x is string => !!x))];
    if (want.length === 0) return new Map();
    const rows = await db.query<{ id: string; name: string }>('select id, name from members where id = any($1)', [want]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  function summary(row: GameRow, who: Map<string, string>): GameSummary {
    const over = row.status === 'finished' || row.status === 'cancelled';
    return {
      id: row.id, game: row.game, title: row.title, entryId: row.entry_id, days: row.days_per_move, status: row.status, open: row.open_to_all,
      inviter: { id: row.inviter_id, name: who.get(row.inviter_id) ?? '', side: row.inviter_side },
      opponent: row.opponent_id ? { id: row.opponent_id, name: who.get(row.opponent_id) ?? '', side: row.other_side } : null,
      count: row.messages,
      turn: over || row.messages === 0 ? null : writerOf(row, row.messages),
      dueAt: row.due_at ? new Date(row.due_at).toISOString() : null,
      reminder: reminderDue(row),
      result: row.status === 'finished' ? { winner: row.winner_id, by: row.ended_by ?? 'play' } : null,
      claims: row.claims ?? {},
      createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  async function summaries(rows: GameRow[]): Promise<GameSummary[]> {
    const who = await names(rows.flatMap((r) => [r.inviter_id, r.opponent_id]));
    return rows.map((r) => summary(r, who));
  }

  /** Tell each player of a game that it changed (only its players hear of it). */
  function tell(row: GameRow, extra: { reminder?: boolean } = {}): void {
    const to = [row.inviter_id, row.opponent_id].filter((x): x is string => !!x);
    live.tellMembers(row.club_id, to, { type: 'game', id: row.id, count: row.messages, status: row.status, ...(extra.reminder ? { reminder: true } : {}) });
  }

  /**
   * The time control, applied whenever games are read and once a minute: a game whose time for the next message ran
   * out is lost on time by the player who had to write it; a game near its time gets its reminder (once per move).
   */
  async function sweep(clubId?: string): Promise<void> {
    const lost = await db.query<GameRow>(
      `update games set status = 'finished', ended_by = 'time', updated_at = now(),
         winner_id = case when messages % 2 = 0 then opponent_id else inviter_id end
       where status = 'playing' and due_at < now() ${clubId ? 'and club_id = $1' : ''} returning *`, clubId ? [clubId] : []);
    for (const row of lost) tell(row);
    const near = await db.query<GameRow>(`select * from games where status = 'playing' and reminded_at is null and due_at is not null ${clubId ? 'and club_id = $1' : ''}`, clubId ? [clubId] : []);
    for (const row of near.filter((r) => reminderDue(r))) {
      const [done] = await db.query<GameRow>('update games set reminded_at = now() where id = $1 and reminded_at is null returning *', [row.id]);
      if (done) tell(done, { reminder: true });
    }
  }
  const timer = setInterval(() => { void sweep().catch(() => undefined); }, SWEEP_MS);
  timer.unref();
  club.addHook('onClose', async () => { clearInterval(timer); });

  /** The game of the member's club, or a 404; `player`: the member must play it (else a 403). */
  async function gameOf(q: Query, m: Member, id: string, need: 'player' | 'reader', lock = false): Promise<GameRow> {
    const [row] = await q<GameRow>(`select * from games where id = $1 and club_id = $2${lock ? ' for update' : ''}`, [id, m.club_id]);
    if (!row) throw new HttpError(404, 'No such game in your club.');
    const plays = row.inviter_id === m.id || row.opponent_id === m.id;
    const mayJoin = row.status === 'waiting' && (row.open_to_all || row.opponent_id === m.id);
    if (!plays && !(need === 'reader' && mayJoin)) throw new HttpError(403, 'You do not play this game.');
    return row;
  }

  /** Store a player's keep (its own secrets, encrypted in its browser), revision-checked. */
  async function putKeep(q: Query, gameId: string, memberId: string, keep: { revision: number; blob: string }): Promise<void> {
    const [cur] = await q<{ revision: number }>('select revision from game_keeps where game_id = $1 and member_id = $2 for update', [gameId, memberId]);
    const have = cur?.revision ?? 0;
    if (keep.revision !== have + 1) {
      throw Object.assign(new HttpError(409, `Your saved secrets of this game changed on another device (revision ${have}): reopen the game there or here.`), { current: have });
    }
    if (cur) await q('update game_keeps set revision = $3, blob = $4, updated_at = now() where game_id = $1 and member_id = $2', [gameId, memberId, keep.revision, keep.blob]);
    else await q('insert into game_keeps (game_id, member_id, revision, blob) values ($1, $2, $3, $4)', [gameId, memberId, keep.revision, keep.blob]);
  }

  club.get('/api/games', async (req) => {
    const m = req.member!;
    await sweep(m.club_id);
    const rows = await db.query<GameRow>(
      `select * from games where club_id = $1 and (inviter_id = $2 or opponent_id = $2 or (status = 'waiting' and open_to_all))
       order by updated_at desc limit 200`, [m.club_id, m.id]);
    return { games: await summaries(rows) };
  });

  club.post<{ Body: { entry: string; side: string; opponent: string | null; days: number; message: unknown; keep: { revision: number; blob: string } } }>('/api/games', {
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['entry', 'side', 'opponent', 'days', 'message', 'keep'],
        properties: {
          entry: { type: 'string', minLength: 1, maxLength: 40 }, side: { type: 'string', minLength: 1, maxLength: 64 },
          opponent: { anyOf: [{ type: 'string', minLength: 1, maxLength: 40 }, { type: 'null' }] },
          days: { type: 'integer', minimum: 1, maximum: 30 }, message: messageSchema, keep: keepSchema,
        },
      },
    },
  }, async (req, reply) => {
    const m = req.member!;
    const msg = messageOf(req.body.message);
    if (msg.n !== 0 || !msg.scenario) throw new HttpError(422, 'A game starts with its invitation (message 0, with its scenario).');
    if (msg.from !== req.body.side) throw new HttpError(422, `The invitation comes from side "${msg.from}", not "${req.body.side}".`);
    const sides = msg.scenario.sides.map((s) => s.id);
    if (sides.length !== 2 || !sides.includes(msg.from)) throw new HttpError(422, 'The invitation\'s scenario must have two sides, one of them the inviter\'s.');
    const [entry] = await db.query<{ title: string }>('select title from entries where id = $1 and club_id = $2 and kind = \'scenario\'', [req.body.entry, m.club_id]);
    if (!entry) throw new HttpError(404, 'No such scenario in your club\'s library.');
    if (req.body.opponent !== null) {
      if (req.body.opponent === m.id) throw new HttpError(422, 'Challenge another member: you cannot play yourself.');
      const [o] = await db.query('select 1 from members where id = $1 and club_id = $2', [req.body.opponent, m.club_id]);
      if (!o) throw new HttpError(404, 'No such member in your club.');
    }
    const id = newId();
    const row = await db.tx(async (q) => {
      if ((await q('select 1 from games where club_id = $1 and game = $2', [m.club_id, msg.game])).length) throw new HttpError(409, 'This invitation has already made a game.');
      const [r] = await q<GameRow>(
        `insert into games (id, club_id, game, entry_id, title, inviter_id, inviter_side, other_side, opponent_id, open_to_all, days_per_move, messages, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 1, 'waiting') returning *`,
        [id, m.club_id, msg.game, req.body.entry, entry.title.slice(0, 200), m.id, msg.from, sides.find((s) => s !== msg.from)!, req.body.opponent, req.body.opponent === null, req.body.days]);
      await q('insert into game_messages (game_id, n, from_id, body) values ($1, 0, $2, $3)', [id, m.id, JSON.stringify(msg)]);
      await putKeep(q, id, m.id, req.body.keep);
      return r!;
    });
    tell(row);
    return reply.code(201).send((await summaries([row]))[0]);
  });

  club.get<{ Params: { id: string }; Querystring: { after?: number } }>('/api/games/:id', {
    schema: { params: idParams, querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'integer', minimum: -1, maximum: 100000 } } } },
  }, async (req) => {
    const m = req.member!;
    await sweep(m.club_id);
    const row = await gameOf(db.query, m, req.params.id, 'reader');
    const plays = row.inviter_id === m.id || row.opponent_id === m.id;
    // One who may only join reads the invitation alone.
    const after = req.query.after ?? -1;
    const msgs = await db.query<{ body: string }>(`select body from game_messages where game_id = $1 and n > $2 ${plays ? '' : 'and n = 0'} order by n`, [row.id, after]);
    const [keep] = plays ? await db.query<{ revision: number; blob: string }>('select revision, blob from game_keeps where game_id = $1 and member_id = $2', [row.id, m.id]) : [];
    return { game: (await summaries([row]))[0], messages: msgs.map((x) => JSON.parse(x.body) as unknown), keep: keep ?? null };
  });

  club.post<{ Params: { id: string }; Body: { message: unknown; keep: { revision: number; blob: string } } }>('/api/games/:id/messages', {
    schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['message', 'keep'], properties: { message: messageSchema, keep: keepSchema } } },
  }, async (req) => {
    const m = req.member!;
    const msg = messageOf(req.body.message);
    await sweep(m.club_id);
    const row = await db.tx(async (q) => {
      const g = await gameOf(q, m, req.params.id, 'reader', true);
      if (g.status === 'finished' || g.status === 'cancelled') throw new HttpError(409, 'This game is over: no more messages.');
      if (msg.game !== g.game) throw new HttpError(422, 'This message belongs to another game.');
      if (msg.n !== g.messages) throw Object.assign(new HttpError(409, `The game is at message ${g.messages}: this message is numbered ${msg.n}. Reopen the game.`), { current: g.messages });
      const joining = g.status === 'waiting';
      if (joining) {
        if (msg.n !== 1) throw new HttpError(409, 'The game has not been joined yet.');
        if (g.inviter_id === m.id) throw new HttpError(409, 'Wait for another member to join your game.');
      } else if (writerOf(g, msg.n) !== m.id) throw new HttpError(409, 'It is not your turn to write: wait for the other player\'s message.');
      const side = msg.n % 2 === 0 ? g.inviter_side : g.other_side;
      if (msg.from !== side) throw new HttpError(422, `Message ${msg.n} must come from side "${side}", not "${msg.from}".`);
      await q('insert into game_messages (game_id, n, from_id, body) values ($1, $2, $3, $4)', [g.id, msg.n, m.id, JSON.stringify(msg)]);
      await putKeep(q, g.id, m.id, req.body.keep);
      const [r] = await q<GameRow>(
        `update games set messages = messages + 1, status = 'playing', opponent_id = coalesce(opponent_id, $2), open_to_all = false,
           due_at = now() + (days_per_move || ' days')::interval, reminded_at = null, updated_at = now() where id = $1 returning *`, [g.id, m.id]);
      return r!;
    });
    tell(row);
    return (await summaries([row]))[0];
  });

  club.put<{ Params: { id: string }; Body: { revision: number; blob: string } }>('/api/games/:id/keep', {
    schema: { params: idParams, body: keepSchema },
  }, async (req) => {
    const m = req.member!;
    await db.tx(async (q) => {
      await gameOf(q, m, req.params.id, 'player', true);
      await putKeep(q, req.params.id, m.id, req.body);
    });
    return { revision: req.body.revision };
  });

  /**
   * A game both players' copies finished with the same result and points goes into the club record (issue 40 item 3),
   * confirmed, as the relay's own game: both browsers checked every message. A game resigned or lost on time has no
   * final points and is not recorded.
   */
  async function record(row: GameRow, points: Record<string, number> | undefined): Promise<void> {
    if (!points || !row.opponent_id) return;
    const result = row.winner_id === null ? 'draw' : row.winner_id === row.inviter_id ? 'a' : 'b';
    try {
      await recordFinishedGame(db, {
        clubId: row.club_id, scenario: { entryId: row.entry_id, title: row.title }, sides: [row.inviter_side, row.other_side],
        players: [row.inviter_id, row.opponent_id], result, points: [points[row.inviter_side] ?? 0, points[row.other_side] ?? 0],
        source: 'distance', externalId: row.id,
      });
    } catch (e) {
      club.log.error({ err: e, game: row.id }, 'a finished distance game could not be recorded');
    }
  }

  club.post<{ Params: { id: string }; Body: { winner: string | null; points?: Record<string, number> } }>('/api/games/:id/result', {
    schema: { params: idParams, body: { type: 'object', additionalProperties: false, required: ['winner'], properties: {
      winner: { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'null' }] },
      points: { type: 'object', maxProperties: 2, propertyNames: { maxLength: 64 }, additionalProperties: { type: 'integer', minimum: 0, maximum: 100000 } },
    } } },
  }, async (req) => {
    const m = req.member!;
    const row = await db.tx(async (q) => {
      const g = await gameOf(q, m, req.params.id, 'player', true);
      if (g.status !== 'playing') throw new HttpError(409, g.status === 'finished' ? 'This game\'s result is already entered.' : 'This game has not started.');
      const w = req.body.winner;
      if (w !== null && w !== g.inviter_side && w !== g.other_side) throw new HttpError(422, `"${w}" is not a side of this game.`);
      const points = req.body.points;
      if (points && Object.keys(points).some((side) => side !== g.inviter_side && side !== g.other_side)) throw new HttpError(422, 'The points name a side that is not in this game.');
      // A claim is the winner and the final points as this player's copy read them: both copies replay the same
      // messages, so both claims must be the same text.
      const claim = points ? `${w ?? ''}|${points[g.inviter_side] ?? 0}|${points[g.other_side] ?? 0}` : w ?? '';
      const claims = { ...(g.claims ?? {}), [m.id]: claim };
      const other = claims[(g.inviter_id === m.id ? g.opponent_id : g.inviter_id)!];
      if (other !== undefined && other !== claims[m.id]) throw new HttpError(409, 'The other player entered another result: look at the game together.');
      const both = other !== undefined;
      const winner = w === null ? null : w === g.inviter_side ? g.inviter_id : g.opponent_id;
      const [r] = await q<GameRow>(
        `update games set claims = $2, updated_at = now() ${both ? `, status = 'finished', ended_by = 'play', winner_id = $3` : ''} where id = $1 returning *`,
        both ? [g.id, JSON.stringify(claims), winner] : [g.id, JSON.stringify(claims)]);
      return r!;
    });
    tell(row);
    if (row.status === 'finished') await record(row, req.body.points);
    return (await summaries([row]))[0];
  });

  club.post<{ Params: { id: string } }>('/api/games/:id/resign', { schema: { params: idParams } }, async (req) => {
    const m = req.member!;
    const row = await db.tx(async (q) => {
      const g = await gameOf(q, m, req.params.id, 'player', true);
      if (g.status !== 'playing') throw new HttpError(409, 'Only a game under way can be resigned.');
      const [r] = await q<GameRow>(`update games set status = 'finished', ended_by = 'resign', winner_id = $2, updated_at = now() where id = $1 returning *`,
        [g.id, g.inviter_id === m.id ? g.opponent_id : g.inviter_id]);
      return r!;
    });
    tell(row);
    return (await summaries([row]))[0];
  });

  club.delete<{ Params: { id: string } }>('/api/games/:id', { schema: { params: idParams } }, async (req) => {
    const m = req.member!;
    const row = await db.tx(async (q) => {
      const g = await gameOf(q, m, req.params.id, 'player', true);
      if (g.status !== 'waiting') throw new HttpError(409, 'Only a game nobody has joined yet can be withdrawn or declined.');
      const [r] = await q<GameRow>(`update games set status = 'cancelled', updated_at = now() where id = $1 returning *`, [g.id]);
      return r!;
    });
    tell(row);
    return (await summaries([row]))[0];
  });
}
