/** The readable line of fire (digest 5, 9B) held square by square to the fast core's fireClear, and mutual. */
import { describe, expect, test } from 'vitest';
import { createRng, lineOfFireClear, rollDie, squareName, type Square } from '../../src/rules';
import { fireClear } from '../../src/engine';
import { positionOf } from '../../src/rules/game';
import { gameOf, type UnitRow } from '../engine/helpers';

/** A 12x12 field with a few woods and troops of both sides (a ballista alone among them), from a seed. */
function field(seed: number) {
  const rng = createRng(seed);
  const roll = (n: number) => rollDie(rng, n) - 1;
  const used = new Set<Square>();
  const free = (): Square => { for (;;) { const sq = squareName(roll(12), roll(12)); if (!used.has(sq)) { used.add(sq); return sq; } } };
  const woods = Array.from({ length: 10 }, () => ({ at: free(), kind: 'woods' as const }));
  const rows: UnitRow[] = [
    ...Array.from({ length: 5 }, (_, k): UnitRow => ['t', `t${k}`, 'levyInfantry', free(), 'S']),
    ...Array.from({ length: 5 }, (_, k): UnitRow => ['r', `r${k}`, 'mediumInfantry', free(), 'N']),
    ['r', 'lone-ballista', 'ballista', free(), 'N'],
  ];
  return gameOf(rows, { terrain: { protected: woods } });
}

describe('5 line of fire: the readable rule and the core agree', () => {
  test.each([1, 2, 3])('every pair of squares on field %i', (seed) => {
    const s = field(seed);
    const p = positionOf(s);
    const squares = p.board.names;
    let clear = 0, screened = 0;
    for (let i = 0; i < squares.length; i += 3) for (let j = 0; j < squares.length; j += 2) {
      if (i === j) continue;
      const readable = lineOfFireClear(s, squares[i]!, squares[j]!);
      expect(readable, `${squares[i]} -> ${squares[j]}`).toBe(fireClear(p, i, j));
      expect(readable, `mutual ${squares[j]} -> ${squares[i]}`).toBe(lineOfFireClear(s, squares[j]!, squares[i]!));
      if (readable) clear++; else screened++;
    }
    expect(clear).toBeGreaterThan(0);
    expect(screened).toBeGreaterThan(0);
  });
});
