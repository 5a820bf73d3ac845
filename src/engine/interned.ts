/**
 * Listed actions as interned objects (fast core): one frozen object per distinct action, per board, side and unit,
 * with its fields in the order the engine always wrote them (so logs and state hashes are unchanged). Listings run at
 * every decision of a playout, and making a new object for each move or ballista target was most of what they made;
 * an interned action is also its own identity, which lets kept move lists be compared object by object.
 */
import { FACINGS, type Square } from '../rules/coords';
import type { Action } from '../rules/actions';
import type { Board } from './board';
import type { Table as Occupancy } from './table';

export type MoveAction = Extract<Action, { type: 'move' }>;
const TAGS = ['', 'charge', 'runOver', 'carry', 'split', 'charge split'] as const;
type Tag = (typeof TAGS)[number];
/** Variants of a unit's moves; RAN_OVER: riding over a lone stand on the way (R-run-over; its moves are in Table.overs). */
export const PLAIN = 0, CHARGED = 1, RAN_OVER = 2, CARRY = 3, SPLIT = 4, CHARGE_SPLIT = 5;

export interface Table {
  side: string;
  unit: string;
  moves: Array<MoveAction | null>;
  supported: Map<string, MoveAction>;
  /** Moves that ride over a stand (R-run-over), by destination, square ridden over and charge. */
  overs: Map<string, MoveAction>;
  faces: Action[];
  /** Facing changes of a unit facing `facing` (index), corners allowed or not: slot corners * 8 + facing. */
  turns: Action[][];
  /** Support declarations by contact square index. */
  support: Action[];
  /** Off the board across an edge (R-exit): alone, and carrying its ballista. */
  exit: MoveAction[];
}
const tables = new WeakMap<Board, Map<string, Map<string, Table>>>();
const endMoves = new Map<string, Action>();

export function tableOf(board: Board, side: string, unit: string): Table {
  let bySide = tables.get(board);
  if (!bySide) tables.set(board, (bySide = new Map()));
  let byUnit = bySide.get(side);
  if (!byUnit) bySide.set(side, (byUnit = new Map()));
  let t = byUnit.get(unit);
  if (!t) byUnit.set(unit, (t = { side, unit, moves: new Array<MoveAction | null>(board.n * TAGS.length).fill(null), supported: new Map(), overs: new Map(), faces: [], turns: [], support: [], exit: [] }));
  return t;
}

/** By board: the table each unit slot last used (a game's units keep their slots; checked by side and id). */
const slots = new WeakMap<Board, Table[]>();
/** The last board's slot tables (listings ask for every unit's table: the WeakMap only when the board changes). */
let lastBoard: Board | null = null, lastSlots: Table[] = [];

/** The table of a unit acting for its own side (a ballista's facing changes use its controller's). */
/** What ownTable asks of a move listing's context (moverules.ts MoveContext has it): the board, unit ids, the table. */
export interface OwnTableAsk { board: Board; ids: readonly string[]; occ: Occupancy }

export function ownTable(ctx: OwnTableAsk, x: number): Table {
  if (ctx.board !== lastBoard) {
    let bySlot = slots.get(ctx.board);
    if (!bySlot) slots.set(ctx.board, (bySlot = []));
    lastBoard = ctx.board;
    lastSlots = bySlot;
  }
  const id = ctx.ids[x]!, side = ctx.occ.sides[ctx.occ.side[x]!]!;
  const t = lastSlots[x];
  if (t && t.unit === id && t.side === side) return t;
  return (lastSlots[x] = tableOf(ctx.board, side, id));
}

export function makeMove(side: string, unit: string, to: Square | 'off', tag: Tag): MoveAction {
  switch (tag) {
    case '': return { type: 'move', side, unit, to };
    case 'charge': return { type: 'move', side, unit, to, charge: true };
    case 'runOver': return to === 'off' ? { type: 'move', side, unit, to } : { type: 'move', side, unit, to, runOver: to };
    case 'carry': return { type: 'move', side, unit, to, carry: true };
    case 'split': return { type: 'move', side, unit, to, split: true };
    case 'charge split': return { type: 'move', side, unit, to, charge: true, split: true };
  }
}

export function move(board: Board, t: Table, to: number, tag: number): MoveAction {
  // By tag, then square: way() reads a variant's plain moves at variant * n + square.
  return (t.moves[tag * board.n + to] ??= Object.freeze(makeMove(t.side, t.unit, board.names[to]!, TAGS[tag]!)));
}

/** A move to `to` that rides over the stand on `over` on its way (R-run-over), a charge or not. */
export function overMove(t: Table, to: Square, over: Square, charge: boolean): MoveAction {
  const key = `${to}|${over}|${charge ? 1 : 0}`;
  let a = t.overs.get(key);
  if (!a) t.overs.set(key, (a = Object.freeze<MoveAction>(charge ? { type: 'move', side: t.side, unit: t.unit, to, charge: true, runOver: over } : { type: 'move', side: t.side, unit: t.unit, to, runOver: over })));
  return a;
}

export function supportedMove(t: Table, to: Square, supporter: string): MoveAction {
  const key = `${to}|${supporter}`;
  let a = t.supported.get(key);
  if (!a) t.supported.set(key, (a = Object.freeze<MoveAction>({ type: 'move', side: t.side, unit: t.unit, to, supporter })));
  return a;
}

export function face(t: Table, f: number): Action {
  return (t.faces[f] ??= Object.freeze<Action>({ type: 'face', side: t.side, unit: t.unit, facing: FACINGS[f]! }));
}

/** Ending the move phase (one object per side). */
export function endMove(side: string): Action {
  let a = endMoves.get(side);
  if (!a) endMoves.set(side, (a = Object.freeze<Action>({ type: 'endMove', side })));
  return a;
}

/** Actions that carry only a side, by kind and side. */
const sideActions = { concede: new Map<string, Action>(), endSupport: new Map<string, Action>(), endTurn: new Map<string, Action>() };

/** The one object for an action that carries only a side (conceding, ending the support phase or the turn). */
export function sideAction(type: 'concede' | 'endSupport' | 'endTurn', side: string): Action {
  const bySide = sideActions[type];
  let a = bySide.get(side);
  if (!a) bySide.set(side, (a = Object.freeze<Action>({ type, side })));
  return a;
}

/** A ballista's shots and its hold, by board, side and ballista: its shot at each square by index, its hold after them. */
const shotTables = new WeakMap<Board, Map<string, Array<Action | undefined>>>();

export function ballistaShots(board: Board, side: string, unit: string): Array<Action | undefined> {
  let bySide = shotTables.get(board);
  if (!bySide) shotTables.set(board, (bySide = new Map()));
  const key = `${side}|${unit}`;
  let t = bySide.get(key);
  if (!t) bySide.set(key, (t = new Array<Action | undefined>(board.n + 1).fill(undefined)));
  return t;
}
