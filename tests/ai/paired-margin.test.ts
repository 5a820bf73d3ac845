/** Issue 43 item 1: the ladder's paired point margin (one seed, both seats, summed) and its 95% interval. */
import { describe, expect, test } from 'vitest';
import { pairedMargin } from '../../src/ai/stats';
import { pairOutcomes, pairSums, type LadderResult } from '../bench/ladder-games';

const game = (pair: number, upperSeat: number, margin: number): LadderResult => ({ index: 2 * pair + upperSeat, pair, set: 'generated', template: 'g', upperSeat, outcome: margin > 0 ? 'win' : margin < 0 ? 'loss' : 'draw', margin, turns: 1, unfought: false });

describe('paired point margin', () => {
  test('a pair sums its two games: a seat that wins every game whoever plays it cancels out', () => {
    // The first seat wins by 40 whoever sits there: the upper player wins its seat-1 games and loses its seat-2 ones.
    const games = [0, 1, 2, 3].flatMap((k) => [game(k, 0, 40), game(k, 1, -40)]);
    expect(pairSums(games)).toEqual([0, 0, 0, 0]);
    const m = pairedMargin(pairSums(games));
    expect(m).toMatchObject({ n: 4, mean: 0, low: 0, high: 0 });
    // Half the games won: a win share would say nothing of the seat, the paired margin says "no difference".
  });

  test('an unfinished pair is left out; pairs come in their order', () => {
    expect(pairSums([game(1, 0, 5), game(0, 1, 2), game(1, 1, 7), game(2, 0, 9), game(0, 0, -1)])).toEqual([1, 12]);
  });

  test('pairs counted by how many of their two games the upper player won (a draw is not a win) and by the sign of their summed margin; unfinished pairs left out', () => {
    const games = [game(0, 0, 5), game(0, 1, 9), game(1, 0, 40), game(1, 1, -40), game(2, 0, -3), game(2, 1, 0), game(3, 1, 12), game(4, 0, 0), game(4, 1, 1)];
    // Sums: pair 0 +14, pair 1 0, pair 2 -3, pair 4 +1 (pair 3 unfinished).
    expect(pairOutcomes(games)).toEqual({ both: 1, split: 2, none: 1, ahead: 2, even: 1 });
    expect(pairOutcomes([])).toEqual({ both: 0, split: 0, none: 0, ahead: 0, even: 0 });
  });

  test('mean with the normal 95% interval of the sample spread', () => {
    const m = pairedMargin([10, 20, 30, 40]);
    const sd = Math.sqrt((15 ** 2 + 5 ** 2 + 5 ** 2 + 15 ** 2) / 3);
    expect(m.mean).toBe(25);
    expect(m.sd).toBeCloseTo(sd, 10);
    expect(m.low).toBeCloseTo(25 - (1.959964 * sd) / 2, 6);
    expect(m.high).toBeCloseTo(25 + (1.959964 * sd) / 2, 6);
    expect(pairedMargin([7])).toMatchObject({ mean: 7, low: -Infinity, high: Infinity });
  });
});
