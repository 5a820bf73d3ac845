/**
 * Balance statistics: rates with 95% Wilson intervals, margins, lengths, a verdict read from the interval; the
 * sequential stop (looks at fixed game counts, the error rate split over them); the skill sweep's reading; paired
 * comparisons of two versions played on the same seeds.
 */
import type { BalanceGame, HeatMap, PolicyName } from './balance';
import { quietNoteOf, quietPercent } from './quiet';

export { QUIET_SHARE, quietNote, quietNoteOf, quietPercent } from './quiet';

/** The two-sided 95% normal quantile. */
export const Z95 = 1.959964;

/** A proportion k/n with its 95% Wilson score interval. */
export interface Rate { count: number; rate: number; low: number; high: number }

/** The 95% Wilson interval of k/n (or the interval for another normal quantile `z`). */
export function wilsonInterval(k: number, n: number, z = Z95): Rate {
  if (n <= 0) return { count: k, rate: 0, low: 0, high: 1 };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { count: k, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Add the counts of `more` to `into`. */
export function mergeHeat(into: HeatMap, more: HeatMap): HeatMap {
  for (const [k, v] of Object.entries(more.lost)) into.lost[k] = (into.lost[k] ?? 0) + v;
  for (const [k, v] of Object.entries(more.melees)) into.melees[k] = (into.melees[k] ?? 0) + v;
  return into;
}

/** Why a sequential run stopped: its verdict settled, its intervals within +-2 points, or it reached its cap. */
export type StopReason = 'settled' | 'precise' | 'cap';

/** The estimate of a run: rates, margins, lengths and the verdict. */
export interface BalanceSummary {
  games: number;
  /** The players both sides had (the verdict names them); absent in estimates saved before issue 29. */
  policy?: PolicyName;
  /** How a sequential run ended: after which look, of how many, and why (absent for a fixed number of games). */
  stop?: { reason: StopReason; look: number; looks: number; cap: number };
  sides: Array<{ id: string; name: string; wins: Rate }>;
  draws: Rate;
  /** The first side's share of the decisive games, the interval the verdict reads (absent in older estimates). */
  share?: Rate;
  /** Mean of (first side's points - second side's points) per game. */
  marginMean: number;
  /** Mean turns and actions per game. */
  turnsMean: number;
  actionsMean: number;
  /**
   * Games in which no stand was lost (nobody attacked: the points held at the end decided them), of those that count
   * their losses; absent in estimates made before they were counted.
   */
  quiet?: number;
  /** The side favoured (its wins' interval clear of the other's), or null. */
  favoured: string | null;
  verdict: string;
  heat: HeatMap;
}

/** The players a verdict assumes, by policy. */
export const PLAYERS: Record<PolicyName, string> = {
  random: 'random players (the luck baseline)',
  simple: 'simple-policy players',
  search: 'search players (easy level, balance budget)',
};

const pct = (x: number) => `${Math.round(100 * x)}%`;
const plusMinus = (r: Rate) => `${pct(r.rate)} ± ${Math.max(1, Math.round((100 * (r.high - r.low)) / 2))}%`;

/**
 * The estimate over games in index order (the order fixes the sums, whatever the workers). The verdict reads
 * the interval of the first side's share of decisive games: clear of 50% means a side is favoured; inside
 * 45-55% means balanced; otherwise too close to call with this many games.
 */
export function summarizeBalance(sides: Array<{ id: string; name: string }>, played: BalanceGame[], heat: HeatMap, how: { policy?: PolicyName; z?: number } = {}): BalanceSummary {
  const games = [...played].sort((a, b) => a.index - b.index);
  const n = games.length;
  const z = how.z ?? Z95;
  const [a, b] = sides;
  const wins = sides.map((s) => ({ id: s.id, name: s.name, wins: wilsonInterval(games.filter((g) => g.winner === s.id).length, n, z) }));
  const draws = wilsonInterval(games.filter((g) => g.winner === null).length, n, z);
  let margin = 0, turns = 0, actions = 0;
  for (const g of games) {
    margin += (a && Object.hasOwn(g.points, a.id) ? g.points[a.id]! : 0) - (b && Object.hasOwn(g.points, b.id) ? g.points[b.id]! : 0);
    turns += g.turns;
    actions += g.actions;
  }
  const aw = wins[0]?.wins.count ?? 0, bw = wins[1]?.wins.count ?? 0;
  const share = wilsonInterval(aw, aw + bw, z);
  let favoured: string | null = null;
  let verdict: string;
  if (n === 0 || !a || !b) verdict = 'No games played yet.';
  else if (aw + bw === 0) verdict = `Every game was a draw (${n} games).`;
  else if (share.low > 0.5) { favoured = a.id; verdict = `${a.name} favoured: ${plusMinus(wins[0]!.wins)} wins against ${plusMinus(wins[1]!.wins)}.`; }
  else if (share.high < 0.5) { favoured = b.id; verdict = `${b.name} favoured: ${plusMinus(wins[1]!.wins)} wins against ${plusMinus(wins[0]!.wins)}.`; }
  else if (share.low >= 0.45 && share.high <= 0.55) verdict = `Balanced: ${a.name} ${plusMinus(wins[0]!.wins)}, ${b.name} ${plusMinus(wins[1]!.wins)}; neither side is clearly favoured.`;
  else verdict = `Too close to call with ${n} games: ${a.name} ${plusMinus(wins[0]!.wins)}, ${b.name} ${plusMinus(wins[1]!.wins)}. Run more games to narrow the interval.`;
  if (how.policy) verdict = `For ${PLAYERS[how.policy]}: ${verdict}`;
  // Counted when every game counts its losses (games kept before they were counted have none).
  const quiet = n > 0 && games.every((g) => g.lost !== undefined) ? games.filter((g) => g.lost === 0).length : undefined;
  const summary: BalanceSummary = {
    games: n, ...(how.policy ? { policy: how.policy } : {}), sides: wins, draws, share, marginMean: n ? margin / n : 0, turnsMean: n ? turns / n : 0,
    actionsMean: n ? actions / n : 0, ...(quiet !== undefined ? { quiet } : {}), favoured, verdict, heat,
  };
  const note = quietNoteOf(summary);
  return note ? { ...summary, verdict: `${verdict} ${note}` } : summary;
}

/**
 * The normal quantile: x with P(Z <= x) = p, by Acklam's rational approximation (relative error below 1.2e-9,
 * ample for interval widths).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, not ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) => (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5, r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/**
 * A sequential run's plan: it looks at its games only at fixed counts (the first look, then each doubling, then the
 * cap), and every look reads intervals at level 1 - alpha/looks. By the union bound the intervals of all looks
 * together cover the true rates with probability at least 1 - alpha, so whichever look a run stops at, its verdict
 * is wrong with probability at most alpha (a fair scenario is called unfair at most that often).
 */
export interface SequentialPlan { looks: number[]; alpha: number; z: number }

/** The plan of a run of at most `cap` games whose first look is at `first` games. */
export function sequentialPlan(cap: number, first: number, alpha = 0.05): SequentialPlan {
  const looks: number[] = [];
  for (let n = Math.max(1, Math.min(first, cap)); n < cap; n *= 2) looks.push(n);
  looks.push(cap);
  return { looks, alpha, z: normalQuantile(1 - alpha / (2 * looks.length)) };
}

/** The plan of a run that plays all its games: one look at the end, plain 95% intervals. */
export function fixedPlan(games: number): SequentialPlan {
  return { looks: [games], alpha: 0.05, z: Z95 };
}

/** Half the width of an interval (points of probability). */
const halfWidth = (r: Rate) => (r.high - r.low) / 2;

/**
 * Whether a run may stop at a look with this estimate: its verdict is settled (a side favoured, or balanced inside
 * 45-55%), or every rate's interval is within +-2 points. Null when it should go on.
 */
export function stopReason(s: BalanceSummary): StopReason | null {
  if (s.games === 0) return null;
  if (s.favoured !== null || (s.share && s.share.count > 0 && s.share.low >= 0.45 && s.share.high <= 0.55)) return 'settled';
  if ([...s.sides.map((x) => x.wins), s.draws].every((r) => halfWidth(r) <= 0.02)) return 'precise';
  return null;
}

/**
 * The decision at look `look` (0-based) of `plan` with the estimate over its games: stop (and why) or go on (null).
 * The last look always stops.
 */
export function decideLook(plan: SequentialPlan, look: number, s: BalanceSummary): StopReason | null {
  const reason = stopReason(s);
  return reason ?? (look >= plan.looks.length - 1 ? 'cap' : null);
}

/** The estimate at each skill level of a sweep and what comparing them says. */
export interface SweepSummary {
  levels: BalanceSummary[]; skillSensitive: boolean; verdict: string;
  /** The strongest level whose verdict settled (absent: fewer than two settled). */
  strongest?: BalanceSummary;
}

/** What a verdict says, for comparing levels: a side's id, "balanced", or null when it settled nothing. */
function verdictClass(s: BalanceSummary): string | null {
  if (s.favoured !== null) return `side:${s.favoured}`;
  if (s.share && s.share.count > 0 && s.share.low >= 0.45 && s.share.high <= 0.55) return 'balanced';
  return null;
}

/** A whole number of points with its sign ("+9", "-9", "0"). */
const signed = (x: number) => { const r = Math.round(x); return `${r > 0 ? '+' : r < 0 ? '-' : ''}${Math.abs(r)}`; };

/**
 * Read a sweep (levels from the weakest players to the strongest): it is skill-sensitive when the levels whose
 * verdicts settled disagree; then it says which side the strongest of those players favour against the weakest of
 * them, and by how much (each side's win rate from one to the other).
 */
export function summarizeSweep(levels: BalanceSummary[]): SweepSummary {
  const settledLevels = levels.filter((l) => verdictClass(l) !== null);
  const settled = settledLevels.map(verdictClass) as string[];
  // Compare the weakest and the strongest players whose verdicts settled (an unsettled level's rates are too loose).
  const weak = settledLevels[0], strong = settledLevels[settledLevels.length - 1];
  if (!weak || !strong || settled.length < 2) {
    return { levels, skillSensitive: false, verdict: 'Too few settled verdicts to say whether skill changes the balance; run more games.' };
  }
  const label = (s: BalanceSummary) => s.policy ?? '?';
  // The strongest players' verdict leads: when their games were mostly unfought, say so with it.
  const unfought = quietNoteOf(strong) ? ` In ${quietPercent(strong.quiet!, strong.games)}% of the ${label(strong)} players' games no stand was lost, so the points each side held decided them, not the battle.` : '';
  if (new Set(settled).size === 1) {
    return { levels, skillSensitive: false, strongest: strong, verdict: `Not skill-sensitive: every settled level gives the same verdict (${settled[0] === 'balanced' ? 'balanced' : `${strong.sides.find((x) => `side:${x.id}` === settled[0])?.name ?? '?'} favoured`}).${unfought}` };
  }
  const moves = strong.sides.map((x, i) => {
    const before = weak.sides[i]?.wins.rate ?? 0;
    return { name: x.name, before, after: x.wins.rate, change: 100 * (x.wins.rate - before) };
  });
  const gainer = [...moves].sort((p, q) => q.change - p.change)[0]!;
  const detail = moves.map((m) => `${m.name} ${Math.round(100 * m.before)}% → ${Math.round(100 * m.after)}% (${signed(m.change)} percentage points)`).join(', ');
  // Led by the strongest settled players' verdict (issue 43 item 3): an organiser adjusting for the weakest players'
  // verdict alone would tune the scenario for players who do not play well.
  const says = (l: BalanceSummary) => (l.favoured === null ? 'find it balanced' : `favour ${l.sides.find((x) => x.id === l.favoured)?.name ?? '?'}`);
  return {
    levels, skillSensitive: true, strongest: strong,
    verdict: `Skill-sensitive: strong players ${says(strong)} (${label(strong)} players, ${Math.round(100 * (strong.sides[0]?.wins.rate ?? 0))}% – ${Math.round(100 * (strong.sides[1]?.wins.rate ?? 0))}%), weaker ones ${says(weak)} (${label(weak)} players). Stronger play favours ${gainer.name}: from ${label(weak)} to ${label(strong)} players, ${detail}.${unfought}`,
  };
}

/** One side's win rate in both versions and the change with its 95% interval from the paired differences. */
export interface PairedChange { id: string; name: string; before: number; after: number; change: number; low: number; high: number }

/** A paired comparison of two versions of a scenario played on the same game seeds. */
export interface Comparison {
  games: number; sides: PairedChange[]; draws: PairedChange; verdict: string;
  /** How a sequential A/B ended (absent for a fixed number of games). */
  stop?: { reason: StopReason; look: number; looks: number; cap: number };
}

/**
 * Compare the games of a version (`after`) with those of an earlier one (`before`), game i against game i (the same
 * seed and dice): for each side the mean of the per-game differences of winning, with a 95% normal interval from
 * their spread (or the interval for another normal quantile `z`, a sequential look's). Sides are matched by position;
 * only indices played in both count. A version against itself gives differences of exactly zero.
 */
export function comparePaired(after: { sides: Array<{ id: string; name: string }>; games: BalanceGame[] }, before: { sides: Array<{ id: string; name: string }>; games: BalanceGame[] }, z = Z95): Comparison {
  const old = new Map(before.games.map((g) => [g.index, g]));
  const pairs = after.games.filter((g) => old.has(g.index)).sort((x, y) => x.index - y.index).map((g) => [g, old.get(g.index)!] as const);
  const n = pairs.length;
  const change = (id: string, name: string, wonAfter: (g: BalanceGame) => boolean, wonBefore: (g: BalanceGame) => boolean): PairedChange => {
    let sum = 0, sq = 0, a = 0, b = 0;
    for (const [x, y] of pairs) {
      const p = wonAfter(x) ? 1 : 0, q = wonBefore(y) ? 1 : 0;
      a += p; b += q; sum += p - q; sq += (p - q) * (p - q);
    }
    const mean = n ? sum / n : 0;
    const variance = n > 1 ? Math.max(0, (sq - n * mean * mean) / (n - 1)) : 0;
    const half = n ? z * Math.sqrt(variance / n) : 1;
    // A change of win rates lies in [-1, 1]: the normal interval is cut there.
    return { id, name, before: n ? b / n : 0, after: n ? a / n : 0, change: mean, low: Math.max(-1, mean - half), high: Math.min(1, mean + half) };
  };
  const sides = after.sides.map((s, i) => {
    const then = before.sides[i]?.id;
    return change(s.id, s.name, (g) => g.winner === s.id, (g) => then !== undefined && g.winner === then);
  });
  const draws = change('', 'draws', (g) => g.winner === null, (g) => g.winner === null);
  const pts = (x: number) => Math.round(100 * x);
  const line = (c: PairedChange) => `${c.name} from ${pts(c.before)}% to ${pts(c.after)}%, change ${signed(100 * c.change)} ± ${Math.round((100 * (c.high - c.low)) / 2)} percentage points`;
  const verdict = n === 0 ? 'No paired games to compare.' : `Over ${n} paired games (same seeds and dice), this version moves ${sides.map(line).join('; ')}.`;
  return { games: n, sides, draws, verdict };
}

/**
 * Whether a sequential A/B may stop at a look with these paired changes (the single run's rule on the differences):
 * settled once a side's change is clear of zero, precise once every change's interval is within +-2 points.
 */
export function pairedStopReason(c: Comparison): StopReason | null {
  if (c.games === 0) return null;
  if (c.sides.some((x) => x.low > 0 || x.high < 0)) return 'settled';
  if ([...c.sides, c.draws].every((x) => (x.high - x.low) / 2 <= 0.02)) return 'precise';
  return null;
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

/** A mean with its 95% interval (normal approximation, the sample's own spread). */
export interface MeanInterval { n: number; mean: number; low: number; high: number; sd: number }

/**
 * The paired point margin of a pairing (issue 43 item 1): each value is one seed's two games summed (the upper player's
 * points minus the lower's in the game where it sat first, plus the same where it sat second), so the seat's own
 * advantage cancels out within a pair. Mean and its 95% interval (mean +- z sd / sqrt(n)); one pair: no spread known,
 * the interval unbounded.
 */
export function pairedMargin(pairs: readonly number[], z = Z95): MeanInterval {
  const n = pairs.length;
  if (n === 0) return { n, mean: 0, low: -Infinity, high: Infinity, sd: 0 };
  const mean = pairs.reduce((a, x) => a + x, 0) / n;
  if (n === 1) return { n, mean, low: -Infinity, high: Infinity, sd: 0 };
  const sd = Math.sqrt(pairs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = (z * sd) / Math.sqrt(n);
  return { n, mean, low: mean - half, high: mean + half, sd };
}

/** Players by strength, to tell whether a sweep's strongest settled level is stronger than an estimate's players. */
const STRENGTH: Record<PolicyName, number> = { random: 0, simple: 1, search: 2 };

/**
 * What the Balance panel leads with when players of different skill disagree (issue 43 item 3): the sweep's verdict,
 * led by the strongest settled players', when the sweep is skill-sensitive; else, when the estimate's settled verdict
 * (a side favoured) is not that of stronger players whose verdict settled, that it is contradicted and by whom. Null:
 * nothing to say before the estimate's own verdict.
 */
export function balanceLead(sweep: SweepSummary | null, estimate: BalanceSummary | null): string | null {
  if (!sweep?.strongest) return null;
  if (sweep.skillSensitive) return sweep.verdict;
  if (!estimate || estimate.favoured === null) return null;
  const strong = sweep.strongest;
  if (STRENGTH[strong.policy ?? 'search'] <= STRENGTH[estimate.policy ?? 'simple'] || strong.favoured === estimate.favoured) return null;
  return `Stronger players disagree with this estimate: ${strong.verdict}`;
}
