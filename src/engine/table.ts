/**
 * The integer unit table the move phase's rules read (issue 9, fast core): every unit as integers by slot, the active
 * units in each square in slot order, and for each side the squares that hold its enemies' troops. The core's
 * position (position.ts) is one, kept up to date as it changes; the rules that read only this much take a Table.
 */
import { TROOP_TYPES } from '../rules/troops';
import { stackCountsFit } from '../rules/stacking';
import type { Board } from './board';

/** Troop types by index (TROOP_TYPES order). */
export const TYPE_INDEX = Object.fromEntries(TROOP_TYPES.map((t, i) => [t, i])) as Record<string, number>;

/** Type indices the engine's integer rules name. */
export const KNIGHTS = TYPE_INDEX.knights!, BALLISTA = TYPE_INDEX.ballista!, BALLISTARII = TYPE_INDEX.ballistarii!, COMMANDER = TYPE_INDEX.commander!;

/** Unit flags of the integer table. */
export const F_MOVED = 1, F_RETIRING = 2, F_CHARGED_NOW = 4, F_AFTER_CHARGE = 8, F_RETREATED = 16, F_ACTIVE = 32;
/**
 * Small integers by index, as plain arrays: the engine copies its tables for every state, and V8 allocates typed
 * arrays of more than 64 bytes outside its heap, several times slower than an array of small integers.
 */
export type Ints = number[];

/** The integer unit table the move rules and retreats read (a position is one). */
export interface Table {
  board: Board;
  /** The side ids, in the state's order. */
  sides: readonly string[];
  /** By side index: 1 where troops (not ballistas) of another side stand. */
  enemy: readonly Ints[];
  /** By side index: the same squares as a bit per square (32 to a word), for the move memo's checks. */
  enemyBits: readonly Uint32Array[];
  /**
   * The units as integers, by index in the state's units array: side index, type index (TROOP_TYPES), square index
   * (-1: not active on the board), facing index (FACINGS), stands, half-killed stands, controlling side index of a
   * ballista (-1: none) and flags (F_*, judged for the state's turn).
   */
  side: Ints; type: Ints; sq: Ints; face: Ints; stands: Ints; half: Ints; ctrl: Ints; flags: Ints;
  /** The units active on the board in each square, in slot order (each list is replaced, never changed, when it changes). */
  cells: ReadonlyArray<readonly number[]>;
}

/**
 * Would the side's stacking limits (2B, 6C-F) hold with unit x (at `stands` stands, carrying ballista `carried`, -1
 * none) added to square j? Besides at most one commander and one ballista (of any side), the side's troops there may
 * be knights of at most 2 stands, ballistarii of at most 4, or one other unit; other sides' troops do not count.
 * With `troopsOnly` ballistas are left out (who may lead a melee, 6J, counts the troops alone).
 */
export function stackFits(occ: Table, j: number, x: number, stands: number, carried: number, troopsOnly = false): boolean {
  let commanders = 0, ballistas = carried >= 0 ? 1 : 0, knights = 0, crew = 0, others = 0;
  const s = occ.side[x]!;
  const here = occ.cells[j]!;
  for (let k = -1; k < here.length; k++) {
    const y = k < 0 ? x : here[k]!;
    const type = occ.type[y]!;
    if (k >= 0 && (y === x || (type !== BALLISTA && occ.side[y] !== s) || y === carried || (troopsOnly && type === BALLISTA))) continue;
    const n = k < 0 ? stands : occ.stands[y]!;
    if (type === COMMANDER) commanders++;
    else if (type === BALLISTA) ballistas++;
    else if (type === KNIGHTS) knights += n;
    else if (type === BALLISTARII) crew += n;
    else others++;
  }
  return stackCountsFit(commanders, ballistas, knights, crew, others);
}

/**
 * Does square j hold troops (not ballistas) of side s (-1: of either side)? The core's one troopsIn (support.ts
 * troopsIn over the state's records).
 */
export function troopsIn(occ: Table, j: number, s = -1): boolean {
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) { const y = here[k]!; if (occ.type[y] !== BALLISTA && (s < 0 || occ.side[y] === s)) return true; }
  return false;
}

/** A square's unit list with unit x added in slot order (a new list). */
export function withUnit(list: readonly number[], x: number): number[] {
  const out: number[] = [];
  let done = false;
  for (const y of list) { if (!done && y > x) { out.push(x); done = true; } out.push(y); }
  if (!done) out.push(x);
  return out;
}
