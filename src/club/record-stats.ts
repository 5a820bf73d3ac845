/**
 * The club record's arithmetic, shared by the server (src/server/record.ts) and the app: a scenario's human record
 * (the first side's share of decisive games with its 95% interval) beside its balance estimate, and the pairings of a
 * league (round robin by the circle method; Swiss by score, never a repeat when avoidable).
 */
import { wilsonInterval, type Rate } from '../ai/stats';

export interface HumanRecord {
  games: number;
  draws: number;
  /** Wins per side, in the order the sides were first recorded. */
  sides: Array<{ side: string; wins: number }>;
  /** The first side's share of the decisive games, with its 95% Wilson interval. */
  share: Rate;
}

/** The human record of a scenario's games (results 'a' = first side won, 'b' = second, 'draw'). */
export function humanRecord(games: ReadonlyArray<{ side_a: string; side_b: string; result: 'a' | 'b' | 'draw' }>): HumanRecord {
  const wins = new Map<string, number>();
  let draws = 0, first = 0, decisive = 0;
  const order: string[] = [];
  const see = (s: string) => { if (!wins.has(s)) { wins.set(s, 0); order.push(s); } };
  for (const g of games) { see(g.side_a); see(g.side_b); }
  const firstSide = order[0];
  for (const g of games) {
    if (g.result === 'draw') { draws++; continue; }
    const winner = g.result === 'a' ? g.side_a : g.side_b;
    wins.set(winner, wins.get(winner)! + 1);
    decisive++;
    if (winner === firstSide) first++;
  }
  return { games: games.length, draws, sides: order.map((side) => ({ side, wins: wins.get(side)! })), share: wilsonInterval(first, decisive) };
}

/**
 * Whether the table and the estimate disagree: both intervals of the first side's share of decisive games exist and
 * do not overlap (so neither is within the other's 95% interval). Fewer than 5 decisive games never disagree.
 */
export function disagrees(human: Rate & { count: number }, decisive: number, estimate: Pick<Rate, 'low' | 'high'> | undefined): boolean {
  if (!estimate || decisive < 5) return false;
  return human.high < estimate.low || human.low > estimate.high;
}

/** Round robin (circle method): every pair meets once; `null` is a bye. Rounds of pairs of player ids. */
export function roundRobin(players: readonly string[]): Array<Array<[string, string]>> {
  const list: Array<string | null> = [...players];
  if (list.length % 2) list.push(null);
  const n = list.length;
  const rounds: Array<Array<[string, string]>> = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < n / 2; i++) {
      const a = list[i]!, b = list[n - 1 - i]!;
      if (a !== null && b !== null) pairs.push(r % 2 ? [b, a] : [a, b]);
    }
    rounds.push(pairs);
    list.splice(1, 0, list.pop()!);
  }
  return rounds;
}

/**
 * One Swiss round: players by score (then rating), each paired with the next one they have not met; the lowest
 * without a partner has a bye (left out). `met` holds "a|b" for pairs already played (either order).
 */
export function swissRound(standing: ReadonlyArray<{ id: string; points: number; rating: number }>, met: ReadonlySet<string>): Array<[string, string]> {
  const order = [...standing].sort((a, b) => b.points - a.points || b.rating - a.rating || a.id.localeCompare(b.id)).map((p) => p.id);
  const played = (a: string, b: string) => met.has(`${a}|${b}`) || met.has(`${b}|${a}`);
  // Depth-first: the first pairing (in standing order) with no repeat; if none exists, allow repeats.
  const pairUp = (left: string[], allowRepeat: boolean): Array<[string, string]> | null => {
    if (left.length < 2) return [];
    const [a, ...rest] = left;
    for (let i = 0; i < rest.length; i++) {
      if (!allowRepeat && played(a!, rest[i]!)) continue;
      const tail = pairUp(rest.filter((_, j) => j !== i), allowRepeat);
      if (tail) return [[a!, rest[i]!], ...tail];
    }
    return null;
  };
  // An odd count: the lowest who has not had a bye sits out (recorded as a pair with itself in `met`).
  let players = order;
  if (players.length % 2) {
    const bye = [...players].reverse().find((p) => !met.has(`${p}|${p}`)) ?? players[players.length - 1]!;
    players = players.filter((p) => p !== bye);
  }
  return pairUp(players, false) ?? pairUp(players, true) ?? [];
}
