import { describe, expect, test } from 'vitest';
import {
  artilleryDice, chanceAtMost, expectedHits, musketDice, validateRoster, validateSplendidVictory, type SvRoster, type SvUnit,
} from '../../src/rulesets';

const unit = (id: string, kind: SvUnit['kind'], stands: SvUnit['stands']): SvUnit => ({ id, kind, stands });

/** A valid army: commander, sub-commander, 3 pike and musket, 1 foot, 2 cavalry, 1 gun. */
function army(extra: SvUnit[] = [], options?: SvRoster['options']): SvRoster {
  return {
    format: 'roster', version: 1, ruleset: 'splendid-victory', meta: { title: 'Test army' },
    ...(options ? { options } : {}),
    units: [
      unit('c', 'command', { commander: 1 }),
      unit('s', 'command', { subCommander: 1 }),
      unit('pm1', 'pikeAndMusket', { pike: 2, musket: 4 }),
      unit('pm2', 'pikeAndMusket', { pike: 1, musket: 3 }),
      unit('pm3', 'pikeAndMusket', { musket: 2 }),
      unit('f1', 'foot', { handToHand: 3 }),
      unit('h1', 'cavalry', { cavalry: 4 }),
      unit('h2', 'cavalry', { cavalry: 3 }),
      unit('g1', 'artillery', { lightGun: 1 }),
      ...extra,
    ],
  };
}
const without = (r: SvRoster, ...ids: string[]): SvRoster => ({ ...r, units: r.units.filter((u) => !ids.includes(u.id)) });
const many = (n: number, make: (i: number) => SvUnit) => Array.from({ length: n }, (_, i) => make(i));

interface Case { rule: string; code: string; pass: SvRoster; fail: SvRoster }

const cases: Case[] = [
  { rule: 'Stands and units: artillery is a single stand', code: 'unit-stands',
    pass: army(), fail: army([unit('g2', 'artillery', { heavyGun: 2 })]) },
  { rule: 'Stands and units: a command unit is a single stand', code: 'unit-stands',
    pass: army(), fail: { ...army(), units: army().units.map((u) => (u.id === 'c' ? { ...u, stands: { commander: 2 } } : u)) } },
  { rule: 'Stands and units: other units have at least 2 stands', code: 'unit-stands',
    pass: army([unit('pm4', 'pikeAndMusket', { pike: 1, musket: 1 })]), fail: army([unit('pm4', 'pikeAndMusket', { musket: 1 })]) },
  { rule: 'Stands and units: other units have at most 6 stands', code: 'unit-stands',
    pass: army([unit('pm4', 'pikeAndMusket', { pike: 2, musket: 4 })]), fail: army([unit('pm4', 'pikeAndMusket', { pike: 3, musket: 4 })]) },
  { rule: 'Stands and units: a unit holds only its own kinds of stand', code: 'stand-kind',
    pass: army([unit('f2', 'foot', { handToHand: 1, lightHandToHand: 2 }), unit('pm4', 'pikeAndMusket', { pike: 2 })]),
    fail: army([unit('pm4', 'pikeAndMusket', { pike: 2, cavalry: 1 })]) },
  { rule: 'Commanders: exactly one commander (none)', code: 'commander-count',
    pass: army(), fail: without(army(), 'c') },
  { rule: 'Commanders: exactly one commander (two)', code: 'commander-count',
    pass: army(), fail: army([unit('c2', 'command', { commander: 1 })]) },
  { rule: 'Commanders: one sub-commander', code: 'sub-commander-count',
    pass: army(), fail: without(army(), 's') },
  { rule: 'Commanders: a second sub-commander only when both sides agree', code: 'sub-commander-count',
    pass: army([unit('s2', 'command', { subCommander: 1 })], { secondSubCommander: true }),
    fail: army([unit('s2', 'command', { subCommander: 1 })]) },
  { rule: 'Commanders: never more than two sub-commanders', code: 'sub-commander-count',
    pass: army([unit('s2', 'command', { subCommander: 1 })], { secondSubCommander: true }),
    fail: army([unit('s2', 'command', { subCommander: 1 }), unit('s3', 'command', { subCommander: 1 })], { secondSubCommander: true }) },
  { rule: 'Pike and musket units: more of them than foot units', code: 'pike-and-musket-vs-foot',
    pass: army([unit('f2', 'foot', { handToHand: 2 })]),
    fail: army([unit('f2', 'foot', { handToHand: 2 }), unit('f3', 'foot', { lightHandToHand: 2 })]) },
  { rule: 'Foot units: more foot than mounted units', code: 'foot-vs-mounted',
    pass: army([unit('h3', 'cavalry', { cavalry: 2 })]),
    fail: army([unit('h3', 'cavalry', { cavalry: 2 }), unit('h4', 'cavalry', { cavalry: 2 })]) },
  { rule: 'Foot units: dragoons count as mounted', code: 'foot-vs-mounted',
    pass: army([unit('d1', 'dragoons', { dragoon: 2 })]),
    fail: army([unit('d1', 'dragoons', { dragoon: 2 }), unit('d2', 'dragoons', { dragoon: 3 })]) },
  { rule: 'Heavy cavalry: at most one unit per 15 mounted units', code: 'heavy-cavalry-ratio',
    // 15 mounted (12 more cavalry + 1 heavy + the 2 of the base army), 20 foot of which 16 pike and musket.
    pass: army([...many(12, (i) => unit(`hx${i}`, 'cavalry', { cavalry: 2 })), unit('hc', 'heavyCavalry', { heavyCavalry: 2 }),
      ...many(13, (i) => unit(`pmx${i}`, 'pikeAndMusket', { musket: 2 })), ...many(3, (i) => unit(`fx${i}`, 'foot', { handToHand: 2 }))]),
    fail: army([...many(11, (i) => unit(`hx${i}`, 'cavalry', { cavalry: 2 })), unit('hc', 'heavyCavalry', { heavyCavalry: 2 }),
      ...many(13, (i) => unit(`pmx${i}`, 'pikeAndMusket', { musket: 2 })), ...many(3, (i) => unit(`fx${i}`, 'foot', { handToHand: 2 }))]) },
  { rule: 'Cavalry: a cavalry unit is all cavalry stands', code: 'uniform-cavalry',
    pass: army([unit('h3', 'cavalry', { cavalry: 2 })]), fail: army([unit('h3', 'cavalry', { cavalry: 2, heavyCavalry: 1 })]) },
  { rule: 'Cavalry: a heavy cavalry unit is all heavy cavalry stands', code: 'uniform-cavalry',
    pass: army(), fail: army([unit('h3', 'heavyCavalry', { heavyCavalry: 1, cavalry: 2 })]) },
];

describe('A Splendid Victory! army composition', () => {
  test.each(cases)('$rule: a roster keeping it passes', ({ pass }) => {
    expect(validateRoster(pass)).toEqual([]);
  });
  test.each(cases)('$rule: a roster breaking it fails with $code', ({ fail, code }) => {
    const found = validateSplendidVictory(fail).filter((d) => d.code === code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.severity === 'error' && d.message.length > 20 && d.path?.startsWith('/units'))).toBe(true);
    expect(validateRoster(fail).map((d) => d.code)).toContain(code);
  });
  test('messages name the unit that breaks a rule', () => {
    const [d] = validateSplendidVictory(army([unit('pm4', 'pikeAndMusket', { musket: 1 })]));
    expect(d?.message).toContain('"pm4"');
    expect(d?.path).toBe('/units/9/stands');
  });
});

describe('A Splendid Victory! fire', () => {
  test.each([
    // Worked example: 4 musket stands at 6 mounted stands in mass: 4 + 1 (mass) + 1 (mounted) = 6 dice.
    { what: 'musket worked example: 4 stands at mounted in mass', dice: musketDice(4, { mass: true, mounted: true }), want: 4 + 1 + 1 },
    { what: 'musket at a single stand loses a die', dice: musketDice(3, { singleStand: true }), want: 3 - 1 },
    { what: 'musket dice never go below 0', dice: musketDice(0, { singleStand: true }), want: 0 },
    // Worked example: heavy gun at 19" (close grape, 2 dice) at a unit in mass: 2 + 1 = 3 dice.
    { what: 'artillery worked example: heavy gun at 19" at a mass', dice: artilleryDice('heavyGun', 19, { mass: true }), want: 2 + 1 },
  ])('Firing: $what', ({ dice, want }) => {
    expect(dice).toBe(want);
  });
  test.each([
    { gun: 'frameGun' as const, at: 25, want: 'out-of-range' },
    { gun: 'lightGun' as const, at: 41, want: 'out-of-range' },
    { gun: 'lightGun' as const, at: 5, want: 'illegible' },
    { gun: 'heavyGun' as const, at: 60, want: 'illegible' },
  ])('Firing: artillery dice the scan lost are reported, not guessed ($gun at $at")', ({ gun, at, want }) => {
    expect(artilleryDice(gun, at)).toBe(want);
  });
  test('Firing: hit on 2 or less, so the worked example of 6 dice expects 2 hits', () => {
    expect(expectedHits(6, chanceAtMost(2))).toBeCloseTo((6 * 2) / 6, 10);
  });
});
