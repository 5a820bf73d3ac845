import { describe, expect, test } from 'vitest';
import { hitOdds, hitRule, missileHits, type TroopType } from '../../src/rules';

// The digest's tables as printed there, read by an oracle independent of src/rules/fire.ts.
const DIGEST: Record<'standard' | 'crossbow', Record<string, [string, string, string]>> = {
  standard: {
    light: ['1,2,3', '1,2', '1'],
    armored: ['1,2', '1', 'Double 1'],
    knights: ['Double 1 or Double 2', 'Double 1', 'Triple 1'],
    commander: ['Double 1', 'Triple 1', 'impossible'],
  },
  crossbow: {
    light: ['1,2,3', '1,2', '1'],
    armored: ['1,2,3', '1,2', 'Double 1'],
    knights: ['1,2', 'Double 1, 2, 3 or 4', 'Triple 1'],
    commander: ['Double 1 or Double 2', 'Double 1', 'Triple 1'],
  },
};
const TARGETS: Record<string, TroopType[]> = {
  light: ['javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii', 'levyInfantry', 'mediumInfantry'],
  armored: ['armoredInfantry', 'lightCavalry', 'turcopoles'],
  knights: ['knights'],
  commander: ['commander'],
};
const BAND_RANGES: [number[], number[], number[]] = [[1], [1.5, 2], [2.5, 3]];

function oracle(cell: string, dice: number[]): number {
  if (cell === 'impossible') return 0;
  const count = (f: number) => dice.filter((d) => d === f).length;
  const faces = (cell.match(/\d/g) ?? []).map(Number);
  if (cell.startsWith('Triple')) return faces.reduce((n, f) => n + Math.floor(count(f) / 3), 0);
  if (cell.startsWith('Double')) return faces.reduce((n, f) => n + Math.floor(count(f) / 2), 0);
  return faces.reduce((n, f) => n + count(f), 0);
}

function allDice(n: number): number[][] {
  if (n === 0) return [[]];
  return allDice(n - 1).flatMap((rest) => [1, 2, 3, 4, 5, 6].map((d) => [d, ...rest]));
}
const ROLLS = [...allDice(1), ...allDice(2), ...allDice(3), ...allDice(4)];

const cases: Array<[string, string, TroopType, TroopType, number, string]> = [];
for (const table of ['standard', 'crossbow'] as const) {
  const shooters: TroopType[] = table === 'crossbow' ? ['crossbowmen'] : ['javelinmen', 'longbowmen', 'lightCavalry'];
  for (const [cls, cells] of Object.entries(DIGEST[table])) {
    cells.forEach((cell, band) => {
      for (const shooter of shooters) for (const target of TARGETS[cls]!) for (const range of BAND_RANGES[band as 0 | 1 | 2]) {
        cases.push([table, cls, shooter, target, range, cell]);
      }
    });
  }
}

describe('9 missile fire tables: every cell, every roll of 1-4 dice', () => {
  test.each(cases)('%s table, %s row: %s at %s range %d (%s)', (_t, _c, shooter, target, range, cell) => {
    const max = shooter === 'javelinmen' || shooter === 'lightCavalry' ? 2.5 : 3;
    for (const dice of ROLLS) {
      const want = range > max ? 0 : oracle(cell, dice);
      expect(missileHits(shooter, target, range, dice), dice.join(',')).toBe(want);
    }
  });
});

describe('9 missile fire rules', () => {
  test('9F worked example: longbowmen, 3 stands, roll 1,1,3', () => {
    expect(missileHits('longbowmen', 'javelinmen', 2, [1, 1, 3])).toBe(2);
    expect(missileHits('longbowmen', 'javelinmen', 1, [1, 1, 3])).toBe(3);
    expect(missileHits('longbowmen', 'knights', 2, [1, 1, 3])).toBe(1);
    expect(missileHits('longbowmen', 'knights', 3, [1, 1, 3])).toBe(0);
  });
  test.each(['javelinmen', 'longbowmen', 'crossbowmen', 'lightCavalry'] as TroopType[])('9 fives and sixes never hit (%s)', (shooter) => {
    for (const target of ['levyInfantry', 'armoredInfantry', 'knights', 'commander'] as TroopType[]) {
      for (const range of [1, 2, 2.5]) expect(missileHits(shooter, target, range, [5, 5, 5, 6, 6, 6])).toBe(0);
    }
  });
  test('9 a die counts once: four 1s are two doubles, not three', () => {
    expect(missileHits('longbowmen', 'knights', 2, [1, 1, 1, 1])).toBe(2);
    expect(missileHits('longbowmen', 'knights', 3, [1, 1, 1, 1, 1, 1])).toBe(2);
  });
  test('9 ranges: javelinmen and light cavalry reach 2 1/2, bows 3, nobody beyond', () => {
    expect(missileHits('javelinmen', 'levyInfantry', 3, [1, 1, 1])).toBe(0);
    expect(missileHits('lightCavalry', 'levyInfantry', 2.5, [1, 1, 1])).toBe(3);
    expect(missileHits('crossbowmen', 'levyInfantry', 3.5, [1, 1, 1])).toBe(0);
  });
  test('9 ballistas are never hit by missiles; non-missile troops score nothing', () => {
    expect(hitRule('longbowmen', 'ballista', 1)).toBeNull();
    expect(missileHits('knights', 'levyInfantry', 1, [1, 1])).toBe(0);
  });
  test('odds aid: 3 dice hitting on 1,2,3 score 1.5 expected, 7/8 at least one', () => {
    const odds = hitOdds(hitRule('longbowmen', 'levyInfantry', 1)!, 3);
    expect(odds.expected).toBeCloseTo(1.5, 10);
    expect(odds.atLeastOne).toBeCloseTo(1 - 1 / 8, 10);
    const knights = hitOdds(hitRule('longbowmen', 'knights', 2)!, 2);
    expect(knights.atLeastOne).toBeCloseTo(1 / 36, 10);
  });
});
