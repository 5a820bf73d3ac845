/**
 * The position (issue 9, "Fast core, plain facade"): the whole game state as integers, changed in place by the core's
 * steps. Units are slots in the state's unit order, squares are board indices, sides are 0 and 1 in the scenario's
 * order. A position is read from a plain JSON GameState (fromState) and written back to one (toState, in toState.ts),
 * sharing every unit record that did not change; simulations copy a position (copyPosition) and never make JSON at all.
 *
 * Besides the state's own fields it keeps what the rules look up all the time: the active units in each square (in
 * slot order), each side's troops per square, and each unit's move-phase flags for the current turn.
 */
import { FACINGS } from '../rules/coords';
import { TROOP_TYPES } from '../rules/troops';
import { MDIS, type Mdi } from '../rules/melee';
import type { Action } from '../rules/actions';
import type { ResolvedRules, Scenario } from '../rules/scenario';
import { heldAfterCharge, markedAfterRetreat } from '../rules/readings';
import type { RngState } from '../rules/random';
import type { GameEvent, GameState, PhaseName, SideState, UnitState } from '../rules/state';
import { boardOf, type Board } from './board';
import { memoFor, type Memo } from './memo';
import { noMoveLists, type MoveLists } from './lists';
import { BALLISTA, F_ACTIVE, F_AFTER_CHARGE, F_CHARGED_NOW, F_MOVED, F_RETIRING, F_RETREATED, TYPE_INDEX, withUnit, type Ints } from './table';

export const PHASES: readonly PhaseName[] = ['deploy', 'ballista', 'missile', 'move', 'support', 'melee', 'endTurn', 'over'];
export const DEPLOY = 0, BALLISTA_FIRE = 1, MISSILE = 2, MOVE = 3, SUPPORT = 4, MELEE = 5, END_TURN = 6, OVER = 7;
export const ACTIVE = 0, OFF = 1, DESTROYED = 2;
export const STATUSES: readonly UnitState['status'][] = ['active', 'off', 'destroyed'];
const PHASE_INDEX = Object.fromEntries(PHASES.map((p, i) => [p, i])) as Record<PhaseName, number>;
const FACING_INDEX = Object.fromEntries(FACINGS.map((f, i) => [f, i])) as Record<string, number>;
const MDI_INDEX = Object.fromEntries(MDIS.map((m, i) => [m, i])) as Record<string, number>;
export const ALLOCATE = 0, RETREAT = 1, FACING = 2;
export const STAGES = ['allocate', 'retreat', 'facing'] as const;

/** A ballista hit waiting to apply (7): `unit` -1 none (''), -2 while the shooter chooses (null); `engine` -1 none. */
export interface Hit { side: number; at: number; unit: number; engine: number; ownOnly: boolean; either: boolean }

export interface PMelee {
  contact: number;
  /** Supporters by slot, in the order declared (each with its own side). */
  supports: number[];
  /** MDI index picked by each side (-1: not yet). */
  mdi: [number, number];
  fought: boolean;
}

export interface PResolution {
  contact: number;
  /** Points of loss still to allocate, by side index. */
  loss: [number, number];
  result: string;
  allocating: number[];
  stage: number;
  retreat: number[];
  marked: boolean;
  survivors: number[];
  facing: number[];
}

/** What every position of one game shares and never changes. */
export interface GameInfo {
  scenario: Scenario;
  seed: number;
  boardSize: GameState['board'];
  rules: ResolvedRules;
  sides: SideState[];
  sideIds: [string, string];
  board: Board;
  memo: Memo;
  /** By troop type index: 1 when the hill rules keep that type off hills. */
  banned: Uint8Array;
}

export interface Position {
  game: GameInfo;
  board: Board;
  /** Side ids by index (the move rules' `sides`). */
  sides: readonly string[];
  /**
   * Unit slots in use, and the unit ids by slot. Shared between a position and its copies: a unit added (addSlot)
   * then replaces them (a split's name is the first free one in `index`, so one copy's split must not show in
   * another's). `ownIds`: no other position shares them (read from JSON, or replaced since the last copy), so a unit
   * added goes into them in place.
   */
  n: number;
  ids: readonly string[];
  index: ReadonlyMap<string, number>;
  ownIds: boolean;
  // ---- Units by slot.
  side: Ints; type: Ints; face: Ints; stands: Ints; half: Ints;
  /** Controlling side of a ballista (-1: abandoned, and for every other type). */
  ctrl: Ints;
  /** Square index while active on the board, else -1 (the move rules' view); `at` is the record's square (-1: null). */
  sq: Ints; at: Ints;
  status: Ints; moved: Ints; retiring: Ints; levy: Ints;
  /** Turn charged / retreated (-1: null). */
  charged: Ints; retreated: Ints;
  /** The trail's length (-1: null) and its squares, nearest first. */
  trailN: Ints; trail0: Ints; trail1: Ints;
  /** Move-phase flags (F_* of table.ts) for the current turn, kept up to date by every change. */
  flags: Ints;
  // ---- Squares.
  /** The active units in each square, in slot order (a list is replaced, never changed, so copies share them). */
  cells: Array<readonly number[]>;
  /** By side: how many of its troop units (not ballistas) stand in each square, and on the whole board. */
  troops: [Ints, Ints];
  onBoard: [number, number];
  /** By side: 1 where troops of the other side stand, and the same as bits (32 squares a word). */
  enemy: [Ints, Ints];
  enemyBits: [Uint32Array, Uint32Array];
  // ---- The phase.
  turn: number;
  attacker: number;
  phase: number;
  toAct: number;
  /** Ballista shots (slot, target square), as flat pairs. */
  shots: number[];
  /** The missile phase's volley (R-fire-order): the units able to fire when it began, in slot order. */
  fires: PFire[];
  hits: Hit[];
  /** Units that decided this phase (slot), and sides done at the end of a turn (-1 - side), in order. */
  decided: number[];
  melees: PMelee[];
  current: number;
  resolution: PResolution | null;
  ledger: number;
  rng: RngState;
  result: GameState['result'];
  conceded: number;
  /** Events of the last action (null: not kept, as in simulations). */
  events: GameEvent[] | null;
  /** Actions applied since the game began (null: not kept). */
  log: Action[] | null;
  /** Units changed since this was last cleared, by slot, repeats allowed (null: not kept): toState shares the rest. */
  touched: number[] | null;
  /** What this move phase's listings worked out, kept for the next (keptLists.ts, the moveLists cache). */
  moveLists: MoveLists;
  /**
   * Each missile unit's choices, by slot, once listed (listing.ts missileChoiceList): worked out once between shots
   * (each shot may change them: R-fire-order), emptied by every shot. Copies share the lists.
   */
  missileLists: Array<readonly Action[] | undefined>;
  /**
   * Each missile unit's targets in reach (fire.ts missileTargets), by slot, once worked out: kept through the missile
   * phase, since no unit moves in it; emptied when a unit is destroyed (a target or a screen gone). Copies share them.
   */
  missileReach: Array<readonly number[] | undefined>;
}

/**
 * Each unit's move actions as last listed in this move phase, with the squares they depend on, and the journal of
 * squares whose units changed since the phase began (a melee started or joined: its contact square and those next to
 * it; -1: every list is stale: enemies left the board, and the searches read them). A unit's list is listed again as
 * it was while none of its squares has changed since, or with the actions of the squares that changed worked out
 * again (keptLists.ts).
 */
/**
 * A missile unit of the volley: its stands when the phase began, the square it shot at (-1: not yet, or held), and
 * while its side chooses what the shot destroys there (R-two-types), the choices as flat pairs (unit slot, stands).
 */
export interface PFire { unit: number; stands: number; target: number; losses: number[] | null }

export { noMoveLists, type MoveLists } from './lists';

const infos = new WeakMap<readonly SideState[], GameInfo>();

// Helpers are functions of the module, not closures made per call: the CLI and the bench run through tsx, whose
// transform names every closure made inside a function (keepNames), which costs about 0.4 µs each time one is made.

/** A side id's index (-1: null or unknown). */
function sideIndex(sideIds: readonly [string, string], id: string | null): number {
  return id === null ? -1 : id === sideIds[0] ? 0 : id === sideIds[1] ? 1 : -1;
}

/** A square name's index (-1: null or not on the board). */
function squareIndex(board: Board, name: string | null): number {
  return name === null ? -1 : board.index.get(name) ?? -1;
}


/** The shared part of a game's positions (by the state's sides array, which every state of a game shares). */
function infoOf(state: GameState): GameInfo {
  let g = infos.get(state.sides);
  if (g && g.scenario === state.scenario && g.rules === state.rules && g.seed === state.seed) return g;
  const board = boardOf(state.scenario);
  g = {
    scenario: state.scenario, seed: state.seed, boardSize: state.board, rules: state.rules, sides: state.sides,
    sideIds: [state.sides[0]!.id, state.sides[1]!.id], board, memo: memoFor(board, state.rules),
    banned: Uint8Array.from(TROOP_TYPES, (t) => (state.rules.hills.banned.includes(t) ? 1 : 0)),
  };
  infos.set(state.sides, g);
  return g;
}

interface UnitArrays {
  side: Ints; type: Ints; face: Ints; stands: Ints; half: Ints; ctrl: Ints; sq: Ints; at: Ints; status: Ints; moved: Ints; retiring: Ints;
  levy: Ints; charged: Ints; retreated: Ints; trailN: Ints; trail0: Ints; trail1: Ints; flags: Ints;
}

const zeros = (n: number): Ints => new Array<number>(n).fill(0);

function unitArrays(cap: number): UnitArrays {
  return {
    side: zeros(cap), type: zeros(cap), face: zeros(cap), stands: zeros(cap), half: zeros(cap), ctrl: zeros(cap), sq: zeros(cap), at: zeros(cap),
    status: zeros(cap), moved: zeros(cap), retiring: zeros(cap), levy: zeros(cap), charged: zeros(cap), retreated: zeros(cap), trailN: zeros(cap),
    trail0: zeros(cap), trail1: zeros(cap), flags: zeros(cap),
  };
}

const NO_UNITS: readonly number[] = Object.freeze([]);

/** The position of a JSON state (read once; the state is not changed). */
export function fromState(state: GameState): Position {
  const g = infoOf(state);
  const { board, sideIds } = g;
  const n = state.units.length;
  const ids = state.units.map((u) => u.id);
  const a = unitArrays(n);
  // Written out in copyPosition's order (no spread): every position then has one shape, its fields in the object.
  const p: Position = {
    game: g, board, sides: sideIds, n, ids, index: new Map(ids.map((id, x) => [id, x])), ownIds: true,
    side: a.side, type: a.type, face: a.face, stands: a.stands, half: a.half, ctrl: a.ctrl, sq: a.sq, at: a.at, status: a.status, moved: a.moved,
    retiring: a.retiring, levy: a.levy, charged: a.charged, retreated: a.retreated, trailN: a.trailN, trail0: a.trail0, trail1: a.trail1, flags: a.flags,
    cells: new Array<readonly number[]>(board.n).fill(NO_UNITS),
    troops: [zeros(board.n), zeros(board.n)], onBoard: [0, 0],
    enemy: [zeros(board.n), zeros(board.n)],
    enemyBits: [new Uint32Array(board.words), new Uint32Array(board.words)],
    turn: state.turn, attacker: sideIndex(sideIds, state.attacker), phase: PHASE_INDEX[state.phase], toAct: sideIndex(sideIds, state.toAct),
    shots: state.shots.flatMap((s) => [ids.indexOf(s.unit), squareIndex(board, s.target)]),
    fires: state.fires.map((f) => ({ unit: ids.indexOf(f.unit), stands: f.stands, target: f.target === undefined ? -1 : squareIndex(board, f.target), losses: f.losses ? f.losses.flatMap((l) => [ids.indexOf(l.unit), l.stands]) : null })),
    hits: state.hits.map((h) => ({ side: sideIndex(sideIds, h.side), at: squareIndex(board, h.at), unit: h.unit === null ? -2 : h.unit === '' ? -1 : ids.indexOf(h.unit), engine: h.engine === null ? -1 : ids.indexOf(h.engine), ownOnly: h.ownOnly === true, either: h.either === true })),
    decided: state.decided.map((d) => (ids.includes(d) ? ids.indexOf(d) : -1 - sideIndex(sideIds, d))),
    melees: state.melees.map((m) => ({
      contact: squareIndex(board, m.contact), supports: m.supports.map((s) => ids.indexOf(s.unit)),
      mdi: [mdiIndex(m.mdi[sideIds[0]]), mdiIndex(m.mdi[sideIds[1]])], fought: m.fought,
    })),
    current: state.current ?? -1,
    resolution: state.resolution && {
      contact: squareIndex(board, state.resolution.contact), loss: [state.resolution.loss[sideIds[0]] ?? 0, state.resolution.loss[sideIds[1]] ?? 0],
      result: state.resolution.result, allocating: state.resolution.allocating.map((id) => sideIndex(sideIds, id)), stage: STAGES.indexOf(state.resolution.stage),
      retreat: state.resolution.retreat.map((id) => ids.indexOf(id)), marked: state.resolution.marked,
      survivors: state.resolution.survivors.map((id) => ids.indexOf(id)), facing: state.resolution.facing.map((id) => sideIndex(sideIds, id)),
    },
    ledger: sideIndex(sideIds, state.ledger), rng: state.rng.script ? { s: state.rng.s, script: [...state.rng.script] } : { s: state.rng.s },
    result: state.result && { winner: state.result.winner, points: { ...state.result.points }, reason: state.result.reason },
    conceded: sideIndex(sideIds, state.conceded), events: null, log: null, touched: null, moveLists: noMoveLists(), missileLists: [], missileReach: [],
  };
  for (let x = 0; x < n; x++) {
    const u = state.units[x]!;
    p.side[x] = sideIndex(sideIds, u.side);
    p.type[x] = TYPE_INDEX[u.type]!;
    p.face[x] = FACING_INDEX[u.facing] ?? 0;
    p.stands[x] = u.stands;
    p.half[x] = u.half;
    p.ctrl[x] = u.type === 'ballista' ? sideIndex(sideIds, u.controller ?? null) : -1;
    p.at[x] = squareIndex(board, u.at);
    p.status[x] = STATUSES.indexOf(u.status);
    p.moved[x] = u.moved ? 1 : 0;
    p.retiring[x] = u.retiring ? 1 : 0;
    p.levy[x] = u.levyRolled ? 1 : 0;
    p.charged[x] = u.chargedTurn ?? -1;
    p.retreated[x] = u.retreatedTurn ?? -1;
    p.trailN[x] = u.trail === null ? -1 : u.trail.length;
    p.trail0[x] = u.trail && u.trail.length > 0 ? squareIndex(board, u.trail[0]!) : -1;
    p.trail1[x] = u.trail && u.trail.length > 1 ? squareIndex(board, u.trail[1]!) : -1;
    p.sq[x] = -1;
    settle(p, x);
  }
  return p;
}

function mdiIndex(m: Mdi | null | undefined): number {
  return m == null ? -1 : MDI_INDEX[m] ?? -1;
}

/** The unit table copied field by field (written out: a loop over field names is many times slower). */
function copyUnits(p: UnitArrays): UnitArrays {
  return {
    side: p.side.slice(), type: p.type.slice(), face: p.face.slice(), stands: p.stands.slice(), half: p.half.slice(), ctrl: p.ctrl.slice(),
    sq: p.sq.slice(), at: p.at.slice(), status: p.status.slice(), moved: p.moved.slice(), retiring: p.retiring.slice(), levy: p.levy.slice(),
    charged: p.charged.slice(), retreated: p.retreated.slice(), trailN: p.trailN.slice(), trail0: p.trail0.slice(), trail1: p.trail1.slice(),
    flags: p.flags.slice(),
  };
}

function copyFire(f: PFire): PFire {
  return { unit: f.unit, stands: f.stands, target: f.target, losses: f.losses && f.losses.slice() };
}

/** A private copy to change (the game's shared parts and the unit ids stay shared: neither position owns its ids after). */
export function copyPosition(p: Position): Position {
  const r = p.resolution;
  const u = copyUnits(p);
  p.ownIds = false;
  return {
    game: p.game, board: p.board, sides: p.sides, n: p.n, ids: p.ids, index: p.index, ownIds: false,
    side: u.side, type: u.type, face: u.face, stands: u.stands, half: u.half, ctrl: u.ctrl, sq: u.sq, at: u.at, status: u.status, moved: u.moved,
    retiring: u.retiring, levy: u.levy, charged: u.charged, retreated: u.retreated, trailN: u.trailN, trail0: u.trail0, trail1: u.trail1, flags: u.flags,
    cells: p.cells.slice(),
    troops: [p.troops[0].slice(), p.troops[1].slice()], onBoard: [p.onBoard[0], p.onBoard[1]],
    enemy: [p.enemy[0].slice(), p.enemy[1].slice()],
    enemyBits: [p.enemyBits[0].slice(), p.enemyBits[1].slice()],
    turn: p.turn, attacker: p.attacker, phase: p.phase, toAct: p.toAct,
    shots: p.shots.slice(), fires: p.fires.map(copyFire), hits: p.hits.map((h) => ({ side: h.side, at: h.at, unit: h.unit, engine: h.engine, ownOnly: h.ownOnly, either: h.either })),
    decided: p.decided.slice(),
    melees: p.melees.map((m) => ({ contact: m.contact, supports: m.supports.slice(), mdi: [m.mdi[0], m.mdi[1]], fought: m.fought })),
    current: p.current,
    resolution: r && { contact: r.contact, loss: [r.loss[0], r.loss[1]], result: r.result, allocating: r.allocating.slice(), stage: r.stage, retreat: r.retreat.slice(), marked: r.marked, survivors: r.survivors.slice(), facing: r.facing.slice() },
    ledger: p.ledger, rng: p.rng.script ? { s: p.rng.s, script: [...p.rng.script] } : { s: p.rng.s },
    result: p.result && { winner: p.result.winner, points: { ...p.result.points }, reason: p.result.reason },
    conceded: p.conceded, events: p.events && [], log: p.log && p.log.slice(), touched: null,
    moveLists: { units: p.moveLists.units.slice(), journal: p.moveLists.journal.slice(), charges: p.moveLists.charges.slice(), plan: p.moveLists.plan,
      leaders: p.moveLists.leaders && { at: p.moveLists.leaders.at, n: p.moveLists.leaders.n, bySquare: p.moveLists.leaders.bySquare.slice() }, beside: p.moveLists.beside },
    missileLists: p.missileLists.slice(),
    missileReach: p.missileReach.slice(),
  };
}

// ---- Keeping the squares and flags in step with the units.

/**
 * After any change to unit x's square, status, type or side: take it out of the square it was listed in and list it
 * where it now stands (active on the board), keeping each square's units in slot order; then its flags.
 */
export function settle(p: Position, x: number): void {
  p.touched?.push(x);
  const was = p.sq[x]!;
  const now = p.status[x] === ACTIVE && p.at[x]! >= 0 ? p.at[x]! : -1;
  if (was !== now) {
    if (was >= 0) unlist(p, x, was);
    p.sq[x] = now;
    if (now >= 0) list(p, x, now);
  }
  reflag(p, x);
}

/**
 * The units of square j changed: listed moves that depend on it are worked out again (for a contact square, those
 * of the squares next to it too: who may support its melee reads who is in it).
 */
function journal(p: Position, j: number): void {
  p.moveLists.journal.push(j);
  for (const m of p.melees) if (m.contact === j) { meleeChanged(p, j); break; }
}

/**
 * A melee at contact square c started, or its supporters changed: listed moves into c (leading it) and into the
 * squares next to it (charging to support it, and who may) are worked out again. Nothing else in a move listing reads
 * the melees (a declared supporter has moved), and the searches read only enemies.
 */
export function meleeChanged(p: Position, c: number): void {
  const log = p.moveLists.journal, step = p.board.step;
  log.push(c);
  for (let d = 0; d < 8; d++) { const j = step[c * 8 + d]!; if (j >= 0) log.push(j); }
}

function list(p: Position, x: number, j: number): void {
  journal(p, j);
  p.cells[j] = withUnit(p.cells[j]!, x);
  if (p.type[x] !== BALLISTA) count(p, p.side[x]!, j, 1);
}

function unlist(p: Position, x: number, j: number): void {
  journal(p, j);
  const here = p.cells[j]!;
  p.cells[j] = here.length === 1 ? NO_UNITS : here.filter((y) => y !== x);
  if (p.type[x] !== BALLISTA) count(p, p.side[x]!, j, -1);
}

function count(p: Position, s: number, j: number, by: number): void {
  const t = p.troops[s]!;
  const before = t[j]!;
  t[j] = before + by;
  p.onBoard[s]! += by;
  if ((before === 0) === (t[j] === 0)) return;
  const e = 1 - s, on = t[j]! > 0;
  p.enemy[e]![j] = on ? 1 : 0;
  if (on) p.enemyBits[e]![j >> 5]! |= 1 << (j & 31); else p.enemyBits[e]![j >> 5]! &= ~(1 << (j & 31));
}

/** Unit x changed in a way that moves nothing and changes no flag (its facing, half-kills, control, levy roll). */
export function touch(p: Position, x: number): void {
  p.touched?.push(x);
}

/** Recompute unit x's move-phase flags (after a change to it, or for a new turn: reflagAll). */
function reflag(p: Position, x: number): void {
  const turn = p.turn, charged = p.charged[x]!, retreated = p.retreated[x]!;
  p.flags[x] = (p.moved[x] ? F_MOVED : 0) | (p.retiring[x] ? F_RETIRING : 0) | (charged === turn ? F_CHARGED_NOW : 0)
    | (heldAfterCharge(turn, charged < 0 ? null : charged) ? F_AFTER_CHARGE : 0)
    | (markedAfterRetreat(turn, retreated < 0 ? null : retreated) ? F_RETREATED : 0) | (p.status[x] === ACTIVE ? F_ACTIVE : 0);
}

export function reflagAll(p: Position): void {
  for (let x = 0; x < p.n; x++) reflag(p, x);
}

/** Add a unit (a split-off part, 6F): a new slot at the end, with a new id; returns its slot. */
export function addSlot(p: Position, id: string): number {
  const x = p.n;
  if (p.ownIds) {
    (p.ids as string[]).push(id);
    (p.index as Map<string, number>).set(id, x);
  } else {
    p.ids = [...p.ids, id];
    p.index = new Map(p.index).set(id, x);
    p.ownIds = true;
  }
  p.n = x + 1;
  p.sq[x] = -1;
  return x;
}
