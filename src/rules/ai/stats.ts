/** Balance statistics: rates with 95% Wilson intervals, margins, lengths, a verdict read from the interval. */
import type { BalanceGame, HeatMap } from './balance';

const Z95 = 1.959964;

/** A proportion k/n with its 95% Wilson score interval. */
export interface Rate { count: number; rate: number; low: number; high: number }

export function wilsonInterval(k: number, n: number, z = Z95): Rate {
  if (n <= 0) return { count: k, rate: 0, low: 0, high: 1 };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { count: k, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function mergeHeat(into: HeatMap, more: HeatMap): HeatMap {
  for (const [k, v] of Object.entries(more.lost)) into.lost[k] = (into.lost[k] ?? 0) + v;
  for (const [k, v] of Object.entries(more.melees)) into.melees[k] = (into.melees[k] ?? 0) + v;
  return into;
}

export interface BalanceSummary {
  games: number;
  sides: Array<{ id: string; name: string; wins: Rate }>;
  draws: Rate;
  /** Mean of (first side's points - second side's points) per game. */
  marginMean: number;
  /** Mean turns and actions per game. */
  turnsMean: number;
  actionsMean: number;
  /** The side favoured (its wins' interval clear of the other's), or null. */
  favoured: string | null;
  verdict: string;
  heat: HeatMap;
}

const pct = (x: number) => `${Math.round(100 * x)}%`;
const plusMinus = (r: Rate) => `${pct(r.rate)} ± ${Math.max(1, Math.round((100 * (r.high - r.low)) / 2))}%`;

/**
 * The estimate over games in index order (the order fixes the sums, whatever the workers). The verdict reads
 * the interval of the first side's share of decisive games: clear of 50% means a side is favoured; inside
 * 45-55% means balanced; otherwise too close to call with this many games.
 */
export function summarizeBalance(sides: Array<{ id: string; name: string }>, played: BalanceGame[], heat: HeatMap): BalanceSummary {
  const games = [...played].sort((a, b) => a.index - b.index);
  const n = games.length;
  const [a, b] = sides;
  const wins = sides.map((s) => ({ id: s.id, name: s.name, wins: wilsonInterval(games.filter((g) => g.winner === s.id).length, n) }));
  const draws = wilsonInterval(games.filter((g) => g.winner === null).length, n);
  let margin = 0, turns = 0, actions = 0;
  for (const g of games) {
    margin += (a && Object.hasOwn(g.points, a.id) ? g.points[a.id]! : 0) - (b && Object.hasOwn(g.points, b.id) ? g.points[b.id]! : 0);
    turns += g.turns;
    actions += g.actions;
  }
  const aw = wins[0]?.wins.count ?? 0, bw = wins[1]?.wins.count ?? 0;
  const share = wilsonInterval(aw, aw + bw);
  let favoured: string | null = null;
  let verdict: string;
  if (n === 0 || !a || !b) verdict = 'No games played yet.';
  else if (aw + bw === 0) verdict = `Every game was a draw (${n} games).`;
  else if (share.low > 0.5) { favoured = a.id; verdict = `${a.name} favoured: ${plusMinus(wins[0]!.wins)} wins against ${plusMinus(wins[1]!.wins)}.`; }
  else if (share.high < 0.5) { favoured = b.id; verdict = `${b.name} favoured: ${plusMinus(wins[1]!.wins)} wins against ${plusMinus(wins[0]!.wins)}.`; }
  else if (share.low >= 0.45 && share.high <= 0.55) verdict = `Balanced: ${a.name} ${plusMinus(wins[0]!.wins)}, ${b.name} ${plusMinus(wins[1]!.wins)}; neither side is clearly favoured.`;
  else verdict = `Too close to call with ${n} games: ${a.name} ${plusMinus(wins[0]!.wins)}, ${b.name} ${plusMinus(wins[1]!.wins)}. Run more games to narrow the interval.`;
  return { games: n, sides: wins, draws, marginMean: n ? margin / n : 0, turnsMean: n ? turns / n : 0, actionsMean: n ? actions / n : 0, favoured, verdict, heat };
}

/** The Elo difference that gives an expected score `s` (0..1) to the stronger side; infinite at 0 or 1. */
export function eloFromScore(s: number): number {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return 400 * Math.log10(s / (1 - s));
}

/** A pairing's result for its upper player: score (a draw counts half), its 95% interval, and the Elo gap with its interval. */
export interface EloGap { games: number; wins: Rate; draws: number; score: number; scoreLow: number; scoreHigh: number; elo: number; eloLow: number; eloHigh: number }

/**
 * The Elo gap of `wins` and `draws` in `n` games, its 95% interval read from the Wilson interval of the score (draws
 * counted as half a win, so the score's count is wins + draws / 2).
 */
export function eloGap(wins: number, draws: number, n: number): EloGap {
  const points = wins + draws / 2;
  const s = wilsonInterval(points, n);
  return {
    games: n, wins: wilsonInterval(wins, n), draws, score: s.rate, scoreLow: s.low, scoreHigh: s.high,
    elo: eloFromScore(s.rate), eloLow: eloFromScore(s.low), eloHigh: eloFromScore(s.high),
  };
}
