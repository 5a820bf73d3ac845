import { describe, expect, test } from 'vitest';
import { legalActions, viewFor, type GameState, type Mdi } from '../../src/rules';
import { supportGeometry } from '../../src/rules/combat';
import { meleeValueOf as meleeValue, retreatOptionsOf as retreatOptions } from './core';
import { act, dice, gameOf, isLegal, unit, withUnit, type UnitRow } from './helpers';

/** Lead into F6 from F5 with the attacker's unit `a`, end the move and the defender's supports. */
function fight(rows: UnitRow[], opts: { attackerSupports?: string[]; defenderSupports?: string[]; charge?: boolean; terrain?: object; rules?: object; from?: string } = {}): GameState {
  let s = gameOf(rows, { terrain: opts.terrain ?? {}, rules: opts.rules ?? {} });
  s = act(s, { type: 'move', unit: 'a', to: 'F6', ...(opts.charge ? { charge: true } : {}) });
  for (const u of opts.attackerSupports ?? []) s = act(s, { type: 'support', unit: u, contact: 'F6' });
  s = act(s, { type: 'endMove' });
  for (const u of opts.defenderSupports ?? []) s = act(s, { type: 'support', unit: u, contact: 'F6' });
  return act(s, { type: 'endSupport' });
}

/** Both picks, then every loss allocation and retreat choice by the first legal option. */
function resolve(s: GameState, a: Mdi, d: Mdi, faces: number[] = []): GameState {
  s = act(s, { type: 'mdi', mdi: a });
  s = dice(s, faces);
  s = act(s, { type: 'mdi', mdi: d });
  while (s.phase === 'melee') s = act(s, legalActions(s)[0]! as never);
  return s;
}

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];

describe('10 melee (rules 9)', () => {
  test.each([
    [1, 'N', [0, -1], true], [1, 'N', [1, 0], true], [1, 'N', [1, -1], false], [1, 'N', [0, 1], false],
    [2, 'N', [1, -1], true], [2, 'N', [1, 1], true], [2, 'N', [0, 1], false],
    [3, 'N', [0, -1], false], [4, 'N', [0, 1], true],
  ] as const)('9E support type %s facing %s towards %j allowed=%s', (type, facing, dir, ok) => {
    const unitType = { 1: 'mediumInfantry', 2: 'javelinmen', 3: 'ballistarii', 4: 'commander' }[type] as 'mediumInfantry';
    expect(supportGeometry(unitType, facing, [dir[0], dir[1]])).toBe(ok);
  });

  test.each([
    ['knights leading', 'knights', true],
    ['medium infantry leading', 'mediumInfantry', false],
  ] as const)('9E attacking cavalry supports only with cavalry in the contact square: %s -> %s', (_n, leader, ok) => {
    let s = gameOf([['t', 'a', leader, 'F5', 'S'], ['t', 'k', 'knights', 'E5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'move', unit: 'k', to: 'E6' });
    expect(isLegal(s, { type: 'support', unit: 'k', contact: 'F6' })).toBe(ok);
  });

  test.each([
    ['directly beside (E6)', 'E6', true],
    ['at the corner (E7)', 'E7', false],
  ])('9E defending cavalry supports foot only from directly beside: light cavalry %s -> %s', (_n, at, ok) => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'lc', 'lightCavalry', at, 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    expect(isLegal(s, { type: 'support', unit: 'lc', contact: 'F6' })).toBe(ok);
  });

  test('9E one melee per unit: a supporter of one melee cannot support another; units in a contact square cannot support', () => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'b', 'mediumInfantry', 'H5', 'S'], ['t', 'j', 'javelinmen', 'G5', 'S'],
      ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'f', 'mediumInfantry', 'H6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'move', unit: 'b', to: 'H6' });
    expect(isLegal(s, { type: 'support', unit: 'j', contact: 'F6' })).toBe(true);
    s = act(s, { type: 'support', unit: 'j', contact: 'F6' });
    expect(isLegal(s, { type: 'support', unit: 'j', contact: 'H6' })).toBe(false);
    expect(isLegal(s, { type: 'support', unit: 'a', contact: 'H6' })).toBe(false);
  });

  test('9G MDI picks are hidden until both sides have picked', () => {
    let s = fight([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'mdi', mdi: 'column' });
    const theirs = viewFor(s, 'russian');
    expect(theirs.melees[0]!.mdi.teutonic).toBeNull();
    expect(theirs.hiddenPicks).toEqual(['teutonic']);
    expect(theirs.log.some((a) => a.type === 'mdi')).toBe(false);
    expect(viewFor(s, 'teutonic').melees[0]!.mdi.teutonic).toBe('column');
  });

  test.each([
    ['walking knights', false, {}, 4],
    ['charging knights (4 a stand)', true, {}, 8],
    ['charging knights onto a road (-1)', true, { roads: [{ path: ['F6', 'F7', 'F8'] }] }, 7],
  ])('9F melee value: %s = %s', (_n, charge, terrain, value) => {
    let s = gameOf([['t', 'a', 'knights', charge ? 'F1' : 'F4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { terrain });
    s = act(s, { type: 'move', unit: 'a', to: 'F6', ...(charge ? { charge: true } : {}) });
    expect(meleeValue(s, s.melees[0]!, 'teutonic')).toBe(value);
  });

  test('9F a half-killed stand counts half', () => {
    let s = gameOf([['t', 'a', 'knights', 'F4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = withUnit(s, 'a', { half: 1 });
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    expect(meleeValue(s, s.melees[0]!, 'teutonic')).toBe(3);
  });

  const MI: UnitRow[] = [['t', 'a', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP];
  test.each([
    ['alike, equal values: both lose half and, both still there, both retreat', 'line', 'line', 'F4', 'F8', 2, 2],
    ['successful withdrawal: nobody loses, the withdrawer retreats', 'line', 'withdrawal', 'F6', 'F8', 4, 4],
    ['withdrawal fails against column and counts inferior', 'column', 'withdrawal', 'F6', 'F8', 3, 2],
  ] as const)('9H-9J outcome: %s', (_n, a, d, aAt, eAt, aStands, eStands) => {
    const s = resolve(fight(MI), a, d, [6, 6, 6, 6]);
    expect([unit(s, 'a').at, unit(s, 'e').at, unit(s, 'a').stands, unit(s, 'e').stands]).toEqual([aAt, eAt, aStands, eStands]);
  });

  test.each([
    ['the weaker attacker retreats back the way it came', 'mediumInfantry', 4, 'F4', 'active'],
    ['an attacker left with under a third of the defender is destroyed', 'levyInfantry', 2, 'F6', 'destroyed'],
  ] as const)('9H-9I outcome: %s', (_n, type, stands, at, status) => {
    const s = resolve(fight([['t', 'a', type, 'F5', 'S', stands], ['r', 'e', 'armoredInfantry', 'F6', 'N'], ...KEEP]), 'line', 'line', [6, 6, 6, 6]);
    expect(unit(s, 'a').status).toBe(status);
    if (status === 'active') expect(unit(s, 'a').at).toBe(at);
    expect(unit(s, 'e').at).toBe('F6');
  });

  test('9I three-times rule: charging knights against levy destroy it outright', () => {
    const s = resolve(fight([['t', 'a', 'knights', 'F1', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N', 2], ...KEEP], { charge: true }), 'column', 'flanking', [6]);
    expect(unit(s, 'e').status).toBe('destroyed');
    expect(unit(s, 'a').at).toBe('F6');
  });

  test('9I worked example branch: the inferior deployment with less left retreats', () => {
    const s = resolve(fight(MI), 'square', 'column', [6, 6, 6, 6]);
    expect(unit(s, 'e').at).toBe('F8');
    expect(unit(s, 'a').at).toBe('F6');
  });

  test('9K losses come from the contact square first, then supporters', () => {
    let s = fight([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'j', 'javelinmen', 'E5', 'S'], ['r', 'e', 'armoredInfantry', 'F6', 'N'], ...KEEP], { attackerSupports: ['j'] });
    s = act(s, { type: 'mdi', mdi: 'square' });
    s = act(s, { type: 'mdi', mdi: 'flanking' });
    const units = new Set(legalActions(s).flatMap((a) => (a.type === 'allocate' ? [a.unit] : [])));
    expect([...units]).toEqual(['a']);
  });

  test.each([
    ['a loss of exactly half a knight stand may half-kill it', 1, true],
  ])('9K %s', (_n, _loss, ok) => {
    let s = fight([['t', 'a', 'knights', 'F5', 'S', 1], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'mdi', mdi: 'line' });
    s = act(s, { type: 'mdi', mdi: 'line' });
    expect(isLegal(s, { type: 'allocate', unit: 'a', half: true })).toBe(ok);
    s = act(s, { type: 'allocate', unit: 'a', half: true });
    expect(unit(s, 'a')).toMatchObject({ stands: 1, half: 1 });
  });

  test.each([
    ['roll: a fraction is lost on a low roll', 'roll', [1], 3],
    ['roll: a fraction is saved on a high roll', 'roll', [6], 4],
    ['ledger: the game\'s first odd fraction is rolled for', 'ledger', [1], 3],
  ] as const)('9K fractions by %s', (_n, fractions, faces, defenderLeft) => {
    // Levy 2 (value 1) vs medium infantry 4, alike: both lose 1/2; the medium infantry owes half a stand.
    let s = fight([['t', 'a', 'levyInfantry', 'F5', 'S', 2], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { rules: { fractions } });
    s = act(s, { type: 'mdi', mdi: 'line' });
    s = act(s, { type: 'mdi', mdi: 'line' });
    while (s.resolution?.stage === 'allocate') {
      if (s.toAct === 'russian') s = dice(s, [...faces]);
      s = act(s, legalActions(s)[0]! as never);
    }
    expect(unit(s, 'e').stands).toBe(defenderLeft);
  });

  test.each([
    ['straight back to its own edge', [] as UnitRow[], ['F8']],
    ['through friends', [['r', 'fr', 'levyInfantry', 'F7', 'N']] as UnitRow[], ['F8']],
    ['skirting an enemy (diagonal steps count 1)', [['t', 'x', 'levyInfantry', 'F7', 'S']] as UnitRow[], ['E8', 'G8']],
    ['destroyed when blocked', [['t', 'x1', 'levyInfantry', 'F7', 'S'], ['t', 'x2', 'levyInfantry', 'E7', 'S'], ['t', 'x3', 'levyInfantry', 'G7', 'S'],
      ['t', 'x4', 'levyInfantry', 'E6', 'S'], ['t', 'x5', 'levyInfantry', 'G6', 'S']] as UnitRow[], []],
  ])('9L a defender at F6 retreats 2: %s', (_n, extra, options) => {
    const s = gameOf([['r', 'e', 'mediumInfantry', 'F6', 'N'], ...extra, ...KEEP]);
    expect(retreatOptions(s, unit(s, 'e')).sort()).toEqual(options);
  });

  test('9L an attacker retreats back the way it came; off the board it is out and counts half', () => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F2', 'S'], ...KEEP]);
    s = withUnit(s, 'a', { trail: ['F1'] });
    expect(retreatOptions(s, unit(s, 'a'))).toEqual(['off']);
    const d = gameOf([['r', 'e', 'mediumInfantry', 'F11', 'N'], ...KEEP]);
    expect(retreatOptions(d, unit(d, 'e'))).toEqual(['off']);
  });

  test('9O a unit that retreated may not move or support on the next turn', () => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'j', 'javelinmen', 'E5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = withUnit(s, 'j', { retreatedTurn: s.turn - 1 });
    expect(legalActions(s).some((a) => a.type === 'move' && a.unit === 'j')).toBe(false);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    expect(isLegal(s, { type: 'support', unit: 'j', contact: 'F6' })).toBe(false);
  });

  test('9N after a melee the survivors of both sides, retreaters too, may turn once; others may not', () => {
    let s = fight([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'o', 'mediumInfantry', 'A5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'mdi', mdi: 'square' });
    s = dice(s, [6, 6, 6, 6]);
    s = act(s, { type: 'mdi', mdi: 'column' });
    while (s.resolution?.stage !== 'facing') s = act(s, legalActions(s)[0]! as never);
    expect(s.toAct).toBe('teutonic');
    expect(isLegal(s, { type: 'face', unit: 'a', facing: 'E' })).toBe(true);
    expect(isLegal(s, { type: 'face', unit: 'o', facing: 'E' })).toBe(false);
    s = act(s, { type: 'face', unit: 'a', facing: 'E' });
    expect(isLegal(s, { type: 'face', unit: 'a', facing: 'W' })).toBe(false);
    s = act(s, { type: 'endFacing' });
    expect(s.toAct).toBe('russian');
    expect(unit(s, 'e').at).toBe('F8');
    s = act(s, { type: 'face', unit: 'e', facing: 'W' });
    expect(unit(s, 'e').facing).toBe('W');
  });

  test('9M the loser retreats with its ballista', () => {
    const rows: UnitRow[] = [['t', 'a', 'knights', 'F1', 'S'], ['r', 'e', 'armoredInfantry', 'F6', 'N'], ['r', 'b', 'ballista', 'F6', 'N'], ...KEEP];
    const s = resolve(fight(rows, { charge: true }), 'line', 'line', [6, 6, 6, 6]);
    expect(unit(s, 'e').at).toBe('F8');
    expect(unit(s, 'b')).toMatchObject({ at: 'F8', controller: 'russian' });
  });

  test('9M the winner captures a ballista when the loser is destroyed in the contact square', () => {
    const rows: UnitRow[] = [['t', 'a', 'knights', 'F1', 'S'], ['r', 'e', 'ballistarii', 'F6', 'N', 1], ['r', 'b', 'ballista', 'F6', 'N'], ...KEEP];
    const s = resolve(fight(rows, { charge: true }), 'column', 'flanking', [6, 6, 6, 6]);
    expect(unit(s, 'b')).toMatchObject({ at: 'F6', controller: 'teutonic' });
  });
});

describe('9N / 4 facing after a melee with a joined commander', () => {
  test.each([
    ['its unit survives: the commander turns with its unit and gets no turn of its own', 4, false],
  ] as const)('%s', (_n, stands, own) => {
    const rows: UnitRow[] = [['t', 'a', 'mediumInfantry', 'F5', 'S', 2], ['r', 'e', 'mediumInfantry', 'F6', 'N', stands], ['r', 'c', 'commander', 'F6', 'N'], ...KEEP];
    let s = fight(rows);
    s = act(s, { type: 'mdi', mdi: 'column' });
    s = dice(s, [6, 6, 6, 6, 6, 6]);
    s = act(s, { type: 'mdi', mdi: 'flanking' });
    for (let i = 0; i < 50 && s.resolution?.stage !== 'facing' && s.phase === 'melee'; i++) {
      const choices = legalActions(s);
      s = act(s, (choices.find((x) => x.type === 'allocate' && x.unit === 'e') ?? choices[0]!) as never);
    }
    expect(s.resolution?.stage).toBe('facing');
    expect(unit(s, 'c').status).toBe('active');
    expect(unit(s, 'e').status).toBe('active');
    while (s.toAct !== 'russian') s = act(s, { type: 'endFacing' });
    expect(isLegal(s, { type: 'face', unit: 'c', facing: 'W' })).toBe(own);
    if (!own) {
      s = act(s, { type: 'face', unit: 'e', facing: 'W' });
      expect(unit(s, 'c').facing).toBe('W');
    }
  });
});
