import { describe, expect, test } from 'vitest';
import { reachableSquares, legalActions } from '../../src/rules';
import { act, gameOf, isLegal, unit, withUnit, type UnitRow } from './helpers';
import { copyPosition, fromState, toState, type Position } from '../../src/engine';
import { applyCore } from '../../src/engine/turn';

const FAR: UnitRow = ['r', 'r-far', 'mediumInfantry', 'A12', 'N'];

describe('7 movement (rules 6)', () => {
  test.each([
    ['F4', 2], ['G7', 1.5], ['H6', 2], ['E5', 1.5],
  ])('6A medium infantry (move 2) reaches %s at cost %s', (sq, cost) => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'S'], FAR]);
    expect(reachableSquares(s, 'mi')[sq]).toBe(cost);
  });

  test.each(['F3', 'H8', 'F6'])('6A medium infantry cannot reach %s (too far, or its own square)', (sq) => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'S'], FAR]);
    expect(reachableSquares(s, 'mi')[sq]).toBeUndefined();
  });

  const road = { roads: [{ path: ['F2', 'F3', 'F4', 'F5', 'F6', 'F7'] }] };
  test.each([
    ['whole move on road', 'F5', 3, true],
    ['ends off the road', 'G5', 3, false],
  ])('6B road bonus needs the whole move on road: %s', (_name, to, cost, ok) => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F2', 'S'], FAR], { terrain: road });
    expect(reachableSquares(s, 'mi')[to] === cost).toBe(ok);
  });

  const hill = { hills: [{ squares: ['F8', 'G8', 'F9', 'G9'] }] };
  test.each([
    ['knights', 'F7', false], ['turcopoles', 'F7', false], ['mediumInfantry', 'F7', true],
  ] as const)('3F hill ban: %s from F7 onto the hill allowed=%s', (type, from, ok) => {
    const s = gameOf([['t', 'u', type, from, 'S'], FAR], { terrain: hill });
    expect('F8' in reachableSquares(s, 'u')).toBe(ok);
  });

  test('3F hill move penalty: medium infantry two squares away reach the edge and stop', () => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'S'], FAR], { terrain: hill });
    const r = reachableSquares(s, 'mi');
    expect(r.F7).toBe(1);
    expect(r.F8).toBeUndefined();
    const adjacent = gameOf([['t', 'mi', 'mediumInfantry', 'F7', 'S'], FAR], { terrain: hill });
    expect(reachableSquares(adjacent, 'mi').F8).toBe(1);
    expect(reachableSquares(adjacent, 'mi').F9).toBeUndefined();
  });

  test.each([
    ['no crossing', [], false],
    ['a ford on that edge', [{ edge: ['F6', 'F7'] as [string, string], kind: 'ford' as const }], true],
  ])('3 rivers are impassable except at crossings: %s', (_n, crossings, ok) => {
    const terrain = { rivers: [{ edges: [['E6', 'E7'], ['F6', 'F7'], ['G6', 'G7']] as Array<[string, string]> }], crossings };
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'S'], FAR], { terrain });
    expect('F7' in reachableSquares(s, 'mi')).toBe(ok);
  });

  test.each([
    ['two enemies at the corner', [['r', 'e1', 'mediumInfantry', 'G6', 'N'], ['r', 'e2', 'mediumInfantry', 'F7', 'N']] as UnitRow[], {}, false],
    ['one enemy at the corner', [['r', 'e1', 'mediumInfantry', 'G6', 'N']] as UnitRow[], {}, true],
    ['a river across the corner', [] as UnitRow[], { rivers: [{ edges: [['F6', 'G6'], ['F7', 'G7']] as Array<[string, string]> }] }, false],
    ['a river on one side only', [] as UnitRow[], { rivers: [{ edges: [['F6', 'G6']] as Array<[string, string]> }] }, true],
  ])('6J diagonal step F6->G7 with %s: open=%s', (_n, extra, terrain, open) => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'S'], ...extra, FAR], { terrain });
    expect(reachableSquares(s, 'mi').G7 === 1.5).toBe(open);
  });

  test.each([
    ['a friend', 't', true], ['an enemy', 'r', false],
  ] as const)('6I passing through %s in F5: F4 reachable=%s', (_n, side, ok) => {
    const s = gameOf([['t', 'mi', 'mediumInfantry', 'F6', 'N'], [side, 'x', 'levyInfantry', 'F5', side === 't' ? 'N' : 'S'], FAR]);
    expect(reachableSquares(s, 'mi').F4 === 2).toBe(ok);
  });

  test.each([
    ['medium infantry onto friendly levy', 'mediumInfantry', 'levyInfantry', false],
    ['commander joins friendly levy', 'commander', 'levyInfantry', true],
    ['1-stand knights join 1-stand knights', 'knights', 'knights', true],
  ] as const)('2B/6C stacking at the end of movement: %s allowed=%s', (_n, mover, there, ok) => {
    const stands = mover === 'knights' ? 1 : undefined;
    const s = gameOf([['t', 'm', mover, 'F6', 'S', stands], ['t', 'x', there, 'F7', 'S', there === 'knights' ? 1 : undefined], FAR]);
    expect('F7' in reachableSquares(s, 'm')).toBe(ok);
  });

  test('6F knights may not stack 3 stands, but may split and join', () => {
    const s = gameOf([['t', 'k1', 'knights', 'F6', 'S'], ['t', 'k2', 'knights', 'F7', 'S', 1], FAR]);
    expect(isLegal(s, { type: 'move', unit: 'k1', to: 'F7' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'k1', to: 'F7', split: true })).toBe(true);
    const after = act(s, { type: 'move', unit: 'k1', to: 'F7', split: true });
    expect(unit(after, 'k1').stands).toBe(1);
    expect(unit(after, 'k1~2')).toMatchObject({ at: 'F7', stands: 1 });
  });

  test('6F a split part takes the first free name in each copy of a position, however the copies were made', () => {
    // Positions share their unit ids with their copies until one adds a unit: one copy's split must never show in
    // another copy (its part would then be named k1~3 there, and the two would disagree about the same game).
    const s = gameOf([['t', 'k1', 'knights', 'F6', 'S'], ['t', 'k3', 'knights', 'B6', 'S'], FAR]);
    const ids = (p: Position) => p.ids.slice(0, p.n);
    const p = fromState(s);
    p.events = null;
    const q = copyPosition(p);
    applyCore(p, { type: 'move', side: 't', unit: 'k1', to: 'F7', split: true });
    applyCore(p, { type: 'move', side: 't', unit: 'k3', to: 'B7', split: true });
    expect(ids(p)).toEqual(['k1', 'k3', 'r-far', 'k1~2', 'k3~2']);
    // The copy made before either split sees neither, and names its own split as the first.
    expect(ids(q)).toEqual(['k1', 'k3', 'r-far']);
    expect(q.index.has('k1~2') || q.index.has('k3~2')).toBe(false);
    applyCore(q, { type: 'move', side: 't', unit: 'k1', to: 'F8', split: true });
    expect(ids(q)).toEqual(['k1', 'k3', 'r-far', 'k1~2']);
    expect(q.index.get('k1~2')).toBe(3);
    // A copy of the copy, then a split in the copy (copying made the two share their ids again, so the split replaces
    // the copy's ids rather than adding to them): the copy of the copy sees nothing new.
    const r = copyPosition(q);
    applyCore(q, { type: 'move', side: 't', unit: 'k3', to: 'B8', split: true });
    expect(ids(r)).toEqual(['k1', 'k3', 'r-far', 'k1~2']);
    expect(r.index.has('k3~2')).toBe(false);
    expect(unit(toState(q), 'k3~2')).toMatchObject({ at: 'B8', stands: 1 });
    expect(unit(toState(p), 'k1~2')).toMatchObject({ at: 'F7', stands: 1 });
  });

  test('6D a commander joins a unit and leaves it again', () => {
    let s = gameOf([['t', 'c', 'commander', 'F5', 'S'], ['t', 'k', 'knights', 'F6', 'S'], FAR]);
    s = act(s, { type: 'move', unit: 'c', to: 'F6' });
    expect(unit(s, 'c').at).toBe('F6');
    s = act(s, { type: 'move', unit: 'k', to: 'F8' });
    expect(unit(s, 'c').at).toBe('F6');
    expect(unit(s, 'k').at).toBe('F8');
  });

  test.each([
    ['charge of 5 into an enemy', 'F6', 'F11', [] as string[], true],
    ['charge path through woods', 'F6', 'F11', ['F8'], false],
    ['charge starting in woods', 'F6', 'F11', ['F6'], false],
  ])('6G charge conditions: %s allowed=%s', (_n, from, to, woods, ok) => {
    const s = gameOf([['t', 'k', 'knights', from, 'S'], ['r', 'e', 'levyInfantry', to, 'N'], FAR],
      { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) } });
    expect(isLegal(s, { type: 'move', unit: 'k', to, charge: true })).toBe(ok);
  });

  test('6G a charge must fight: a charge of 5 to an empty square is not offered, a 3-square move is', () => {
    const s = gameOf([['t', 'k', 'knights', 'F2', 'S'], FAR]);
    expect(legalActions(s).some((a) => a.type === 'move' && a.unit === 'k' && a.to === 'F7')).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'k', to: 'F5' })).toBe(true);
  });

  test('6G charging knights must fight before the move can end (endMove withheld until they do)', () => {
    let s = gameOf([['t', 'k', 'knights', 'F2', 'S'], ['r', 'e', 'levyInfantry', 'F7', 'N']]);
    s = act(s, { type: 'move', unit: 'k', to: 'F7', charge: true });
    expect(unit(s, 'k').chargedTurn).toBe(1);
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test.each([
    ['normally', null, 3],
    ['the move after a charge', -1, 1.5],
  ])('6G knights move %s: farthest reach %s', (_n, charged, max) => {
    let s = gameOf([['t', 'k', 'knights', 'F2', 'S'], FAR]);
    if (charged !== null) s = withUnit({ ...s, turn: 3 }, 'k', { chargedTurn: 1 });
    expect(Math.max(...Object.values(reachableSquares(s, 'k')))).toBe(max);
  });

  test.each([
    ['off road', {}, 'F4', 1.5, 'F5'],
    ['all on road', { roads: [{ path: ['F2', 'F3', 'F4', 'F5', 'F6'] }] }, 'F5', 2.5, 'F6'],
  ])('6E a ballista moves with a unit in its square at 1 1/2 (2 1/2 on road): %s', (_n, terrain, ok, _cost, tooFar) => {
    const s = gameOf([['t', 'b', 'ballista', 'F2', 'S'], ['t', 'x', 'ballistarii', 'F2', 'S'], FAR], { terrain });
    const to = ok === 'F4' ? 'F3' : 'F4';
    expect(isLegal(s, { type: 'move', unit: 'x', to, carry: true })).toBe(true);
    expect(isLegal(s, { type: 'move', unit: 'x', to: tooFar, carry: true })).toBe(false);
  });

  test('6E a carried ballista never enters a protected square (a crossing square is allowed)', () => {
    const s = gameOf([['t', 'b', 'ballista', 'F2', 'S'], ['t', 'x', 'ballistarii', 'F2', 'S'], FAR], { terrain: { protected: [{ at: 'F3', kind: 'woods' }] } });
    expect(isLegal(s, { type: 'move', unit: 'x', to: 'F3', carry: true })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'x', to: 'F3' })).toBe(true);
  });

  test('6K a ballista left without its troops is abandoned; the first side to move troops in claims it', () => {
    let s = gameOf([['t', 'b', 'ballista', 'F4', 'S'], ['t', 'x', 'ballistarii', 'F4', 'S'], ['r', 'lc', 'lightCavalry', 'F8', 'N'], FAR]);
    s = act(s, { type: 'move', unit: 'x', to: 'E3' });
    expect(unit(s, 'b').controller).toBeNull();
    s = withUnit({ ...s, attacker: 'russian', toAct: 'russian' }, 'lc', { moved: false });
    s = act(s, { type: 'move', unit: 'lc', to: 'F4' });
    expect(unit(s, 'b').controller).toBe('russian');
  });

  test.each([
    ['ballistarii', 'ballistarii', 2, false, false],
    ['a lone commander', 'commander', 1, false, false],
    ['a 1-stand crossbow unit alone', 'crossbowmen', 1, false, false],
    ['a 1-stand crossbow unit whose commander stays behind in its start square (it may follow later in the move)', 'crossbowmen', 1, true, true],
    ['medium infantry', 'mediumInfantry', 4, false, true],
  ] as const)('6J who may lead a melee: %s allowed=%s', (_n, type, stands, withCommander, ok) => {
    const rows: UnitRow[] = [['t', 'u', type, 'F5', 'S', stands], ['r', 'e', 'levyInfantry', 'F6', 'N']];
    if (withCommander) rows.push(['t', 'c', 'commander', 'F5', 'S']);
    const s = gameOf(rows);
    expect(isLegal(s, { type: 'move', unit: 'u', to: 'F6' })).toBe(ok);
  });

  test.each([
    ['1-stand javelinmen in the open', 'javelinmen', 1, [], true],
    ['1-stand javelinmen in woods', 'javelinmen', 1, ['F6'], false],
    ['2-stand javelinmen', 'javelinmen', 2, [], false],
    ['1-stand armored infantry', 'armoredInfantry', 1, [], false],
  ] as const)('10A run-over by cavalry: %s allowed=%s', (_n, type, stands, woods, ok) => {
    const s = gameOf([['t', 'k', 'knights', 'F4', 'S'], ['r', 'e', type, 'F6', 'N', stands], FAR],
      { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) } });
    expect(isLegal(s, { type: 'move', unit: 'k', to: 'F6', runOver: 'F6' })).toBe(ok);
    if (ok) {
      const after = act(s, { type: 'move', unit: 'k', to: 'F6', runOver: 'F6' });
      expect(unit(after, 'e').status).toBe('destroyed');
      expect(after.melees).toHaveLength(0);
    }
  });
});

describe('6J a 1-stand missile unit leads with a supporter declared with its move', () => {
  test.each([
    ['medium infantry beside the contact square, facing it', ['t', 's', 'mediumInfantry', 'E6', 'E'], true, true],
    ['light cavalry (attacking cavalry supports only cavalry)', ['t', 's', 'lightCavalry', 'E6', 'E'], false, false],
    ['ballistarii (support type 3 never supports)', ['t', 's', 'ballistarii', 'E6', 'E'], false, false],
    ['medium infantry two squares away (it may come beside later in the move)', ['t', 's', 'mediumInfantry', 'D6', 'E'], false, true],
  ] as const)('%s: named with the move=%s, leading first and backed later=%s', (_n, row, ok, later) => {
    const s = gameOf([['t', 'u', 'crossbowmen', 'F5', 'S', 1], row as unknown as UnitRow, ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'k', 'armoredInfantry', 'L12', 'N']]);
    expect(isLegal(s, { type: 'move', unit: 'u', to: 'F6' })).toBe(later);
    expect(isLegal(s, { type: 'move', unit: 'u', to: 'F6', supporter: 's' })).toBe(ok);
  });

  test('the declared supporter supports that melee, is done moving and faces the contact square', () => {
    let s = gameOf([['t', 'u', 'javelinmen', 'F5', 'S', 1], ['t', 's', 'mediumInfantry', 'E6', 'N'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'k', 'armoredInfantry', 'L12', 'N']]);
    s = act(s, { type: 'move', unit: 'u', to: 'F6', supporter: 's' });
    expect(s.melees).toHaveLength(1);
    expect(s.melees[0]!.supports).toEqual([{ unit: 's', side: 'teutonic' }]);
    expect(unit(s, 's')).toMatchObject({ moved: true, facing: 'E', at: 'E6' });
    expect(isLegal(s, { type: 'support', unit: 's', contact: 'F6' })).toBe(false);
  });

  test('a supporter cannot be named for a unit that needs none, nor an unknown one', () => {
    const s = gameOf([['t', 'u', 'crossbowmen', 'F5', 'S', 3], ['t', 's', 'mediumInfantry', 'E6', 'E'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'k', 'armoredInfantry', 'L12', 'N']]);
    expect(isLegal(s, { type: 'move', unit: 'u', to: 'F6' })).toBe(true);
    expect(() => act(s, { type: 'move', unit: 'u', to: 'F6', supporter: 's' })).toThrow(/not legal/);
    expect(() => act(s, { type: 'move', unit: 'u', to: 'F6', supporter: 'nobody' })).toThrow(/not legal/);
  });
});
