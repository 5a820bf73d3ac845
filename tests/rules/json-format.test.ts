/**
 * The house JSON style's key order held in memory (issue 26 item 4: an action keeps one identity, the store hands the
 * engine a copy in the file's key order without writing and reading text).
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, formatJson, inFileOrder, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';

/** One listed action of each kind met in a seeded random game (deployment, fire, moves, supports, melee choices). */
function someActions(): unknown[] {
  const pick = randomPolicy(7);
  let s: GameState = createGame(templateScenario('river-crossing')!, { seed: 7 });
  const byType = new Map<string, unknown>();
  while (s.phase !== 'over') {
    const listed = legalActions(s);
    for (const a of listed) if (!byType.has(a.type)) byType.set(a.type, a);
    s = applyAction(s, pick(s, listed));
  }
  return [...byType.values()];
}

describe('inFileOrder: the key order a value would have read back from its file', () => {
  const cases: Array<[string, unknown]> = [
    ['a scenario template', templateScenario('roadside-village')],
    ['listed actions of every kind a game met', someActions()],
    ['nested objects and arrays with unknown keys', { zeta: 1, type: 'move', side: 'x', path: ['A1', 'B2'], units: [{ at: 'C3', id: 'u', extra: { b: 2, a: 1 } }], skipped: undefined }],
    ['primitives', 5], ['null', null],
  ];
  test('the game met many kinds of action', () => expect(someActions().length).toBeGreaterThanOrEqual(8));

  test.each(cases)('%s: the same text as formatJson read back, key for key', (_, value) => {
    const read = JSON.parse(formatJson(value)) as unknown;
    expect(JSON.stringify(inFileOrder(value))).toBe(JSON.stringify(read));
  });

  test('an action listed by the engine keeps its key and gains the file order', () => {
    const s = createGame(templateScenario('open-field')!, { seed: 3 });
    const a = legalActions(s)[0]!;
    const copy = inFileOrder(a);
    expect(copy).toEqual(a);
    expect(copy).not.toBe(a);
    expect(Object.keys(copy)).toEqual(Object.keys(JSON.parse(formatJson(a)) as object));
  });
});
