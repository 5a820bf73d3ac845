/**
 * When a secret is pending (src/rules/view.ts secretPending): hidden set-up, and the MDI picks of the melee being
 * fought, counted from when they are asked for (`picking`, distance play) or from the first pick made (`picked`,
 * hot-seat). Distance play's sealed messages and the hot-seat screen both ask this one function.
 */
import { describe, expect, test } from 'vitest';
import { createGame, secretPending, type GameState } from '../../src/rules';
import { act, gameOf, scenarioOf, type UnitRow } from '../engine/helpers';

const rows: UnitRow[] = [
  ['t', 'a', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'],
  ['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N'],
];

/** The attacker leads into F6 and both sides end their move and supports: the melee waits for its MDI picks. */
function waitingForPicks(): GameState {
  let s = act(gameOf(rows), { type: 'move', unit: 'a', to: 'F6' });
  s = act(s, { type: 'endMove' });
  return act(s, { type: 'endSupport' });
}

const both = (s: GameState) => [secretPending(s, 'picking'), secretPending(s, 'picked')];

describe('4, 10 a secret is pending', () => {
  test('4 throughout hidden set-up, for both questions', () => {
    const s = createGame(scenarioOf([['t', 'a', 'mediumInfantry', null], ['r', 'e', 'mediumInfantry', null]]), { seed: 1 });
    expect(s.phase).toBe('deploy');
    expect(both(s)).toEqual([true, true]);
    expect(secretPending(s)).toBe(true);
  });

  test('6 not while moving in the open', () => {
    expect(both(gameOf(rows))).toEqual([false, false]);
  });

  test('10 a melee waiting for its picks: pending as picking is asked for, not yet as a pick made', () => {
    const s = waitingForPicks();
    expect(s.phase).toBe('melee');
    expect(both(s)).toEqual([true, false]);
    expect(secretPending(s)).toBe(true);
  });

  test('10 one side has picked: pending for both; both picked (revealed, the melee resolving): pending for neither', () => {
    const one = act(waitingForPicks(), { type: 'mdi', mdi: 'column' });
    expect(both(one)).toEqual([true, true]);
    const two = act(one, { type: 'mdi', mdi: 'line' });
    expect(both(two)).toEqual([false, false]);
  });
});
