/** Issue 43 item 2: the MDI pick's game solved exactly by linear programming; exploitability of a mix. */
import { describe, expect, test } from 'vitest';
import { exploitability, solveZeroSum } from '../../src/ai/zeroSum';
import { regretMatching } from '../../src/ai/mixed';
import { createRng } from '../../src/rules/random';
import { randomIndex } from '../../src/rules/sample';

describe('zero-sum games by linear programming', () => {
  test('rock-paper-scissors: a third each, value 0', () => {
    const s = solveZeroSum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]);
    for (const p of [...s.row, ...s.col]) expect(p).toBeCloseTo(1 / 3, 10);
    expect(s.value).toBeCloseTo(0, 10);
  });

  test('a saddle point and a dominated row; an uneven 2x2 game', () => {
    const s = solveZeroSum([[3, 5], [1, 0]]);
    expect(s.row[0]).toBeCloseTo(1, 10);
    expect(s.col[0]).toBeCloseTo(1, 10);
    expect(s.value).toBeCloseTo(3, 10);
    // [[2,-1],[-1,1]]: row mix (2/5, 3/5), value 1/5.
    const t = solveZeroSum([[2, -1], [-1, 1]]);
    expect(t.row[0]).toBeCloseTo(0.4, 10);
    expect(t.col[0]).toBeCloseTo(0.4, 10);
    expect(t.value).toBeCloseTo(0.2, 10);
  });

  test('random 6x6 games: the LP mixes are not exploitable, each guarantees the value; regret matching comes close', () => {
    const r = createRng(11);
    let worstRm = 0;
    for (let k = 0; k < 200; k++) {
      const a = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => randomIndex(r, 41) - 20));
      const s = solveZeroSum(a);
      expect(exploitability(a, s.row, s.value)).toBeLessThan(1e-9);
      const neg = a[0]!.map((_, j) => a.map((row) => -row[j]!));
      expect(exploitability(neg, s.col, -s.value)).toBeLessThan(1e-9);
      expect(s.row.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 10);
      worstRm = Math.max(worstRm, exploitability(a, regretMatching(a).row, s.value));
    }
    expect(worstRm).toBeGreaterThan(0);
    expect(worstRm).toBeLessThan(2);
  });
});
