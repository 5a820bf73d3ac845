import { describe, expect, test } from 'vitest';
import { compareMdi, meleeLosses, MDIS, type Mdi } from '../../src/rules';

// Rows: side A's MDI; columns: side B's, in the order column, line, flanking, pincers, square, withdrawal.
// A = A superior, B = B superior, = alike, W = withdrawal succeeds (digest 10, the balanced reading).
const MATRIX: Record<Mdi, string> = {
  column: '= B A A B A',
  line: 'A = B B A W',
  flanking: 'B A = B A A',
  pincers: 'B A A = B A',
  square: 'A B B A = W',
  withdrawal: 'B W B B W W',
};
const WORD: Record<string, string> = { A: 'a-superior', B: 'b-superior', '=': 'alike', W: 'withdrawal' };
const pairs = MDIS.flatMap((a) => MDIS.map((b, j) => [a, b, WORD[MATRIX[a].split(' ')[j]!]!] as const));

describe('9G MDI superiority: all 36 pairs', () => {
  test.each(pairs)('%s against %s: %s', (a, b, want) => {
    expect(compareMdi(a, b)).toBe(want);
  });
  test('each fighting formation beats exactly two others and loses to two', () => {
    for (const a of MDIS.filter((m) => m !== 'withdrawal')) {
      const wins = MDIS.filter((b) => b !== 'withdrawal' && compareMdi(a, b) === 'a-superior');
      const losses = MDIS.filter((b) => b !== 'withdrawal' && compareMdi(a, b) === 'b-superior');
      expect([wins.length, losses.length]).toEqual([2, 2]);
    }
  });
});

describe('9I melee losses: worked examples (A 11 points, B 7 points)', () => {
  test.each([
    ['square v flanking: B superior, A loses 4, B 2, B retreats', 'square', 'flanking', 4, 2, 7, 5, 'b-retreats'],
    ['square v square: alike, both lose 3 1/2, B retreats', 'square', 'square', 3.5, 3.5, 7.5, 3.5, 'b-retreats'],
    ['square v column: A superior, B loses 6, A 3, B destroyed (8 >= 3x1)', 'square', 'column', 3, 6, 8, 1, 'b-destroyed'],
  ] as const)('%s', (_n, ma, mb, lossA, lossB, remA, remB, result) => {
    expect(meleeLosses({ value: 11, mdi: ma }, { value: 7, mdi: mb })).toEqual({
      a: { loss: lossA, remaining: remA }, b: { loss: lossB, remaining: remB }, result,
    });
  });
});

describe('9H-9J melee losses: other branches', () => {
  test('9H equal values alike: both lose half their own value, result equal', () => {
    expect(meleeLosses({ value: 6, mdi: 'line' }, { value: 6, mdi: 'line' })).toEqual({
      a: { loss: 3, remaining: 3 }, b: { loss: 3, remaining: 3 }, result: 'equal',
    });
  });
  test('9H unlike: inferior loss capped at its value', () => {
    const r = meleeLosses({ value: 2, mdi: 'column' }, { value: 15, mdi: 'line' });
    expect(r.a).toEqual({ loss: 2, remaining: 0 });
    expect(r.b).toEqual({ loss: 1, remaining: 14 });
    expect(r.result).toBe('a-destroyed');
  });
  test('9H unlike: equal after losses gives equal', () => {
    // B superior with 3: A loses 1 + 2/2 = 2, B loses 1; 4 - 2 = 2 = 3 - 1.
    expect(meleeLosses({ value: 4, mdi: 'square' }, { value: 3, mdi: 'flanking' }).result).toBe('equal');
  });
  test('9H three-times rule: at exactly 3x the weaker is destroyed, just under it retreats', () => {
    // Alike, unequal: both lose half the weaker's 4. 8 -> 6 against 4 -> 2: exactly three times.
    expect(meleeLosses({ value: 8, mdi: 'column' }, { value: 4, mdi: 'column' }).result).toBe('b-destroyed');
    // 7 1/2 -> 5 1/2 against 2: under three times.
    expect(meleeLosses({ value: 7.5, mdi: 'column' }, { value: 4, mdi: 'column' }).result).toBe('b-retreats');
  });
  test('9G successful withdrawal: nobody loses anything', () => {
    expect(meleeLosses({ value: 5, mdi: 'withdrawal' }, { value: 8, mdi: 'square' })).toEqual({
      a: { loss: 0, remaining: 5 }, b: { loss: 0, remaining: 8 }, result: 'withdrawal',
    });
  });
  test('9G failed withdrawal counts as the inferior deployment', () => {
    // B superior with 3: A loses 1 + 2/2 = 2, B loses half of that; 3 against 2 leaves B the weaker.
    const r = meleeLosses({ value: 5, mdi: 'withdrawal' }, { value: 3, mdi: 'pincers' });
    expect(r.a.loss).toBe(2);
    expect(r.b.loss).toBe(1);
    expect(r.result).toBe('b-retreats');
  });
});
