import { describe, expect, test } from 'vitest';
import { chanceAtLeast, chanceAtMost, chanceLowerTotalWins, chanceOfAnyHit, expectedHits, percent, totalDistribution } from '../../src/rulesets';

/** Every way `count` dice can fall, by brute force. */
function outcomes(count: number): number[][] {
  let all: number[][] = [[]];
  for (let i = 0; i < count; i++) all = all.flatMap((o) => [1, 2, 3, 4, 5, 6].map((f) => [...o, f]));
  return all;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('odds aids', () => {
  test.each([1, 2, 3, 4, 5, 6])('a d6 shows %i or less with chance n/6, and n or more with (7-n)/6', (n) => {
    expect(chanceAtMost(n)).toBeCloseTo(outcomes(1).filter(([f]) => f! <= n).length / 6, 12);
    expect(chanceAtLeast(n)).toBeCloseTo(outcomes(1).filter(([f]) => f! >= n).length / 6, 12);
  });
  test.each([1, 2, 3, 4])('%i dice hitting on 2 or less: expected hits and the chance of any hit match enumeration', (n) => {
    const all = outcomes(n);
    const hitsPer = all.map((o) => o.filter((f) => f <= 2).length);
    expect(expectedHits(n, chanceAtMost(2))).toBeCloseTo(sum(hitsPer) / all.length, 12);
    expect(chanceOfAnyHit(n, chanceAtMost(2))).toBeCloseTo(hitsPer.filter((h) => h > 0).length / all.length, 12);
  });
  test('dice totals: the distribution of 3d6 matches enumeration', () => {
    const dist = totalDistribution(3);
    const all = outcomes(3).map(sum);
    for (let t = 3; t <= 18; t++) expect(dist[t]).toBeCloseTo(all.filter((x) => x === t).length / all.length, 12);
  });
  test('initiative: low total wins, ties thrown again (2d6 against 3d6)', () => {
    let lower = 0, equal = 0;
    const a = outcomes(2).map(sum), b = outcomes(3).map(sum);
    for (const x of a) for (const y of b) { if (x < y) lower++; else if (x === y) equal++; }
    const want = lower / (a.length * b.length - equal);
    expect(chanceLowerTotalWins(2, 3)).toBeCloseTo(want, 12);
    expect(chanceLowerTotalWins(2, 3) + chanceLowerTotalWins(3, 2)).toBeCloseTo(1, 12);
    expect(chanceLowerTotalWins(2, 2)).toBeCloseTo(0.5, 12);
  });
  test.each([[0, '0%'], [1, '100%'], [1 / 3, '33%'], [0.001, '<1%'], [0.999, '>99%']])('percent(%f) prints %s', (p, s) => {
    expect(percent(p)).toBe(s);
  });
});
