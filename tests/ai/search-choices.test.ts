/** Issue 28: the search's candidates and its choices outside the planned phases (fire targets, the MDI pick). */
import { describe, expect, test } from 'vitest';
import { actionKey, legalActions, searchPolicy, viewFor } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { createRng } from '../../src/rules/random';
import { dangerOf, rankedOnCore } from '../../src/ai/choices';
import { squareDistance } from '../../src/rules';
import { gameOf, type UnitRow } from '../engine/helpers';
import { POSITIONS, positionState } from './tactics/suite';

describe('move candidates', () => {
  // A lone commander (worth 10 points, 2 in melee) at E5 with Russian knights at E9, which charge 5 next turn.
  const units: UnitRow[] = [['t', 'tc', 'commander', 'E5', 'S'], ['t', 'ta', 'armoredInfantry', 'C4', 'S'], ['r', 'rk', 'knights', 'E9', 'N'], ['r', 'rfar', 'armoredInfantry', 'K12', 'N']];

  test('danger counts the enemy fighters that reach a square', () => {
    const p = positionOf(gameOf(units));
    const danger = dangerOf(p, 0);
    expect(danger(p.board.index.get('E5')!)).toBe(1);
    expect(danger(p.board.index.get('E8')!)).toBe(1);
    expect(danger(p.board.index.get('A1')!)).toBe(0);
  });

  test('a unit in reach of the enemy\'s fighters offers its safest move, not only its best advance', () => {
    const s = gameOf(units);
    const p = positionOf(s);
    const ranked = rankedOnCore(p, legalActions(s), 6, createRng(1));
    const commander = ranked.filter((a) => a.type === 'move' && a.unit === 'tc');
    // The advance (towards the knights) and a move out of their reach or onto the armored infantry's square.
    expect(commander.some((a) => a.type === 'move' && a.to !== 'off' && squareDistance(a.to, 'E9') < squareDistance('E5', 'E9'))).toBe(true);
    expect(commander.some((a) => a.type === 'move' && a.to !== 'off' && (a.to === 'C4' || squareDistance(a.to, 'E9') > 5))).toBe(true);
  });
});

describe('choices outside the planned phases', () => {
  test('fire targets are compared in log-odds: in a lost position the javelins still take the 3-point target', () => {
    // Every value of this position is near 0 (the Teutons are far behind); a fixed margin in value kept the nearest shot.
    const p = POSITIONS.find((x) => x.name.startsWith('fire: javelins shoot the medium infantry'))!;
    const s = positionState(p);
    const view = viewFor(s, s.toAct!);
    for (const seed of [1, 2, 3]) {
      const choice = searchPolicy({ level: 'normal', seed })(view, legalActions(view));
      expect(actionKey(choice)).toBe(actionKey({ type: 'fire', side: 'teutonic', unit: 'tj', target: 'rm' }));
    }
  });

  test('the commander does not stay or advance alone within the knights\' charge', () => {
    const p = POSITIONS.find((x) => x.name === 'commander: do not leave it alone in reach of the knights')!;
    const s = positionState(p);
    const view = viewFor(s, s.toAct!);
    for (const seed of [1, 2, 3]) {
      const choice = searchPolicy({ level: 'normal', seed })(view, legalActions(view));
      expect(choice.type === 'endMove' || (choice.type === 'move' && choice.unit === 'tc' && choice.to !== 'C4' && choice.to !== 'off' && squareDistance(choice.to, 'E9') <= 5)).toBe(false);
    }
  });
});
