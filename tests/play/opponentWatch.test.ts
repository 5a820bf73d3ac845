/** Issue 31 item 7: how long the page waits for the computer's decision before it calls the worker lost. */
import { describe, expect, test } from 'vitest';
import { AI_LEVELS } from '../../src/rules';
import { HINT_LEVEL, LEVELS, thinkingCapMs } from '../../src/workers/levels';
import { answerWithinMs, OPPONENT_GRACE_MS } from '../../src/workers/opponent';

describe('the opponent watch', () => {
  test('each level waits for its own thinking cap plus the grace, and no longer than a few seconds', () => {
    expect(LEVELS.map((l) => thinkingCapMs(l.id))).toEqual([AI_LEVELS.easy.timeMs, AI_LEVELS.normal.timeMs, AI_LEVELS.hard.timeMs]);
    for (const l of LEVELS) {
      expect(answerWithinMs(l.id)).toBe(thinkingCapMs(l.id) + OPPONENT_GRACE_MS);
      expect(answerWithinMs(l.id)).toBeLessThanOrEqual(10_000);
    }
    expect(thinkingCapMs(HINT_LEVEL)).toBe(0);
  });
});
