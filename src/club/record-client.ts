/** The club record's API (src/server/record.ts), for the app: games, results to confirm, scenarios, ratings, leagues. */
import type { Rate } from '../ai/stats';

export type Result = 'a' | 'b' | 'draw';
export interface RecordGame {
  id: string; scenario_entry_id: string | null; scenario_title: string; side_a: string; side_b: string;
  player_a: string; player_b: string; name_a: string; name_b: string; result: Result; points_a: number; points_b: number;
  source: 'app' | 'table' | 'distance'; status: 'pending' | 'confirmed' | 'rejected'; entered_by: string | null; played_at: string;
  league_id: string | null; league_round: number | null;
}
export interface NewGame {
  scenario: { entryId?: string; title: string }; sides: [string, string]; players: [string, string]; result: Result;
  points: [number, number]; source: 'app' | 'table'; playedAt?: string; league?: { id: string; round: number };
}
export interface ScenarioRecord { title: string; entryId: string | null; games: number; draws: number; decisive: number; sides: Array<{ side: string; wins: number }>; share: Rate }
export interface Rating { id: string; name: string; rating: number; rd: number; games: number; wins: number; draws: number; losses: number; history: Array<{ date: string; rating: number; rd: number }> }
export interface League { id: string; name: string; format: 'round-robin' | 'swiss'; rounds: number; scenario_entry_id: string | null; created_at: string }
export interface LeagueDetail {
  league: League; players: Array<{ id: string; name: string }>;
  pairings: Array<{ round: number; player_a: string; player_b: string; game_id: string | null; result: Result | null; points_a: number | null; points_b: number | null }>;
  standings: Array<{ id: string; name: string; played: number; wins: number; draws: number; losses: number; score: number; margin: number }>;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? null : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new Error('The club server could not be reached: check the connection and try again.');
  }
  let data: unknown = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const e = (data as { error?: unknown } | null)?.error;
    throw new Error(typeof e === 'string' && e ? e : `The club server refused the request (${res.status}).`);
  }
  return data as T;
}
const enc = encodeURIComponent;

export const record = {
  games: async () => (await call<{ games: RecordGame[] }>('GET', 'api/record/games')).games,
  enter: (g: NewGame) => call<{ id: string; status: 'pending' }>('POST', 'api/record/games', g),
  confirm: (id: string) => call<{ id: string; status: string }>('POST', `api/record/games/${enc(id)}/confirm`),
  reject: (id: string) => call<{ id: string; status: string }>('POST', `api/record/games/${enc(id)}/reject`),
  scenarios: async () => (await call<{ scenarios: ScenarioRecord[] }>('GET', 'api/record/scenarios')).scenarios,
  ratings: async () => (await call<{ ratings: Rating[] }>('GET', 'api/record/ratings')).ratings,
  leagues: async () => (await call<{ leagues: League[] }>('GET', 'api/record/leagues')).leagues,
  league: (id: string) => call<LeagueDetail>('GET', `api/record/leagues/${enc(id)}`),
  newLeague: (name: string, format: 'round-robin' | 'swiss', players: string[], rounds?: number) => call<{ id: string; rounds: number }>('POST', 'api/record/leagues', rounds ? { name, format, players, rounds } : { name, format, players }),
  nextRound: (id: string) => call<{ round: number }>('POST', `api/record/leagues/${enc(id)}/rounds`),
};
