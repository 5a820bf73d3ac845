/** Issue 44: a side's name and its verb agree in the log and narration ("Russians attack", "Novgorod attacks"). */
import { describe, expect, test } from 'vitest';
import { namesMany, narrate, sideDoes, type Cast } from '../../src/rules/narrate';
import type { GameEvent } from '../../src/rules/events';
import { createGame, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { resultHeadline, splitChoiceNote } from '../../src/play/describe';
import type { Action } from '../../src/rules';

const cast: Cast = { sides: [{ id: 'a', name: 'Russians' }, { id: 'b', name: 'Novgorod' }, { id: 'c', name: 'Teutonic Knights' }, { id: 'd', name: 'Rus' }] };

describe('sideDoes: verb agreement for side names', () => {
  test.each([
    ['Russians', 'attacks', 'Russians attack'],
    ['Russians', 'wins', 'Russians win'],
    ['Russians', 'has', 'Russians have'],
    ['Russians', 'loses', 'Russians lose'],
    ['Teutonic Knights', 'concedes', 'Teutonic Knights concede'],
    ['Novgorod', 'attacks', 'Novgorod attacks'],
    ['The Order', 'wins', 'The Order wins'],
    ['Rus', 'wins', 'Rus wins'],
    ['Swiss', 'attacks', 'Swiss attacks'],
  ])('%s + %s reads "%s"', (name, verb, expected) => {
    expect(sideDoes(name, verb)).toBe(expected);
  });

  test('namesMany tells plural names from single bodies', () => {
    expect([namesMany('Russians'), namesMany('Teutons'), namesMany('Novgorod'), namesMany('Rus'), namesMany('Swiss')]).toEqual([true, true, false, false, false]);
  });
});

describe('narration uses the agreement for every sentence with a side as subject', () => {
  const events: Array<[GameEvent, RegExp]> = [
    [{ kind: 'turn', side: 'a', turn: 3 }, /^Turn 3: Russians attack\.$/],
    [{ kind: 'turn', side: 'b', turn: 4 }, /^Turn 4: Novgorod attacks\.$/],
    [{ kind: 'concede', side: 'c' }, /^Teutonic Knights concede\.$/],
    [{ kind: 'destroyed', side: 'a', at: 'C4', units: ['r1'] }, /^Russians lose r1 at C4/],
    [{ kind: 'end', turn: 12, reason: 'turn-limit', points: { a: 9, b: 7 }, winner: 'a', noTroops: [] }, /Russians win\.$/],
    [{ kind: 'end', turn: 12, reason: 'turn-limit', points: { a: 7, b: 9 }, winner: 'b', noTroops: [] }, /Novgorod wins\.$/],
    [{ kind: 'end', turn: 5, reason: 'no-troops', points: { a: 0, b: 9 }, winner: 'b', noTroops: ['a'] }, /Russians have no troops left/],
  ];
  test.each(events)('%o', (e, expected) => {
    expect(narrate(e, cast)).toMatch(expected);
  });
});

describe('the result headline agrees with the winner', () => {
  const base = createGame(templateScenario('open-field')!, { seed: 1 });
  const [a, b] = base.sides;
  const named = (names: [string, string], winner: string | null, conceded: string | null = null): GameState => ({
    ...base, sides: [{ ...a!, name: names[0] }, { ...b!, name: names[1] }], conceded, result: { winner, points: {}, reason: 'turn-limit' },
  });
  test.each([
    [['Russians', 'Novgorod'], 0, null, 'Russians win'],
    [['Russians', 'Novgorod'], 1, null, 'Novgorod wins'],
    [['Russians', 'Novgorod'], null, null, 'A draw'],
    [['Russians', 'Teutonic Knights'], 0, 1, 'Teutonic Knights conceded — Russians win'],
  ] as Array<[[string, string], number | null, number | null, string]>)('%j, winner %s: "%s"', (names, w, c, expected) => {
    const ids = [a!.id, b!.id];
    expect(resultHeadline(named(names, w === null ? null : ids[w]!, c === null ? null : ids[c]!))).toBe(expected);
  });
});

describe('the knights\' move-or-split choice is explained where it is offered', () => {
  test.each([
    [[{ type: 'move', side: 's', unit: 'k', to: 'C4' }, { type: 'move', side: 's', unit: 'k', to: 'C4', split: true }], /split one stand off/],
    [[{ type: 'move', side: 's', unit: 'k', to: 'C4' }], null],
    [[{ type: 'hold', side: 's', unit: 'k' }], null],
  ] as Array<[Action[], RegExp | null]>)('%j', (actions, expected) => {
    const note = splitChoiceNote(actions);
    if (expected) expect(note).toMatch(expected); else expect(note).toBeNull();
  });
});
