/**
 * Move-phase actions on the integer board (issue 9, fast core; digest 6): moves (normal, charge, running over,
 * carrying a ballista, splitting knights, a 1-stand missile unit's declared supporter), facing changes, support
 * declarations and ending the move. Listed in the engine's fixed order, as interned action objects, square by square
 * from each unit's move search; the rules each square asks are judged on the integer table (moverules.ts).
 */
import { FACINGS, type Square } from '../coords';
import type { Action } from '../actions';
import { SUPPORT_TYPE, supportGeometryOf } from '../combat';
import { dirBetween, type Board } from './board';
import { BALLISTA, BALLISTARII, COMMANDER, KNIGHTS, stackFits } from './table';
import { reachOf, searched } from './memo';
import { keepsBacking, unbackedLeads } from './backing';
import { CACHES } from './caches';
import { CHARGE, NORMAL, type Mover, type Reach } from './search';
import type { MoveLists, Position } from './position';
import {
  actsFor, backers, breaksSupport, canMove, canSupportFrom, chargeFights, engineOf, keepsChargersFighting, mayLead, mayTurn, needsBacking, runsOver,
  supportedMelee, type MoveContext,
} from './moverules';

// ---- Interned actions: one frozen object per distinct action, per board, side and unit (fields in the order the
// engine always wrote them, so logs and state hashes are unchanged). Looked up by square index and tag.

type MoveAction = Extract<Action, { type: 'move' }>;
const TAGS = ['', 'charge', 'runOver', 'carry', 'split', 'charge split'] as const;
type Tag = (typeof TAGS)[number];
const PLAIN = 0, CHARGED = 1, RAN_OVER = 2, CARRY = 3, SPLIT = 4, CHARGE_SPLIT = 5;

interface Table {
  side: string;
  unit: string;
  moves: Array<MoveAction | null>;
  supported: Map<string, MoveAction>;
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

function tableOf(board: Board, side: string, unit: string): Table {
  let bySide = tables.get(board);
  if (!bySide) tables.set(board, (bySide = new Map()));
  let byUnit = bySide.get(side);
  if (!byUnit) bySide.set(side, (byUnit = new Map()));
  let t = byUnit.get(unit);
  if (!t) byUnit.set(unit, (t = { side, unit, moves: new Array<MoveAction | null>(board.n * TAGS.length).fill(null), supported: new Map(), faces: [], turns: [], support: [], exit: [] }));
  return t;
}

/** By board: the table each unit slot last used (a game's units keep their slots; checked by side and id). */
const slots = new WeakMap<Board, Table[]>();
/** The last board's slot tables (listings ask for every unit's table: the WeakMap only when the board changes). */
let lastBoard: Board | null = null, lastSlots: Table[] = [];

/** The table of a unit acting for its own side (a ballista's facing changes use its controller's). */
function ownTable(ctx: MoveContext, x: number): Table {
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

function makeMove(side: string, unit: string, to: Square | 'off', tag: Tag): MoveAction {
  switch (tag) {
    case '': return { type: 'move', side, unit, to };
    case 'charge': return { type: 'move', side, unit, to, charge: true };
    case 'runOver': return { type: 'move', side, unit, to, runOver: true };
    case 'carry': return { type: 'move', side, unit, to, carry: true };
    case 'split': return { type: 'move', side, unit, to, split: true };
    case 'charge split': return { type: 'move', side, unit, to, charge: true, split: true };
  }
}

function move(board: Board, t: Table, to: number, tag: number): MoveAction {
  // By tag, then square: way() reads a variant's plain moves at variant * n + square.
  return (t.moves[tag * board.n + to] ??= Object.freeze(makeMove(t.side, t.unit, board.names[to]!, TAGS[tag]!)));
}

function supportedMove(t: Table, to: Square, supporter: string): MoveAction {
  const key = `${to}|${supporter}`;
  let a = t.supported.get(key);
  if (!a) t.supported.set(key, (a = Object.freeze<MoveAction>({ type: 'move', side: t.side, unit: t.unit, to, supporter })));
  return a;
}

function face(t: Table, f: number): Action {
  return (t.faces[f] ??= Object.freeze<Action>({ type: 'face', side: t.side, unit: t.unit, facing: FACINGS[f]! }));
}

// ---- Moves.

/**
 * Move actions of one unit (by index): normal, carrying its ballista, splitting knights (each with charges). The list
 * may be the one kept for the next listing: read it, never change it.
 */
export function unitMoveList(ctx: MoveContext, x: number): readonly Action[] {
  const listed = keptMoves(ctx, x), leads = waitingLeads(ctx, x), check = moveCheck(ctx, x);
  const all = leads.length === 0 ? listed : [...listed, ...leads];
  return check ? all.filter(check) : all;
}

/**
 * The first of unit x's candidate moves (before moveCheck): its moves as kept for the next listing (the same list while
 * nothing it depends on has changed). Read it, never change it.
 */
export function keptMoves(ctx: MoveContext, x: number): readonly Action[] {
  return movesOf(ctx, x);
}

/**
 * The rest of unit x's candidate moves, after keptMoves: R-missile-lead's leads of a lone missile stand with no backing
 * yet, when backing can still come this move (worked out afresh each time: it depends on units anywhere on the board).
 */
export function waitingLeads(ctx: MoveContext, x: number): readonly Action[] {
  return needsBacking(ctx.occ.type[x]!, ctx.occ.stands[x]!) ? leadsOf(ctx, x) : NONE;
}

/**
 * Which of unit x's candidate moves (keptMoves, then waitingLeads) are listed now, as a test of one move; null when all are. A
 * caller that needs only some of them (the simple policy: the first lead, the best advance) tests just those.
 */
export function moveCheck(ctx: MoveContext, x: number): ((a: Action) => boolean) | null {
  // Only a move into a waiting charger's own square can take its fight away (joining a charging commander, say):
  // leaving a square or starting a melee only adds ways to fight, and units in contact squares have moved.
  const idle = ctx.idle.length === 0 ? ctx.idle : ctx.idle.filter((c) => c !== x);
  if (ctx.unbacked.length === 0 && idle.length === 0) return null;
  return (a) => keepsMove(ctx, x, a as MoveAction, idle);
}

/**
 * R-missile-lead: while a melee waits for backing, no move may make that backing impossible; and no move may leave a
 * charger waiting to fight (`idle`, unit x aside) with no melee to fight in.
 */
function keepsMove(ctx: MoveContext, x: number, a: MoveAction, idle: readonly number[]): boolean {
  if (ctx.unbacked.length > 0 && !keepsBacking(ctx, x, a)) return false;
  if (idle.length === 0) return true;
  const to = ctx.board.index.get(a.to)!;
  return !idle.some((c) => ctx.occ.sq[c] === to) || keepsChargersFighting(ctx, x, to, idle);
}

/** R-missile-lead: unit x's leads with no backing yet (backing.ts), as interned move actions. */
function leadsOf(ctx: MoveContext, x: number): readonly Action[] {
  const squares = unbackedLeads(ctx, x);
  if (squares.length === 0) return NONE;
  const t = ownTable(ctx, x);
  return squares.map((j) => move(ctx.board, t, j, PLAIN));
}

/**
 * Unit x's moves, chargers waiting to fight aside: as listed before in this move phase, with the squares whose units
 * changed since worked out again, or afresh.
 */
function movesOf(ctx: MoveContext, x: number): readonly Action[] {
  const { occ, lists } = ctx;
  const kept = lists && CACHES.moveLists ? lists.units[x] : undefined;
  const changed = kept ? changedSince(ctx, x, kept, lists!.journal) : null;
  if (kept && changed) {
    if (changed.length === 0) return kept.list;
    const now = patched(ctx, x, kept, changed, lists!.journal.length);
    lists!.units[x] = now;
    return now.list;
  }
  const out: Action[] = [];
  const t = ownTable(ctx, x);
  const engine = engineOf(ctx, x);
  const r = reachOf(ctx, x, false);
  const parts: Part[] = [];
  parts.push(way(ctx, t, x, r, occ.stands[x]!, PLAIN, -1, out));
  const carried = engine >= 0 ? reachOf(ctx, x, true) : null;
  if (carried) parts.push(way(ctx, t, x, carried, occ.stands[x]!, CARRY, engine, out));
  // Knights and 2-stand ballistarii crews split, and join again by moving into each other's square (6F, 4).
  if ((occ.type[x] === KNIGHTS || occ.type[x] === BALLISTARII) && occ.stands[x] === 2) parts.push(way(ctx, t, x, r, 1, SPLIT, -1, out));
  // R-exit: off the board across an edge, last in the list (a kept list's patches copy what follows its parts as it is).
  if (r.exit) out.push((t.exit[0] ??= Object.freeze(makeMove(t.side, t.unit, 'off', ''))));
  if (carried?.exit) out.push((t.exit[1] ??= Object.freeze(makeMove(t.side, t.unit, 'off', 'carry'))));
  if (lists) lists.units[x] = { at: lists.journal.length, squares: dependsOn(ctx, x, r, carried), list: out, parts };
  return out;
}

/**
 * One way of moving (a search, the mover's stands, a variant, the ballista carried or -1): its squares' actions
 * appended to `out`, and the part that says where each square's actions end. (A function of the module, not a
 * closure made per call: the CLI and the bench run through tsx, which names every closure made in a function, about
 * 0.4 µs each.)
 */
function way(ctx: MoveContext, t: Table, x: number, reach: Reach, stands: number, variant: number, carried: number, out: Action[]): Part {
  const part: Part = { r: reach, stands, variant, engine: carried, ends: new Array<number>(reach.count) };
  const cells = ctx.occ.cells, beside = ctx.besideMelee, square = reach.square, kind = reach.kind, moves = t.moves, at = variant * ctx.board.n;
  for (let k = 0; k < reach.count; k++) {
    const j = square[k]!;
    // An empty square away from melees (most of them): its plain move if it has one, as destinationAt would list.
    if (cells[j]!.length === 0 && (beside === null || (beside[j >> 5]! & (1 << (j & 31))) === 0)) {
      if (kind[k]! & NORMAL) out.push(moves[at + j] ?? move(ctx.board, t, j, variant));
    } else destinationAt(ctx, t, x, part, k, out);
    part.ends[k] = out.length;
  }
  return part;
}

/** One way of moving in a kept list: the search, the mover's stands, the variant, the ballista carried (-1: none), and where each square's actions end in the list. */
export interface Part { r: Reach; stands: number; variant: number; engine: number; ends: number[] }

type Kept = NonNullable<MoveLists['units'][number]>;

/**
 * The squares of a kept list whose units changed since it was made (none: list it as it is); null when it must be
 * made afresh: enemies left (the journal's -1: the searches read them), the unit's own stands or ballista changed (a
 * split, its ballista carried off), or a lone missile stand's squares or their neighbours (its backers) changed.
 */
function changedSince(ctx: MoveContext, x: number, kept: Kept, journal: readonly number[]): readonly number[] | null {
  const own = ctx.occ.sq[x]!, squares = kept.squares;
  let out: number[] | null = null;
  for (let k = kept.at; k < journal.length; k++) {
    const j = journal[k]!;
    if (j < 0) return null;
    if ((squares[j >> 5]! & (1 << (j & 31))) === 0 || out?.includes(j)) continue;
    if (needsBacking(ctx.occ.type[x]!, ctx.occ.stands[x]!)) return null;
    if (j === own) {
      // Its own square is no square it moves to: what it reads there is its ballista and, split off, its stands.
      if (!sameOwn(ctx, x, kept)) return null;
      continue;
    }
    (out ??= []).push(j);
  }
  return out ?? UNCHANGED;
}

const UNCHANGED: readonly number[] = [];

/** Does unit x still have the stands and the ballista to carry (or none) that its kept list was made with? */
function sameOwn(ctx: MoveContext, x: number, kept: Kept): boolean {
  let engine = -1;
  for (const part of kept.parts) if (part.variant === CARRY) engine = part.engine;
  return kept.parts[0]!.stands === ctx.occ.stands[x] && engineOf(ctx, x) === engine;
}

/**
 * A kept list with the actions of the `changed` squares worked out again (the searches stand: enemies did not move).
 * Most changes leave a square's actions as they were (a friend passed by, the square still takes the unit): the new
 * list is made only from the first square whose actions differ, and when none does the kept list stands.
 */
function patched(ctx: MoveContext, x: number, kept: Kept, changed: readonly number[], at: number): Kept {
  const t = ownTable(ctx, x);
  const parts = kept.parts, old = kept.list;
  let list: Action[] | null = null;
  // How far the old list is copied into the new one; (part, square, change in length) of each square worked out anew;
  // where the current part's actions start.
  let copied = 0, start = 0;
  const deltas: number[] = [];
  for (let q = 0; q < parts.length; q++) {
    const part = parts[q]!, r = part.r, ends = part.ends;
    // The changed squares this way reaches (found by indexOf: a few squares against a plain array), in list order.
    let found = 0;
    for (let c = 0; c < changed.length; c++) {
      const k = (r.square as number[]).indexOf(changed[c]!);
      if (k < 0 || k >= r.count) continue;
      let i = found++;
      for (; i > 0 && hits[i - 1]! > k; i--) hits[i] = hits[i - 1]!; // in order (a few: insertion)
      hits[i] = k;
    }
    for (let h = 0; h < found; h++) {
      const k = hits[h]!, s = k === 0 ? start : ends[k - 1]!, e = ends[k]!;
      const again: Action[] = [];
      destinationAt(ctx, t, x, part, k, again);
      if (!list) {
        if (sameAs(again, old, s, e)) continue;
        list = old.slice(0, s);
        copied = s;
      }
      for (let i = copied; i < s; i++) list.push(old[i]!);
      for (let i = 0; i < again.length; i++) list.push(again[i]!);
      copied = e;
      deltas.push(q, k, again.length - (e - s));
    }
    if (r.count > 0) start = ends[r.count - 1]!;
  }
  if (!list) return { at, squares: kept.squares, list: old, parts };
  for (let i = copied; i < old.length; i++) list.push(old[i]!);
  // Where each square's actions end now: shifted by the changes in length before it.
  let shift = 0, d = 0;
  const now = parts.map((p, q): Part => {
    const ends = p.ends.slice();
    for (let k = 0; k < ends.length; k++) {
      while (d < deltas.length && deltas[d] === q && deltas[d + 1] === k) { shift += deltas[d + 2]!; d += 3; }
      ends[k]! += shift;
    }
    return { r: p.r, stands: p.stands, variant: p.variant, engine: p.engine, ends };
  });
  return { at, squares: kept.squares, list, parts: now };
}

/** Scratch for patched: the squares (by place in a search) to work out again. */
const hits: number[] = [];

/** Are `now` the very actions of list[from, end)? */
function sameAs(now: readonly Action[], list: readonly Action[], from: number, end: number): boolean {
  if (now.length !== end - from) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== list[from + i]) return false;
  return true;
}

/**
 * The squares unit x's moves were worked out from, as a bit per square: its own (its ballista, a split) and the
 * squares it can end on (stacking, leading, riding over). Enemies leave the board only by being ridden over, which
 * stales every list, and a melee's changes mark its squares (position.ts journal). A lone missile stand's backers
 * stand next to its squares (6J): for it, the squares next to them too.
 */
function dependsOn(ctx: MoveContext, x: number, r: Reach, carried: Reach | null): Uint32Array {
  const { occ, board } = ctx;
  const words = board.words, around = needsBacking(occ.type[x]!, occ.stands[x]!);
  const bits = new Uint32Array(words);
  addSquare(bits, board, around, occ.sq[x]!);
  for (let k = 0; k < r.count; k++) addSquare(bits, board, around, r.square[k]!);
  if (carried) for (let k = 0; k < carried.count; k++) addSquare(bits, board, around, carried.square[k]!);
  return bits;
}

/** Square j's bit, and with `around` those of the squares next to it. */
function addSquare(bits: Uint32Array, board: Board, around: boolean, j: number): void {
  const words = board.words;
  if (!around) { bits[j >> 5]! |= 1 << (j & 31); return; }
  for (let w = 0; w < words; w++) bits[w]! |= board.around[j * words + w]!;
}

/** The actions of the k-th square of one way of moving (a part: its search, variant and the mover's stands), appended to `out`. */
function destinationAt(ctx: MoveContext, t: Table, x: number, part: Part, k: number, out: Action[]): void {
  const { board, occ, besideMelee: beside } = ctx;
  const { r, stands, variant, engine } = part;
  const enemy = occ.enemy[occ.side[x]!]!;
  const carry = variant === CARRY;
  const chargeTag = variant === SPLIT ? CHARGE_SPLIT : CHARGED;
  const j = r.square[k]!, normal = (r.kind[k]! & NORMAL) !== 0, charge = (r.kind[k]! & CHARGE) !== 0 && !carry;
  const near = beside !== null && (beside[j >> 5]! & (1 << (j & 31))) !== 0;
  if (occ.cells[j]!.length === 0) {
    // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
    // (way() lists an empty square away from melees itself, the same plain move: keep the two in step.)
    if (normal) out.push(move(board, t, j, variant));
    if (charge && near && chargeFights(ctx, x, j, false)) out.push(move(board, t, j, chargeTag));
    return;
  }
  if (enemy[j]) {
    if (carry) return;
    if (normal && variant !== SPLIT && runsOver(ctx, x, j)) out.push(move(board, t, j, RAN_OVER));
    if (!mayLead(ctx, x, stands, j, false)) {
      // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
      if (normal && needsBacking(occ.type[x]!, stands) && mayLead(ctx, x, stands, j, true)) {
        for (const y of backers(ctx, x, j)) out.push(supportedMove(t, board.names[j]!, ctx.ids[y]!));
      }
      return;
    }
  } else if (!stackFits(occ, j, x, stands, engine) || breaksSupport(ctx, x, j)) return;
  if (normal) out.push(move(board, t, j, variant));
  if (charge && (enemy[j] || near) && chargeFights(ctx, x, j, enemy[j] === 1)) out.push(move(board, t, j, chargeTag));
}

/**
 * The squares the cheapest path to square j came through (the cheapest charge path with `charge`), nearest first, at
 * most 2, the start square included; undefined when the mover cannot reach j (an attacker retreats back along it, 9L).
 * The search is the one unit x's kept list was made from when there is one (enemies have not moved since), else the
 * memo's.
 */
export function trailTo(p: Position, x: number, m: Mover, j: number, charge: boolean): number[] | undefined {
  const s = p.side[x]!;
  const r = keptReach(p.moveLists, x, m.carry) ?? searched(p.game.memo, p.board, p.game.rules, m, p.enemy[s]!, p.enemyBits[s]!);
  for (let k = 0; k < r.count; k++) {
    if (r.square[k] !== j) continue;
    if (charge && !(r.kind[k]! & CHARGE)) return [];
    const t = charge ? r.chargeTrail : r.trail;
    const out: number[] = [];
    if (t[2 * k]! >= 0) out.push(t[2 * k]!);
    if (t[2 * k + 1]! >= 0) out.push(t[2 * k + 1]!);
    return out;
  }
  return undefined;
}

/** The search unit x's kept list was made from (carrying its ballista or not), if it still holds. */
function keptReach(lists: MoveLists, x: number, carry: boolean): Reach | null {
  const kept = lists.units[x];
  if (!kept || !CACHES.moveLists) return null;
  for (let k = kept.at; k < lists.journal.length; k++) if (lists.journal[k]! < 0) return null;
  for (const part of kept.parts) if (part.variant === (carry ? CARRY : PLAIN)) return part.r;
  return null;
}

// ---- Facing changes (6L).

/**
 * Facing changes of one unit (by index) in the move phase: any allowed facing but its own, as often as wished. A
 * ballista is turned by the side controlling it and faces where the troops of that side with it could (a corner only
 * when one of them may face a corner); a joined commander turns with its unit, not on its own; a declared supporter
 * keeps facings that still support (6G). The list may be shared: read it, never change it.
 */
export function faceList(ctx: MoveContext, x: number): readonly Action[] {
  const { occ, board } = ctx;
  const type = occ.type[x]!, j = occ.sq[x]!;
  let corners = SUPPORT_TYPE[type] !== 1;
  let t: Table;
  if (type === BALLISTA) {
    const c = occ.ctrl[x]!;
    if (c < 0 || c !== ctx.toAct) return NONE;
    let crew = false;
    corners = false;
    for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
      const y = here[k]!;
      if (occ.type[y] === BALLISTA || occ.side[y] !== c) continue;
      crew = true;
      if (SUPPORT_TYPE[occ.type[y]!] !== 1) corners = true;
    }
    if (!crew) return NONE;
    // A ballista is turned by the side controlling it, which need not be the side that fielded it (9M capture).
    t = tableOf(board, occ.sides[c]!, ctx.ids[x]!);
  } else {
    if (type === COMMANDER) {
      for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
        const y = here[k]!;
        if (y !== x && occ.type[y] !== BALLISTA && occ.side[y] === occ.side[x]) return NONE;
      }
    }
    t = ownTable(ctx, x);
  }
  const own = occ.face[x]!;
  const m = ctx.contact.length > 0 ? supportedMelee(ctx, x) : -1;
  const dir = m >= 0 ? dirBetween(board, j, ctx.contact[m]!) : -1;
  if (dir < 0) {
    const slot = (corners ? 8 : 0) + own;
    let list = t.turns[slot];
    if (!list) {
      list = [];
      for (let f = 0; f < 8; f += corners ? 1 : 2) if (f !== own) list.push(face(t, f));
      t.turns[slot] = list;
    }
    return list;
  }
  const out: Action[] = [];
  for (let f = 0; f < 8; f += corners ? 1 : 2) if (f !== own && supportGeometryOf(type, f, dir)) out.push(face(t, f));
  return out;
}

/** No actions (no facing changes, no support declarations): one shared list, never changed. */
export const NONE: readonly Action[] = Object.freeze([]);

// ---- Support declarations, ending the move, the whole listing.

/**
 * Support declarations of a side (9E), optionally of one unit: each unit beside each melee it could support now. With
 * `first`, only the first of them (for a caller that takes the first).
 */
export function supportActions(ctx: MoveContext, side: string, onlyUnit?: string, first = false): Action[] {
  const out: Action[] = [];
  if (ctx.contact.length === 0) return out;
  const { occ } = ctx;
  const s = occ.sides.indexOf(side);
  const anyFacing = s === ctx.attacker;
  for (let x = 0; x < ctx.n; x++) {
    if (occ.side[x] !== s || (onlyUnit && ctx.ids[x] !== onlyUnit)) continue;
    for (let m = 0; m < ctx.contact.length; m++) {
      if (!canSupportFrom(ctx, x, occ.sq[x]!, m, anyFacing)) continue;
      const t = ownTable(ctx, x), c = ctx.contact[m]!;
      const a = (t.support[c] ??= Object.freeze<Action>({ type: 'support', side, unit: t.unit, contact: ctx.board.names[c]! }));
      // R-missile-lead: no declaration that leaves a melee waiting for backing unable to get it.
      if (anyFacing && ctx.unbacked.length > 0 && !keepsBacking(ctx, x, a)) continue;
      out.push(a);
      if (first) return out;
    }
  }
  return out;
}

/** Ending the move phase (one object per side). */
export function endMove(side: string): Action {
  let a = endMoves.get(side);
  if (!a) endMoves.set(side, (a = Object.freeze<Action>({ type: 'endMove', side })));
  return a;
}

/**
 * Every move-phase action of `side`, optionally of one unit and/or one type, in the engine's order, and `tail` after
 * them (the listing's concession: joined in, not pushed onto a full array, which would copy it again).
 */
export function moveActions(ctx: MoveContext, side: string, onlyUnit?: string, onlyType?: Action['type'], tail?: Action): Action[] {
  const { occ } = ctx;
  const s = occ.sides.indexOf(side);
  // Each unit's lists as they are (most are kept from the last listing), joined once at the end.
  const parts: Array<readonly Action[]> = [];
  const moves = onlyType === undefined || onlyType === 'move', faces = onlyType === undefined || onlyType === 'face';
  for (let x = 0; x < ctx.n; x++) {
    if (!actsFor(occ, x, s) || (onlyUnit && ctx.ids[x] !== onlyUnit)) continue;
    if (moves && canMove(occ, x)) { const l = unitMoveList(ctx, x); if (l.length > 0) parts.push(l); }
    if (faces && mayTurn(occ, x)) { const l = faceList(ctx, x); if (l.length > 0) parts.push(l); }
  }
  if (onlyType === undefined || onlyType === 'support') parts.push(supportActions(ctx, side, onlyUnit));
  if ((onlyType === undefined || onlyType === 'endMove') && !onlyUnit && ctx.idle.length === 0 && ctx.unbacked.length === 0) parts.push([endMove(side)]);
  return joined(parts, tail);
}

/** The lists one after another, then `tail` if given, in a new array (made at its full length: faster than pushing or concat). */
function joined(parts: ReadonlyArray<readonly Action[]>, tail: Action | undefined): Action[] {
  let n = tail ? 1 : 0;
  for (let j = 0; j < parts.length; j++) n += parts[j]!.length;
  const out = new Array<Action>(n);
  let i = 0;
  for (let j = 0; j < parts.length; j++) { const l = parts[j]!; for (let k = 0; k < l.length; k++) out[i++] = l[k]!; }
  if (tail) out[i] = tail;
  return out;
}
