import { describe, expect, test } from 'vitest';
import {
  applyAction, createGame, gamePoints, legalActions, randomPolicy, replayGame, RuleError, saveGame, savedGameProblems, stateHash, viewFor,
  type GameState,
} from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { act, advanceTo, deepFreeze, dice, gameOf, isLegal, scenarioOf, unit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];

function playRandom(state: GameState, seed: number, freeze = false): GameState {
  const pick = randomPolicy(seed);
  let s = state;
  while (s.phase !== 'over') {
    if (freeze) deepFreeze(s);
    s = applyAction(s, pick(s, legalActions(s)));
  }
  return s;
}

describe('6 sequence of play (rules 5)', () => {
  test.each([
    ['high die wins', [5, 2], 'teutonic'],
    ['ties are re-rolled', [3, 3, 1, 4], 'russian'],
  ])('5 first attacker: %s', (_n, faces, first) => {
    let s = createGame(scenarioOf([['t', 'x', 'armoredInfantry', null], ['r', 'y', 'armoredInfantry', 'F11', 'N']], {}, { firstAttacker: 'roll' }), { seed: 1 });
    s = dice(s, faces);
    s = act(s, { type: 'deploy', unit: 'x', at: 'F2', facing: 'S' });
    expect(s.attacker).toBe(first);
  });

  test('4 hidden deployment: each side deploys only in its own zone, unseen by the other', () => {
    let s = createGame(scenarioOf([['t', 'x', 'armoredInfantry', null], ['r', 'y', 'armoredInfantry', null]]), { seed: 1 });
    expect(s.toAct).toBe('teutonic');
    expect(isLegal(s, { type: 'deploy', unit: 'x', at: 'F3', facing: 'S' })).toBe(true);
    expect(isLegal(s, { type: 'deploy', unit: 'x', at: 'F4', facing: 'S' })).toBe(false);
    expect(isLegal(s, { type: 'deploy', unit: 'x', at: 'F3', facing: 'SE' })).toBe(false);
    s = act(s, { type: 'deploy', unit: 'x', at: 'F3', facing: 'S' });
    const seen = viewFor(s, 'russian');
    expect(seen.units.find((u) => u.id === 'x')!.at).toBeNull();
    expect(seen.log).toEqual([]);
    expect(viewFor(s, 'teutonic').units.find((u) => u.id === 'x')!.at).toBe('F3');
    expect(isLegal(s, { type: 'deploy', unit: 'y', at: 'F10', facing: 'N' })).toBe(true);
    expect(isLegal(s, { type: 'deploy', unit: 'y', at: 'F9', facing: 'N' })).toBe(false);
  });

  test('6 only the attacker moves; roles swap each turn', () => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F3', 'S'], ['r', 'b', 'mediumInfantry', 'F10', 'N']]);
    expect([s.turn, s.attacker, s.toAct]).toEqual([1, 'teutonic', 'teutonic']);
    expect(() => applyAction(s, { type: 'move', side: 'russian', unit: 'b', to: 'F8' })).toThrow(RuleError);
    s = act(s, { type: 'endMove' });
    s = advanceTo(s, 'move');
    expect([s.turn, s.attacker]).toEqual([2, 'russian']);
    expect(isLegal(s, { type: 'move', unit: 'b', to: 'F8' })).toBe(true);
  });

  test.each([
    ['not your turn', { type: 'endMove', side: 'russian' }, 'not-your-turn'],
    ['a move too far', { type: 'move', side: 'teutonic', unit: 'a', to: 'F9' }, 'illegal-move'],
    ['an action of another phase', { type: 'mdi', side: 'teutonic', mdi: 'line' }, 'wrong-phase'],
  ])('illegal actions throw a coded RuleError: %s', (_n, action, code) => {
    const s = gameOf([['t', 'a', 'mediumInfantry', 'F3', 'S'], ['r', 'b', 'mediumInfantry', 'F10', 'N']]);
    let err: unknown;
    try { applyAction(s, action as never); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(RuleError);
    expect((err as RuleError).code).toBe(code);
  });
});

describe('11 other rules (rules 10) and the end of the game', () => {
  test.each([
    ['medium infantry at 1 stand retire', 'mediumInfantry', 2, [1, 6, 6], true],
    ['armored infantry at 1 stand stay', 'armoredInfantry', 2, [1, 6, 6], false],
    ['levy reduced to 2 stands roll 4-6 and retire', 'levyInfantry', 3, [1, 6, 6, 4], true],
    ['levy reduced to 2 stands roll 1-3 and stay', 'levyInfantry', 3, [1, 6, 6, 3], false],
  ] as const)('10B/10C %s', (_n, type, stands, faces, retires) => {
    let s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'e', type, 'F6', 'N', stands], ['r', 'c', 'commander', 'F6', 'N'], ...KEEP], { phase: 'missile' });
    s = dice(s, [...faces]);
    s = act(s, { type: 'fire', unit: 'a', target: 'e' });
    expect(unit(s, 'e').retiring).toBe(retires);
    expect(unit(s, 'e').at === 'F6').toBe(!retires);
    expect(unit(s, 'c').at).toBe('F6');
    if (retires) {
      // A retiring unit only defends: no move or support of its own, though it may still turn (6L).
      const next = legalActions(advanceTo(act(s, { type: 'endMove' }), 'move')).filter((a) => 'unit' in a && a.unit === 'e');
      expect(next.length).toBeGreaterThan(0);
      expect(next.every((a) => a.type === 'face')).toBe(true);
    }
  });

  test('10F at the end of a turn a side may destroy a ballista it controls', () => {
    let s = gameOf([['t', 'b', 'ballista', 'F2', 'S'], ['t', 'x', 'ballistarii', 'F2', 'S'], ...KEEP]);
    s = act(s, { type: 'endMove' });
    expect(s.phase).toBe('endTurn');
    const before = gamePoints(s).teutonic!;
    s = act(s, { type: 'destroyBallista', unit: 'b' });
    expect(unit(s, 'b').status).toBe('destroyed');
    expect(gamePoints(s).teutonic).toBe(before - 8);
    expect(isLegal(s, { type: 'destroyBallista', unit: 'b' })).toBe(false);
  });

  test('11 the turn limit ends the game: no legal actions, result with winner and points', () => {
    let s = createGame(scenarioOf([['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'b', 'mediumInfantry', 'F10', 'N']], {}, { turnLimit: 2 }), { seed: 1 });
    s = advanceTo(s, 'over');
    expect(s.turn).toBe(2);
    expect(legalActions(s)).toEqual([]);
    expect(s.result).toEqual({ winner: 'teutonic', points: { teutonic: 16, russian: 12 }, reason: 'turn-limit' });
    expect(() => applyAction(s, { type: 'endTurn', side: 'teutonic' })).toThrow(expect.objectContaining({ code: 'game-over' }));
  });

  test('11 scoring: off-board units and half-killed stands count half; destroyed count nothing', () => {
    let s = gameOf([['t', 'k', 'knights', 'F3', 'S'], ['t', 'a', 'armoredInfantry', 'A1', 'S'], ['r', 'b', 'mediumInfantry', 'F10', 'N'], ['r', 'c', 'levyInfantry', 'A12', 'N']]);
    s = { ...s, units: s.units.map((u) => (u.id === 'k' ? { ...u, half: 1 } : u.id === 'a' ? { ...u, status: 'off' as const, at: null } : u.id === 'c' ? { ...u, status: 'destroyed' as const, stands: 0 } : u)) };
    expect(gamePoints(s)).toEqual({ teutonic: 7 + 3.5 + 8, russian: 12 });
  });

  test('11 destruction of a side ends the game', () => {
    let s = gameOf([['t', 'a', 'longbowmen', 'F4', 'S'], ['r', 'e', 'armoredInfantry', 'F5', 'E', 1]], { phase: 'missile' });
    s = dice(s, [1, 1, 1]);
    s = act(s, { type: 'fire', unit: 'a', target: 'e' });
    expect(s.phase).toBe('over');
    expect(s.result!.winner).toBe('teutonic');
    expect(s.result!.reason).toBe('no-troops');
  });

  test('10G concession ends the game and the conceding side loses, whatever the points (reported as they stand)', () => {
    const s = act(gameOf([['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'b', 'armoredInfantry', 'F10', 'N', 1]]), { type: 'concede' });
    expect(s.result).toEqual({ winner: 'russian', points: { teutonic: 16, russian: 4 }, reason: 'conceded' });
    expect(legalActions(s)).toEqual([]);
  });
});

describe('engine shape', () => {
  test('applyAction never changes its input (every state deep-frozen through a whole game)', () => {
    const s = createGame(TEMPLATES[0]!.scenario, { seed: 5, turnLimit: 2 });
    const end = playRandom(s, 5, true);
    expect(end.phase).toBe('over');
  });

  test.each(TEMPLATES.map((t) => [t.id]))('the same seed gives the same game, and the saved log replays it: %s', (id) => {
    const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
    const a = playRandom(createGame(scenario, { seed: 9, turnLimit: 2 }), 9);
    const b = playRandom(createGame(scenario, { seed: 9, turnLimit: 2 }), 9);
    expect(stateHash(a)).toBe(stateHash(b));
    const saved = JSON.parse(JSON.stringify(saveGame(a)));
    expect(savedGameProblems(saved)).toEqual([]);
    expect(stateHash(replayGame(saved))).toBe(stateHash(a));
  });

  test('a saved game with a malformed action is rejected with its place named', () => {
    const saved = saveGame(createGame(TEMPLATES[0]!.scenario, { seed: 1 }));
    const bad = { ...JSON.parse(JSON.stringify(saved)), actions: [{ type: 'teleport', side: 'teutonic' }] };
    expect(savedGameProblems(bad).join(' ')).toMatch(/actions\[0\]\.type/);
  });

  test('GameState is plain JSON: it survives a JSON round trip and structuredClone unchanged', () => {
    const s = playRandom(createGame(TEMPLATES[1]!.scenario, { seed: 2, turnLimit: 1 }), 2);
    expect(JSON.parse(JSON.stringify(s))).toEqual(structuredClone(s));
  });
});
