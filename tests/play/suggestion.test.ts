/**
 * The play view's suggestion (what Suggest selects and the one-key defaults follow): the hint decision, worked out
 * once per position from the listing the view already has (src/components/play/usePlayInput.ts suggestionFor).
 */
import { describe, expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, HINT_LEVEL } from '../../src/workers/levels';
import { suggestionFor } from '../../src/components/play/usePlayInput';

/** Positions of an open-field game played by the hint policy, every third one. */
function positions(seed: number, cap = 240): GameState[] {
  let s = createGame(templateScenario('open-field')!, { seed });
  const out: GameState[] = [];
  for (let i = 0; s.phase !== 'over' && i < cap; i++) {
    if (i % 3 === 0) out.push(s);
    s = applyAction(s, decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1));
  }
  return out;
}

describe('the suggestion, once per position', () => {
  const all = positions(3);

  test('it is the hint decision (what Suggest picked before), one of the listed actions', () => {
    expect(all.length).toBeGreaterThan(30);
    for (const s of all) {
      const listed = legalActions(s);
      const a = suggestionFor(s, listed)!;
      expect(actionKey(a)).toBe(actionKey(decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1)));
      expect(listed).toContain(a);
    }
  });

  test('it chooses among the listing it is given: the position is not listed again', () => {
    const s = all.find((x) => x.phase === 'move' && legalActions(x).length > 2)!;
    const pick = decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1);
    const without = legalActions(s).filter((a) => actionKey(a) !== actionKey(pick));
    // A fresh state object (a position not yet seen) and a listing without the hint's own pick: it picks from this one.
    expect(without).toContain(suggestionFor({ ...s }, without));
  });

  test('a position\'s suggestion is worked out once: asked again, the first answer stands', () => {
    const s = { ...all[1]! };
    const first = suggestionFor(s, legalActions(s))!;
    const other = legalActions(s).find((a) => actionKey(a) !== actionKey(first))!;
    expect(suggestionFor(s, [other])).toBe(first);
  });

  test('nothing to suggest without a listing or when the game is over', () => {
    expect(suggestionFor(all[0]!, [])).toBeNull();
    expect(suggestionFor({ ...all[0]!, phase: 'over' }, legalActions(all[0]!))).toBeNull();
  });
});
