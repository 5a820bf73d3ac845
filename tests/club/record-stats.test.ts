/** The club record's arithmetic (src/club/record-stats.ts): human record, disagreement flag, league pairings. */
import { describe, expect, test } from 'vitest';
import { disagrees, humanRecord, roundRobin, swissRound } from '../../src/club/record-stats';
import { wilsonInterval } from '../../src/ai/stats';

describe('the human record', () => {
  test('wins per side, draws, and the first side\'s share of decisive games with its interval', () => {
    const g = (result: 'a' | 'b' | 'draw', flip = false) => (flip ? { side_a: 'N', side_b: 'T', result } : { side_a: 'T', side_b: 'N', result });
    const r = humanRecord([g('a'), g('a'), g('b'), g('draw'), g('a', true)]);
    expect(r).toEqual({ games: 5, draws: 1, sides: [{ side: 'T', wins: 2 }, { side: 'N', wins: 2 }], share: wilsonInterval(2, 4) });
  });
  test('the flag: intervals apart disagree; overlapping, or under 5 decisive games, do not', () => {
    const human = wilsonInterval(9, 10); // about 0.60..0.98
    expect(disagrees(human, 10, { low: 0.4, high: 0.55 })).toBe(true);
    expect(disagrees(human, 10, { low: 0.5, high: 0.7 })).toBe(false);
    expect(disagrees(wilsonInterval(4, 4), 4, { low: 0.1, high: 0.2 })).toBe(false);
    expect(disagrees(human, 10, undefined)).toBe(false);
  });
});

describe('league pairings', () => {
  test.each([2, 3, 4, 5, 8])('round robin of %i: every pair once, nobody twice in a round', (n) => {
    const players = Array.from({ length: n }, (_, i) => `p${i}`);
    const rounds = roundRobin(players);
    const pairs = rounds.flat().map((p) => [...p].sort().join('|'));
    expect(new Set(pairs).size).toBe((n * (n - 1)) / 2);
    expect(pairs).toHaveLength((n * (n - 1)) / 2);
    for (const r of rounds) expect(new Set(r.flat()).size).toBe(r.length * 2);
  });
  test('Swiss: leaders meet, no repeat while one can be avoided, a bye for the lowest of an odd count', () => {
    const s = [{ id: 'a', points: 2, rating: 0 }, { id: 'b', points: 2, rating: 0 }, { id: 'c', points: 1, rating: 0 }, { id: 'd', points: 0, rating: 0 }];
    expect(swissRound(s, new Set())).toEqual([['a', 'b'], ['c', 'd']]);
    expect(swissRound(s, new Set(['a|b']))).toEqual([['a', 'c'], ['b', 'd']]);
    const odd = swissRound(s.slice(0, 3), new Set());
    expect(odd).toEqual([['a', 'b']]);
  });
});
