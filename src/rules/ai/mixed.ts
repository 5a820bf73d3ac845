/**
 * Secret simultaneous picks (the MDI) as a mixed strategy: regret matching (RM+) on the estimated payoff matrix
 * converges to an equilibrium mix that an opponent cannot learn and beat; the pick is drawn from that mix.
 */

/** Equilibrium mixes of a zero-sum matrix game; `payoff[i][j]` is the row player's gain. */
export function regretMatching(payoff: number[][], iterations = 400): { row: number[]; col: number[] } {
  const n = payoff.length, m = payoff[0]?.length ?? 0;
  const rRow = new Array<number>(n).fill(0), rCol = new Array<number>(m).fill(0);
  const sumRow = new Array<number>(n).fill(0), sumCol = new Array<number>(m).fill(0);
  const mix = (r: number[]) => {
    const total = r.reduce((a, b) => a + b, 0);
    return total > 0 ? r.map((x) => x / total) : r.map(() => 1 / r.length);
  };
  for (let t = 1; t <= iterations; t++) {
    const x = mix(rRow), y = mix(rCol);
    const rowValue = payoff.map((row) => row.reduce((a, v, j) => a + v * y[j]!, 0));
    const colValue = Array.from({ length: m }, (_, j) => payoff.reduce((a, row, i) => a - row[j]! * x[i]!, 0));
    const vx = rowValue.reduce((a, v, i) => a + v * x[i]!, 0);
    const vy = colValue.reduce((a, v, j) => a + v * y[j]!, 0);
    for (let i = 0; i < n; i++) { rRow[i] = Math.max(0, rRow[i]! + rowValue[i]! - vx); sumRow[i] = sumRow[i]! + t * x[i]!; }
    for (let j = 0; j < m; j++) { rCol[j] = Math.max(0, rCol[j]! + colValue[j]! - vy); sumCol[j] = sumCol[j]! + t * y[j]!; }
  }
  return { row: mix(sumRow), col: mix(sumCol) };
}

/** An index drawn from a probability vector with a uniform number u in [0, 1). */
export function drawFrom(p: number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < p.length; i++) { acc += p[i]!; if (u < acc) return i; }
  return p.length - 1;
}
