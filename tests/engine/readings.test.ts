/** The rules as the digest reads them (issue 9): each clause with what it allows and what it refuses. */
import { describe, expect, test } from 'vitest';
import { createGame, legalActions, lineOfFireClear, validateScenario, type GameState } from '../../src/rules';
import { allocate } from '../../src/engine/melee';
import { retireMove } from '../../src/engine/after';
import { doRetreat, retreatOptions } from '../../src/engine/retreat';
import { changed, retreatOptionsOf } from './core';
import { act, advanceTo, dice, gameOf, isLegal, scenarioOf, unit, withUnit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];
const facesOf = (s: GameState, id: string) => legalActions(s).filter((a) => a.type === 'face' && a.unit === id).map((a) => (a as { facing: string }).facing).sort();

describe('6L facing', () => {
  test('6L a unit may turn more than once in its move: before, after and again after its step', () => {
    let s = gameOf([['t', 'm', 'mediumInfantry', 'F3', 'S'], ...KEEP]);
    s = act(s, { type: 'face', unit: 'm', facing: 'E' });
    expect(isLegal(s, { type: 'face', unit: 'm', facing: 'S' })).toBe(true);
    s = act(s, { type: 'face', unit: 'm', facing: 'S' });
    s = act(s, { type: 'move', unit: 'm', to: 'F5' });
    s = act(s, { type: 'face', unit: 'm', facing: 'W' });
    s = act(s, { type: 'face', unit: 'm', facing: 'N' });
    expect(unit(s, 'm').facing).toBe('N');
    // Refused: a facing its type may not take, and turning to the facing it already has.
    expect(isLegal(s, { type: 'face', unit: 'm', facing: 'NE' })).toBe(false);
    expect(isLegal(s, { type: 'face', unit: 'm', facing: 'N' })).toBe(false);
  });

  test.each([
    ['a crewed ballista of the attacker turns, corners too (its crew may face corners)', [['t', 'b', 'ballista', 'F2', 'S'], ['t', 'c', 'ballistarii', 'F2', 'S']] as UnitRow[], ['E', 'N', 'NE', 'NW', 'SE', 'SW', 'W']],
    ['an abandoned ballista does not turn', [['t', 'b', 'ballista', 'F2', 'S']] as UnitRow[], []],
    ['the defender\'s ballista does not turn in the attacker\'s move', [['r', 'b', 'ballista', 'F11', 'N'], ['r', 'c', 'ballistarii', 'F11', 'N']] as UnitRow[], []],
  ])('6L %s', (_n, rows, facings) => {
    const s = gameOf([...rows, ...KEEP]);
    expect(facesOf(s, 'b')).toEqual(facings);
  });

  test('6L a captured ballista is turned by the side now controlling it, not the side that fielded it', () => {
    let s = gameOf([['r', 'b', 'ballista', 'F4', 'N'], ['t', 'm', 'mediumInfantry', 'F4', 'S'], ...KEEP]);
    expect(unit(s, 'b').controller).toBe('teutonic');
    const turns = legalActions(s).filter((a) => a.type === 'face' && a.unit === 'b');
    expect(turns.map((a) => a.side)).toEqual(['teutonic', 'teutonic', 'teutonic']);
    s = act(s, { type: 'face', unit: 'b', facing: 'E' });
    expect(unit(s, 'b').facing).toBe('E');
  });

  test('6L a ballista turned by its side faces the way it was told', () => {
    let s = gameOf([['t', 'b', 'ballista', 'F2', 'S'], ['t', 'c', 'ballistarii', 'F2', 'S'], ...KEEP]);
    s = act(s, { type: 'face', unit: 'b', facing: 'SE' });
    expect(unit(s, 'b').facing).toBe('SE');
    expect(unit(s, 'c').facing).toBe('S');
  });

  test('6L a joined commander turns with its unit during the move, and does not turn on its own', () => {
    let s = gameOf([['t', 'k', 'knights', 'F3', 'S'], ['t', 'cmd', 'commander', 'F3', 'S'], ...KEEP]);
    expect(facesOf(s, 'cmd')).toEqual([]);
    s = act(s, { type: 'face', unit: 'k', facing: 'E' });
    expect(unit(s, 'cmd').facing).toBe('E');
    // A commander joining a unit takes the unit's facing; leaving it, it may turn by itself again.
    s = act(s, { type: 'move', unit: 'cmd', to: 'F4' });
    expect(facesOf(s, 'cmd').length).toBe(7);
  });

  test('6G a declared supporter may turn only to facings that keep its support', () => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'm', 'mediumInfantry', 'E6', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'support', unit: 'm', contact: 'F6' });
    expect(unit(s, 'm').facing).toBe('E');
    expect(facesOf(s, 'm')).toEqual(['N', 'S']);
    expect(isLegal(s, { type: 'face', unit: 'm', facing: 'W' })).toBe(false);
  });
});

describe('9B/9E screening', () => {
  test.each([
    ['only a ballista', true, [['r', 'b', 'ballista', 'F4', 'N']] as UnitRow[]],
    ['a ballista with its crew', false, [['r', 'b', 'ballista', 'F4', 'N'], ['r', 'c', 'ballistarii', 'F4', 'N']] as UnitRow[]],
    ['troops of the firing side', false, [['t', 'x', 'levyInfantry', 'F4', 'S']] as UnitRow[]],
    ['nothing', true, [] as UnitRow[]],
  ])('9B/9E a square between shooter and target holding %s: line clear=%s', (_n, clear, rows) => {
    const s = gameOf([['t', 'l', 'longbowmen', 'F2', 'S'], ['r', 'e', 'levyInfantry', 'F5', 'N'], ...rows, ...KEEP]);
    expect(lineOfFireClear(s, 'F2', 'F5')).toBe(clear);
  });
});

describe('10G the end of the game', () => {
  test.each([
    ['the side that concedes loses, though it has more points', 'concede', 'russian', { teutonic: 16, russian: 4 }, 'conceded'],
    ['at the turn limit more points win', 'limit', 'teutonic', { teutonic: 16, russian: 4 }, 'turn-limit'],
  ] as const)('10G %s', (_n, how, winner, points, reason) => {
    let s = createGame(scenarioOf([['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'b', 'armoredInfantry', 'F10', 'N', 1]], {}, { turnLimit: 1 }), { seed: 1 });
    s = advanceTo(s, 'move');
    s = how === 'concede' ? act(s, { type: 'concede' }) : advanceTo(s, 'over');
    expect(s.result).toEqual({ winner, points, reason });
  });

  test('10G equal points at the turn limit are a draw', () => {
    const s = advanceTo(createGame(scenarioOf([['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'b', 'armoredInfantry', 'F10', 'N']], {}, { turnLimit: 1 }), { seed: 1 }), 'over');
    expect(s.result).toEqual({ winner: null, points: { teutonic: 16, russian: 16 }, reason: 'turn-limit' });
  });

  test('10G a side with no troops left on the board loses whatever its points; points do not decide before the limit', () => {
    // The Russians have knights off the board (7 points, at half) and lose their last troops on it: they lose though
    // they have more points.
    let s = gameOf([['t', 'l', 'longbowmen', 'F4', 'S', 1], ['r', 'e', 'levyInfantry', 'F5', 'N', 1], ['r', 'k', 'knights', 'A12', 'N']], { phase: 'missile' });
    s = withUnit(s, 'k', { status: 'off', at: null });
    s = dice(s, [1]);
    s = act(s, { type: 'fire', unit: 'l', target: 'e' });
    expect(s.phase).toBe('over');
    expect(s.result).toEqual({ winner: 'teutonic', points: { teutonic: 3, russian: 7 }, reason: 'no-troops' });
  });
});

describe('9L retreats', () => {
  /** Teutons beside F6 and on both 45 degree ways back (E6, G6, E7, G7, E8, G8): only straight back is left. */
  const closed: UnitRow[] = ['E6', 'G6', 'E7', 'G7', 'E8', 'G8'].map((sq, k): UnitRow => ['t', `c${k}`, 'levyInfantry', sq, 'S']);
  test.each([
    ['friends 2 away it may not stand with: 45 degrees round them, 2 away, before stopping 1 away', [['r', 'f', 'levyInfantry', 'F8', 'N']] as UnitRow[], ['E8', 'G8']],
    ['friends 2 away and enemies on both 45 degree ways: it stops 1 away', [['r', 'f', 'levyInfantry', 'F8', 'N'], ['t', 'x1', 'levyInfantry', 'E7', 'S'], ['t', 'x2', 'levyInfantry', 'G7', 'S'], ['t', 'x3', 'levyInfantry', 'E6', 'S'], ['t', 'x4', 'levyInfantry', 'G6', 'S'], ['t', 'x5', 'levyInfantry', 'E8', 'S'], ['t', 'x6', 'levyInfantry', 'G8', 'S']] as UnitRow[], ['F7']],
    ['friends 1 and 2 away, the ways round them open: a free 45 degree route passes fewer squares (R-route-measure)', [['r', 'f1', 'levyInfantry', 'F7', 'N'], ['r', 'f2', 'levyInfantry', 'F8', 'N']] as UnitRow[], ['E8', 'G8']],
    ['friends 1 and 2 away, the ways round them closed: it carries on through them to the first free square', [['r', 'f1', 'levyInfantry', 'F7', 'N'], ['r', 'f2', 'levyInfantry', 'F8', 'N'], ...closed] as UnitRow[], ['F9']],
    ['friends all the way, the ways round them closed: it carries on off the board', [['r', 'f1', 'levyInfantry', 'F7', 'N'], ['r', 'f2', 'levyInfantry', 'F8', 'N'], ['r', 'f3', 'levyInfantry', 'F9', 'N'], ['r', 'f4', 'levyInfantry', 'F10', 'N'], ['r', 'f5', 'levyInfantry', 'F11', 'N'], ['r', 'f6', 'levyInfantry', 'F12', 'N'], ...closed] as UnitRow[], ['off']],
    ['an enemy 1 away: it goes round', [['t', 'x', 'levyInfantry', 'F7', 'S']] as UnitRow[], ['E8', 'G8']],
  ])('9L a defender at F6 retreating: %s', (_n, extra, options) => {
    const s = gameOf([['r', 'e', 'mediumInfantry', 'F6', 'N'], ...extra, ...KEEP]);
    expect(retreatOptionsOf(s, unit(s, 'e')).sort()).toEqual(options);
  });

  test.each([
    ['a river behind it: it goes round', { rivers: [{ edges: [['F6', 'F7']] as Array<[string, string]> }] }, [] as UnitRow[], ['E8', 'G8']],
    ['rivers round both ways of a corner stop that diagonal step', { rivers: [{ edges: [['F6', 'F7'], ['F6', 'G6']] as Array<[string, string]> }] }, [] as UnitRow[], ['E8']],
    ['a bridge lets it straight back', { rivers: [{ edges: [['F6', 'F7']] as Array<[string, string]> }], crossings: [{ edge: ['F6', 'F7'] as [string, string], kind: 'bridge' as const }] }, [] as UnitRow[], ['F8']],
    ['enemies on both corners stop that diagonal step', {}, [['t', 'x1', 'levyInfantry', 'F7', 'S'], ['t', 'x2', 'levyInfantry', 'G6', 'S']] as UnitRow[], ['E8']],
  ])('9L a defender at F6 retreating across terrain: %s', (_n, terrain, extra, options) => {
    const s = gameOf([['r', 'e', 'mediumInfantry', 'F6', 'N'], ...extra, ...KEEP], { terrain });
    expect(retreatOptionsOf(s, unit(s, 'e')).sort()).toEqual(options);
  });

  test('9L an unresolved contact square blocks a retreat; a friend does not', () => {
    let s = gameOf([['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'f', 'levyInfantry', 'F7', 'N'], ...KEEP]);
    expect(retreatOptionsOf(s, unit(s, 'e'))).toEqual(['F8']);
    s = { ...s, melees: [{ contact: 'F7', supports: [], mdi: {}, fought: false }] };
    expect(retreatOptionsOf(s, unit(s, 'e')).sort()).toEqual(['E8', 'G8']);
  });

  test('9L a charge that went round woods retreats back round them, never through the woods', () => {
    let s = gameOf([['t', 'k', 'knights', 'F2', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP], { terrain: { protected: [{ at: 'F4', kind: 'woods' }] } });
    expect(isLegal(s, { type: 'move', unit: 'k', to: 'F6' })).toBe(false);
    s = act(s, { type: 'move', unit: 'k', to: 'F6', charge: true });
    const trail = unit(s, 'k').trail!;
    expect(trail).toHaveLength(2);
    expect(trail).not.toContain('F4');
    expect(trail).not.toContain('F5');
    expect(retreatOptionsOf(s, unit(s, 'k'))).toEqual([trail[1]]);
  });

  test.each([
    ['with its crew where a ballista may go', [] as string[], 'F8', 'active'],
    ['but stays behind (abandoned) rather than enter woods', ['F7'], 'F6', 'active'],
  ])('9L a ballista retreats %s', (_n, woods, ballistaAt, status) => {
    let s = gameOf([['r', 'c', 'ballistarii', 'F6', 'N'], ['r', 'b', 'ballista', 'F6', 'N'], ...KEEP], { terrain: { protected: woods.map((at) => ({ at, kind: 'woods' as const })) } });
    s = doRetreatOf(s, 'c');
    expect(unit(s, 'c').at).toBe('F8');
    expect(unit(s, 'b')).toMatchObject({ at: ballistaAt, status });
  });

  test('9L a ballista whose crew retreats off the board goes off with it', () => {
    let s = gameOf([['r', 'c', 'ballistarii', 'F12', 'N'], ['r', 'b', 'ballista', 'F12', 'N'], ...KEEP]);
    s = doRetreatOf(s, 'c');
    expect(unit(s, 'c').status).toBe('off');
    expect(unit(s, 'b')).toMatchObject({ at: null, status: 'off' });
  });
});

function doRetreatOf(s: GameState, id: string): GameState {
  return changed(s, (p, slot) => doRetreat(p, slot(id), retreatOptions(p, slot(id))[0]!, true));
}

describe('6J/9D a 1-stand missile unit leads only with backing in the contact square', () => {
  test.each([
    ['alone', false, [] as UnitRow[]],
    ['with its commander left behind in its start square, which may still follow it in', true, [['t', 'cmd', 'commander', 'F5', 'S']] as UnitRow[]],
  ])('6J/9D 1-stand crossbowmen %s: leading allowed=%s', (_n, ok, extra) => {
    const s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...extra, ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'x', to: 'F6' })).toBe(ok);
  });

  test('6J a supporter named with the move makes the lead legal, and supports the melee', () => {
    let s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['t', 'm', 'mediumInfantry', 'F7', 'N'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'x', to: 'F6', supporter: 'm' })).toBe(true);
    s = act(s, { type: 'move', unit: 'x', to: 'F6', supporter: 'm' });
    expect(s.melees[0]!.supports).toEqual([{ unit: 'm', side: 'teutonic' }]);
  });
});

describe('6G no dead ends', () => {
  test('6G a move that would leave a charging commander unable to support is refused; other moves are not', () => {
    let s = gameOf([['t', 'k', 'knights', 'F5', 'S'], ['t', 'cmd', 'commander', 'E1', 'S'], ['t', 'm', 'mediumInfantry', 'E3', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'k', to: 'F6' });
    s = act(s, { type: 'move', unit: 'cmd', to: 'E5', charge: true });
    // Medium infantry joining the commander at E5 could not support F6 diagonally, nor could the commander then.
    expect(isLegal(s, { type: 'move', unit: 'm', to: 'E5' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'm', to: 'E4' })).toBe(true);
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    s = act(s, { type: 'support', unit: 'cmd', contact: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });
});

describe('7 ballista hits in a mixed square', () => {
  test.each(['k', 'cmd'])('7 the shooter chooses which unit loses the stand: %s', (victim) => {
    let s = gameOf([['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'k', 'knights', 'F6', 'N'], ['r', 'cmd', 'commander', 'F6', 'N'], ...KEEP], { phase: 'ballista' });
    s = dice(s, [1]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    expect(s.toAct).toBe('teutonic');
    expect(legalActions(s).filter((a) => a.type === 'ballistaLoss').map((a) => (a as { unit: string }).unit).sort()).toEqual(['cmd', 'k']);
    expect(isLegal(s, { type: 'ballistaLoss', unit: 'crew' })).toBe(false);
    s = act(s, { type: 'ballistaLoss', unit: victim });
    const other = victim === 'k' ? 'cmd' : 'k';
    expect(unit(s, victim).stands).toBe(victim === 'k' ? 1 : 0);
    expect(unit(s, other).stands).toBe(other === 'k' ? 2 : 1);
  });

  test('7 a single unit in the landing square loses its stand without a choice', () => {
    let s = gameOf([['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { phase: 'ballista' });
    s = dice(s, [1]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    expect(legalActions(s).some((a) => a.type === 'ballistaLoss')).toBe(false);
    expect(unit(s, 'e').stands).toBe(3);
  });
});

describe('4 a ballista deploys in its crew\'s square', () => {
  test('4 listed before its crew, the ballista waits for the crew and then may only join it', () => {
    const sc = scenarioOf([['t', 'b', 'ballista', null], ['t', 'c', 'ballistarii', null], ['r', 'e', 'levyInfantry', 'F11', 'N']]);
    let s = createGame(sc, { seed: 1 });
    expect(legalActions(s).every((a) => a.type === 'deploy' && a.unit === 'c')).toBe(true);
    s = act(s, { type: 'deploy', unit: 'c', at: 'D2', facing: 'S' });
    const spots = new Set(legalActions(s).map((a) => (a as { at: string }).at));
    expect([...spots]).toEqual(['D2']);
    expect(isLegal(s, { type: 'deploy', unit: 'b', at: 'E2', facing: 'S' })).toBe(false);
  });

  test.each([
    ['with its crew', 'D2', []],
    ['without its crew', 'E2', ['ballista-without-crew']],
  ])('4 the validator on a ballista set up %s', (_n, at, codes) => {
    const sc = scenarioOf([['t', 'b', 'ballista', at, 'S'], ['t', 'c', 'ballistarii', 'D2', 'S']]);
    expect(validateScenario(sc).filter((d) => d.code === 'ballista-without-crew').map((d) => d.code)).toEqual(codes);
  });
});

describe('4 a commander joined to a unit faces as the unit does', () => {
  const deployFacings = (s: GameState, unit: string, at: string) =>
    legalActions(s).filter((a) => a.type === 'deploy' && a.unit === unit && a.at === at).map((a) => (a as { facing: string }).facing);

  test('4 a commander deployed into its unit\'s square may only take the unit\'s facing; in an empty square any', () => {
    let s = createGame(scenarioOf([['t', 'k', 'knights', null], ['t', 'cmd', 'commander', null], ['r', 'e', 'levyInfantry', 'F11', 'N']]), { seed: 1 });
    s = act(s, { type: 'deploy', unit: 'k', at: 'D2', facing: 'E' });
    expect(deployFacings(s, 'cmd', 'D2')).toEqual(['E']);
    expect(deployFacings(s, 'cmd', 'E2')).toHaveLength(8);
    expect(isLegal(s, { type: 'deploy', unit: 'cmd', at: 'D2', facing: 'S' })).toBe(false);
    s = act(s, { type: 'deploy', unit: 'cmd', at: 'D2', facing: 'E' });
    expect(unit(s, 'cmd').facing).toBe('E');
  });

  test('4 a unit deployed onto its commander turns the commander to its own facing', () => {
    let s = createGame(scenarioOf([['t', 'cmd', 'commander', null], ['t', 'k', 'knights', null], ['r', 'e', 'levyInfantry', 'F11', 'N']]), { seed: 1 });
    s = act(s, { type: 'deploy', unit: 'cmd', at: 'D2', facing: 'W' });
    expect(unit(s, 'cmd').facing).toBe('W');
    s = act(s, { type: 'deploy', unit: 'k', at: 'D2', facing: 'S' });
    expect(unit(s, 'cmd').facing).toBe('S');
  });

  test.each([
    ['with its unit', 'D2', 'E'],
    ['alone', 'E2', 'W'],
  ])('4 a commander set up by the scenario %s (at %s) starts facing %s', (_n, at, facing) => {
    const s = createGame(scenarioOf([['t', 'k', 'knights', 'D2', 'E'], ['t', 'cmd', 'commander', at, 'W'], ['r', 'e', 'levyInfantry', 'F11', 'N']]), { seed: 1 });
    expect(unit(s, 'cmd').facing).toBe(facing);
  });
});

describe('9K the fractions ledger', () => {
  test.each([
    ['the first odd fraction is rolled for: lost on a low roll, the other side has the next turn', null, 'russian', [1], 1, 'teutonic'],
    ['the first odd fraction is rolled for: saved on a high roll, the same side has the next turn', null, 'russian', [6], 2, 'russian'],
    ['a side whose turn it is loses the stand, and the turn passes', 'russian', 'russian', [], 1, 'teutonic'],
    ['a side whose turn it is not keeps the stand, and the turn stays', 'teutonic', 'russian', [], 2, 'teutonic'],
  ] as const)('9K %s', (_n, before, side, faces, left, after) => {
    let s = gameOf([['r', 'k', 'knights', 'F6', 'N'], ...KEEP], { rules: { fractions: 'ledger' } });
    s = changed(dice({ ...s, ledger: before }, [...faces]), (p, slot) => allocate(p, p.sides.indexOf(side), slot('k'), 1, false));
    expect(unit(s, 'k').stands).toBe(left);
    expect(s.ledger).toBe(after);
  });
});

describe('10B a retiring move is a move', () => {
  test.each([
    ['in the open: its full move', {}, 'F3'],
    ['onto a hill: the hill penalty applies', { hills: [{ squares: ['F4'] }] }, 'F4'],
    ['along a road: the road bonus applies', { roads: [{ path: ['F1', 'F5'] }] }, 'F2'],
    ['against a river: it goes round it, as near its edge as it gets (ties: the first square)', { rivers: [{ edges: [['F4', 'F5']] as Array<[string, string]> }] }, 'E4'],
    ['against a long river: it stays at the bank', { rivers: [{ edges: [['E4', 'E5'], ['F4', 'F5'], ['G4', 'G5']] as Array<[string, string]> }] }, 'F5'],
    ['through woods: foot may cross them, straight back first', { protected: [{ at: 'F4', kind: 'woods' as const }] }, 'F3'],
  ])('10B retiring medium infantry from F5 %s', (_n, terrain, end) => {
    let s = gameOf([['t', 'm', 'mediumInfantry', 'F5', 'S'], ...KEEP], { terrain });
    s = changed(withUnit(s, 'm', { retiring: true }), (p, slot) => retireMove(p, slot('m')));
    expect(unit(s, 'm').at).toBe(end);
  });
});
