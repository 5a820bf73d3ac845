/** Melee geometry (digest 10, 9E): grid steps and facings, and who may support from where. */
import { FACINGS, FACING_VECTORS, parseSquare, type Facing, type Square } from './coords';
import { TROOPS, TROOP_TYPES } from './troops';
import type { UnitState } from './state';

/** Grid direction from one square to an adjacent one, or null when not adjacent. */
export function stepBetween(from: Square, to: Square): [number, number] | null {
  const p = parseSquare(from)!, q = parseSquare(to)!;
  const dx = q.col - p.col, dy = q.row - p.row;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return null;
  return [dx, dy];
}

/** Facings by grid direction, index (sign dy + 1) * 3 + sign dx + 1 (no step: undefined). */
const FACING_BY_STEP: ReadonlyArray<Facing | undefined> = (() => {
  const out: Array<Facing | undefined> = new Array(9).fill(undefined);
  for (const k of Object.keys(FACING_VECTORS) as Facing[]) out[(FACING_VECTORS[k][1] + 1) * 3 + FACING_VECTORS[k][0] + 1] = k;
  return out;
})();

/** The facing pointing along a grid direction. */
export function facingOf(dx: number, dy: number): Facing {
  return FACING_BY_STEP[(Math.sign(dy) + 1) * 3 + Math.sign(dx) + 1] ?? 'N';
}

/** Support types (9E) by troop type index (TROOP_TYPES order); 0 for none. */
export const SUPPORT_TYPE = Uint8Array.from(TROOP_TYPES, (t) => TROOPS[t].support ?? 0);

/**
 * Support geometry (9E) by integers: troop type index, facing and direction to the contact square as indices in
 * FACINGS order. Type 1 supports from ahead or directly beside and only facing a side; type 2 from anywhere but
 * directly behind; type 4 from anywhere; type 3 never.
 */
export function supportGeometryOf(type: number, facing: number, dir: number): boolean {
  const behind = dir === ((facing + 4) & 7);
  switch (SUPPORT_TYPE[type]) {
    case 1: return (dir & 1) === 0 && !behind && (facing & 1) === 0;
    case 2: return !behind;
    case 4: return true;
    default: return false;
  }
}

/** SOME_FACING[type * 8 + dir]: does some facing let a unit of that type support a contact square in direction dir? */
const SOME_FACING = Uint8Array.from({ length: TROOP_TYPES.length * 8 }, (_, k) => {
  const type = k >> 3, dir = k & 7;
  return FACINGS.some((_f, f) => supportGeometryOf(type, f, dir)) ? 1 : 0;
});

/** supportGeometryOf with whatever facing the unit takes (the attacker, who may turn freely in its move). */
export function supportsWithSomeFacing(type: number, dir: number): boolean {
  return SOME_FACING[type * 8 + dir] === 1;
}

/** supportGeometry by names and a grid direction (dx, dy) from the supporter to the contact square. */
export function supportGeometry(type: UnitState['type'], facing: Facing, dir: [number, number]): boolean {
  return supportGeometryOf(TROOP_TYPES.indexOf(type), FACINGS.indexOf(facing), FACINGS.indexOf(facingOf(dir[0], dir[1])));
}
