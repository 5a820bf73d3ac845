/**
 * Missile fire one shot at a time (digest 9, readings R-fire-order and R-two-types), one table of cases per clause,
 * each named by the section it checks: what the engine allows and refuses, and what a shot's dice do.
 */
import { describe, expect, test } from 'vitest';
import { legalActions, readGame, saveGame, type Action, type FireEvent, type GameState } from '../../src/rules';
import { act, dice, gameOf, isLegal, scenarioOf, unit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];

const fireEvents = (s: GameState) => s.events.filter((e): e is FireEvent => e.kind === 'fire');
const shooters = (s: GameState) => [...new Set(legalActions(s).flatMap((a) => (a.type === 'fire' || a.type === 'hold' ? [a.unit] : [])))].sort();
const targetsOf = (s: GameState, id: string) => legalActions(s).flatMap((a) => (a.type === 'fire' && a.unit === id ? [a.target] : [])).sort();

describe('9 missile units fire one at a time, each rolling as it fires (R-fire-order)', () => {
  // Longbowmen on F4 shoot medium infantry (4 stands) on F6 at range 2: each 1 or 2 is a hit.
  const rows: UnitRow[] = [['t', 'l1', 'longbowmen', 'F4', 'S'], ['t', 'l2', 'longbowmen', 'G4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP];
  test.each([
    ['no hit leaves the target whole', [5, 6, 3], 4],
    ['two hits take two stands at once', [1, 2, 6], 2],
    ['hits beyond the stands are lost', [1, 1, 1], 1],
  ])('9C %s, before the next unit fires', (_n, faces, left) => {
    let s = gameOf(rows, { phase: 'missile' });
    s = act(dice(s, faces), { type: 'fire', unit: 'l1', target: 'e' });
    expect(fireEvents(s).map((e) => e.dice)).toEqual([faces]);
    expect(unit(s, 'e').stands).toBe(left);
    expect([s.phase, s.toAct]).toEqual(['missile', 'teutonic']);
    expect(shooters(s)).toEqual(['l2']);
  });

  // Armored infantry of one stand on F6 (a 1 at range 2 is a hit), medium infantry on G6. l2 may not open fire on F6
  // while l1, closer, is still to fire; once l1 has shot there, l2 may follow it, if anything is left to shoot.
  test.each([
    ['the target survives: the next unit may shoot it too', [5, 5, 5], 'active', ['e', 'f']],
    ['the target is destroyed: the next unit picks among what is left', [1, 5, 5], 'destroyed', ['f']],
  ])('9C a later unit picks its target after the earlier results: %s', (_n, faces, status, targets) => {
    let s = gameOf([['t', 'l1', 'longbowmen', 'F4', 'S'], ['t', 'l2', 'longbowmen', 'G4', 'S'], ['r', 'e', 'armoredInfantry', 'F6', 'N', 1], ['r', 'f', 'mediumInfantry', 'G6', 'N'], ...KEEP], { phase: 'missile' });
    expect(targetsOf(s, 'l2')).toEqual(['f']);
    s = act(dice(s, faces), { type: 'fire', unit: 'l1', target: 'e' });
    expect(unit(s, 'e').status).toBe(status);
    expect(targetsOf(s, 'l2')).toEqual(targets);
  });

  test('9A the attacker\'s side fires first, then the defender\'s', () => {
    let s = gameOf([['t', 'l1', 'longbowmen', 'F4', 'S'], ['r', 'rl', 'longbowmen', 'F7', 'N'], ...KEEP], { phase: 'missile' });
    expect(s.toAct).toBe('teutonic');
    expect(shooters(s)).toEqual(['l1']);
    s = act(s, { type: 'hold', unit: 'l1' });
    expect(s.toAct).toBe('russian');
    expect(shooters(s)).toEqual(['rl']);
  });

  // Longbowmen on F4 shoot the defender's longbowmen (3 stands) on F7 at range 3: each 1 is a hit.
  test.each([
    ['one stand lost', [1, 5, 6], 2],
    ['every stand lost: the unit is destroyed', [1, 1, 1], 0],
  ])('9A a unit not yet fired fires with the stands it had when the phase began: %s', (_n, faces, left) => {
    let s = gameOf([['t', 'l1', 'longbowmen', 'F4', 'S'], ['r', 'rl', 'longbowmen', 'F7', 'N'], ...KEEP], { phase: 'missile' });
    s = act(dice(s, faces), { type: 'fire', unit: 'l1', target: 'rl' });
    expect(unit(s, 'rl').stands).toBe(left);
    expect(s.toAct).toBe('russian');
    expect(isLegal(s, { type: 'fire', unit: 'rl', target: 'l1' })).toBe(true);
    s = act(dice(s, [6, 6, 6]), { type: 'fire', unit: 'rl', target: 'l1' });
    expect(fireEvents(s).map((e) => [e.unit, e.dice.length])).toEqual([['rl', 3]]);
  });
});

describe('9F the first shot at a square comes from one of the closest units still to fire (R-fire-order, R-converging)', () => {
  // F4 is 2 from F6, H4 is 3: l1 is the closest. E4 and G4 are both 2 1/2 from F6.
  const rows: UnitRow[] = [['t', 'l1', 'longbowmen', 'F4', 'S'], ['t', 'l2', 'longbowmen', 'H4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP];
  test('9F the farther unit may not open fire while the closer one is still to fire', () => {
    const s = gameOf(rows, { phase: 'missile' });
    expect(isLegal(s, { type: 'fire', unit: 'l1', target: 'e' })).toBe(true);
    expect(isLegal(s, { type: 'fire', unit: 'l2', target: 'e' })).toBe(false);
  });
  test.each<[string, Action['type'], number, boolean]>([
    ['the closer unit holds: the farther opens fire alone', 'hold', 3, false],
    ['the closer unit fires first: the farther adds the converging die', 'fire', 4, true],
  ])('9F %s', (_n, first, diceCount, converging) => {
    let s = gameOf(rows, { phase: 'missile' });
    s = act(s, first === 'hold' ? { type: 'hold', unit: 'l1' } : { type: 'fire', unit: 'l1', target: 'e' });
    expect(isLegal(s, { type: 'fire', unit: 'l2', target: 'e' })).toBe(true);
    s = act(s, { type: 'fire', unit: 'l2', target: 'e' });
    const e = fireEvents(s)[0]!;
    expect([e.dice.length, e.converging]).toEqual([diceCount, converging]);
  });
  test('9F among equally close units either may open fire, and the other converges', () => {
    let s = gameOf([['t', 'l1', 'longbowmen', 'E4', 'S'], ['t', 'l2', 'longbowmen', 'G4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { phase: 'missile' });
    expect(isLegal(s, { type: 'fire', unit: 'l1', target: 'e' })).toBe(true);
    expect(isLegal(s, { type: 'fire', unit: 'l2', target: 'e' })).toBe(true);
    s = act(s, { type: 'fire', unit: 'l2', target: 'e' });
    expect(fireEvents(s)[0]!.converging).toBe(false);
    s = act(s, { type: 'fire', unit: 'l1', target: 'e' });
    expect([fireEvents(s)[0]!.dice.length, fireEvents(s)[0]!.converging]).toEqual([4, true]);
  });
});

describe('9E a shot at a commander with a unit reads the dice against both rows (R-two-types)', () => {
  // Crossbowmen (3 stands) on F5 shoot F6 at range 1: medium infantry are hit on 1, 2 or 3; the commander on a double 1 or 2.
  const rows: UnitRow[] = [['t', 'x', 'crossbowmen', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'c', 'commander', 'F6', 'N'], ...KEEP];
  test('9E one shot is offered at the square, named after the unit', () => {
    const s = gameOf(rows, { phase: 'missile' });
    expect(targetsOf(s, 'x')).toEqual(['e']);
  });
  test.each<[string, number[], string[], string | null, Record<string, number>]>([
    ['only the unit\'s row scores: the unit loses its stands at once', [3, 4, 5], [], null, { e: 3, c: 1 }],
    ['both rows score: the shooter chooses, the unit by default', [1, 1, 4], ['e', 'c'], 'e', { e: 2, c: 1 }],
    ['both rows score: the shooter may choose the commander', [2, 2, 5], ['e', 'c'], 'c', { e: 4, c: 0 }],
  ])('9E %s', (_n, faces, choices, pick, left) => {
    let s = gameOf(rows, { phase: 'missile' });
    s = act(dice(s, faces), { type: 'fire', unit: 'x', target: 'e' });
    const offered = legalActions(s).flatMap((a) => (a.type === 'fireLoss' ? [a.unit] : []));
    expect(offered).toEqual(choices);
    if (pick) s = act(s, { type: 'fireLoss', unit: pick });
    expect({ e: unit(s, 'e').stands, c: unit(s, 'c').stands }).toEqual(left);
  });
  // One stand of armored infantry (hit on 1, 2 or 3 at range 1) with the commander; x2 on E5 is 1 1/2 from F6.
  test('9F converging fire counts per square: the second shot at the square converges though its first target is gone', () => {
    let s = gameOf([['t', 'x1', 'crossbowmen', 'F5', 'S'], ['t', 'x2', 'crossbowmen', 'E5', 'S'], ['r', 'e', 'armoredInfantry', 'F6', 'N', 1], ['r', 'c', 'commander', 'F6', 'N'], ...KEEP], { phase: 'missile' });
    s = act(dice(s, [3, 5, 6]), { type: 'fire', unit: 'x1', target: 'e' });
    expect(unit(s, 'e').status).toBe('destroyed');
    expect(targetsOf(s, 'x2')).toEqual(['c']);
    s = act(s, { type: 'fire', unit: 'x2', target: 'c' });
    expect([fireEvents(s)[0]!.dice.length, fireEvents(s)[0]!.converging]).toEqual([4, true]);
  });
});

describe('saved games of the old fire order (game format version 1) are refused, saying why', () => {
  test('a version 1 saved game is refused; the version this program writes reads back', () => {
    const scenario = scenarioOf(KEEP);
    const old = readGame({ format: 'nevsky-game', version: 1, scenario, seed: 1, actions: [] });
    expect(old.ok).toBe(false);
    expect(old.ok ? '' : old.message).toMatch(/older rules.*version 1.*one at a time/);
    const now = gameOf(KEEP, { phase: 'move' });
    expect(readGame(JSON.parse(JSON.stringify(saveGame(now)))).ok).toBe(true);
  });
});
