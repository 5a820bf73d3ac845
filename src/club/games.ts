/**
 * The club server's games at a distance (src/server/games.ts), for the app: the typed calls, and the words of the
 * "Your games" list (whose turn, the time left, the reminder) and of the page title. Every name here comes from the
 * server and is shown as text, never as markup.
 */
import { call } from './client';

export type GameStatus = 'waiting' | 'playing' | 'finished' | 'cancelled';

/** A game as the server lists it. */
export interface ClubGame {
  id: string; game: string; title: string; entryId: string | null; days: number; status: GameStatus; open: boolean;
  inviter: { id: string; name: string; side: string };
  opponent: { id: string; name: string; side: string } | null;
  count: number; turn: string | null; dueAt: string | null; reminder: boolean;
  result: { winner: string | null; by: string } | null;
  claims: Record<string, string>;
  createdAt: string; updatedAt: string;
}

/** One game with its messages (all, or those after `after`) and this member's encrypted keep. */
export interface ClubGameFull { game: ClubGame; messages: unknown[]; keep: { revision: number; blob: string } | null }

/** A live update of a game this member plays. */
export interface GameEvent { type: 'game'; id: string; count: number; status: string; reminder?: true }

export interface KeepBlob { revision: number; blob: string }

const enc = encodeURIComponent;

export const games = {
  list: async () => (await call<{ games: ClubGame[] }>('GET', 'api/games')).games,
  create: (body: { entry: string; side: string; opponent: string | null; days: number; message: unknown; keep: KeepBlob }) => call<ClubGame>('POST', 'api/games', body),
  get: (id: string, after = -1) => call<ClubGameFull>('GET', `api/games/${enc(id)}${after >= 0 ? `?after=${after}` : ''}`),
  post: (id: string, message: unknown, keep: KeepBlob) => call<ClubGame>('POST', `api/games/${enc(id)}/messages`, { message, keep }),
  keep: (id: string, keep: KeepBlob) => call<{ revision: number }>('PUT', `api/games/${enc(id)}/keep`, keep),
  result: (id: string, winner: string | null, points?: Record<string, number>) => call<ClubGame>('POST', `api/games/${enc(id)}/result`, points ? { winner, points } : { winner }),
  resign: (id: string) => call<ClubGame>('POST', `api/games/${enc(id)}/resign`),
  withdraw: (id: string) => call<ClubGame>('DELETE', `api/games/${enc(id)}`),
};

/** The other player of a game, seen from `me` (null while an open game waits for someone). */
export function opponentOf(g: ClubGame, me: string): { id: string; name: string; side: string } | null {
  return g.inviter.id === me ? g.opponent : { ...g.inviter };
}

/** Time left in words: "2 days 3 h left", "40 min left", "time is up". */
export function timeLeft(dueAt: string | null, now = Date.now()): string {
  if (!dueAt) return '';
  const ms = new Date(dueAt).getTime() - now;
  if (ms <= 0) return 'time is up';
  const h = Math.floor(ms / 3_600_000), d = Math.floor(h / 24);
  if (d >= 1) return `${d} day${d === 1 ? '' : 's'}${h % 24 ? ` ${h % 24} h` : ''} left`;
  if (h >= 1) return `${h} h left`;
  return `${Math.max(1, Math.floor(ms / 60_000))} min left`;
}

/** Whose turn a game is, in words, for `me`. */
export function turnWords(g: ClubGame, me: string): string {
  const other = opponentOf(g, me);
  if (g.status === 'cancelled') return 'Withdrawn';
  if (g.status === 'finished') {
    const r = g.result;
    const how = r?.by === 'time' ? ' on time' : r?.by === 'resign' ? ' by resignation' : '';
    if (!r || r.winner === null) return 'Finished: a draw';
    return r.winner === me ? `You won${how}` : `${other?.name ?? 'The other player'} won${how}`;
  }
  if (g.status === 'waiting') {
    if (g.inviter.id === me) return g.open ? 'Open to any member: waiting for someone to join' : `Waiting for ${other?.name ?? 'the other player'} to accept`;
    return g.turn === me || g.open ? 'Your turn: accept the challenge' : 'Waiting';
  }
  return g.turn === me ? 'Your turn' : `${other?.name ?? 'The other player'}'s turn`;
}

/** The games where it is this member's turn to write (an open challenge to them counts). */
export function myTurns(list: readonly ClubGame[], me: string): ClubGame[] {
  return list.filter((g) => (g.status === 'playing' || (g.status === 'waiting' && g.inviter.id !== me && !g.open)) && g.turn === me);
}

/** The page title, with the number of games where it is this member's turn in front ("(2) Your turn · ..."). */
export function titleWithTurns(base: string, turns: number): string {
  return turns > 0 ? `(${turns}) Your turn · ${base}` : base;
}
