import { describe, expect, test } from 'vitest';
import { createGame, legalActions, lineOfFireClear } from '../../src/rules';
import { act, advanceTo, dice, gameOf, isLegal, scenarioOf, unit, type UnitRow } from './helpers';

const fireEvents = (s: ReturnType<typeof gameOf>) => s.events.filter((e) => e.kind === 'fire');

describe('9 missile fire', () => {
  test.each([
    ['nothing between', [] as UnitRow[], [] as string[], true],
    ['troops between', [['t', 'x', 'levyInfantry', 'F5', 'S']] as UnitRow[], [], false],
    ['a protected square between', [], ['F5'], false],
  ])('9B line of fire F4->F6 with %s: clear=%s', (_n, extra, woods, clear) => {
    const s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'b', 'levyInfantry', 'F6', 'N'], ...extra],
      { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) }, phase: 'missile' });
    expect(lineOfFireClear(s, 'F4', 'F6')).toBe(clear);
  });

  test.each([
    ['both corner squares screen', ['E5', 'F4'], false],
    ['only one corner square screens', ['E5'], true],
    ['the square crossed in the middle is protected', ['F5'], false],
  ])('9B a line E4->G6 through exact corners is screened only when %s', (_n, woods, clear) => {
    const s = gameOf([['t', 'a', 'longbowmen', 'A1', 'S'], ['r', 'b', 'levyInfantry', 'L12', 'N']],
      { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) } });
    expect(lineOfFireClear(s, 'E4', 'G6')).toBe(clear);
  });

  test.each([
    ['in range and cone', 'F7', true],
    ['out of range (4)', 'F8', false],
    ['behind', 'F2', false],
  ])('9B longbowmen at F4 facing S target a unit %s: %s', (_n, at, ok) => {
    const s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'b', 'levyInfantry', at, 'N']], { phase: 'missile' });
    expect(isLegal(s, { type: 'fire', unit: 'a', target: 'b' })).toBe(ok);
  });

  test('9F worked example: longbowmen, 3 stands, range 2, dice 1,1,3 give 2 hits on javelinmen', () => {
    let s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'b', 'javelinmen', 'F6', 'E']], { phase: 'missile' });
    s = dice(s, [1, 1, 3]);
    s = act(s, { type: 'fire', unit: 'a', target: 'b' });
    s = advanceTo(s, 'move');
    expect(unit(s, 'b').stands).toBe(1);
  });

  test.each([
    ['in the open', [] as string[], 3],
    ['in a protected square (-1 die)', ['F6'], 2],
  ])('9C dice per stand, target %s: %s dice', (_n, woods, n) => {
    let s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'b', 'mediumInfantry', 'F6', 'E']],
      { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) }, phase: 'missile' });
    s = act(s, { type: 'fire', unit: 'a', target: 'b' });
    s = advanceTo(s, 'move');
    expect(fireEvents(s)[0]?.dice).toHaveLength(n);
  });

  test('9C converging fire: the closest unit fires first without a bonus, the next gets +1 die (R-fire-order)', () => {
    let s = gameOf([['t', 'near', 'longbowmen', 'F5', 'S'], ['t', 'far', 'crossbowmen', 'G5', 'S'], ['r', 'b', 'armoredInfantry', 'F7', 'E']], { phase: 'missile' });
    expect(legalActions(s).some((a) => a.type === 'fire' && a.unit === 'far')).toBe(false);
    s = act(s, { type: 'fire', unit: 'near', target: 'b' });
    const first = fireEvents(s);
    s = act(s, { type: 'fire', unit: 'far', target: 'b' });
    expect([...first, ...fireEvents(s)].map((e) => [e.unit, e.dice.length])).toEqual([['near', 3], ['far', 4]]);
  });

  test('9A return fire: a unit destroyed before it fires still fires with all its stands (R-fire-order)', () => {
    let s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'b', 'longbowmen', 'F5', 'N'], ['t', 'x', 'armoredInfantry', 'A1', 'S'], ['r', 'y', 'armoredInfantry', 'A12', 'N']], { phase: 'missile' });
    s = act(dice(s, [1, 1, 1]), { type: 'fire', unit: 'a', target: 'b' });
    expect(unit(s, 'b').status).toBe('destroyed');
    s = act(dice(s, [1, 1, 1]), { type: 'fire', unit: 'b', target: 'a' });
    expect(fireEvents(s).map((e) => e.dice.length)).toEqual([3]);
    expect(unit(s, 'a').status).toBe('destroyed');
  });

  test('9 a shot at a mixed square (knights and their commander) is one shot, named after the knights (R-two-types); ballistas are never targets', () => {
    const s = gameOf([['t', 'a', 'crossbowmen', 'F4', 'S'], ['r', 'k', 'knights', 'F6', 'N'], ['r', 'c', 'commander', 'F6', 'N'],
      ['r', 'bal', 'ballista', 'G6', 'N'], ['r', 'crew', 'ballistarii', 'G6', 'N']], { phase: 'missile' });
    const targets = legalActions(s).flatMap((a) => (a.type === 'fire' && a.unit === 'a' ? [a.target] : []));
    expect(targets.sort()).toEqual(['crew', 'k']);
  });
});

describe('8 ballista fire (digital adaptation)', () => {
  const rows: UnitRow[] = [['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'e2', 'mediumInfantry', 'G6', 'N']];
  test.each([
    ['lands on the aim on 1-3', [3], 'e', 3, 'e2', 4],
    ['strays east on 4 then d8=3', [4, 3], 'e2', 3, 'e', 4],
    ['strays north onto empty ground', [6, 1], 'e', 4, 'e2', 4],
  ])('8 a shot at F6 %s', (_n, faces, hit, left, spared, full) => {
    let s = gameOf(rows, { phase: 'ballista' });
    s = dice(s, faces);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    s = advanceTo(s, 'move');
    expect(unit(s, hit).stands).toBe(left);
    expect(unit(s, spared).stands).toBe(full);
  });

  test.each([
    ['an unprotected aim hits on 3', [], true],
    ['a protected aim needs 1-2', ['F6'], false],
  ])('8 %s', (_n, woods, hits) => {
    let s = gameOf(rows, { phase: 'ballista', terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) } });
    s = dice(s, [3, 1]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    s = advanceTo(s, 'move');
    expect(unit(s, 'e').stands < 4).toBe(hits);
  });

  test.each([
    ['6 wrecks it and a stand', 6, 'destroyed', 1],
    ['5 leaves it', 5, 'active', 2],
  ])('8 a shot landing on a ballista, the shooter aiming the hit at it: %s', (_n, roll, status, crew) => {
    let s = gameOf([...rows.slice(0, 2), ['r', 'rb', 'ballista', 'F6', 'N'], ['r', 'rc', 'ballistarii', 'F6', 'N']], { phase: 'ballista' });
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    s = dice(s, [1, roll]);
    s = act(s, { type: 'ballistaHold', unit: 'rb' });
    s = act(s, { type: 'ballistaLoss', unit: 'rb' });
    s = advanceTo(s, 'move');
    expect(unit(s, 'rb').status).toBe(status);
    expect(unit(s, 'rc').stands).toBe(crew);
  });

  test.each([
    ['with its crew', true, 'ballista'],
    ['without crew', false, 'missile'],
  ])('8 a ballista fires only %s: the game opens in the %s phase', (_n, crewed, phase) => {
    const rows: UnitRow[] = [['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'y', 'levyInfantry', 'A1', 'S'], ['r', 'e', 'longbowmen', 'F6', 'N']];
    if (crewed) rows.push(['t', 'crew', 'ballistarii', 'F2', 'S']);
    expect(createGame(scenarioOf(rows), { seed: 1 }).phase).toBe(phase);
  });

  test('8 a ballista may not fire from a crossing square, nor at its own square or beyond range 6', () => {
    const crossing = { rivers: [{ edges: [['F2', 'F3']] as Array<[string, string]> }], crossings: [{ edge: ['F2', 'F3'] as [string, string], kind: 'bridge' as const }] };
    expect(() => gameOf(rows, { phase: 'ballista', terrain: crossing })).toThrow(/never reached ballista/);
    const s = gameOf(rows, { phase: 'ballista' });
    expect(isLegal(s, { type: 'ballistaFire', unit: 'bal', target: 'F2' })).toBe(false);
    expect(isLegal(s, { type: 'ballistaFire', unit: 'bal', target: 'F8' })).toBe(true);
    expect(isLegal(s, { type: 'ballistaFire', unit: 'bal', target: 'F9' })).toBe(false);
  });
});
