/**
 * The exact equilibrium of a small zero-sum matrix game by linear programming (issue 43 item 2: the MDI pick's 6x6
 * game), and how much a mix can be exploited. `payoff[i][j]` is the row player's gain.
 *
 * With the payoff shifted to be positive (B = A - min + 1, the same equilibria, value shifted by the same amount), the
 * column player's LP  max sum(w)  s.t.  B w <= 1, w >= 0  is solved by the tableau simplex (Bland's rule: no cycling);
 * its optimum is 1 / value(B), the column mix is w scaled to sum 1, and the row mix is read from the final tableau's
 * slack costs (the dual solution).
 */

/** Equilibrium mixes and the game's value to the row player. */
export interface ZeroSumSolution { row: number[]; col: number[]; value: number }

const EPS = 1e-12;

export function solveZeroSum(payoff: readonly (readonly number[])[]): ZeroSumSolution {
  const n = payoff.length, m = payoff[0]?.length ?? 0;
  if (n === 0 || m === 0) return { row: [], col: [], value: 0 };
  let min = Infinity;
  for (const r of payoff) for (const v of r) min = Math.min(min, v);
  const shift = 1 - min;
  // Tableau: n constraint rows over m variables and n slacks, right-hand side last; the objective row last.
  const width = m + n + 1;
  const t: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const row = new Float64Array(width);
    for (let j = 0; j < m; j++) row[j] = payoff[i]![j]! + shift;
    row[m + i] = 1;
    row[width - 1] = 1;
    t.push(row);
  }
  const obj = new Float64Array(width);
  for (let j = 0; j < m; j++) obj[j] = -1;
  const basis = Array.from({ length: n }, (_, i) => m + i);
  for (let iter = 0; iter < 1000; iter++) {
    // Bland's rule: the first column with a negative cost enters; among the tightest ratios, the lowest basic leaves.
    let enter = -1;
    for (let j = 0; j < width - 1; j++) if (obj[j]! < -EPS) { enter = j; break; }
    if (enter < 0) break;
    let leave = -1, best = Infinity;
    for (let i = 0; i < n; i++) {
      const a = t[i]![enter]!;
      if (a <= EPS) continue;
      const ratio = t[i]![width - 1]! / a;
      if (ratio < best - EPS || (Math.abs(ratio - best) <= EPS && basis[i]! < basis[leave]!)) { best = ratio; leave = i; }
    }
    if (leave < 0) break; // unbounded: cannot happen with a positive matrix
    const p = t[leave]!, pv = p[enter]!;
    for (let j = 0; j < width; j++) p[j] = p[j]! / pv;
    for (let i = 0; i < n; i++) {
      if (i === leave) continue;
      const f = t[i]![enter]!;
      if (f !== 0) for (let j = 0; j < width; j++) t[i]![j] = t[i]![j]! - f * p[j]!;
    }
    const f = obj[enter]!;
    for (let j = 0; j < width; j++) obj[j] = obj[j]! - f * p[j]!;
    basis[leave] = enter;
  }
  const total = obj[width - 1]!; // = sum(w) = 1 / value(B)
  const col = new Array<number>(m).fill(0);
  for (let i = 0; i < n; i++) if (basis[i]! < m) col[basis[i]!] = t[i]![width - 1]! / total;
  const row = new Array<number>(n);
  let sum = 0;
  for (let i = 0; i < n; i++) { row[i] = Math.max(0, obj[m + i]!); sum += row[i]!; }
  for (let i = 0; i < n; i++) row[i] = sum > 0 ? row[i]! / sum : 1 / n;
  return { row, col, value: 1 / total - shift };
}

/**
 * How much the row mix `x` can be exploited: the game's value minus what x is sure of against the column player's
 * best reply (0 for an equilibrium mix; in the payoff's units).
 */
export function exploitability(payoff: readonly (readonly number[])[], x: readonly number[], value = solveZeroSum(payoff).value): number {
  const m = payoff[0]?.length ?? 0;
  let worst = Infinity;
  for (let j = 0; j < m; j++) {
    let v = 0;
    for (let i = 0; i < payoff.length; i++) v += x[i]! * payoff[i]![j]!;
    worst = Math.min(worst, v);
  }
  return Math.max(0, value - worst);
}
