/**
 * Move-phase actions on the integer board (issue 9, fast core; digest 6): moves (normal, charge, running over,
 * carrying a ballista, splitting knights, a 1-stand missile unit's declared supporter), facing changes, support
 * declarations and ending the move. Listed in the engine's fixed order, as interned action objects.
 */
import { FACINGS, SIDE_FACINGS, type Facing, type Square } from '../coords';
import { TROOPS } from '../troops';
import type { Action } from '../actions';
import { afterCharge, enemyHeld, mayLead, needsBacking, runOverTarget, stackFits } from '../movement';
import { canSupport, stepBetween, supportGeometry } from '../combat';
import { unitsAt, type GameState, type Melee, type UnitState } from '../state';
import { boardOf, type Board } from './board';
import { enemiesOf, sideIndex, type Occupancy } from './occupancy';
import { memoFor, memoSearch, type Memo } from './memo';
import { CHARGE, NORMAL, newReach, type Reach } from './search';

/** One listing's view of a state in the move phase (built once, read by every unit's generation). */
export interface MoveContext {
  state: GameState;
  occ: Occupancy;
  board: Board;
  /** Chargers that would fight in no melee (then movement may not end, 6G reading). */
  idle: UnitState[];
  /** Squares next to a melee's contact square (where a charge may end to support it), 1 by square index; null without melees. */
  besideMelee: Uint8Array | null;
  memo: Memo;
}

export function moveContext(state: GameState, occ: Occupancy, idle = idleChargers(state)): MoveContext {
  const board = occ.board;
  let besideMelee: Uint8Array | null = null;
  if (state.melees.length > 0) {
    besideMelee = new Uint8Array(board.n);
    for (const m of state.melees) {
      const c = board.index.get(m.contact)!;
      for (let d = 0; d < 8; d++) if (board.step[c * 8 + d]! >= 0) besideMelee[board.step[c * 8 + d]!] = 1;
    }
  }
  return { state, occ, board, idle, besideMelee, memo: memoFor(board, state.rules) };
}

/** Can the unit still move this turn (not moved, not retreated last turn, not retiring)? */
export function canMove(state: GameState, u: UnitState): boolean {
  return u.status === 'active' && u.at !== null && u.type !== 'ballista' && !u.moved && !u.retiring
    && !(u.retreatedTurn !== null && state.turn - u.retreatedTurn <= 1);
}

/** Charged units that would fight in no melee (then movement may not end, 6G reading). */
export function idleChargers(state: GameState): UnitState[] {
  return state.units.filter((u) => u.side === state.attacker && u.status === 'active' && u.chargedTurn === state.turn
    && !state.melees.some((m) => m.contact === u.at || m.supports.some((s) => s.unit === u.id)));
}

// ---- Interned actions: one frozen object per distinct action, per board, side and unit (fields in the order the
// engine always wrote them, so logs and state hashes are unchanged). Looked up by square index and tag.

type MoveAction = Extract<Action, { type: 'move' }>;
const TAGS = ['', 'charge', 'runOver', 'carry', 'split', 'charge split'] as const;
type Tag = (typeof TAGS)[number];
const PLAIN = 0, CHARGED = 1, RUN_OVER = 2, CARRY = 3, SPLIT = 4, CHARGE_SPLIT = 5;

export interface Table {
  side: string;
  unit: string;
  moves: Array<MoveAction | null>;
  supported: Map<string, MoveAction>;
  faces: Action[];
  /** Facing changes of a unit facing `facing` (index), corners allowed or not: slot corners * 8 + facing. */
  turns: Action[][];
}
const tables = new WeakMap<Board, Map<string, Map<string, Table>>>();

export function tableOf(board: Board, side: string, unit: string): Table {
  let bySide = tables.get(board);
  if (!bySide) tables.set(board, (bySide = new Map()));
  let byUnit = bySide.get(side);
  if (!byUnit) bySide.set(side, (byUnit = new Map()));
  let t = byUnit.get(unit);
  if (!t) byUnit.set(unit, (t = { side, unit, moves: new Array<MoveAction | null>(board.n * TAGS.length).fill(null), supported: new Map(), faces: [], turns: [] }));
  return t;
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

// ---- Moves.

/** Result buffers of the last searches, without and with a carried ballista (reused: grown to the largest board). */
let main = newReach(0), withEngine = newReach(0);

/** The unit's moves (carrying its ballista or not): remembered, or searched into a reused buffer. Read, never change. */
export function reachOf(ctx: MoveContext, u: UnitState, carry: boolean): Reach {
  const s = sideIndex(ctx.occ, u.side);
  return unitReach(ctx.state, ctx.board, ctx.memo, u, carry, ctx.occ.enemy[s]!, ctx.occ.enemyBits[s]!);
}

function unitReach(state: GameState, board: Board, memo: Memo, u: UnitState, carry: boolean, enemy: Uint8Array, enemyBits: Uint32Array): Reach {
  if (main.square.length < board.n) { main = newReach(board.n); withEngine = newReach(board.n); }
  const m = { type: u.type, from: board.index.get(u.at!)!, afterCharge: afterCharge(state, u), carry };
  return memoSearch(memo, board, state.rules, m, enemy, enemyBits, carry ? withEngine : main);
}

/** Move actions of one unit, appended to `out`: normal, carrying its ballista, splitting knights (each with charges). */
export function unitMoves(ctx: MoveContext, u: UnitState, out: Action[]): void {
  const { state, board } = ctx;
  const start = out.length;
  const t = tableOf(board, u.side, u.id);
  movePasses(ctx, u, (mover, r, variant, engine) => destinations(ctx, t, u, mover, r, variant, engine, out));
  // Only a move into a waiting charger's own square can take its fight away (joining a charging commander, say):
  // leaving a square or starting a melee only adds ways to fight, and units in contact squares have moved.
  const idle = ctx.idle.length === 0 ? ctx.idle : ctx.idle.filter((c) => c.id !== u.id);
  if (idle.length === 0) return;
  let k = start;
  for (let i = start; i < out.length; i++) {
    const a = out[i] as MoveAction;
    if (!idle.some((c) => c.at === a.to) || keepsChargersFighting(state, u, a.to, idle)) out[k++] = a;
  }
  out.length = k;
}

/**
 * The ways a unit may move now, in the order they are listed, each with the unit as it moves, its search and the
 * ballista it carries: plain, carrying its ballista (6K), and for knights at 2 stands one stand split off (6E).
 */
export function movePasses(ctx: MoveContext, u: UnitState, visit: (mover: UnitState, r: Reach, variant: number, engine: UnitState | undefined) => void): void {
  const engine = engineOf(ctx, u);
  const r = reachOf(ctx, u, false);
  visit(u, r, PLAIN, undefined);
  if (engine) visit(u, reachOf(ctx, u, true), CARRY, engine);
  if (u.type === 'knights' && u.stands === 2) visit({ ...u, stands: 1, half: 0 }, r, SPLIT, undefined);
}

/** The unit's side's ballista in its square that it may carry (6K), if any. */
export function engineOf(ctx: MoveContext, u: UnitState): UnitState | undefined {
  return ctx.occ.at[ctx.board.index.get(u.at!)!]!.find((b) => b.type === 'ballista' && b.controller === u.side && !b.moved);
}

/**
 * The actions of one search's squares for one way of moving (variant: PLAIN, CARRY or SPLIT), appended to `out`; with
 * `offsets`, where each square's actions start (and, last, where they end).
 */
export function destinations(ctx: MoveContext, t: Table, u: UnitState, mover: UnitState, r: Reach, variant: number, engine: UnitState | undefined, out: Action[], offsets?: number[]): void {
  const { board, occ, besideMelee: beside } = ctx;
  const enemy = occ.enemy[sideIndex(occ, u.side)]!;
  const { square, kind } = r;
  for (let k = 0; k < r.count; k++) {
    if (offsets) offsets.push(out.length);
    const j = square[k]!;
    // Most squares are empty and beside no melee: just the move there, if a normal move reaches it.
    if (occ.at[j]!.length === 0 && !beside?.[j]) { if (kind[k]! & NORMAL) out.push(move(board, t, j, variant)); continue; }
    squareMoves(ctx, t, u, mover, r, k, variant, engine, enemy, out);
  }
  if (offsets) offsets.push(out.length);
}

/**
 * The actions of reach square k for one way of moving. They read the units in that square, and when it holds enemies
 * or lies beside a melee, the units in the squares around it (who could back a lead, the melee's contact square).
 */
export function squareMoves(ctx: MoveContext, t: Table, u: UnitState, mover: UnitState, r: Reach, k: number, variant: number, engine: UnitState | undefined, enemy: Uint8Array, out: Action[]): void {
  const { state, board, occ } = ctx;
  const carry = variant === CARRY;
  const chargeTag = variant === SPLIT ? CHARGE_SPLIT : CHARGED;
  const beside = ctx.besideMelee;
  const j = r.square[k]!, normal = (r.kind[k]! & NORMAL) !== 0, charge = (r.kind[k]! & CHARGE) !== 0 && !carry;
  const here = occ.at[j]!;
  if (here.length === 0) {
    // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
    if (normal) out.push(move(board, t, j, variant));
    if (charge && beside?.[j] && chargeFights(state, mover, board.names[j]!, false)) out.push(move(board, t, j, chargeTag));
    return;
  }
  if (enemy[j]) {
    if (carry) return;
    const sq = board.names[j]!;
    if (normal && variant !== SPLIT && runOverTarget(state, u, sq)) out.push(move(board, t, j, RUN_OVER));
    if (!mayLead(state, mover, sq)) {
      // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
      if (normal && needsBacking(mover) && mayLead(state, mover, sq, true)) {
        for (const id of backers(state, mover, sq)) out.push(supportedMove(t, sq, id));
      }
      return;
    }
  } else if (!stackFits(here, mover, mover.stands, engine)) return;
  if (normal) out.push(move(board, t, j, variant));
  if (charge && (enemy[j] || beside?.[j]) && chargeFights(state, mover, board.names[j]!, enemy[j] === 1)) out.push(move(board, t, j, chargeTag));
}

/** Would a charge ending on `sq` fight (lead there, or support a melee already started)? */
function chargeFights(state: GameState, u: UnitState, sq: Square, enemyThere: boolean): boolean {
  if (enemyThere) return true;
  if (state.melees.length === 0) return false;
  const moved = { ...u, at: sq };
  return state.melees.some((m) => stepBetween(sq, m.contact) !== null && canSupport(state, moved, m, true));
}

/**
 * No dead ends (6G reading): would every charger still waiting to fight still have a melee to fight in once `u`
 * stands on `to`? (A unit joining a charging commander's square, say, can leave the commander unable to support.)
 */
function keepsChargersFighting(state: GameState, u: UnitState, to: Square, idle: UnitState[]): boolean {
  const moved = { ...u, at: to };
  const enemyThere = enemyHeld(state, u.side, to);
  const trial: GameState = {
    ...state, units: state.units.map((x) => (x.id === u.id ? moved : x)),
    melees: enemyThere && !state.melees.some((m) => m.contact === to)
      ? [...state.melees, { contact: to, supports: [], mdi: {}, fought: false }] : state.melees,
  };
  return idle.every((c) => chargeFights(trial, c, c.at!, enemyHeld(trial, c.side, c.at!)));
}

/**
 * Units of the mover's side that could support a melee the mover would start at `sq` (9E, judged as if the mover
 * stood there): the supporters a 1-stand missile unit may declare with its move (6J).
 */
export function backers(state: GameState, mover: UnitState, sq: Square): string[] {
  const moved = { ...mover, at: sq };
  const after: GameState = {
    ...state, units: state.units.map((x) => (x.id === mover.id ? moved : x)),
    melees: [...state.melees, { contact: sq, supports: [], mdi: {}, fought: false }],
  };
  const m = after.melees[after.melees.length - 1]!;
  return after.units.filter((x) => x.side === mover.side && x.id !== mover.id && canSupport(after, x, m, true)).map((x) => x.id);
}

/**
 * The squares the cheapest path to `to` came through (the cheapest charge path with `charge`), nearest first, at most
 * 2, the start square included; undefined when the unit cannot reach `to` (an attacker retreats back along it, 9L).
 */
export function moveTrail(state: GameState, u: UnitState, carry: boolean, to: Square, charge: boolean): Square[] | undefined {
  if (!u.at) return undefined;
  const board = boardOf(state.scenario);
  const { enemy, bits } = enemiesOf(state, board, u.side);
  const r = unitReach(state, board, memoFor(board, state.rules), u, carry, enemy, bits);
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

/** The unfought melee a unit is a declared supporter of, if any. */
function supportedMelee(state: GameState, u: UnitState): Melee | undefined {
  return state.melees.find((m) => !m.fought && m.supports.some((x) => x.unit === u.id));
}

/**
 * Facing changes of one unit in the move phase, appended to `out`: any allowed facing but its own, as often as
 * wished. A ballista is turned by the side controlling it and faces where the troops of that side with it could (a
 * corner only when one of them may face a corner); a joined commander turns with its unit, not on its own; a
 * declared supporter keeps facings that still support (6G).
 */
export function faceActions(state: GameState, u: UnitState, out: Action[]): void {
  const board = boardOf(state.scenario);
  let corners = TROOPS[u.type].support !== 1;
  const here = unitsAt(state, u.at!);
  if (u.type === 'ballista') {
    if (u.controller !== state.toAct) return;
    let crew = false;
    corners = false;
    for (const x of here) {
      if (x.type === 'ballista' || x.side !== u.controller) continue;
      crew = true;
      if (TROOPS[x.type].support !== 1) corners = true;
    }
    if (!crew) return;
  } else if (u.type === 'commander' && here.some((x) => x.type !== 'ballista' && x.side === u.side && x.id !== u.id)) return;
  // A ballista is turned by the side controlling it, which need not be the side that fielded it (9M capture).
  const t = tableOf(board, u.type === 'ballista' ? u.controller ?? u.side : u.side, u.id);
  const own = FACINGS.indexOf(u.facing);
  const allowed: readonly Facing[] = corners ? FACINGS : SIDE_FACINGS;
  const m = state.melees.length > 0 ? supportedMelee(state, u) : undefined;
  const dir = m && stepBetween(u.at!, m.contact);
  if (!dir) {
    const slot = (corners ? 8 : 0) + own;
    let list = t.turns[slot];
    if (!list) t.turns[slot] = list = allowed.filter((f) => f !== u.facing).map((f) => face(t, FACINGS.indexOf(f)));
    for (const a of list) out.push(a);
    return;
  }
  for (const f of allowed) if (f !== u.facing && supportGeometry(u.type, f, dir)) out.push(face(t, FACINGS.indexOf(f)));
}

// ---- Support declarations, ending the move, the whole listing.

export function supportActions(state: GameState, side: string, onlyUnit?: string): Action[] {
  const out: Action[] = [];
  if (state.melees.length === 0) return out;
  const attacker = side === state.attacker;
  for (const u of state.units) {
    if (u.side !== side || (onlyUnit && u.id !== onlyUnit)) continue;
    for (const m of state.melees) if (canSupport(state, u, m, attacker)) out.push({ type: 'support', side, unit: u.id, contact: m.contact });
  }
  return out;
}

/** Does the side act for this unit in the move phase (a ballista: the side controlling it)? */
export function actsFor(u: UnitState, side: string): boolean {
  return u.type === 'ballista' ? u.controller === side : u.side === side;
}

/** Every move-phase action of `side`, optionally of one unit and/or one type, in the engine's order. */
export function moveActions(ctx: MoveContext, side: string, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  const { state } = ctx;
  const out: Action[] = [];
  const moves = onlyType === undefined || onlyType === 'move', faces = onlyType === undefined || onlyType === 'face';
  for (const u of state.units) {
    if (!actsFor(u, side) || (onlyUnit && u.id !== onlyUnit)) continue;
    if (moves && canMove(state, u)) unitMoves(ctx, u, out);
    if (faces && u.status === 'active' && u.at !== null && !u.retiring) faceActions(state, u, out);
  }
  if (onlyType === undefined || onlyType === 'support') for (const a of supportActions(state, side, onlyUnit)) out.push(a);
  if ((onlyType === undefined || onlyType === 'endMove') && !onlyUnit && ctx.idle.length === 0) out.push({ type: 'endMove', side });
  return out;
}
