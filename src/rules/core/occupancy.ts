/**
 * Occupancy of one state on the integer board (issue 9, fast core), built in one pass over the units: every unit as
 * integers (the move phase's rules read nothing else), the active units in each square in the state's unit order, and
 * for each side the squares that hold its enemies' troops. Valid while the state's units do not change (a read-only
 * pass such as listing the legal actions); a working copy's kept occupancy is refreshed after it changes.
 *
 * Buffers are pooled, and a buffer encodes a unit record again only when its slot held another record or the turn
 * changed: records never change once a state is made. Drafts and working copies, whose records do change in place,
 * are built with `inPlace` (nothing kept) or refreshed naming the records that changed (refreshOccupancy).
 */
import type { GameState, UnitState } from '../state';
import { FACINGS } from '../coords';
import { TROOP_TYPES } from '../troops';
import { heldAfterCharge } from '../readings';
import { boardOf, squareIndex, type Board } from './board';

/** Troop types by index (TROOP_TYPES order) and facings by index (FACINGS order, the board's directions). */
export const TYPE_INDEX = Object.fromEntries(TROOP_TYPES.map((t, i) => [t, i])) as Record<string, number>;
const FACING_INDEX = Object.fromEntries(FACINGS.map((f, i) => [f, i])) as Record<string, number>;

/** Type indices the engine's integer rules name. */
export const KNIGHTS = TYPE_INDEX.knights!, BALLISTA = TYPE_INDEX.ballista!, BALLISTARII = TYPE_INDEX.ballistarii!, COMMANDER = TYPE_INDEX.commander!;

/** Unit flags of the integer table. */
export const F_MOVED = 1, F_RETIRING = 2, F_CHARGED_NOW = 4, F_AFTER_CHARGE = 8, F_RETREATED = 16, F_ACTIVE = 32;
/** Units one square may list in the integer table (stacking allows far fewer; a broken file may hold more). */
export const STACK = 16;

/**
 * The integer unit table the move rules read (moverules.ts, moves.ts, retreats): an occupancy built from a JSON state,
 * or a position (position.ts) that the core changes in place.
 */
export interface Table {
  board: Board;
  /** The side ids, in the state's order. */
  sides: readonly string[];
  /** By side index: 1 where troops (not ballistas) of another side stand. */
  enemy: readonly Uint8Array[];
  /** By side index: the same squares as a bit per square (32 to a word), for the move memo's checks. */
  enemyBits: readonly Uint32Array[];
  /**
   * The units as integers, by index in the state's units array: side index, type index (TROOP_TYPES), square index
   * (-1: not active on the board), facing index (FACINGS), stands, half-killed stands, controlling side index of a
   * ballista (-1: none) and flags (F_*, judged for the state's turn).
   */
  side: Int8Array; type: Int8Array; sq: Int16Array; face: Int8Array; stands: Int8Array; half: Int8Array; ctrl: Int8Array; flags: Uint8Array;
  /** The units active on the board in each square, by index in the state's order: cell[j * STACK + k] for k < cellN[j]. */
  cell: Int16Array; cellN: Uint8Array;
}

export interface Occupancy extends Table {
  /** The units array it was built from (a state's units are never changed once the state is made, drafts aside). */
  units: readonly UnitState[];
  /** Active units on the board by square index, in the state's unit order (one shared empty array for none). */
  at: ReadonlyArray<readonly UnitState[]>;
}

interface Buffers extends Occupancy {
  at: Array<readonly UnitState[]>;
  sides: string[];
  enemy: Uint8Array[];
  /** By side index: the squares marked in `enemy`, each once (to clear on release). */
  enemySquares: number[][];
  enemyBits: Uint32Array[];
  /** Squares with units, to clear on release. */
  occupied: number[];
  /** The record each unit slot was last encoded from, and in which turn (flags read the turn). */
  rec: Array<UnitState | undefined>;
  turn: number;
  /** Built from a working copy (its records change in place). */
  inPlace: boolean;
}

const NONE: readonly UnitState[] = Object.freeze([]);
/** Released occupancies, reused (allocating the typed arrays costs more than clearing the few squares set). */
const free: Buffers[] = [];

/**
 * The occupancy of a state, built in one pass over its units. Give it back with releaseOccupancy when the pass is
 * over (state.ts withOccupancy does both); it must not be read after that.
 */
export function occupancyOf(state: GameState, inPlace = false): Occupancy {
  const board = boardOf(state.scenario);
  const k = free.findIndex((b) => b.board === board);
  const o = k >= 0 ? free.splice(k, 1)[0]! : buffers(board, 64);
  // A working copy's records change in place: nothing encoded from them is kept (see releaseOccupancy).
  o.inPlace = inPlace;
  if (inPlace) o.rec.length = 0;
  fill(o, state);
  return o;
}

/**
 * Build a working copy's kept occupancy again after some of its records changed in place (`changed`: those records;
 * null: any may have). Only changed records are encoded again.
 */
export function refreshOccupancy(occ: Occupancy, state: GameState, changed: readonly UnitState[] | null): void {
  const o = occ as Buffers;
  clear(o);
  if (changed === null) o.rec.length = 0;
  else for (const u of changed) { const x = o.rec.indexOf(u); if (x >= 0) o.rec[x] = undefined; }
  fill(o, state);
}

/** Fill cleared buffers from a state's units (records encoded before in the same slot and turn are not read again). */
function fill(o: Buffers, state: GameState): void {
  const { board } = o;
  const n = state.units.length;
  if (o.side.length < n) Object.assign(o, unitTable(2 * n), { rec: [] });
  o.units = state.units;
  const { at, sides, enemy, enemySquares, enemyBits, occupied, cell, cellN, side, type, sq, face, stands, half, ctrl, flags } = o;
  for (let s = 0; s < state.sides.length; s++) {
    sides[s] = state.sides[s]!.id;
    enemy[s] ??= new Uint8Array(board.n);
    enemySquares[s] ??= [];
    enemyBits[s] ??= new Uint32Array(board.words);
  }
  sides.length = state.sides.length;
  const turn = state.turn, rec = o.rec, again = o.turn !== turn;
  o.turn = turn;
  for (let x = 0; x < n; x++) {
    const u = state.units[x]!;
    // Records are never changed once a state is made (drafts aside: they are never listed): a record encoded last
    // time in this slot, in the same turn, reads the same.
    if (rec[x] !== u || again) {
      rec[x] = u;
      side[x] = sides.indexOf(u.side);
      type[x] = TYPE_INDEX[u.type]!;
      face[x] = FACING_INDEX[u.facing] ?? 0;
      stands[x] = u.stands;
      half[x] = u.half;
      ctrl[x] = u.type === 'ballista' && u.controller != null ? sides.indexOf(u.controller) : -1;
      const charged = u.chargedTurn, retreated = u.retreatedTurn;
      flags[x] = (u.moved ? F_MOVED : 0) | (u.retiring ? F_RETIRING : 0) | (charged === turn ? F_CHARGED_NOW : 0)
        | (heldAfterCharge(turn, charged) ? F_AFTER_CHARGE : 0)
        | (retreated !== null && turn - retreated <= 1 ? F_RETREATED : 0) | (u.status === 'active' ? F_ACTIVE : 0);
      sq[x] = u.status === 'active' && u.at !== null ? squareIndex(board, u.at) : -1;
    }
    const i = sq[x]!, s = side[x]!;
    if (i < 0) continue;
    if (cellN[i]! < STACK) cell[i * STACK + cellN[i]!++] = x;
    const here = at[i]!;
    if (here === NONE) { at[i] = [u]; occupied.push(i); } else (here as UnitState[]).push(u);
    if (type[x] === BALLISTA) continue;
    for (let e = 0; e < sides.length; e++) {
      if (e === s || enemy[e]![i]) continue;
      enemy[e]![i] = 1;
      enemySquares[e]!.push(i);
      enemyBits[e]![i >> 5]! |= 1 << (i & 31);
    }
  }
}

/** Clear an occupancy for reuse (see occupancyOf). */
export function releaseOccupancy(occ: Occupancy): void {
  const o = occ as Buffers;
  clear(o);
  if (o.inPlace) o.rec.length = 0;
  if (free.length < 8) free.push(o);
}

function clear(o: Buffers): void {
  for (const i of o.occupied) { o.at[i] = NONE; o.cellN[i] = 0; }
  o.occupied.length = 0;
  for (let s = 0; s < o.enemy.length; s++) {
    for (const i of o.enemySquares[s]!) o.enemy[s]![i] = 0;
    o.enemySquares[s]!.length = 0;
    o.enemyBits[s]!.fill(0);
  }
  o.units = [];
}



function unitTable(n: number) {
  return {
    side: new Int8Array(n), type: new Int8Array(n), sq: new Int16Array(n), face: new Int8Array(n), stands: new Int8Array(n),
    half: new Int8Array(n), ctrl: new Int8Array(n), flags: new Uint8Array(n),
  };
}

function buffers(board: Board, n: number): Buffers {
  const t = unitTable(n);
  return {
    board, units: [], at: new Array<readonly UnitState[]>(board.n).fill(NONE), sides: [], enemy: [], enemyBits: [],
    side: t.side, type: t.type, sq: t.sq, face: t.face, stands: t.stands, half: t.half, ctrl: t.ctrl, flags: t.flags,
    cell: new Int16Array(board.n * STACK), cellN: new Uint8Array(board.n), enemySquares: [], occupied: [], rec: [], turn: -1, inPlace: false,
  };
}

/** The index of a unit's side in the occupancy (every unit belongs to one of the state's sides). */
export function sideIndex(occ: Table, side: string): number {
  const s = occ.sides.indexOf(side);
  if (s < 0) throw new Error(`no side ${side}`);
  return s;
}

/** Reused by enemiesOf (its result is valid until the next call). */
let scan = { board: null as Board | null, enemy: new Uint8Array(0), squares: [] as number[], bits: new Uint32Array(0) };

/**
 * Just the squares holding troops of another side than `side` (the `enemy` and `enemyBits` of an occupancy, without
 * the rest): all a single move search needs. Valid until the next call.
 */
export function enemiesOf(state: GameState, board: Board, side: string): { enemy: Uint8Array; bits: Uint32Array } {
  if (scan.board !== board) scan = { board, enemy: new Uint8Array(board.n), squares: [], bits: new Uint32Array(board.words) };
  for (const i of scan.squares) scan.enemy[i] = 0;
  scan.squares.length = 0;
  scan.bits.fill(0);
  for (const u of state.units) {
    if (u.status !== 'active' || u.at === null || u.type === 'ballista' || u.side === side) continue;
    const i = squareIndex(board, u.at);
    if (i < 0 || scan.enemy[i]) continue;
    scan.enemy[i] = 1;
    scan.squares.push(i);
    scan.bits[i >> 5]! |= 1 << (i & 31);
  }
  return scan;
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
  for (let k = -1, base = j * STACK; k < occ.cellN[j]!; k++) {
    const y = k < 0 ? x : occ.cell[base + k]!;
    const type = occ.type[y]!;
    if (k >= 0 && (y === x || (type !== BALLISTA && occ.side[y] !== s) || y === carried || (troopsOnly && type === BALLISTA))) continue;
    const n = k < 0 ? stands : occ.stands[y]!;
    if (type === COMMANDER) commanders++;
    else if (type === BALLISTA) ballistas++;
    else if (type === KNIGHTS) knights += n;
    else if (type === BALLISTARII) crew += n;
    else others++;
  }
  return commanders <= 1 && ballistas <= 1 && knights <= 2 && crew <= 4 && (knights > 0 ? 1 : 0) + (crew > 0 ? 1 : 0) + others <= 1;
}
