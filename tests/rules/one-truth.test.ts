/**
 * Issue 26 "one truth": each rule number is read from its one module. Each case changes the module's value for a
 * moment and checks that the reader follows, so a copied literal coming back would fail here.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { DIVISION_COLUMNS, ENGINE_READINGS, fullStands, MISSILE_TROOPS, TROOPS, TROOP_TYPES, validateScenario, type TroopType } from '../../src/rules';
import { F_RETREATED } from '../../src/engine/table';
import { maxMissileRange } from '../../src/rules/fire';
import { positionOf } from '../../src/rules/game';
import { movesAfterCharge } from '../../src/rules/movement';
import { heldAfterCharge, markedAfterRetreat } from '../../src/rules/readings';
import { markedAsRetreated } from '../../src/rules/support';
import { gameOf, scenarioOf, withUnit } from '../engine/helpers';

const readings = ENGINE_READINGS as unknown as Record<string, unknown>;
const troops = TROOPS as unknown as Record<TroopType, { range: number | null }>;
const saved: Array<() => void> = [];
/** Set obj[key] = value until the end of the test. */
function patch<T extends object>(obj: T, key: keyof T, value: unknown): void {
  const before = obj[key];
  (obj as Record<keyof T, unknown>)[key] = value;
  saved.push(() => { (obj as Record<keyof T, unknown>)[key] = before; });
}
afterEach(() => { while (saved.length) saved.pop()!(); });

describe('5 readings table', () => {
  test('no unused reading: retireStraight is gone (R-retire ranks routes, it does not go straight)', () => {
    expect(Object.keys(readings)).not.toContain('retireStraight');
  });
});

describe('9 missile range is the troop table\'s', () => {
  test.each(TROOP_TYPES.map((t) => [t]))('%s', (t) => {
    expect(maxMissileRange(t)).toBe(MISSILE_TROOPS.includes(t) ? TROOPS[t].range : 0);
  });
  test('changing the table\'s range changes the rule', () => {
    patch(troops.longbowmen, 'range', 2);
    expect(maxMissileRange('longbowmen')).toBe(2);
  });
});

describe('7 the move after a charge is one reading', () => {
  test('movesAfterCharge is heldAfterCharge over the unit', () => {
    const s = gameOf([['t', 'kn', 'knights', 'B2', 'S'], ['r', 'mi', 'mediumInfantry', 'B10', 'N']]);
    for (const charged of [null, 0, 1, 2, 3]) {
      const x = withUnit(s, 'kn', { chargedTurn: charged });
      const u = x.units.find((v) => v.id === 'kn')!;
      expect(movesAfterCharge(x, u)).toBe(heldAfterCharge(x.turn, charged));
    }
  });
});

describe('10 a retreated unit is marked for turnsMarkedAfterRetreat turns', () => {
  const s = { ...gameOf([['t', 'kn', 'knights', 'B2', 'S'], ['r', 'mi', 'mediumInfantry', 'B10', 'N']]), turn: 6 };
  const at = (retreatedTurn: number) => withUnit(s, 'kn', { retreatedTurn });
  const readable = (x: ReturnType<typeof at>) => markedAsRetreated(x, x.units.find((v) => v.id === 'kn')!);
  const core = (x: ReturnType<typeof at>) => {
    const p = positionOf(x);
    const i = x.units.findIndex((v) => v.id === 'kn');
    return (p.flags[i]! & F_RETREATED) !== 0;
  };
  test('the support rule and the core both read it', () => {
    const n = ENGINE_READINGS.turnsMarkedAfterRetreat;
    for (const back of [0, n, n + 1]) {
      const x = at(s.turn - back);
      expect(readable(x)).toBe(markedAfterRetreat(x.turn, x.turn - back));
      expect(core(x)).toBe(back <= n);
    }
  });
  test('changing the reading changes both', () => {
    const n = ENGINE_READINGS.turnsMarkedAfterRetreat;
    const x = at(s.turn - (n + 1));
    expect(readable(x)).toBe(false);
    patch(readings, 'turnsMarkedAfterRetreat', n + 1);
    expect(readable(x)).toBe(true);
    expect(core(x)).toBe(true);
  });
});

describe('2 and 4 the validator reads the troop table', () => {
  test('a ballista starts with the ballistarii\'s full stands', () => {
    const crew = fullStands('ballistarii');
    const withCrew = (stands: number) => validateScenario(scenarioOf([['t', 'bal', 'ballista', 'F1', 'S'], ['t', 'cr', 'ballistarii', 'F1', 'S', stands], ['r', 'mi', 'mediumInfantry', 'B10', 'N']]));
    expect(withCrew(crew).map((d) => d.code)).not.toContain('ballista-without-crew');
    const short = withCrew(crew - 1).find((d) => d.code === 'ballista-without-crew');
    expect(short?.message).toContain(`it starts with ${crew}.`);
  });

  test('each division wants DIVISION_COLUMNS columns', () => {
    const s = scenarioOf([['t', 'kn', 'knights', 'B2', 'S'], ['r', 'mi', 'mediumInfantry', 'B10', 'N']], {}, {}, 2 * DIVISION_COLUMNS - 1);
    const two = { ...s, sides: s.sides.map((x) => ({ ...x, divisions: 2 })) };
    expect(validateScenario(two).some((d) => d.code === 'composition' && d.message.includes(`${DIVISION_COLUMNS} columns of frontage`))).toBe(true);
    const wide = scenarioOf([['t', 'kn', 'knights', 'B2', 'S'], ['r', 'mi', 'mediumInfantry', 'B10', 'N']], {}, {}, 2 * DIVISION_COLUMNS);
    expect(validateScenario({ ...wide, sides: wide.sides.map((x) => ({ ...x, divisions: 2 })) }).some((d) => d.message.includes('columns of frontage'))).toBe(false);
  });
});
