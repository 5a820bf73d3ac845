/**
 * Regret matching in plain loops (issue 28 item 3: the MDI pick runs it at every secret pick) gives the very mix of
 * its readable form, a reduce per sum, kept here as the reference: every probability equal to the bit.
 */
import { expect, test } from 'vitest';
import { regretMatching } from '../../src/ai/mixed';
import { createRng } from '../../src/rules/random';
import { randomIndex } from '../../src/rules/sample';

function reference(payoff: number[][], iterations = 400): { row: number[]; col: number[] } {
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

test('regret matching gives the reference mix to the bit (6x6 melee payoffs, square and not, all zero)', () => {
  const r = createRng(7);
  const matrices: number[][][] = [[[0, 0], [0, 0]], [[1, -1, 0.5]]];
  for (let k = 0; k < 120; k++) {
    const n = k % 4 === 0 ? 3 : 6, m = k % 5 === 0 ? 4 : 6;
    matrices.push(Array.from({ length: n }, () => Array.from({ length: m }, () => (randomIndex(r, 41) - 20) / (1 + randomIndex(r, 3)))));
  }
  for (const payoff of matrices) {
    for (const iterations of [1, 37, 400]) expect(regretMatching(payoff, iterations)).toStrictEqual(reference(payoff, iterations));
  }
});
