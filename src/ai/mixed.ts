/**
 * Secret simultaneous picks (the MDI) as a mixed strategy: regret matching (RM+) on the estimated payoff matrix
 * converges to an equilibrium mix that an opponent cannot learn and beat; the pick is drawn from that mix.
 */

/** Equilibrium mixes of a zero-sum matrix game; `payoff[i][j]` is the row player's gain. */
export function regretMatching(payoff: number[][], iterations = 400): { row: number[]; col: number[] } {
  const n = payoff.length, m = payoff[0]?.length ?? 0;
  const rRow = new Array<number>(n).fill(0), rCol = new Array<number>(m).fill(0);
  const sumRow = new Array<number>(n).fill(0), sumCol = new Array<number>(m).fill(0);
  // Plain loops into arrays made once (every secret pick runs this: arrays and closures made per iteration cost
  // about 5 ms a call); each sum is added in the same order as a left-to-right reduce, so the mix is the same to the bit.
  const x = new Array<number>(n).fill(0), y = new Array<number>(m).fill(0), rowValue = new Array<number>(n).fill(0), colValue = new Array<number>(m).fill(0);
  for (let t = 1; t <= iterations; t++) {
    mixInto(rRow, x); mixInto(rCol, y);
    for (let i = 0; i < n; i++) { let a = 0; const row = payoff[i]!; for (let j = 0; j < m; j++) a = a + row[j]! * y[j]!; rowValue[i] = a; }
    for (let j = 0; j < m; j++) { let a = 0; for (let i = 0; i < n; i++) a = a - payoff[i]![j]! * x[i]!; colValue[j] = a; }
    let vx = 0; for (let i = 0; i < n; i++) vx = vx + rowValue[i]! * x[i]!;
    let vy = 0; for (let j = 0; j < m; j++) vy = vy + colValue[j]! * y[j]!;
    for (let i = 0; i < n; i++) { rRow[i] = Math.max(0, rRow[i]! + rowValue[i]! - vx); sumRow[i] = sumRow[i]! + t * x[i]!; }
    for (let j = 0; j < m; j++) { rCol[j] = Math.max(0, rCol[j]! + colValue[j]! - vy); sumCol[j] = sumCol[j]! + t * y[j]!; }
  }
  const row = new Array<number>(n), col = new Array<number>(m);
  mixInto(sumRow, row); mixInto(sumCol, col);
  return { row, col };
}

/** The mix of non-negative weights `r` into `out` (uniform when they are all zero). */
function mixInto(r: readonly number[], out: number[]): void {
  let total = 0;
  for (let i = 0; i < r.length; i++) total = total + r[i]!;
  for (let i = 0; i < r.length; i++) out[i] = total > 0 ? r[i]! / total : 1 / r.length;
}

/** An index drawn from a probability vector with a uniform number u in [0, 1). */
export function drawFrom(p: number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < p.length; i++) { acc += p[i]!; if (u < acc) return i; }
  return p.length - 1;
}
