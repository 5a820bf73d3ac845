import { describe, expect, test } from 'vitest';
import { validateScenario, type Facing, type Scenario, type TroopType } from '../../src/rules';
import { blankScenario } from '../../src/scenario';
import { addUnit, findUnit, placeUnit, removeUnit, renameSide, rotateUnit, setStands, unplaceUnit } from '../../src/stores/unitEdits';

const codes = (s: Scenario) => validateScenario(s).map((d) => d.code);
const at = (s: Scenario, id: string) => findUnit(s, id)?.unit.at;

describe('deployment edits', () => {
  test('2B a ballista placed from the roster brings its crew, and moving it moves the crew with it', () => {
    let s = placeUnit(blankScenario(), 't-ballista-1', 'F1');
    expect(at(s, 't-crew-1')).toBe('F1');
    expect(codes(s)).not.toContain('ballista-without-crew');
    s = placeUnit(s, 't-ballista-1', 'G2');
    expect([at(s, 't-ballista-1'), at(s, 't-crew-1')]).toEqual(['G2', 'G2']);
  });

  test('2B a commander joins a unit in its square; two knight units of 2 stands may not share', () => {
    let s = placeUnit(placeUnit(blankScenario(), 't-knights-1', 'E2'), 't-commander-1', 'E2');
    expect(codes(s)).not.toContain('stack-limit');
    s = placeUnit(s, 't-knights-2', 'E2');
    expect(codes(s)).toContain('stack-limit');
    s = setStands(setStands(s, 't-knights-1', 1), 't-knights-2', 1);
    expect(codes(s)).not.toContain('stack-limit');
    expect(codes(s)).toContain('reduced-unit');
  });

  test.each<[TroopType, Facing, 1 | -1, Facing]>([
    ['knights', 'S', 1, 'W'],
    ['knights', 'S', -1, 'E'],
    ['levyInfantry', 'N', 1, 'E'],
    ['longbowmen', 'S', 1, 'SW'],
    ['javelinmen', 'N', -1, 'NW'],
  ])('9 a %s unit facing %s turned %i faces %s (support type 1 only faces a side)', (type, from, steps, to) => {
    const { scenario, id } = addUnit(blankScenario(), 0, type);
    const turned = rotateUnit(placeUnit(scenario, id, 'C2'), id, steps, from);
    expect(findUnit(turned, id)?.unit.facing).toBe(to);
    expect(codes(turned)).not.toContain('facing-invalid');
  });

  test('a unit returned to the roster has no square; a removed unit is gone; full strength writes no stands', () => {
    let s = placeUnit(blankScenario(), 't-levy-1', 'C3');
    s = unplaceUnit(s, 't-levy-1');
    expect(findUnit(s, 't-levy-1')?.unit).toEqual({ id: 't-levy-1', type: 'levyInfantry' });
    s = setStands(setStands(s, 't-levy-1', 2), 't-levy-1', 4);
    expect(findUnit(s, 't-levy-1')?.unit.stands).toBeUndefined();
    s = removeUnit(s, 't-levy-1');
    expect(findUnit(s, 't-levy-1')).toBeNull();
    expect(codes(s)).toContain('composition');
  });

  test('renaming a side keeps ids unique and carries the first attacker along', () => {
    const s: Scenario = { ...blankScenario(), rules: { firstAttacker: 'teutonic' } };
    expect(renameSide(s, 0, 'russian')).toBe(s);
    const r = renameSide(s, 0, 'order');
    expect(r.sides[0]!.id).toBe('order');
    expect(r.rules?.firstAttacker).toBe('order');
    expect(codes(r)).not.toContain('duplicate-id');
  });
});
