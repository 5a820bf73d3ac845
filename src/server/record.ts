/**
 * The club record (issue 40 item 3): finished games (uploaded from the app, entered from the table by one player and
 * confirmed by the other, or recorded by the server's distance games through `recordFinishedGame`), each with
 * scenario, sides, players, result and points; per scenario its human record; per member a Glicko-2 rating (the
 * `glicko2` package) with deviation and history; leagues (round robin or Swiss) with standings. A member can enter
 * a result only for a game they played, and only the other player can confirm it. Everything reads the session's club.
 */
import type { FastifyInstance } from 'fastify';
import glicko2, { type Player } from 'glicko2';
import { humanRecord, roundRobin, swissRound } from '../club/record-stats';
import type { Db, Query } from './db';
import { newId } from './auth';
import { HttpError } from './errors';

type Result = 'a' | 'b' | 'draw';
type Source = 'app' | 'table' | 'distance';

export interface FinishedGame {
  clubId: string;
  scenario: { entryId?: string | null; title: string };
  sides: [string, string];
  players: [string, string];
  result: Result;
  points: [number, number];
  source: Source;
  /** The game's own id where it came from (a distance game's id): recording it twice keeps one. */
  externalId?: string;
  playedAt?: Date;
  league?: { id: string; round: number };
}

interface GameRow {
  id: string; scenario_entry_id: string | null; scenario_title: string; side_a: string; side_b: string;
  player_a: string; player_b: string; result: Result; points_a: number; points_b: number; source: Source;
  status: 'pending' | 'confirmed' | 'rejected'; entered_by: string | null; played_at: Date;
  league_id: string | null; league_round: number | null;
}

/** Checks a game's players, scenario and league against its club; throws a 4xx naming the problem. */
async function checkGame(q: Query, g: FinishedGame): Promise<void> {
  if (g.players[0] === g.players[1]) throw new HttpError(422, 'A game has two different players.');
  if (g.sides[0] === g.sides[1]) throw new HttpError(422, 'A game has two different sides.');
  const found = await q<{ id: string }>('select id from members where club_id = $1 and id = any($2) and revoked_at is null', [g.clubId, g.players]);
  if (found.length !== 2) throw new HttpError(404, 'Both players must be members of your club.');
  if (g.scenario.entryId && !(await q('select 1 from entries where id = $1 and club_id = $2 and kind = \'scenario\'', [g.scenario.entryId, g.clubId])).length) {
    throw new HttpError(404, 'No such scenario in your club\'s library.');
  }
  if (g.league) {
    const [p] = await q<{ game_id: string | null }>(
      `select p.game_id from league_pairings p join leagues l on l.id = p.league_id
       where l.club_id = $1 and p.league_id = $2 and p.round = $3 and ((p.player_a = $4 and p.player_b = $5) or (p.player_a = $5 and p.player_b = $4))`,
      [g.clubId, g.league.id, g.league.round, g.players[0], g.players[1]]);
    if (!p) throw new HttpError(404, `These two players are not paired in round ${g.league.round} of that league.`);
    if (p.game_id) throw new HttpError(409, 'That league game already has a confirmed result.');
  }
}

async function insertGame(q: Query, g: FinishedGame, status: 'pending' | 'confirmed', enteredBy: string | null): Promise<string> {
  const id = newId();
  await q(
    `insert into record_games (id, club_id, scenario_entry_id, scenario_title, side_a, side_b, player_a, player_b, result, points_a, points_b,
       source, status, entered_by, confirmed_at, played_at, league_id, league_round, external_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, case when $13 = 'confirmed' then now() end, $15, $16, $17, $18)`,
    [id, g.clubId, g.scenario.entryId ?? null, g.scenario.title, g.sides[0], g.sides[1], g.players[0], g.players[1], g.result, g.points[0], g.points[1],
      g.source, status, enteredBy, g.playedAt ?? new Date(), g.league?.id ?? null, g.league?.round ?? null, g.externalId ?? null]);
  if (status === 'confirmed' && g.league) await linkPairing(q, id, g);
  return id;
}

async function linkPairing(q: Query, gameId: string, g: { league?: { id: string; round: number } | undefined; players: [string, string] }): Promise<void> {
  if (!g.league) return;
  await q(`update league_pairings set game_id = $1 where league_id = $2 and round = $3 and game_id is null
           and ((player_a = $4 and player_b = $5) or (player_a = $5 and player_b = $4))`, [gameId, g.league.id, g.league.round, g.players[0], g.players[1]]);
}

/**
 * Record a finished game that needs no confirmation (a distance game the server relayed, whose every message both
 * browsers checked): for src/server/games.ts. Recording the same `externalId` again returns the first record's id.
 */
export async function recordFinishedGame(db: Db, game: FinishedGame & { externalId: string }): Promise<{ id: string; created: boolean }> {
  return db.tx(async (q) => {
    const [had] = await q<{ id: string }>('select id from record_games where club_id = $1 and source = $2 and external_id = $3', [game.clubId, game.source, game.externalId]);
    if (had) return { id: had.id, created: false };
    await checkGame(q, game);
    return { id: await insertGame(q, game, 'confirmed', null), created: true };
  });
}

/** Glicko-2 ratings of a club's members from its confirmed games, one rating period per day (UTC), and each one's history. */
export function ratings(members: ReadonlyArray<{ id: string; name: string }>, games: ReadonlyArray<Pick<GameRow, 'player_a' | 'player_b' | 'result' | 'played_at'>>) {
  const ranking = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const players = new Map(members.map((m) => [m.id, { player: ranking.makePlayer(), games: 0, wins: 0, draws: 0, losses: 0, history: [] as Array<{ date: string; rating: number; rd: number }> }]));
  const byDay = new Map<string, typeof games[number][]>();
  for (const g of [...games].sort((a, b) => new Date(a.played_at).getTime() - new Date(b.played_at).getTime())) {
    const day = new Date(g.played_at).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), g]);
  }
  for (const [day, list] of byDay) {
    const matches: Array<[Player, Player, number]> = [];
    const played = new Set<string>();
    for (const g of list) {
      const a = players.get(g.player_a), b = players.get(g.player_b);
      if (!a || !b) continue;
      matches.push([a.player, b.player, g.result === 'a' ? 1 : g.result === 'b' ? 0 : 0.5]);
      a.games++; b.games++;
      if (g.result === 'draw') { a.draws++; b.draws++; } else if (g.result === 'a') { a.wins++; b.losses++; } else { b.wins++; a.losses++; }
      played.add(g.player_a); played.add(g.player_b);
    }
    ranking.updateRatings(matches);
    for (const id of played) {
      const p = players.get(id)!;
      p.history.push({ date: day, rating: round1(p.player.getRating()), rd: round1(p.player.getRd()) });
    }
  }
  return members.map((m) => {
    const p = players.get(m.id)!;
    return { id: m.id, name: m.name, rating: round1(p.player.getRating()), rd: round1(p.player.getRd()), games: p.games, wins: p.wins, draws: p.draws, losses: p.losses, history: p.history };
  }).sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name));
}
const round1 = (x: number) => Math.round(x * 10) / 10;

const idText = { type: 'string', minLength: 1, maxLength: 40 } as const;
const idParams = { type: 'object', properties: { id: idText } } as const;
const name80 = { type: 'string', minLength: 1, maxLength: 80 } as const;
const points = { type: 'integer', minimum: -10000, maximum: 10000 } as const;

export async function recordRoutes(club: FastifyInstance, db: Db): Promise<void> {
  const gamesOf = (clubId: string, status?: string) => db.query<GameRow & { name_a: string; name_b: string }>(
    `select g.id, g.scenario_entry_id, g.scenario_title, g.side_a, g.side_b, g.player_a, g.player_b, ma.name as name_a, mb.name as name_b,
       g.result, g.points_a, g.points_b, g.source, g.status, g.entered_by, g.played_at, g.league_id, g.league_round
     from record_games g join members ma on ma.id = g.player_a join members mb on mb.id = g.player_b
     where g.club_id = $1 ${status ? 'and g.status = $2' : ''} order by g.played_at desc, g.created_at desc`, status ? [clubId, status] : [clubId]);

  club.get('/api/record/games', async (req) => ({ games: await gamesOf(req.member!.club_id) }));

  club.post<{ Body: { scenario: { entryId?: string; title: string }; sides: [string, string]; players: [string, string]; result: Result; points: [number, number]; source: 'app' | 'table'; playedAt?: string; league?: { id: string; round: number } } }>('/api/record/games', {
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['scenario', 'sides', 'players', 'result', 'points', 'source'],
        properties: {
          scenario: { type: 'object', additionalProperties: false, required: ['title'], properties: { entryId: idText, title: { type: 'string', minLength: 1, maxLength: 120 } } },
          sides: { type: 'array', minItems: 2, maxItems: 2, items: name80 },
          players: { type: 'array', minItems: 2, maxItems: 2, items: idText },
          result: { enum: ['a', 'b', 'draw'] },
          points: { type: 'array', minItems: 2, maxItems: 2, items: points },
          source: { enum: ['app', 'table'] },
          playedAt: { type: 'string', format: 'date-time', maxLength: 40 },
          league: { type: 'object', additionalProperties: false, required: ['id', 'round'], properties: { id: idText, round: { type: 'integer', minimum: 1, maximum: 100 } } },
        },
      },
    },
  }, async (req, reply) => {
    const m = req.member!;
    const b = req.body;
    if (!b.players.includes(m.id)) throw new HttpError(403, 'You can enter a result only for a game you played.');
    const playedAt = b.playedAt ? new Date(b.playedAt) : new Date();
    if (Number.isNaN(playedAt.getTime()) || playedAt.getTime() > Date.now() + 86_400_000) throw new HttpError(422, 'The game\'s date must be a real date, not in the future.');
    const game: FinishedGame = { clubId: m.club_id, scenario: b.scenario, sides: b.sides, players: b.players, result: b.result, points: b.points, source: b.source, playedAt, ...(b.league ? { league: b.league } : {}) };
    const id = await db.tx(async (q) => { await checkGame(q, game); return insertGame(q, game, 'pending', m.id); });
    return reply.code(201).send({ id, status: 'pending' });
  });

  /** A pending game the member is the other player of (not its enterer): confirm or reject it. */
  async function answer(clubId: string, memberId: string, id: string, to: 'confirmed' | 'rejected') {
    return db.tx(async (q) => {
      const [g] = await q<GameRow>('select * from record_games where id = $1 and club_id = $2 for update', [id, clubId]);
      if (!g) throw new HttpError(404, 'No such game in your club\'s record.');
      if (g.player_a !== memberId && g.player_b !== memberId) throw new HttpError(403, 'Only the players of a game can confirm or reject its result.');
      if (g.status !== 'pending') throw new HttpError(409, `This result is already ${g.status}.`);
      if (g.entered_by === memberId && to === 'confirmed') throw new HttpError(409, 'You entered this result: the other player confirms it.');
      if (to === 'confirmed' && g.league_id) {
        const [p] = await q<{ game_id: string | null }>('select game_id from league_pairings where league_id = $1 and round = $2 and ((player_a = $3 and player_b = $4) or (player_a = $4 and player_b = $3))', [g.league_id, g.league_round, g.player_a, g.player_b]);
        if (p?.game_id) throw new HttpError(409, 'That league game already has a confirmed result.');
      }
      await q(`update record_games set status = $2, confirmed_at = case when $2 = 'confirmed' then now() end where id = $1`, [id, to]);
      if (to === 'confirmed') await linkPairing(q, id, { league: g.league_id ? { id: g.league_id, round: g.league_round! } : undefined, players: [g.player_a, g.player_b] });
      return { id, status: to };
    });
  }
  club.post<{ Params: { id: string } }>('/api/record/games/:id/confirm', { schema: { params: idParams } }, async (req) => answer(req.member!.club_id, req.member!.id, req.params.id, 'confirmed'));
  club.post<{ Params: { id: string } }>('/api/record/games/:id/reject', { schema: { params: idParams } }, async (req) => answer(req.member!.club_id, req.member!.id, req.params.id, 'rejected'));

  club.get('/api/record/scenarios', async (req) => {
    const games = await gamesOf(req.member!.club_id, 'confirmed');
    const by = new Map<string, { title: string; entryId: string | null; games: GameRow[] }>();
    for (const g of games) {
      const key = g.scenario_entry_id ?? `title:${g.scenario_title}`;
      const s = by.get(key) ?? { title: g.scenario_title, entryId: g.scenario_entry_id, games: [] };
      s.games.push(g);
      by.set(key, s);
    }
    return {
      scenarios: [...by.values()].map((s) => {
        const r = humanRecord([...s.games].reverse());
        return { title: s.title, entryId: s.entryId, ...r, decisive: r.games - r.draws };
      }).sort((a, b) => b.games - a.games || a.title.localeCompare(b.title)),
    };
  });

  club.get('/api/record/ratings', async (req) => {
    const members = await db.query<{ id: string; name: string }>('select id, name from members where club_id = $1 and revoked_at is null order by created_at', [req.member!.club_id]);
    return { ratings: ratings(members, await gamesOf(req.member!.club_id, 'confirmed')) };
  });

  // Leagues: an organiser makes one for a season; round robin pairs every round at once, Swiss one round at a time.
  club.get('/api/record/leagues', async (req) => ({
    leagues: await db.query('select id, name, format, rounds, scenario_entry_id, created_at from leagues where club_id = $1 order by created_at desc', [req.member!.club_id]),
  }));

  club.post<{ Body: { name: string; format: 'round-robin' | 'swiss'; players: string[]; rounds?: number; scenarioEntryId?: string } }>('/api/record/leagues', {
    schema: {
      body: {
        type: 'object', additionalProperties: false, required: ['name', 'format', 'players'],
        properties: {
          name: name80, format: { enum: ['round-robin', 'swiss'] }, players: { type: 'array', minItems: 2, maxItems: 24, uniqueItems: true, items: idText },
          rounds: { type: 'integer', minimum: 1, maximum: 30 }, scenarioEntryId: idText,
        },
      },
    },
    preHandler: async (req) => { if (req.member!.role !== 'organiser') throw new HttpError(403, 'Only the club\'s organisers may do this.'); },
  }, async (req, reply) => {
    const m = req.member!, b = req.body;
    const id = newId();
    const rr = b.format === 'round-robin' ? roundRobin(b.players) : null;
    const rounds = rr ? rr.length : b.rounds ?? Math.ceil(Math.log2(b.players.length)) + 1;
    await db.tx(async (q) => {
      const found = await q('select id from members where club_id = $1 and id = any($2) and revoked_at is null', [m.club_id, b.players]);
      if (found.length !== b.players.length) throw new HttpError(404, 'Every player must be a member of your club.');
      if (b.scenarioEntryId && !(await q('select 1 from entries where id = $1 and club_id = $2', [b.scenarioEntryId, m.club_id])).length) throw new HttpError(404, 'No such scenario in your club\'s library.');
      await q('insert into leagues (id, club_id, name, format, rounds, scenario_entry_id, created_by) values ($1, $2, $3, $4, $5, $6, $7)', [id, m.club_id, b.name.trim(), b.format, rounds, b.scenarioEntryId ?? null, m.id]);
      for (const p of b.players) await q('insert into league_players (league_id, member_id) values ($1, $2)', [id, p]);
      const first = rr ?? [swissRound(b.players.map((p) => ({ id: p, points: 0, rating: 0 })), new Set())];
      for (const [i, pairs] of first.entries()) for (const [a, c] of pairs) await q('insert into league_pairings (league_id, round, player_a, player_b) values ($1, $2, $3, $4)', [id, i + 1, a, c]);
    });
    return reply.code(201).send({ id, rounds });
  });

  async function leagueOf(clubId: string, id: string) {
    const [l] = await db.query<{ id: string; name: string; format: string; rounds: number; scenario_entry_id: string | null }>('select id, name, format, rounds, scenario_entry_id from leagues where id = $1 and club_id = $2', [id, clubId]);
    if (!l) throw new HttpError(404, 'No such league in your club.');
    const players = await db.query<{ id: string; name: string }>('select m.id, m.name from league_players lp join members m on m.id = lp.member_id where lp.league_id = $1 order by m.name', [id]);
    const pairings = await db.query<{ round: number; player_a: string; player_b: string; game_id: string | null; result: Result | null; points_a: number | null; points_b: number | null; g_a: string | null }>(
      `select p.round, p.player_a, p.player_b, p.game_id, g.result, g.points_a, g.points_b, g.player_a as g_a
       from league_pairings p left join record_games g on g.id = p.game_id where p.league_id = $1 order by p.round, p.player_a`, [id]);
    // Standings: 1 for a win, 1/2 for a draw; then the points margin of its games.
    const table = new Map(players.map((p) => [p.id, { id: p.id, name: p.name, played: 0, wins: 0, draws: 0, losses: 0, score: 0, margin: 0 }]));
    for (const p of pairings) {
      if (!p.game_id || !p.result) continue;
      // The game's own first player may be either of the pairing's.
      const [first, second] = p.g_a === p.player_a ? [p.player_a, p.player_b] : [p.player_b, p.player_a];
      const a = table.get(first)!, b = table.get(second)!;
      a.played++; b.played++;
      a.margin += p.points_a! - p.points_b!; b.margin += p.points_b! - p.points_a!;
      if (p.result === 'draw') { a.draws++; b.draws++; a.score += 0.5; b.score += 0.5; } else if (p.result === 'a') { a.wins++; b.losses++; a.score++; } else { b.wins++; a.losses++; b.score++; }
    }
    const standings = [...table.values()].sort((x, y) => y.score - x.score || y.margin - x.margin || x.name.localeCompare(y.name));
    return { league: l, players, pairings: pairings.map(({ g_a: _g, ...p }) => p), standings };
  }

  club.get<{ Params: { id: string } }>('/api/record/leagues/:id', { schema: { params: idParams } }, async (req) => leagueOf(req.member!.club_id, req.params.id));

  club.post<{ Params: { id: string } }>('/api/record/leagues/:id/rounds', {
    schema: { params: idParams },
    preHandler: async (req) => { if (req.member!.role !== 'organiser') throw new HttpError(403, 'Only the club\'s organisers may do this.'); },
  }, async (req, reply) => {
    const { league, standings, pairings, players } = await leagueOf(req.member!.club_id, req.params.id);
    if (league.format !== 'swiss') throw new HttpError(409, 'A round robin has all its rounds already.');
    const last = Math.max(0, ...pairings.map((p) => p.round));
    if (last >= league.rounds) throw new HttpError(409, `The league's ${league.rounds} rounds are all paired.`);
    if (pairings.some((p) => p.round === last && !p.game_id)) throw new HttpError(409, `Round ${last} has games without a confirmed result yet.`);
    const met = new Set(pairings.map((p) => `${p.player_a}|${p.player_b}`));
    for (const p of players) if (!pairings.some((x) => x.player_a === p.id || x.player_b === p.id) && last > 0) met.add(`${p.id}|${p.id}`);
    const rated = new Map(ratings(players, []).map((r) => [r.id, r.rating]));
    const pairs = swissRound(standings.map((s) => ({ id: s.id, points: s.score, rating: rated.get(s.id) ?? 1500 })), met);
    await db.tx(async (q) => { for (const [a, b] of pairs) await q('insert into league_pairings (league_id, round, player_a, player_b) values ($1, $2, $3, $4)', [league.id, last + 1, a, b]); });
    return reply.code(201).send({ round: last + 1, pairings: pairs });
  });
}
