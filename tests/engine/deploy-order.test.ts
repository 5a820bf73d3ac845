/**
 * Hidden set-up in any order (issue 44): the side to place may place any of its unplaced units next, not only the next
 * in scenario order; a ballista still waits for a crew square (4), and with two ballistas each keeps its own two crew
 * stands (R-ballista-deploy, issue 42) whatever order the player picks.
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, type GameState } from '../../src/rules';
import { createRng } from '../../src/rules/random';
import { randomIndex } from '../../src/rules/sample';
import { deployChoice } from '../../src/ai/choices';
import { stream } from '../../src/ai/rng';
import { viewFor } from '../../src/rules';
import { scenarioOf, unit, type UnitRow } from './helpers';

const placed: UnitRow[] = [['r', 'r-a', 'armoredInfantry', 'F11', 'N'], ['r', 'r-b', 'armoredInfantry', 'G11', 'N']];
const deployUnits = (s: GameState) => new Set(legalActions(s).filter((a) => a.type === 'deploy').map((a) => (a as { unit: string }).unit));

describe('4 hidden set-up: any unplaced unit may be placed next (issue 44)', () => {
  test('every unplaced unit of the side is offered, the next in scenario order listed first (was: only t-1)', () => {
    const s = createGame(scenarioOf([['t', 't-1', 'armoredInfantry', null], ['t', 't-2', 'knights', null], ['t', 't-3', 'crossbowmen', null], ...placed]), { seed: 1 });
    expect(s.phase).toBe('deploy');
    expect([...deployUnits(s)]).toEqual(['t-1', 't-2', 't-3']);
    expect((legalActions(s)[0] as { unit: string }).unit).toBe('t-1');
    // Place the last one first: the other two are still offered.
    const last = legalActions(s).find((a) => a.type === 'deploy' && a.unit === 't-3')!;
    const s2 = applyAction(s, last);
    expect(unit(s2, 't-3').at).toBe((last as { at: string }).at);
    expect([...deployUnits(s2)]).toEqual(['t-1', 't-2']);
  });

  test('a ballista is not offered before a crew of its side stands without an engine', () => {
    const s = createGame(scenarioOf([['t', 'b1', 'ballista', null], ['t', 't-a', 'armoredInfantry', null], ['t', 'c1', 'ballistarii', null], ...placed]), { seed: 1 });
    expect(deployUnits(s).has('b1')).toBe(false);
    const crew = legalActions(s).find((a) => a.type === 'deploy' && a.unit === 'c1')!;
    const s2 = applyAction(s, crew);
    const engine = legalActions(s2).filter((a) => a.type === 'deploy' && a.unit === 'b1');
    expect(engine.length).toBeGreaterThan(0);
    expect(new Set(engine.map((a) => (a as { at: string }).at))).toEqual(new Set([(crew as { at: string }).at]));
  });

  const crews: UnitRow[] = [['t', 'c1', 'ballistarii', null], ['t', 'c2', 'ballistarii', null]];
  const engines: UnitRow[] = [['t', 'b1', 'ballista', null], ['t', 'b2', 'ballista', null]];
  test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])('two ballistas and two 2-stand crews placed in a random order (seed %i): each ballista keeps its own two stands', (seed) => {
    let s = createGame(scenarioOf([['t', 't-a', 'armoredInfantry', null], ...crews, ['t', 't-k', 'knights', null], ...engines, ...placed]), { seed: 1 });
    const r = createRng(seed);
    const order: string[] = [];
    while (s.phase === 'deploy') {
      const legal = legalActions(s).filter((a) => a.type === 'deploy');
      const units = [...new Set(legal.map((a) => (a as { unit: string }).unit))];
      const u = units[randomIndex(r, units.length)]!;
      const mine = legal.filter((a) => (a as { unit: string }).unit === u);
      order.push(u);
      s = applyAction(s, mine[randomIndex(r, mine.length)]!);
    }
    for (const b of ['b1', 'b2']) {
      const at = unit(s, b).at;
      expect(at, `${b} after ${order.join(', ')}`).not.toBeNull();
      expect(s.units.filter((u) => u.type === 'ballistarii' && u.at === at).reduce((n, u) => n + u.stands, 0)).toBe(2);
    }
  });

  test('the computer still places its units in scenario order', () => {
    const s = createGame(scenarioOf([['t', 't-1', 'armoredInfantry', null], ['t', 't-2', 'knights', null], ...placed]), { seed: 1 });
    const a = deployChoice(viewFor(s, 'teutonic'), 'teutonic', legalActions(s), stream(1));
    expect((a as { unit: string }).unit).toBe('t-1');
  });
});
