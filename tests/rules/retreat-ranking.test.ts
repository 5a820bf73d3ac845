/**
 * Digest 10 "Retreat 2 squares" and its readings (R-retreat), clause by clause: which ends a retreat may take and
 * which it may not. Routes rank by how far they end from the square the unit retreats from (a full 2, or further
 * through friends or off the board, before 1), then by their angle (straight back before 45 degrees before 90, an
 * attacker's way back first); routes equal on both are the retreating side's choice; no route: destroyed. Each case
 * is asked of the readable module (src/rules/retreat.ts) and of the fast core (src/engine/retreat.ts) alike.
 */
import { describe, expect, test } from 'vitest';
import { retreatEnds } from '../../src/rules/retreat';
import type { GameState } from '../../src/rules';
import { retreatOptionsOf } from '../engine/core';
import { gameOf, unit, withUnit, type UnitRow } from '../engine/helpers';

/** The state with the melee at `contact` being fought, the unit `id` given the trail `trail` when one is set. */
function fighting(rows: UnitRow[], contact: string, trail?: { id: string; squares: string[] }): GameState {
  let s = gameOf(rows);
  if (trail) s = withUnit(s, trail.id, { trail: trail.squares });
  return { ...s, melees: [{ contact, supports: [], mdi: {}, fought: false }], current: 0 };
}

type Case = [name: string, rows: UnitRow[], who: string, contact: string, allowed: string[], refused: string[], trail?: string[]];

/** A Russian (rear: south, rows growing) medium infantry on E6 fighting Teutonic knights in its square. */
const D: UnitRow[] = [['r', 'd', 'mediumInfantry', 'E6', 'N'], ['t', 'a', 'knights', 'E6', 'S']];
const enemy = (...at: string[]): UnitRow[] => at.map((sq, k): UnitRow => ['t', `x${k}`, 'levyInfantry', sq, 'S']);
const friend = (...at: string[]): UnitRow[] => at.map((sq, k): UnitRow => ['r', `f${k}`, 'levyInfantry', sq, 'N']);

function check([, rows, who, contact, allowed, refused, trail]: Case) {
  const s = fighting(rows, contact, trail ? { id: who, squares: trail } : undefined);
  const u = unit(s, who);
  const readable = retreatEnds(s, u);
  const core = retreatOptionsOf(s, u);
  expect([...readable].sort(), 'readable').toEqual([...allowed].sort());
  expect([...core].sort(), 'core').toEqual([...allowed].sort());
  for (const r of refused) expect(readable, `readable refuses ${r}`).not.toContain(r);
}

describe('10 retreat: routes ranked by how far they end, then straight before 45 before 90 (R-retreat)', () => {
  test.each<Case>([
    ['10 retreat straight back 2 when free', D, 'd', 'E6', ['E8'], ['D8', 'F8', 'E7']],
    ['10 retreat straight back blocked by an enemy 1 away: 45 degrees either way, the side chooses', [...D, ...enemy('E7')], 'd', 'E6', ['D8', 'F8'], ['E8', 'C8', 'G8']],
    ['10 retreat straight back blocked by an enemy 2 away: a full 45 route, not the 1 square before the enemy', [...D, ...enemy('E8')], 'd', 'E6', ['D8', 'F8'], ['E7']],
    ['10 retreat a full 45+45 route (2 away) before stopping short straight back (1 away)', [...D, ...friend('E8'), ...enemy('D8', 'F8')], 'd', 'E6', ['C8', 'G8'], ['E7', 'D7', 'F7']],
    ['10 retreat a full 45+45 route (2 away) before 90 then straight (1 away)', [...D, ...enemy('E7', 'D8', 'F8')], 'd', 'E6', ['C8', 'G8'], ['D7', 'F7']],
    ['10 retreat 90 degrees only when nothing nearer straight back goes as far', [...D, ...enemy('D7', 'E7', 'F7')], 'd', 'E6', ['C7', 'G7'], ['C6', 'G6', 'D6', 'F6']],
    ['10 retreat a unit with no route is destroyed', [...D, ...enemy('D6', 'F6', 'D7', 'E7', 'F7')], 'd', 'E6', [], ['E6']],
  ])('%s', (...c) => check(c));
});

describe('10 retreat through friends (R-retreat, passing friends)', () => {
  test.each<Case>([
    ['10 retreat friends 2 away it may not join: a full 45 route rather than stopping 1 away', [...D, ...friend('E8')], 'd', 'E6', ['D8', 'F8'], ['E7', 'E8']],
    ['10 retreat friends 2 away and every other way closed: it stops 1 away', [...D, ...friend('E8'), ...enemy('D6', 'F6', 'D7', 'F7', 'D8', 'F8')], 'd', 'E6', ['E7'], ['E8']],
    ['10 retreat friends 1 and 2 away, every route round them closed: on through them straight to the first square it may stand in', [...D, ...friend('E7', 'E8'), ...enemy('D6', 'F6', 'D7', 'F7', 'D8', 'F8')], 'd', 'E6', ['E9'], ['E7']],
    ['10 retreat going on through friends counts as the full 2, no more: straight back free beats 3 away at 45', [...D, ...friend('D7', 'C8')], 'd', 'E6', ['E8'], ['B9']],
  ])('%s', (...c) => check(c));
});

describe('10 retreat off the board (out of play, counts half)', () => {
  test.each<Case>([
    ['10 retreat off its own edge straight back', [['r', 'd', 'mediumInfantry', 'E12', 'N'], ['t', 'a', 'knights', 'E12', 'S']], 'd', 'E12', ['off'], ['D12', 'F12']],
    ['10 retreat off the side edge ranks as far as its 2 steps would have gone: 90 degrees off loses to straight back', [['r', 'd', 'mediumInfantry', 'A6', 'N'], ['t', 'a', 'knights', 'A6', 'S']], 'd', 'A6', ['A8'], ['off']],
    ['10 retreat off the side edge at 45 degrees is no way off (R-route-measure): 45 on the board, before stopping short', [['r', 'd', 'mediumInfantry', 'A6', 'N'], ['t', 'a', 'knights', 'A6', 'S'], ...friend('A8')], 'd', 'A6', ['B8'], ['off', 'A7']],
  ])('%s', (...c) => check(c));
});

describe('10 retreat of an attacker: back the way it came (R-retreat, route)', () => {
  /** Teutonic (rear: north) knights on E6, fighting there. */
  const A: UnitRow[] = [['t', 'k', 'knights', 'E6', 'S'], ['r', 'e', 'levyInfantry', 'E6', 'N']];
  test.each<Case>([
    ['10 retreat an attacker goes back the way it came', A, 'k', 'E6', ['E4'], ['D4', 'F4'], ['E5', 'E4']],
    ['10 retreat an attacker\'s way back comes first among routes as far, even bent', A, 'k', 'E6', ['D4'], ['C4', 'E4'], ['D5', 'D4']],
    ['10 retreat an attacker\'s way back stopped short by friends ranks after full routes round it', [...A, ['t', 'f', 'levyInfantry', 'E4', 'S']], 'k', 'E6', ['D4', 'F4'], ['E5'], ['E5', 'E4']],
    ['10 retreat an attacker whose way back holds an enemy skirts round it', [...A, ['r', 'x', 'levyInfantry', 'E5', 'N']], 'k', 'E6', ['D4', 'F4'], ['E4'], ['E5', 'E4']],
  ])('%s', (...c) => check(c));
});

describe('10 retreat of a declared supporter: from its own square (R-who-retreats)', () => {
  // Crossbowmen on D7 backing the melee at E6 from its corner. "How far" is counted from D7, the square it retreats
  // from: D8 is 1 away (though 2 from the contact square), so full 45 routes to C9 and E9 come first.
  const S: UnitRow[] = [...D, ['r', 's', 'crossbowmen', 'D7', 'N']];
  test.each<Case>([
    ['10 retreat a supporter goes straight back from its own square', S, 's', 'E6', ['D9'], ['E8', 'D8']],
    ['10 retreat a supporter counts how far from its own square, not from the contact square', [...S, ...friend('D9')], 's', 'E6', ['C9', 'E9'], ['D8']],
  ])('%s', (...c) => check(c));
});

describe('10 retreat routes measured (R-route-measure)', () => {
  test.each<Case>([
    ['10 retreat among routes as far, fewer squares passed first: a free 45 route before going on through friends straight back', [...D, ...friend('E7', 'E8')], 'd', 'E6', ['D8', 'F8'], ['E9']],
    ['10 retreat how far is counted in steps and never more than 2: through friends to E10 is no further than D8, and passes more squares', [...D, ...friend('E7', 'E8', 'E9')], 'd', 'E6', ['D8', 'F8'], ['E10']],
    ['10 retreat off the board only straight back towards its own edge: not off the side edge at 45 degrees', [['r', 'd', 'mediumInfantry', 'A6', 'N'], ['t', 'a', 'knights', 'A6', 'S'], ...enemy('A7', 'B7')], 'd', 'A6', ['C7'], ['off', 'B6']],
    ['10 retreat off its own edge straight back still leaves the board', [['r', 'd', 'mediumInfantry', 'A12', 'N'], ['t', 'a', 'knights', 'A12', 'S']], 'd', 'A12', ['off'], ['B12']],
  ])('%s', (...c) => check(c));
});
