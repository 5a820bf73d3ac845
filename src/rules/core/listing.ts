/**
 * Move-phase listings kept from one position to the next (issue 9, fast core): each unit's moves square by square and
 * its facing changes, so that the listing of the position an action leads to works out again only what that action
 * could have changed. The list is always the one moveActions makes afresh (tests/engine/listing.test.ts).
 */
import type { Square } from '../coords';
import type { Action } from '../actions';
import { withOccupancy, type GameState, type Melee, type UnitState } from '../state';
import { boardOf, type Board } from './board';
import { sideIndex } from './occupancy';
import type { Reach } from './search';
import {
  actsFor, canMove, destinations, engineOf, faceActions, idleChargers, moveContext, movePasses, squareMoves, supportActions, tableOf, unitMoves,
  type MoveContext,
} from './moves';

/** One way of moving a unit over one search's squares: its actions, those of reach square k from offsets[k] to offsets[k + 1]. */
interface Pass { reach: Reach; variant: number; mover: UnitState; engine: UnitState | undefined; actions: Action[]; offsets: number[] }

/**
 * A unit's moves as listed (the passes' actions one after another), with the squares they read: its own square and
 * every reach square (`touch`), and those reach squares whose actions read the squares around them too (`near`).
 * They read nothing else but the unit itself, the enemy-held squares (through its searches) and the melees.
 */
interface MovePart { actions: readonly Action[]; passes: Pass[]; from: number; touch: Bits; near: Bits }

function pass(ctx: MoveContext, u: UnitState, mover: UnitState, reach: Reach, variant: number, engine: UnitState | undefined, old?: Pass, redo?: (j: number) => boolean): Pass {
  if (old && !needed(reach, redo!)) return old;
  const t = tableOf(ctx.board, u.side, u.id);
  const actions: Action[] = [], offsets: number[] = [];
  if (!old) {
    destinations(ctx, t, u, mover, reach, variant, engine, actions, offsets);
    return { reach, variant, mover, engine, actions, offsets };
  }
  const enemy = ctx.occ.enemy[sideIndex(ctx.occ, u.side)]!;
  for (let k = 0; k < reach.count; k++) {
    offsets.push(actions.length);
    if (!redo!(reach.square[k]!)) { for (let x = old.offsets[k]!; x < old.offsets[k + 1]!; x++) actions.push(old.actions[x]!); continue; }
    squareMoves(ctx, t, u, mover, reach, k, variant, engine, enemy, actions);
  }
  offsets.push(actions.length);
  return { reach, variant, mover, engine, actions, offsets };
}

/** Does any square of the search need its actions worked out again? */
function needed(reach: Reach, redo: (j: number) => boolean): boolean {
  for (let k = 0; k < reach.count; k++) if (redo(reach.square[k]!)) return true;
  return false;
}

/** A unit's moves worked out afresh, in parts. */
function movePart(ctx: MoveContext, u: UnitState): MovePart {
  const { board, occ } = ctx;
  const passes: Pass[] = [];
  movePasses(ctx, u, (mover, r, variant, engine) => passes.push(pass(ctx, u, mover, r, variant, engine)));
  const from = board.index.get(u.at!)!;
  const touch = bitsFor(board), near = bitsFor(board);
  const enemy = occ.enemy[sideIndex(occ, u.side)]!, beside = ctx.besideMelee;
  set(touch, from);
  for (const p of passes) {
    for (let k = 0; k < p.reach.count; k++) {
      const j = p.reach.square[k]!;
      set(touch, j);
      if (enemy[j] || beside?.[j]) set(near, j);
    }
  }
  return { actions: flatten(passes), passes, from, touch, near };
}

/** A unit's moves with the actions of the squares `redo` names worked out again and the rest kept. */
function patchPart(ctx: MoveContext, part: MovePart, u: UnitState, redo: (j: number) => boolean): MovePart {
  const passes = part.passes.map((p) => pass(ctx, u, p.mover, p.reach, p.variant, p.engine, p, redo));
  return passes.every((p, k) => p === part.passes[k]) ? part : { ...part, actions: flatten(passes), passes };
}

function flatten(passes: Pass[]): Action[] {
  if (passes.length === 1) return passes[0]!.actions;
  const out: Action[] = [];
  for (const p of passes) for (const a of p.actions) out.push(a);
  return out;
}

// ---- The whole listing, kept from one position to the next.

/**
 * A move-phase listing kept in parts, each unit's moves and facing changes apart, so that the listing of the position
 * an action leads to can take over what the action could not have changed. A facing change changes one unit's
 * facing changes; a move changes the actions into and around the squares it left and entered.
 */
export interface MoveListing {
  /** The units array of the position listed (records are never changed once a state is made, so identity is a check). */
  units: readonly UnitState[];
  side: string;
  turn: number;
  melees: readonly Melee[];
  /** No charger was waiting to fight (their check reads the whole position: then nothing is taken over). */
  free: boolean;
  /** By unit index: the unit's moves (null: it may not move, or they were not kept) and its facing changes. */
  moves: Array<MovePart | null>;
  faces: Array<readonly Action[] | null>;
  /** By unit index: the square index of the unit whose facing changes are kept. */
  faceAt: number[];
}

/**
 * Every move-phase action of the side to act, in the engine's order (moveActions' list), taking over from `prev`, the
 * listing of the position before the last action, whatever that action could not have changed. Moves are taken over
 * when the unit's record is the same object, no enemy changed (so every search is the same), and the melees are the
 * same and no charger waits to fight, now or then; the actions of a reach square are worked out again when a unit
 * that changed stood or stands there (or, for the squares that read their surroundings, next to it).
 */
export function listMoves(state: GameState, prev: MoveListing | undefined): { actions: Action[]; listing: MoveListing } {
  const side = state.toAct!;
  const units = state.units, n = units.length;
  const board = boardOf(state.scenario);
  const idle = idleChargers(state);
  const listing: MoveListing = { units, side, turn: state.turn, melees: state.melees, free: idle.length === 0, moves: new Array(n).fill(null), faces: new Array(n).fill(null), faceAt: new Array(n).fill(-1) };
  let from = prev && listing.free && prev.free && prev.side === side && prev.turn === state.turn && sameMelees(prev.melees, state.melees) ? prev : undefined;
  const changed = bitsFor(board), around = bitsFor(board);
  if (from && !changedSquares(board, side, from.units, units, changed, around)) from = undefined;
  const patch: boolean[] = new Array(n).fill(false);
  let work = false;
  for (let i = 0; i < n; i++) {
    const u = units[i]!;
    if (!actsFor(u, side)) continue;
    const same = from !== undefined && from.units[i] === u;
    if (canMove(state, u)) {
      const part = same ? from!.moves[i] : null;
      if (part && !overlaps(part.touch, changed) && !overlaps(part.near, around)) listing.moves[i] = part;
      else { work = true; if (part) { listing.moves[i] = part; patch[i] = true; } }
    }
    if (same && from!.faces[i] && !has(changed, from!.faceAt[i]!)) { listing.faces[i] = from!.faces[i]!; listing.faceAt[i] = from!.faceAt[i]!; }
  }
  const fill = (ctx: MoveContext | null): Action[] => {
    const out: Action[] = [];
    for (let i = 0; i < n; i++) {
      const u = units[i]!;
      if (!actsFor(u, side)) continue;
      if (canMove(state, u)) {
        let part = listing.moves[i];
        // Someone left or entered the unit's own square: only whether it has a ballista to carry can have changed there.
        if (patch[i] && has(changed, part!.from) && engineOf(ctx!, u)?.id !== part!.passes.find((p) => p.engine)?.engine?.id) part = null;
        if (part && patch[i]) {
          const near = part.near;
          listing.moves[i] = part = patchPart(ctx!, part, u, (j) => has(changed, j) || (has(near, j) && has(around, j)));
        } else if (!part) {
          if (listing.free) listing.moves[i] = part = movePart(ctx!, u);
          else unitMoves(ctx!, u, out);
        }
        if (part) for (const a of part.actions) out.push(a);
      }
      if (u.status === 'active' && u.at !== null && !u.retiring) {
        let faces = listing.faces[i];
        if (!faces) { const list: Action[] = []; faceActions(state, u, list); listing.faces[i] = faces = list; listing.faceAt[i] = board.index.get(u.at)!; }
        for (const a of faces) out.push(a);
      }
    }
    for (const a of supportActions(state, side)) out.push(a);
    if (listing.free) out.push({ type: 'endMove', side });
    return out;
  };
  const actions = work ? withOccupancy(state, (occ) => fill(moveContext(state, occ, idle))) : fill(null);
  return { actions, listing };
}

/** Do two lists of melees read the same for the move phase (contact squares, fought, declared supports)? */
function sameMelees(a: readonly Melee[], b: readonly Melee[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!, y = b[k]!;
    if (x.contact !== y.contact || x.fought !== y.fought || x.supports.length !== y.supports.length) return false;
    for (let j = 0; j < x.supports.length; j++) if (x.supports[j]!.unit !== y.supports[j]!.unit || x.supports[j]!.side !== y.supports[j]!.side) return false;
  }
  return true;
}

/**
 * Mark where units that are not the same records in both lists stood or stand (`changed`), and those squares with the
 * squares around them (`around`). False when an enemy's troops changed: then the searches may differ too.
 */
function changedSquares(board: Board, side: string, before: readonly UnitState[], after: readonly UnitState[], changed: Bits, around: Bits): boolean {
  const mark = (sq: Square | null | undefined) => {
    if (sq == null) return;
    const i = board.index.get(sq);
    if (i === undefined) return;
    set(changed, i);
    set(around, i);
    for (let d = 0; d < 8; d++) { const j = board.step[i * 8 + d]!; if (j >= 0) set(around, j); }
  };
  for (let i = 0; i < after.length; i++) {
    const a = before[i], b = after[i]!;
    if (a === b) continue;
    if (b.side !== side && b.type !== 'ballista') return false;
    mark(a?.at);
    mark(b.at);
  }
  return true;
}

/**
 * Bit sets over the squares as plain arrays of 16-bit words: small integers, so a set costs one ordinary array (a
 * typed array per set costs far more to make and to collect, and listings make many).
 */
type Bits = number[];

function bitsFor(board: Board): Bits {
  return new Array<number>((board.n + 15) >> 4).fill(0);
}

function set(bits: Bits, i: number): void {
  bits[i >> 4]! |= 1 << (i & 15);
}

function overlaps(a: Bits, b: Bits): boolean {
  for (let w = 0; w < a.length; w++) if (a[w]! & b[w]!) return true;
  return false;
}

function has(bits: Bits, i: number): boolean {
  return (bits[i >> 4]! & (1 << (i & 15))) !== 0;
}
