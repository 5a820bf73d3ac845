/**
 * Move listings kept from one position to the next (issue 9, fast core): the listing of the position an action leads
 * to takes over every part of the previous listing that the action could not have changed. Taken over or made afresh,
 * it must be the same list, action for action, in the same order. The same holds for missile declarations, whose list
 * is the one before without the unit that just declared.
 */
import { expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { listMoves } from '../../src/rules/core/listing';
import { TEMPLATES } from '../../src/scenario';
import { generatedScenario } from './fuzz/scenarios';
import { act, gameOf, isLegal } from './helpers';

/**
 * Walk a random game; at every move-phase position after a move-phase action, compare both listings; at every
 * position, compare the list applyAction's result gets with the list a copy of that position gets afresh.
 */
function compareGame(start: GameState, seed: number): { compared: number; actions: number; missile: number } {
  const pick = randomPolicy(seed);
  let s = start, compared = 0, actions = 0, missile = 0;
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    const next = applyAction(s, pick(s, legal));
    if (s.phase === 'move' && next.phase === 'move') {
      const before = listMoves(s, undefined).listing;
      const kept = listMoves(next, before).actions.map(actionKey);
      const fresh = listMoves(next, undefined).actions.map(actionKey);
      expect(kept, `after ${actionKey(next.log[next.log.length - 1]!)} (turn ${next.turn})`).toEqual(fresh);
      expect(legalActions(next).map(actionKey).slice(0, -1)).toEqual(fresh);
      compared++;
      actions += fresh.length;
    }
    // Every list taken over (move or missile phase) is the list a copy of the same position gets afresh.
    if (next.phase !== 'over') expect(legalActions(next).map(actionKey)).toEqual(legalActions({ ...next }).map(actionKey));
    if (s.phase === 'missile' && next.phase === 'missile') missile++;
    s = next;
  }
  return { compared, actions, missile };
}

test.each(TEMPLATES.map((t) => t.id))('a move listing taken over from the position before is the listing made afresh, over a %s game', (id) => {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  const r = compareGame(createGame(scenario, { seed: 31 }), 31);
  expect(r.compared).toBeGreaterThan(100);
  expect(r.actions).toBeGreaterThan(r.compared);
  expect(r.missile).toBeGreaterThan(20);
}, 120_000);

test('a move listing taken over is the listing made afresh, over generated valid scenarios', () => {
  let compared = 0;
  for (let g = 0; g < 10; g++) compared += compareGame(createGame(generatedScenario(9100 + g), { seed: g, turnLimit: 8 }), g).compared;
  expect(compared).toBeGreaterThan(800);
}, 120_000);

test('6J a friend moving beside an enemy square out of a 1-stand missile unit\'s reach still adds that unit\'s backed lead there', () => {
  // The crossbowmen reach F6 (enemy) but not F7, G7 or H7; the medium infantry's move to F7 puts a backer beside F6.
  const s = gameOf([['t', 'u', 'crossbowmen', 'F4', 'S', 1], ['t', 's', 'mediumInfantry', 'H7', 'W'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'k', 'armoredInfantry', 'L12', 'N']]);
  const backed = { type: 'move', unit: 'u', to: 'F6', supporter: 's' } as const;
  expect(isLegal(s, backed)).toBe(false);
  legalActions(s); // the listing the next position takes over from
  const next = act(s, { type: 'move', unit: 's', to: 'F7' });
  expect(isLegal(next, backed)).toBe(true);
  expect(legalActions(next).map(actionKey)).toEqual(legalActions({ ...next }).map(actionKey));
});

test('6K a crew whose ballista is carried off by the other crew in its square may no longer carry it', () => {
  const s = gameOf([['t', 'b', 'ballista', 'E5', 'S'], ['t', 'c1', 'ballistarii', 'E5', 'S', 2], ['t', 'c2', 'ballistarii', 'E5', 'S', 2], ['r', 'k', 'armoredInfantry', 'L12', 'N']]);
  const carries = (x: GameState, id: string) => legalActions(x).some((a) => a.type === 'move' && a.unit === id && a.carry === true);
  expect(carries(s, 'c2')).toBe(true);
  const next = act(s, { type: 'move', unit: 'c1', to: 'E4', carry: true });
  expect(carries(next, 'c2')).toBe(false);
  expect(legalActions(next).map(actionKey)).toEqual(legalActions({ ...next }).map(actionKey));
});
