import { describe, expect, test } from 'vitest';
import {
  dewittRoster, dwRosterPoints, dwUnitPoints, dwWorkings, rosterPoints, validateDewitt, validateRoster, type DwRoster, type DwUnit,
} from '../../src/rulesets';

const roster = (units: DwUnit[], pointsLimit?: number): DwRoster => ({
  format: 'roster', version: 1, ruleset: 'dewitt-medieval', meta: { title: 'Test' },
  ...(pointsLimit === undefined ? {} : { options: { pointsLimit } }), units,
});

// Every expectation is worked by hand from the piece-cost table: figures x (class cost + weapons - 1 if no shield).
const worked: Array<{ what: string; unit: DwUnit; points: number }> = [
  { what: '6 heavy foot with spear and no shield', points: 6 * (8 + 1 - 1),
    unit: { id: 'u', kind: 'foot', class: 'heavy', stands: 2, weapons: ['spear'], shield: false } },
  { what: '6 superheavy cavalry with lance', points: 6 * (19 + 2),
    unit: { id: 'u', kind: 'cavalry', class: 'superHeavy', stands: 2, weapons: ['lance'] } },
  { what: '18 light foot with longbow and no shield', points: 18 * (4 + 2 - 1),
    unit: { id: 'u', kind: 'foot', class: 'light', stands: 6, weapons: ['longbow'], shield: false } },
  { what: '9 medium cavalry with bow and mace', points: 9 * (10 + 2 + 1),
    unit: { id: 'u', kind: 'cavalry', class: 'medium', stands: 3, weapons: ['bow', 'mace'] } },
  { what: '4 light cavalry with crossbow on 2-figure stands', points: 4 * (8 + 1),
    unit: { id: 'u', kind: 'cavalry', class: 'light', stands: 2, figuresPerStand: 2, weapons: ['crossbow'] } },
  { what: '9 superheavy foot with two-handed weapons and no shield', points: 9 * (12 + 2 - 1),
    unit: { id: 'u', kind: 'foot', class: 'superHeavy', stands: 3, weapons: ['twoHanded'], shield: false } },
  { what: '12 medium foot with pike', points: 12 * (6 + 2),
    unit: { id: 'u', kind: 'foot', class: 'medium', stands: 4, weapons: ['pike'] } },
  { what: '6 heavy cavalry with sling, short sword and cut-and-thrust', points: 6 * (12 + 1 + 2 + 2),
    unit: { id: 'u', kind: 'cavalry', class: 'heavy', stands: 2, weapons: ['sling', 'shortSword', 'cutAndThrust'] } },
  { what: 'a commander-in-chief', points: 100, unit: { id: 'u', kind: 'commanderInChief' } },
  { what: 'a general', points: 50, unit: { id: 'u', kind: 'general' } },
];

describe('Dewitt piece cost', () => {
  test.each(worked)('Piece cost: $what = $points points', ({ unit, points }) => {
    expect(dwUnitPoints(unit)).toBe(points);
    expect(dwWorkings(unit)).toMatch(new RegExp(`= ${points}$|: ${points}$`));
  });
  test('Piece cost: the running total is the sum of the worked examples', () => {
    const units = worked.map((w, i) => ({ ...w.unit, id: `u${i}` }));
    const expected = worked.reduce((s, w) => s + w.points, 0);
    expect(dwRosterPoints(roster(units))).toBe(expected);
    expect(rosterPoints(roster(units))).toEqual({ total: expected, limit: null });
    expect(dewittRoster.lines(roster(units)).map((l) => l.points)).toEqual(worked.map((w) => w.points));
  });
  test('Piece cost: the worked example prints its workings', () => {
    expect(dwWorkings(worked[0]!.unit)).toBe('6 figures x (8 + 1 - 1) = 48');
  });
});

const good: DwUnit = { id: 'a', kind: 'foot', class: 'medium', stands: 4, weapons: ['spear'] };
describe('Dewitt roster checks', () => {
  test.each([
    { rule: 'Unit size: 2 to 6 stands (too few)', code: 'unit-stands', pass: roster([good]), fail: roster([{ ...good, stands: 1 }]) },
    { rule: 'Unit size: 2 to 6 stands (too many)', code: 'unit-stands', pass: roster([{ ...good, stands: 6 }]), fail: roster([{ ...good, stands: 7 }]) },
    { rule: 'Leaders: at most one commander-in-chief', code: 'leader-count',
      pass: roster([{ id: 'k', kind: 'commanderInChief' }, { id: 'g', kind: 'general' }, { id: 'g2', kind: 'general' }]),
      fail: roster([{ id: 'k', kind: 'commanderInChief' }, { id: 'k2', kind: 'commanderInChief' }]) },
    { rule: 'Leaders: a leader takes no troop fields', code: 'unit-fields',
      pass: roster([{ id: 'g', kind: 'general' }]), fail: roster([{ id: 'g', kind: 'general', class: 'heavy' }]) },
    { rule: 'Troops: a unit needs its class', code: 'unit-fields', pass: roster([good]), fail: roster([{ id: 'a', kind: 'foot', stands: 3 }]) },
    { rule: 'Points: the total stays within the agreed limit', code: 'over-points',
      pass: roster([good], 12 * (6 + 1)), fail: roster([good], 12 * (6 + 1) - 1) },
  ])('$rule', ({ code, pass, fail }) => {
    expect(validateRoster(pass)).toEqual([]);
    const found = validateDewitt(fail).filter((d) => d.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe('error');
    expect(found[0]!.message).toMatch(/"a"|"g"|commanders-in-chief|over the agreed/);
  });
  test('Points: the over-limit message says by how much', () => {
    const [d] = validateDewitt(roster([good], 80));
    expect(d?.message).toContain(`${12 * 7 - 80} over`);
  });
});
