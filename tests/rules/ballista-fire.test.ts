/**
 * Ballista fire as the readable rule module gives it (src/rules/ballistaFire.ts, digest 8 with the readings
 * R-ballista-stray and R-stand-or-engine), case by case, named by section. The fuzz oracle (tests/engine/fuzz/oracle.ts)
 * holds the fast core to the same module; the rarest cases are also played on the engine here.
 */
import { describe, expect, test } from 'vitest';
import { actionKey, legalActions, type GameState, type Terrain } from '../../src/rules';
import {
  ballistaAims, ballistaHitChoices, mayFireBallista, onTargetFaces, shotHits, shotLanding, shotOutcomes, wrecks,
} from '../../src/rules/ballistaFire';
import { act, dice, gameOf, unit, withUnit, type UnitRow } from '../engine/helpers';

// A Teutonic ballista with its crew at F2 facing south (rows grow southwards).
const crew: UnitRow[] = [['t', 'b', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S']];
const game = (extra: UnitRow[] = [], terrain?: Terrain, phase: GameState['phase'] = 'ballista'): GameState =>
  gameOf([...crew, ...extra, ['r', 'far', 'levyInfantry', 'A12', 'N']], { phase, terrain });
const land = (s: GameState, aim: string, roll: number, stray?: number) => shotLanding(s, unit(s, 'b'), aim, roll, stray);

describe('8 who may fire and where it may aim', () => {
  test('8 a ballista fires with a ballistarii stand of its side in its square, and not without', () => {
    const s = game();
    expect(mayFireBallista(s, unit(s, 'b'))).toBe(true);
    const away = withUnit(s, 'crew', { at: 'F3' });
    expect(mayFireBallista(away, unit(away, 'b'))).toBe(false);
  });

  test('8 no ballista fires from a crossing square', () => {
    // With no ballista able to fire, the game goes straight past the ballista phase.
    const s = game([], { rivers: [{ edges: [['F2', 'F3']] }], crossings: [{ edge: ['F2', 'F3'], kind: 'ford' }] }, 'move');
    expect(mayFireBallista(s, unit(s, 'b'))).toBe(false);
    expect(mayFireBallista(game([], undefined, 'move'), unit(s, 'b'))).toBe(true);
  });

  test('8 it aims within range 6 and its 90-degree cone, never at its own square, and troops between do not screen it', () => {
    const aims = ballistaAims(game([['t', 'screen', 'levyInfantry', 'F3', 'S']]), unit(game(), 'b'));
    expect(aims).toEqual(expect.arrayContaining(['F3', 'F8', 'I5', 'C5', 'J6']));
    // F9 is 7 away; I4 and K5 lie outside the cone (more sideways than forward); F1 is behind.
    for (const sq of ['F2', 'F9', 'I4', 'K5', 'F1']) expect(aims).not.toContain(sq);
  });

  test('8 the listed aims are the rule\'s aims', () => {
    const s = game();
    const listed = legalActions(s).filter((a) => a.type === 'ballistaFire').map((a) => (a as { target: string }).target);
    expect(listed.sort()).toEqual(ballistaAims(s, unit(s, 'b')).sort());
  });
});

describe('8 where a shot lands', () => {
  test.each<[string, Terrain | undefined, number]>([
    ['an open square: on target on 1-3', undefined, 3],
    ['a protected square: on target on 1-2', { protected: [{ at: 'F5', kind: 'woods' }] }, 2],
    ['a crossing square counts as protected', { rivers: [{ edges: [['F5', 'F6']] }], crossings: [{ edge: ['F5', 'F6'], kind: 'bridge' }] }, 2],
  ])('8 %s', (_what, terrain, faces) => {
    const s = game([], terrain);
    expect(onTargetFaces(s, 'F5')).toBe(faces);
    expect(land(s, 'F5', faces)).toEqual({ lands: 'F5', outsideCone: false });
    expect(land(s, 'F5', faces + 1, 1).lands).toBe('F4');
  });

  test.each<[string, string, number, string | null]>([
    ['a d8 of 3 strays it one square east', 'F5', 3, 'G5'],
    ['a d8 of 6 strays it one square south-west', 'F5', 6, 'E6'],
    ['beyond range 6 it misses', 'F8', 5, null],
    ['back on its own square it misses', 'F3', 1, null],
  ])('8 %s', (_what, aim, d8, lands) => {
    expect(land(game(), aim, 4, d8).lands).toBe(lands);
  });

  test('8 off the board it misses', () => {
    const s = gameOf([['t', 'b', 'ballista', 'F8', 'S'], ['t', 'crew', 'ballistarii', 'F8', 'S'], ['r', 'far', 'levyInfantry', 'A12', 'N']], { phase: 'ballista' });
    expect(shotLanding(s, unit(s, 'b'), 'F12', 6, 5)).toEqual({ lands: null, outsideCone: false });
  });
});

describe('8 what a shot hits', () => {
  test('8 troops where it lands lose one stand: the shooter chooses whose, the costliest listed first', () => {
    const s = game([['r', 'levy', 'levyInfantry', 'F5', 'N'], ['r', 'kn', 'knights', 'F5', 'N']]);
    expect(shotHits(s, unit(s, 'b'), land(s, 'F5', 1))).toEqual({ kind: 'stand', troops: ['kn', 'levy'], engine: null, spared: false });
  });

  test('8 a stray inside the cone hits whatever stands there, the shooter\'s own troops included', () => {
    const s = game([['t', 'own', 'levyInfantry', 'G5', 'S']]);
    const l = land(s, 'F5', 4, 3);
    expect(l).toEqual({ lands: 'G5', outsideCone: false });
    expect(shotHits(s, unit(s, 'b'), l).troops).toEqual(['own']);
  });

  // Aimed at I5 (the edge of the cone), a stray east lands on J5, outside it.
  test('R-ballista-stray 8 a stray landing outside the cone hits only the shooter\'s own troops there', () => {
    const s = game([['r', 'foe', 'levyInfantry', 'J5', 'N'], ['t', 'own', 'levyInfantry', 'J5', 'S']]);
    expect(land(s, 'I5', 4, 3)).toEqual({ lands: 'J5', outsideCone: true });
    expect(shotHits(s, unit(s, 'b'), land(s, 'I5', 4, 3))).toEqual({ kind: 'stand', troops: ['own'], engine: null, spared: false });
  });

  test('R-ballista-stray 8 enemy troops outside the cone are spared, on the engine too', () => {
    const s = game([['r', 'foe', 'levyInfantry', 'J5', 'N']]);
    expect(shotHits(s, unit(s, 'b'), land(s, 'I5', 4, 3))).toEqual({ kind: 'none', troops: [], engine: null, spared: true });
    const fired = act(dice(s, [4, 3]), { type: 'ballistaFire', unit: 'b', target: 'I5' });
    expect(fired.events.find((e) => e.kind === 'ballista')).toMatchObject({ lands: 'J5', outsideCone: true, hit: 'none', spared: true });
    expect(unit(fired, 'foe').stands).toBe(unit(s, 'foe').stands);
  });

  test('R-stand-or-engine 8 troops and a ballista where it lands: the shooter chooses the stand (listed first) or the ballista', () => {
    // The Russian ballista has no crew: it cannot fire back, so the shot resolves at once.
    const s = game([['r', 'rb', 'ballista', 'F5', 'N'], ['r', 'rl', 'levyInfantry', 'F5', 'N']]);
    expect(shotHits(s, unit(s, 'b'), land(s, 'F5', 2))).toEqual({ kind: 'choice', troops: ['rl'], engine: 'rb', spared: false });
    const fired = act(dice(s, [2]), { type: 'ballistaFire', unit: 'b', target: 'F5' });
    const choices = ballistaHitChoices(fired);
    expect(choices).toEqual(['rl', 'rb']);
    expect(legalActions(fired).filter((a) => a.type === 'ballistaLoss').map(actionKey)).toEqual(choices.map((u) => actionKey({ type: 'ballistaLoss', side: 'teutonic', unit: u })));
  });

  test('8 a ballista alone where it lands is wrecked on a 6 only (with a stand there); outside the cone it is safe', () => {
    const s = game([['r', 'rb', 'ballista', 'F5', 'N'], ['r', 'edge', 'ballista', 'J5', 'N']]);
    expect(shotHits(s, unit(s, 'b'), land(s, 'F5', 1)).kind).toBe('engine');
    expect(shotHits(s, unit(s, 'b'), land(s, 'I5', 4, 3))).toEqual({ kind: 'none', troops: [], engine: null, spared: false });
    expect([1, 2, 3, 4, 5, 6].filter(wrecks)).toEqual([6]);
  });

  test('8 the nine ways a shot comes down add up to certainty, each with the rule\'s chance', () => {
    const s = game([], { protected: [{ at: 'F5', kind: 'woods' }] });
    const ways = shotOutcomes(s, unit(s, 'b'), 'F5');
    expect(ways).toHaveLength(9);
    expect(ways[0]).toMatchObject({ lands: 'F5', chance: 2 / 6, stray: null });
    expect(ways.reduce((t, w) => t + w.chance, 0)).toBeCloseTo(1);
    expect(ways.slice(1).map((w) => w.lands)).toEqual(['F4', 'G4', 'G5', 'G6', 'F6', 'E6', 'E5', 'E4']);
  });
});
