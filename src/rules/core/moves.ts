/**
 * Move-phase actions on the integer board (issue 9, fast core; digest 6): moves (normal, charge, running over,
 * carrying a ballista, splitting knights, a 1-stand missile unit's declared supporter), facing changes, support
 * declarations and ending the move. Listed in the engine's fixed order, as interned action objects.
 *
 * Everything here reads the occupancy's integer unit table (units by index in the state's order, squares by index),
 * never the unit records: stacking, leading, running over and supporting as the move phase asks them, square by square. What-ifs (a unit standing elsewhere, a melee started) are made on the table
 * and taken back (make/unmake), not built as trial states.
 */
import { FACINGS, type Square } from '../coords';
import { TROOP_TYPES, FOOT, MISSILE_TROOPS, isCavalry } from '../troops';
import type { Action } from '../actions';
import { ENGINE_READINGS, heldAfterCharge } from '../readings';
import { RUN_OVER_TARGETS } from '../movement';
import { SUPPORT_TYPE, supportGeometryOf } from '../combat';
import type { GameState, UnitState } from '../state';
import { boardOf, T_COVER, type Board } from './board';
import { enemiesOf, stackFits, F_ACTIVE, F_AFTER_CHARGE, F_CHARGED_NOW, F_MOVED, F_RETIRING, F_RETREATED, STACK, TYPE_INDEX, type Occupancy } from './occupancy';
import { memoFor, memoSearch, type Memo } from './memo';
import { CHARGE, NORMAL, newReach, type Reach } from './search';

// ---- Troop types as integers.

const T = TYPE_INDEX;
const KNIGHTS = T.knights!, BALLISTA = T.ballista!, BALLISTARII = T.ballistarii!, COMMANDER = T.commander!;
const typeTable = (f: (t: (typeof TROOP_TYPES)[number]) => boolean) => Uint8Array.from(TROOP_TYPES, (t) => (f(t) ? 1 : 0));
const CAVALRY = typeTable(isCavalry);
const FOOT_OR_COMMANDER = typeTable((t) => FOOT.includes(t) || t === 'commander');
/** Cavalry that may ride over a lone stand (10A); missile foot that needs backing to lead at 1 stand (6J). */
const RIDER = typeTable((t) => t === 'knights' || t === 'turcopoles' || t === 'lightCavalry');
const SKIRMISHER = typeTable((t) => MISSILE_TROOPS.includes(t) && t !== 'lightCavalry');
const RUN_OVER = typeTable((t) => RUN_OVER_TARGETS.includes(t));
const DEFENDING_CAVALRY_BESIDE_ONLY = ENGINE_READINGS.defendingCavalryBesideOnly;

/** Direction index (the facings' order) of a step (dx, dy), by (dy + 1) * 3 + dx + 1; -1 for no step. */
export const DIR = [7, 0, 1, 6, -1, 2, 5, 4, 3];

/** One listing's view of a state in the move phase (built once, read by every unit's generation). */
export interface MoveContext {
  state: GameState;
  occ: Occupancy;
  board: Board;
  memo: Memo;
  /** Side indices of the attacker and of the side to act (-1: none). */
  attacker: number;
  toAct: number;
  /** Chargers (unit indices) that would fight in no melee (then movement may not end, 6G reading). */
  idle: number[];
  /** Squares next to a melee's contact square (where a charge may end to support it), 1 by square index; null without melees. */
  besideMelee: Uint8Array | null;
  /** The melees (and, while one is tried, one more): contact square, fought, supporters' unit indices. */
  contact: number[];
  fought: boolean[];
  supports: number[][];
}

export function moveContext(state: GameState, occ: Occupancy): MoveContext {
  const board = occ.board;
  const n = state.units.length;
  const ctx: MoveContext = {
    state, occ, board, memo: memoFor(board, state.rules), attacker: state.attacker === null ? -1 : occ.sides.indexOf(state.attacker),
    toAct: state.toAct === null ? -1 : occ.sides.indexOf(state.toAct), idle: [], besideMelee: null, contact: [], fought: [], supports: [],
  };
  if (state.melees.length > 0) {
    const besideMelee = new Uint8Array(board.n);
    for (const m of state.melees) {
      const c = board.index.get(m.contact)!;
      ctx.contact.push(c);
      ctx.fought.push(m.fought);
      ctx.supports.push(m.supports.map((s) => state.units.findIndex((u) => u.id === s.unit)));
      for (let d = 0; d < 8; d++) if (board.step[c * 8 + d]! >= 0) besideMelee[board.step[c * 8 + d]!] = 1;
    }
    ctx.besideMelee = besideMelee;
  }
  // Charged units that would fight in no melee (6G reading): not in a melee's contact square, not a declared supporter.
  const { side, flags, sq } = occ;
  for (let x = 0; x < n; x++) {
    if (side[x] !== ctx.attacker || !(flags[x]! & F_ACTIVE) || !(flags[x]! & F_CHARGED_NOW)) continue;
    if (sq[x]! >= 0 && ctx.contact.includes(sq[x]!)) continue;
    if (ctx.supports.some((list) => list.includes(x))) continue;
    ctx.idle.push(x);
  }
  return ctx;
}

/** Can the unit (by index) still move this turn (not moved, not retreated last turn, not retiring)? */
export function canMove(occ: Occupancy, x: number): boolean {
  return (occ.flags[x]! & (F_ACTIVE | F_MOVED | F_RETIRING | F_RETREATED)) === F_ACTIVE && occ.sq[x]! >= 0 && occ.type[x] !== BALLISTA;
}

/** Does the side (index) act for this unit in the move phase (a ballista: the side controlling it)? */
export function actsFor(occ: Occupancy, x: number, side: number): boolean {
  return occ.type[x] === BALLISTA ? occ.ctrl[x] === side : occ.side[x] === side;
}

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
}
const tables = new WeakMap<Board, Map<string, Map<string, Table>>>();
const endMoves = new Map<string, Action>();

function tableOf(board: Board, side: string, unit: string): Table {
  let bySide = tables.get(board);
  if (!bySide) tables.set(board, (bySide = new Map()));
  let byUnit = bySide.get(side);
  if (!byUnit) bySide.set(side, (byUnit = new Map()));
  let t = byUnit.get(unit);
  if (!t) byUnit.set(unit, (t = { side, unit, moves: new Array<MoveAction | null>(board.n * TAGS.length).fill(null), supported: new Map(), faces: [], turns: [], support: [] }));
  return t;
}

/** By board: the table each unit slot last used (a game's units keep their slots; checked by side and id). */
const slots = new WeakMap<Board, Table[]>();

/** The table of a unit acting for its own side (a ballista's facing changes use its controller's). */
function ownTable(ctx: MoveContext, x: number): Table {
  const u = ctx.state.units[x]!;
  let bySlot = slots.get(ctx.board);
  if (!bySlot) slots.set(ctx.board, (bySlot = []));
  const t = bySlot[x];
  if (t && t.unit === u.id && t.side === u.side) return t;
  return (bySlot[x] = tableOf(ctx.board, u.side, u.id));
}

function makeMove(side: string, unit: string, to: Square, tag: Tag): MoveAction {
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
  return (t.moves[to * TAGS.length + tag] ??= Object.freeze(makeMove(t.side, t.unit, board.names[to]!, TAGS[tag]!)));
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

// ---- Make and unmake on the table: a unit standing elsewhere, a melee started (what-ifs; always taken back).

/** Put unit x on square `to` (-1: nowhere), keeping each square's units in the state's order; returns where it stood. */
function place(occ: Occupancy, x: number, to: number): number {
  const from = occ.sq[x]!;
  const { cell, cellN } = occ;
  if (from >= 0) {
    const base = from * STACK, n = cellN[from]!;
    let k = 0;
    while (k < n && cell[base + k] !== x) k++;
    if (k < n) for (cellN[from] = n - 1; k < n - 1; k++) cell[base + k] = cell[base + k + 1]!;
  }
  if (to >= 0 && cellN[to]! < STACK) {
    const base = to * STACK;
    let k = cellN[to]!++;
    while (k > 0 && cell[base + k - 1]! > x) { cell[base + k] = cell[base + k - 1]!; k--; }
    cell[base + k] = x;
  }
  occ.sq[x] = to;
  return from;
}

function startMelee(ctx: MoveContext, c: number): void {
  ctx.contact.push(c); ctx.fought.push(false); ctx.supports.push([]);
}

function dropMelee(ctx: MoveContext): void {
  ctx.contact.pop(); ctx.fought.pop(); ctx.supports.pop();
}

// ---- The rules the listing asks, on the integer table.

/** The direction index from square i to an adjacent square j, or -1 when they are not adjacent. */
function dirBetween(board: Board, i: number, j: number): number {
  const c = board.columns;
  const dx = (j % c) - (i % c), dy = ((j - (j % c)) - (i - (i % c))) / c;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1) return -1;
  return DIR[(dy + 1) * 3 + dx + 1]!;
}

/**
 * Can unit x, standing on `at`, support melee m (combat.ts canSupport)? With `anyFacing` (the attacker, who may turn
 * freely) the best facing is assumed.
 */
function canSupportFrom(ctx: MoveContext, x: number, at: number, m: number, anyFacing: boolean): boolean {
  const { occ } = ctx;
  const type = occ.type[x]!, s = occ.side[x]!;
  if (ctx.fought[m] || type === BALLISTA || at < 0 || (occ.flags[x]! & (F_ACTIVE | F_RETIRING | F_RETREATED)) !== F_ACTIVE || occ.stands[x]! <= 0) return false;
  const c = ctx.contact[m]!;
  const dir = dirBetween(ctx.board, at, c);
  if (dir < 0) return false;
  // One melee a unit: not in a contact square, not a declared supporter of an unfought melee.
  if (ctx.contact.includes(at)) return false;
  for (let k = 0; k < ctx.contact.length; k++) if (!ctx.fought[k] && ctx.supports[k]!.includes(x)) return false;
  let own = 0, cavalry = 0, other = 0;
  for (let k = 0, base = c * STACK; k < occ.cellN[c]!; k++) {
    const y = occ.cell[base + k]!;
    if (occ.side[y] !== s || occ.type[y] === BALLISTA) continue;
    own++;
    if (CAVALRY[occ.type[y]!]) cavalry++;
    if (!FOOT_OR_COMMANDER[occ.type[y]!]) other++;
  }
  if (own === 0) return false;
  if (CAVALRY[type]) {
    const attacker = s === ctx.attacker;
    if (attacker && cavalry === 0) return false;
    if (!attacker && DEFENDING_CAVALRY_BESIDE_ONLY && other === 0 && (dir & 1) === 1) return false;
  }
  if (type === COMMANDER) {
    // A commander joined to a unit supports only with it.
    for (let k = 0, base = at * STACK; k < occ.cellN[at]!; k++) {
      const y = occ.cell[base + k]!;
      if (y !== x && occ.side[y] === s && occ.type[y] !== BALLISTA) return ctx.supports[m]!.includes(y);
    }
    return true;
  }
  return supportGeometryOf(type, anyFacing ? dir : occ.face[x]!, dir);
}

/** Would a charge by unit x ending on square j fight (lead there, or support a melee already started)? */
function chargeFights(ctx: MoveContext, x: number, j: number, enemyThere: boolean): boolean {
  if (enemyThere) return true;
  for (let m = 0; m < ctx.contact.length; m++) if (dirBetween(ctx.board, j, ctx.contact[m]!) >= 0 && canSupportFrom(ctx, x, j, m, true)) return true;
  return false;
}

/** Can unit x ride over square j (10A): a lone enemy 1-stand unit of a type that may be ridden over, in the open, no ballista? */
function runsOver(ctx: MoveContext, x: number, j: number): boolean {
  const { occ } = ctx;
  if (!RIDER[occ.type[x]!] || occ.cellN[j] !== 1 || ctx.board.terrain[j]! & T_COVER) return false;
  const y = occ.cell[j * STACK]!;
  return occ.type[y] !== BALLISTA && occ.side[y] !== occ.side[x] && occ.stands[y] === 1 && RUN_OVER[occ.type[y]!] === 1;
}

/** A 1-stand javelin, longbow or crossbow unit: it leads only with a commander or a supporter (6J). */
function needsBacking(type: number, stands: number): boolean {
  return stands === 1 && SKIRMISHER[type] === 1;
}

/**
 * May unit x (at `stands` stands) lead or join a melee in the enemy square j (6J; movement.ts mayLead)? With
 * `withSupporter`, a supporter is declared with the move.
 */
function mayLead(ctx: MoveContext, x: number, stands: number, j: number, withSupporter: boolean): boolean {
  const { occ } = ctx;
  const type = occ.type[x]!, s = occ.side[x]!;
  if (type === BALLISTARII || occ.flags[x]! & F_RETIRING) return false;
  // The mover and the side's troops already there must fit the stacking limits.
  let commanders = type === COMMANDER ? 1 : 0, knights = type === KNIGHTS ? stands : 0, crew = 0, others = type === COMMANDER || type === KNIGHTS ? 0 : 1;
  let own = 0;
  for (let k = 0, base = j * STACK; k < occ.cellN[j]!; k++) {
    const y = occ.cell[base + k]!, t = occ.type[y]!;
    if (occ.side[y] !== s || t === BALLISTA) continue;
    own++;
    if (t === COMMANDER) commanders++;
    else if (t === KNIGHTS) knights += occ.stands[y]!;
    else if (t === BALLISTARII) crew += occ.stands[y]!;
    else others++;
  }
  if (type === COMMANDER && own === 0) return false;
  if (needsBacking(type, stands) && !withSupporter && !commanderAmong(occ, j, s) && !supportedAt(ctx, j, s)) return false;
  return commanders <= 1 && knights <= 2 && crew <= 4 && (knights > 0 ? 1 : 0) + (crew > 0 ? 1 : 0) + others <= 1;
}

/** Is a commander of side s in square j? (One left behind in the square a unit started from does not count, 6J.) */
function commanderAmong(occ: Occupancy, j: number, s: number): boolean {
  for (let k = 0, base = j * STACK; k < occ.cellN[j]!; k++) { const y = occ.cell[base + k]!; if (occ.type[y] === COMMANDER && occ.side[y] === s) return true; }
  return false;
}

/** Does the first melee at square j have a declared supporter of side s? */
function supportedAt(ctx: MoveContext, j: number, s: number): boolean {
  const m = ctx.contact.indexOf(j);
  return m >= 0 && ctx.supports[m]!.some((y) => ctx.occ.side[y] === s);
}

/**
 * Units of the mover's side that could support a melee the mover would start at j (9E, judged with the mover standing
 * there): the supporters a 1-stand missile unit may declare with its move (6J).
 */
function backers(ctx: MoveContext, x: number, j: number): number[] {
  const { occ } = ctx;
  const out: number[] = [];
  const from = place(occ, x, j);
  startMelee(ctx, j);
  try {
    const m = ctx.contact.length - 1;
    for (let y = 0; y < ctx.state.units.length; y++) if (y !== x && occ.side[y] === occ.side[x] && canSupportFrom(ctx, y, occ.sq[y]!, m, true)) out.push(y);
  } finally {
    dropMelee(ctx);
    place(occ, x, from);
  }
  return out;
}

/**
 * No dead ends (6G reading): would every charger still waiting to fight still have a melee to fight in once unit x
 * stands on `to`? (A unit joining a charging commander's square, say, can leave the commander unable to support.)
 */
function keepsChargersFighting(ctx: MoveContext, x: number, to: number, idle: readonly number[]): boolean {
  const { occ } = ctx;
  const s = occ.side[x]!;
  const enemyThere = occ.enemy[s]![to] === 1;
  const started = enemyThere && !ctx.contact.includes(to);
  const from = place(occ, x, to);
  if (started) startMelee(ctx, to);
  try {
    return idle.every((c) => chargeFights(ctx, c, occ.sq[c]!, occ.enemy[occ.side[c]!]![occ.sq[c]!] === 1));
  } finally {
    if (started) dropMelee(ctx);
    place(occ, x, from);
  }
}

// ---- Moves.

/** Result buffers of the last searches, without and with a carried ballista (reused: grown to the largest board). */
let main = newReach(0), withEngine = newReach(0);

/** The unit's moves (carrying its ballista or not): remembered, or searched into a reused buffer. Read, never change. */
export function reachOf(ctx: MoveContext, x: number, carry: boolean): Reach {
  const { occ, board } = ctx;
  if (main.square.length < board.n) { main = newReach(board.n); withEngine = newReach(board.n); }
  const s = occ.side[x]!;
  const m = { type: TROOP_TYPES[occ.type[x]!]!, from: occ.sq[x]!, afterCharge: (occ.flags[x]! & F_AFTER_CHARGE) !== 0, carry };
  return memoSearch(ctx.memo, board, ctx.state.rules, m, occ.type[x]!, occ.enemy[s]!, occ.enemyBits[s]!, carry ? withEngine : main);
}

/** Move actions of one unit (by index), appended to `out`: normal, carrying its ballista, splitting knights (each with charges). */
export function unitMoves(ctx: MoveContext, x: number, out: Action[]): void {
  const { occ } = ctx;
  const start = out.length;
  const t = ownTable(ctx, x);
  const engine = engineOf(ctx, x);
  const r = reachOf(ctx, x, false);
  destinations(ctx, t, x, occ.stands[x]!, r, PLAIN, -1, out);
  if (engine >= 0) destinations(ctx, t, x, occ.stands[x]!, reachOf(ctx, x, true), CARRY, engine, out);
  if (occ.type[x] === KNIGHTS && occ.stands[x] === 2) destinations(ctx, t, x, 1, r, SPLIT, -1, out);
  // Only a move into a waiting charger's own square can take its fight away (joining a charging commander, say):
  // leaving a square or starting a melee only adds ways to fight, and units in contact squares have moved.
  const idle = ctx.idle.length === 0 ? ctx.idle : ctx.idle.filter((c) => c !== x);
  if (idle.length === 0) return;
  let k = start;
  for (let i = start; i < out.length; i++) {
    const a = out[i] as MoveAction;
    const to = ctx.board.index.get(a.to)!;
    if (!idle.some((c) => occ.sq[c] === to) || keepsChargersFighting(ctx, x, to, idle)) out[k++] = a;
  }
  out.length = k;
}

/** The unit's side's ballista in its square that it may carry (6K), if any (-1: none). */
function engineOf(ctx: MoveContext, x: number): number {
  const { occ } = ctx;
  const j = occ.sq[x]!;
  for (let k = 0, base = j * STACK; k < occ.cellN[j]!; k++) {
    const b = occ.cell[base + k]!;
    if (occ.type[b] === BALLISTA && occ.ctrl[b] === occ.side[x] && !(occ.flags[b]! & F_MOVED)) return b;
  }
  return -1;
}

/**
 * The actions of one search's squares for one way of moving (variant: PLAIN, CARRY or SPLIT, the mover at `stands`
 * stands), appended to `out`.
 */
function destinations(ctx: MoveContext, t: Table, x: number, stands: number, r: Reach, variant: number, engine: number, out: Action[]): void {
  const { board, occ, besideMelee: beside, state } = ctx;
  const enemy = occ.enemy[occ.side[x]!]!;
  const { square, kind } = r;
  const carry = variant === CARRY;
  const chargeTag = variant === SPLIT ? CHARGE_SPLIT : CHARGED;
  for (let k = 0; k < r.count; k++) {
    const j = square[k]!, normal = (kind[k]! & NORMAL) !== 0, charge = (kind[k]! & CHARGE) !== 0 && !carry;
    const near = beside !== null && beside[j] === 1;
    if (occ.cellN[j] === 0) {
      // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
      if (normal) out.push(move(board, t, j, variant));
      if (charge && near && chargeFights(ctx, x, j, false)) out.push(move(board, t, j, chargeTag));
      continue;
    }
    if (enemy[j]) {
      if (carry) continue;
      if (normal && variant !== SPLIT && runsOver(ctx, x, j)) out.push(move(board, t, j, RAN_OVER));
      if (!mayLead(ctx, x, stands, j, false)) {
        // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
        if (normal && needsBacking(occ.type[x]!, stands) && mayLead(ctx, x, stands, j, true)) {
          for (const y of backers(ctx, x, j)) out.push(supportedMove(t, board.names[j]!, state.units[y]!.id));
        }
        continue;
      }
    } else if (!stackFits(occ, j, x, stands, engine)) continue;
    if (normal) out.push(move(board, t, j, variant));
    if (charge && (enemy[j] || near) && chargeFights(ctx, x, j, enemy[j] === 1)) out.push(move(board, t, j, chargeTag));
  }
}

/**
 * The squares the cheapest path to `to` came through (the cheapest charge path with `charge`), nearest first, at most
 * 2, the start square included; undefined when the unit cannot reach `to` (an attacker retreats back along it, 9L).
 */
export function moveTrail(state: GameState, u: UnitState, carry: boolean, to: Square, charge: boolean): Square[] | undefined {
  if (!u.at) return undefined;
  const board = boardOf(state.scenario);
  const { enemy, bits } = enemiesOf(state, board, u.side);
  if (main.square.length < board.n) { main = newReach(board.n); withEngine = newReach(board.n); }
  const m = { type: u.type, from: board.index.get(u.at)!, afterCharge: heldAfterCharge(state.turn, u.chargedTurn), carry };
  const r = memoSearch(memoFor(board, state.rules), board, state.rules, m, TYPE_INDEX[u.type]!, enemy, bits, carry ? withEngine : main);
  const j = board.index.get(to);
  for (let k = 0; k < r.count; k++) {
    if (r.square[k] !== j) continue;
    if (charge && !(r.kind[k]! & CHARGE)) return [];
    const t = charge ? r.chargeTrail : r.trail;
    return [t[2 * k]!, t[2 * k + 1]!].filter((i) => i >= 0).map((i) => board.names[i]!);
  }
  return undefined;
}

// ---- Facing changes (6L).

/** The first unfought melee unit x is a declared supporter of (-1: none). */
function supportedMelee(ctx: MoveContext, x: number): number {
  for (let m = 0; m < ctx.contact.length; m++) if (!ctx.fought[m] && ctx.supports[m]!.includes(x)) return m;
  return -1;
}

/**
 * Facing changes of one unit (by index) in the move phase, appended to `out`: any allowed facing but its own, as
 * often as wished. A ballista is turned by the side controlling it and faces where the troops of that side with it
 * could (a corner only when one of them may face a corner); a joined commander turns with its unit, not on its own;
 * a declared supporter keeps facings that still support (6G).
 */
export function faceActions(ctx: MoveContext, x: number, out: Action[]): void {
  const { occ, board, state } = ctx;
  const type = occ.type[x]!, j = occ.sq[x]!;
  let corners = SUPPORT_TYPE[type] !== 1;
  let t: Table;
  if (type === BALLISTA) {
    const c = occ.ctrl[x]!;
    if (c < 0 || c !== ctx.toAct) return;
    let crew = false;
    corners = false;
    for (let k = 0, base = j * STACK; k < occ.cellN[j]!; k++) {
      const y = occ.cell[base + k]!;
      if (occ.type[y] === BALLISTA || occ.side[y] !== c) continue;
      crew = true;
      if (SUPPORT_TYPE[occ.type[y]!] !== 1) corners = true;
    }
    if (!crew) return;
    // A ballista is turned by the side controlling it, which need not be the side that fielded it (9M capture).
    t = tableOf(board, occ.sides[c]!, state.units[x]!.id);
  } else {
    if (type === COMMANDER) {
      for (let k = 0, base = j * STACK; k < occ.cellN[j]!; k++) {
        const y = occ.cell[base + k]!;
        if (y !== x && occ.type[y] !== BALLISTA && occ.side[y] === occ.side[x]) return;
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
    for (const a of list) out.push(a);
    return;
  }
  for (let f = 0; f < 8; f += corners ? 1 : 2) if (f !== own && supportGeometryOf(type, f, dir)) out.push(face(t, f));
}

// ---- Support declarations, ending the move, the whole listing.

/** Support declarations of a side (9E), optionally of one unit: each unit beside each melee it could support now. */
export function supportActions(ctx: MoveContext, side: string, onlyUnit?: string): Action[] {
  const out: Action[] = [];
  if (ctx.contact.length === 0) return out;
  const { occ, state } = ctx;
  const s = occ.sides.indexOf(side);
  const anyFacing = s === ctx.attacker;
  for (let x = 0; x < state.units.length; x++) {
    if (occ.side[x] !== s || (onlyUnit && state.units[x]!.id !== onlyUnit)) continue;
    for (let m = 0; m < ctx.contact.length; m++) {
      if (!canSupportFrom(ctx, x, occ.sq[x]!, m, anyFacing)) continue;
      const t = ownTable(ctx, x), c = ctx.contact[m]!;
      out.push((t.support[c] ??= Object.freeze<Action>({ type: 'support', side, unit: t.unit, contact: ctx.board.names[c]! })));
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

/** May unit x change facing in the move phase (on the board, not retiring)? */
export function mayTurn(occ: Occupancy, x: number): boolean {
  return (occ.flags[x]! & (F_ACTIVE | F_RETIRING)) === F_ACTIVE && occ.sq[x]! >= 0;
}

/** Every move-phase action of `side`, optionally of one unit and/or one type, in the engine's order. */
export function moveActions(ctx: MoveContext, side: string, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  const { state, occ } = ctx;
  const s = occ.sides.indexOf(side);
  const out: Action[] = [];
  const moves = onlyType === undefined || onlyType === 'move', faces = onlyType === undefined || onlyType === 'face';
  for (let x = 0; x < state.units.length; x++) {
    if (!actsFor(occ, x, s) || (onlyUnit && state.units[x]!.id !== onlyUnit)) continue;
    if (moves && canMove(occ, x)) unitMoves(ctx, x, out);
    if (faces && mayTurn(occ, x)) faceActions(ctx, x, out);
  }
  if (onlyType === undefined || onlyType === 'support') for (const a of supportActions(ctx, side, onlyUnit)) out.push(a);
  if ((onlyType === undefined || onlyType === 'endMove') && !onlyUnit && ctx.idle.length === 0) out.push(endMove(side));
  return out;
}
