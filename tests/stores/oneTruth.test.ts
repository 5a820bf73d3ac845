/** Issue 26: the editor's defaults and turns read the rule modules, not copies of their numbers. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_RULES, DEFAULT_TURN_LIMIT, SIDE_FACINGS, resolveBoard, type Scenario } from '../../src/rules';
import { blankScenario } from '../../src/scenario';
import { fitBoard, fitRules, onBoard } from '../../src/stores/fitEdits';
import { addUnit, findUnit, placeUnit, rotateUnit } from '../../src/stores/unitEdits';

describe('editor defaults', () => {
  test('a turn limit that is not a number falls back to the default limit', () => {
    expect(DEFAULT_RULES.turnLimit).toBe(DEFAULT_TURN_LIMIT);
    expect(fitRules({ turnLimit: Number.NaN }, blankScenario()).turnLimit).toBe(DEFAULT_TURN_LIMIT);
  });

  test('a board with no size is the resolved default board', () => {
    const s: Scenario = { ...blankScenario(), board: {} };
    const { columns, rows } = resolveBoard(undefined);
    expect(fitBoard(s, { columns: Number.NaN, rows: Number.NaN }).board).toEqual({ columns, rows });
    expect(onBoard(s, 'A1')).toBe(true);
    expect(onBoard(s, `${String.fromCharCode(64 + columns)}${rows}`)).toBe(true);
    expect(onBoard(s, `${String.fromCharCode(65 + columns)}1`)).toBe(false);
  });

  test('4 a support type 1 unit turns through SIDE_FACINGS in their order', () => {
    const { scenario, id } = addUnit(blankScenario(), 0, 'knights');
    let s = placeUnit(scenario, id, 'C2');
    for (const dir of [1, -1] as const) {
      let facing = SIDE_FACINGS[0]!;
      const seen = [facing];
      for (let k = 0; k < SIDE_FACINGS.length; k++) {
        s = rotateUnit(s, id, dir, facing);
        facing = findUnit(s, id)!.unit.facing!;
        seen.push(facing);
      }
      const order = dir === 1 ? SIDE_FACINGS : [SIDE_FACINGS[0]!, ...[...SIDE_FACINGS].slice(1).reverse()];
      expect(seen).toEqual([...order, SIDE_FACINGS[0]]);
    }
  });
});
