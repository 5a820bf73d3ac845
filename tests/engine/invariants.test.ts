/** The fuzz suite's issue-9 invariants can fail: each is shown a broken step and names what is wrong. */
import { expect, test } from 'vitest';
import { applyAction, legalActions, type GameState } from '../../src/rules';
import { stepInvariants } from './fuzz/fuzz';
import { act, gameOf, withUnit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];

test('a state whose side may only concede is reported as a dead end; a normal one is not', () => {
  const s = gameOf([['t', 'a', 'mediumInfantry', 'F3', 'S'], ...KEEP]);
  const legal = legalActions(s);
  expect(stepInvariants(s, s, legal)).toBeNull();
  expect(stepInvariants(s, s, legal.filter((a) => a.type === 'concede'))).toMatch(/dead end/);
});

test('a charger that fights in no melee when the move ends is reported', () => {
  let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'k', 'knights', 'B3', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
  s = act(s, { type: 'move', unit: 'a', to: 'F6' });
  const after = act(s, { type: 'endMove' });
  expect(after.phase).toBe('support');
  expect(stepInvariants(s, after, legalActions(after))).toBeNull();
  const charged = { ...after, units: after.units.map((u) => (u.id === 'k' ? { ...u, chargedTurn: after.turn } : u)) };
  expect(stepInvariants(s, charged, legalActions(after))).toMatch(/charger k/);
});

test('a supporter that turned away before its melee is fought is reported', () => {
  let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'm', 'mediumInfantry', 'E6', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
  s = act(s, { type: 'move', unit: 'a', to: 'F6' });
  s = act(s, { type: 'support', unit: 'm', contact: 'F6' });
  s = act(s, { type: 'endMove' });
  s = act(s, { type: 'endSupport' });
  s = act(s, { type: 'mdi', mdi: 'line' });
  const before: GameState = s;
  const fought = act(s, { type: 'mdi', mdi: 'line' });
  expect(stepInvariants(before, fought, legalActions(fought))).toBeNull();
  expect(stepInvariants(withUnit(before, 'm', { facing: 'W' }), fought, legalActions(fought))).toMatch(/supporter m/);
});

test('a result that does not follow 10G is reported', () => {
  const s = gameOf([['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'b', 'armoredInfantry', 'F10', 'N', 1]]);
  const over = applyAction(s, { type: 'concede', side: s.toAct! });
  expect(stepInvariants(s, over, [])).toBeNull();
  expect(stepInvariants(s, { ...over, result: { ...over.result!, winner: 'teutonic' } }, [])).toMatch(/10G/);
});
