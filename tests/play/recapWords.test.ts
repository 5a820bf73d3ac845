import { describe, expect, test } from 'vitest';
import { NO_RECAP, recapWords, type Recap } from '../../src/play/recap';

describe('recapWords: the play panel\'s line of what happened since the last decision (local and distance play)', () => {
  test('nothing happened: no line', () => {
    expect(recapWords(NO_RECAP)).toBe('');
  });
  test('counts each kind, one and several', () => {
    const r = { ...NO_RECAP, moved: ['a'], fights: ['x', 'y'], losses: [], destroyed: ['b', 'c'] } as unknown as Recap;
    expect(recapWords(r)).toBe('Since your last decision: 1 unit moved · 2 melees fought · 2 units destroyed (drawn on the map until you act).');
  });
});
