/**
 * The turn sequence on the position (issue 9, fast core; digest 6, 11): applying a legal action in place, then the
 * automatic steps until a side must decide or the game ends (what may be done is listed in listing.ts; the melee
 * phase's own steps are in melee.ts).
 */
import { FACINGS } from '../rules/coords';
import { MDIS } from '../rules/melee';
import type { Action } from '../rules/actions';
import type { GameEvent, MoveEvent } from '../rules/events';
import { TROOP_TYPES } from '../rules/troops';
import { heldAfterCharge } from '../rules/readings';
import { unitScore } from '../rules/points';
import { objectiveRecord, objectiveScore } from './objectives';
import { rollDie } from '../rules/random';
import { facingOf } from '../rules/combat';
import { DX, DY, dirBetween } from './board';
import { BALLISTA, COMMANDER } from './table';
import {
  ACTIVE, ALLOCATE, BALLISTA_FIRE, DEPLOY, DESTROYED, END_TURN, MELEE, MISSILE, MOVE, OFF, OVER, SUPPORT,
  addSlot, meleeChanged, noMoveLists, reflagAll, settle, touch, type Position,
} from './position';
import { trailTo } from './moves';
import { pathTo } from './search';
import { applyBallistaHits, chooseHit, chooseShotLoss, choosingHit, choosingShot, fireShot, mayFireBallista, removeStands, resolveBallistaFire, nextToFire, startVolley } from './fire';
import { allocate, stepMelee } from './melee';
import { OFF as OFF_BOARD, doRetreat } from './retreat';
import { checkRetirement, retireInOrder, updateBallistas } from './after';
import { allowedFacing, deployActions, nextToDeploy } from './deploy';

// ---- Applying.

const sideOf = (p: Position, id: string) => (id === p.sides[0] ? 0 : 1);
const slot = (p: Position, id: string) => p.index.get(id)!;
const square = (p: Position, sq: string) => p.board.index.get(sq)!;

/** Apply an action legal in this position, in place: the action, then the automatic steps. */
export function applyCore(p: Position, a: Action): void {
  if (p.events) p.events = [];
  perform(p, a);
  p.log?.push(a);
  updateBallistas(p);
  advance(p);
}

function perform(p: Position, a: Action): void {
  switch (a.type) {
    case 'deploy': {
      const x = slot(p, a.unit);
      p.at[x] = square(p, a.at);
      p.face[x] = FACINGS.indexOf(a.facing);
      settle(p, x);
      // A commander deployed with a unit, or a unit deployed onto its commander: the commander faces as the unit (4).
      alignCommanders(p, p.at[x]!, p.side[x]!);
      p.events?.push({ kind: 'deploy', side: a.side, unit: a.unit, at: a.at, facing: a.facing });
      break;
    }
    case 'ballistaFire': p.shots.push(slot(p, a.unit), square(p, a.target)); p.decided.push(slot(p, a.unit)); break;
    case 'fire': {
      // R-fire-order: the shot is rolled now and its hits take effect at once; every later choice is listed afresh.
      const x = slot(p, a.unit);
      p.decided.push(x);
      fireShot(p, x, slot(p, a.target));
      p.missileLists = [];
      break;
    }
    case 'ballistaHold': p.decided.push(slot(p, a.unit)); break;
    // A unit holding its fire is no longer one of the closest still to fire (R-fire-order): the lists are worked out again.
    case 'hold': p.decided.push(slot(p, a.unit)); p.missileLists = []; break;
    case 'fireLoss': chooseShotLoss(p, choosingShot(p)!, slot(p, a.unit)); p.missileLists = []; break;
    case 'ballistaLoss': chooseHit(p, choosingHit(p)!, slot(p, a.unit)); break;
    case 'move': doMove(p, a); break;
    case 'face': {
      const x = slot(p, a.unit);
      p.face[x] = FACINGS.indexOf(a.facing);
      touch(p, x);
      if (p.phase === MELEE) p.resolution!.survivors = p.resolution!.survivors.filter((y) => y !== x);
      alignCommanders(p, p.at[x]!, p.side[x]!);
      break;
    }
    case 'endFacing': p.resolution!.facing.shift(); break;
    case 'support': declareSupport(p, sideOf(p, a.side), slot(p, a.unit), square(p, a.contact)); break;
    case 'endMove': p.phase = SUPPORT; break;
    case 'endSupport': p.phase = MELEE; break;
    case 'fight': { const c = square(p, a.contact); p.current = p.melees.findIndex((m) => m.contact === c && !m.fought); break; }
    case 'mdi': p.melees[p.current]!.mdi[sideOf(p, a.side)] = MDIS.indexOf(a.mdi); break;
    case 'allocate': {
      const r = p.resolution!, s = sideOf(p, a.side);
      r.loss[s] = allocate(p, s, slot(p, a.unit), r.loss[s]!, a.half === true);
      break;
    }
    case 'retreat': {
      const r = p.resolution!;
      doRetreat(p, slot(p, a.unit), a.to === 'off' ? OFF_BOARD : square(p, a.to), r.marked);
      r.retreat.shift();
      break;
    }
    case 'destroyBallista': {
      const b = slot(p, a.unit);
      p.events?.push({ kind: 'ballista-destroyed', side: a.side, unit: a.unit, at: p.board.names[p.at[b]!]! });
      p.status[b] = DESTROYED;
      settle(p, b);
      break;
    }
    case 'endTurn': p.decided.push(-1 - sideOf(p, a.side)); break;
    case 'concede':
      p.conceded = sideOf(p, a.side);
      p.events?.push({ kind: 'concede', side: a.side });
      finish(p);
      break;
  }
}

/** A commander joined to a unit faces as the unit does (4, 6L): it turns with the unit and takes its facing on joining. */
function alignCommanders(p: Position, j: number, side: number): void {
  if (j < 0) return;
  let unit = -1;
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.side[y] === side && p.type[y] !== BALLISTA && p.type[y] !== COMMANDER) { unit = y; break; }
  }
  if (unit < 0) return;
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const c = here[k]!;
    if (p.type[c] === COMMANDER && p.side[c] === side && p.face[c] !== p.face[unit]) { p.face[c] = p.face[unit]!; touch(p, c); }
  }
}

/** The index of the first melee at contact square c (-1: none). */
function meleeAt(p: Position, c: number): number {
  for (let m = 0; m < p.melees.length; m++) if (p.melees[m]!.contact === c) return m;
  return -1;
}

/** A support declaration (9E): an attacking supporter is done moving and turns to the contact square. */
function declareSupport(p: Position, side: number, x: number, contact: number): void {
  p.melees[meleeAt(p, contact)]!.supports.push(x);
  meleeChanged(p, contact);
  if (side === p.attacker) {
    p.moved[x] = 1;
    if (p.type[x] !== COMMANDER) p.face[x] = dirBetween(p.board, p.at[x]!, contact);
    settle(p, x);
  }
  p.events?.push({ kind: 'support', side: p.sides[side]!, unit: p.ids[x]!, at: p.board.names[p.at[x]!]!, contact: p.board.names[contact]! });
}

/** The facing index of a grid step (facingOf: 'N' for none). */
const facingIndex = (dx: number, dy: number) => FACINGS.indexOf(facingOf(dx, dy));

/**
 * Reading R-exit: a unit leaves the board across an edge as its move (its ballista with it when it carries it). It
 * never returns and counts half at the end.
 */
function doExit(p: Position, a: Extract<Action, { type: 'move' }>): void {
  const x = slot(p, a.unit), from = p.at[x]!, s = p.side[x]!;
  let engine = -1;
  if (a.carry) for (let k = 0, here = p.cells[from]!; k < here.length; k++) { const y = here[k]!; if (p.type[y] === BALLISTA && p.ctrl[y] === s) { engine = y; break; } }
  for (const y of engine >= 0 ? [x, engine] : [x]) {
    p.at[y] = -1;
    p.status[y] = OFF;
    p.moved[y] = 1;
    settle(p, y);
  }
  p.events?.push({ kind: 'exit', side: a.side, unit: a.unit, at: p.board.names[from]!, ...(engine >= 0 ? { carry: p.ids[engine]! } : {}) });
}

function doMove(p: Position, a: Extract<Action, { type: 'move' }>): void {
  if (a.to === 'off') { doExit(p, a); return; }
  const { board } = p;
  const mover0 = slot(p, a.unit);
  let x = mover0;
  const from = p.at[x]!, to = square(p, a.to), s = p.side[x]!;
  if (a.split) {
    let n = 2;
    while (p.index.has(`${a.unit}~${n}`)) n++;
    const part = addSlot(p, `${a.unit}~${n}`);
    for (const f of ['side', 'type', 'face', 'ctrl', 'at', 'status', 'moved', 'retiring', 'levy', 'charged', 'retreated'] as const) p[f][part] = p[f][x]!;
    p.stands[part] = 1;
    p.half[part] = p.half[x]! > 1 ? 1 : 0;
    p.trailN[part] = -1; p.trail0[part] = -1; p.trail1[part] = -1;
    p.stands[x]! -= 1;
    p.half[x]! -= p.half[part]!;
    settle(p, x);
    settle(p, part);
    p.events?.push({ kind: 'split', side: a.side, unit: p.ids[part]!, at: board.names[from]!, parent: a.unit });
    x = part;
  }
  const id = p.ids[x]!;
  // The squares the path came through (a charge's own path, which avoids protected squares): an attacker retreats
  // back along them (9L reading R-retreat). A run-over's path (R-run-over) is searched before its stand is gone.
  const mover = { type: TROOP_TYPES[p.type[x]!]!, from, afterCharge: heldAfterCharge(p.turn, p.charged[x]! < 0 ? null : p.charged[x]!), carry: a.carry === true };
  let trail: number[], path: number[] | null = null;
  if (a.runOver) {
    const over = square(p, a.runOver);
    path = pathTo(board, p.game.rules, { ...mover, over }, p.enemy[s]!, to, a.charge === true);
    trail = [];
    for (let k = path.length - 1; k >= 0 && trail.length < 2; k--) trail.push(path[k]!);
    const victims: number[] = [];
    for (let k = 0, here = p.cells[over]!; k < here.length; k++) { const y = here[k]!; if (p.type[y] !== BALLISTA && p.side[y] !== s) victims.push(y); }
    for (const e of victims) removeStands(p, e, p.stands[e]!);
    p.moveLists.journal.push(-1); // enemies gone: the searches read them
    p.events?.push({ kind: 'run-over', side: a.side, unit: id, at: a.runOver, ...(to !== over ? { to: a.to } : {}), destroyed: victims.map((e) => p.ids[e]!) });
  } else trail = trailTo(p, mover0, mover, to, a.charge === true) ?? [from];
  const enemies: number[] = [];
  for (let k = 0, here = p.cells[to]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.type[y] !== BALLISTA && p.side[y] !== s) enemies.push(y);
  }
  let b = -1;
  if (a.carry) {
    for (let k = 0, here = p.cells[from]!; k < here.length; k++) { const y = here[k]!; if (p.type[y] === BALLISTA && p.ctrl[y] === s) { b = y; break; } }
    p.at[b] = to;
    p.moved[b] = 1;
    settle(p, b);
  }
  p.trailN[x] = trail.length;
  p.trail0[x] = trail.length > 0 ? trail[0]! : -1;
  p.trail1[x] = trail.length > 1 ? trail[1]! : -1;
  const last = trail.length > 0 ? trail[0]! : from;
  const dir = dirBetween(board, last, to);
  const dx = dir < 0 ? 0 : DX[dir]!, dy = dir < 0 ? 0 : DY[dir]!;
  p.at[x] = to;
  p.moved[x] = 1;
  if (a.charge) p.charged[x] = p.turn;
  const type = p.type[x]!;
  let f = facingIndex(dx, dy);
  if (!allowedFacing(type, f)) f = facingIndex(0, dy || dx);
  if (!allowedFacing(type, f)) f = facingIndex(dx, 0);
  p.face[x] = f;
  settle(p, x);
  alignCommanders(p, to, s);
  const leads = enemies.length > 0;
  if (leads && meleeAt(p, to) < 0) {
    p.melees.push({ contact: to, supports: [], mdi: [-1, -1], fought: false });
    meleeChanged(p, to);
  }
  if (p.events) p.events.push(moveEvent(p, a, x, from, trail, b, leads ? enemies : NO_SLOTS, path));
  if (a.supporter) declareSupport(p, s, slot(p, a.supporter), to);
}

const NO_SLOTS: readonly number[] = [];

/**
 * The event of unit x's move from `from` along `trail` (nearest first), carrying ballista b (-1: none), against the
 * enemies it leads against; `whole`: the whole path when it is known already (a run-over's), the start first. Its
 * fields are set one by one in the record's order, the optional ones only when they apply (no spreads, maps or
 * closures: listed play makes one for every move).
 */
function moveEvent(p: Position, a: Extract<Action, { type: 'move' }>, x: number, from: number, trail: readonly number[], b: number, enemies: readonly number[], whole: readonly number[] | null): GameEvent {
  const names = p.board.names, to = p.at[x]!, s = p.side[x]!;
  // The route names every square passed, in travel order (7): the trail (kept nearest first, for retreats) when it
  // reaches back to the start, else the whole path of the same search (a run-over's: searched before the stand went).
  const route: string[] = [];
  if (whole) for (let k = 1; k < whole.length; k++) route.push(names[whole[k]!]!);
  else if (trail.length === 2 && trail[1] !== from) {
    const mover = { type: TROOP_TYPES[p.type[x]!]!, from, afterCharge: heldAfterCharge(p.turn, p.charged[x]! < 0 || p.charged[x] === p.turn ? null : p.charged[x]!), carry: b >= 0 };
    const path = pathTo(p.board, p.game.rules, mover, p.enemy[s]!, to, a.charge === true);
    for (let k = 1; k < path.length; k++) route.push(names[path[k]!]!);
  } else for (let k = trail.length - 1; k >= 0; k--) if (trail[k] !== from) route.push(names[trail[k]!]!);
  const e: Partial<MoveEvent> = { kind: 'move', side: a.side, unit: p.ids[x]!, at: a.to, from: names[from]!, to: a.to, charge: a.charge === true, route };
  if (b >= 0) e.carry = p.ids[b]!;
  const against: string[] = [], joins: string[] = [];
  for (let k = 0; k < enemies.length; k++) against.push(p.ids[enemies[k]!]!);
  for (let k = 0, here = p.cells[to]!; k < here.length; k++) { const y = here[k]!; if (y !== x && p.side[y] === s && p.type[y] !== BALLISTA) joins.push(p.ids[y]!); }
  e.against = against;
  e.joins = joins;
  if (a.supporter) e.supporter = a.supporter;
  return e as MoveEvent;
}

/** A game read from its scenario: commanders set up with a unit face as it does (4); then the first steps. */
export function setUp(p: Position): void {
  for (let x = 0; x < p.n; x++) if (p.type[x] === COMMANDER && p.at[x]! >= 0) alignCommanders(p, p.at[x]!, p.side[x]!);
  advance(p);
}

// ---- The end and the automatic steps.

/** Does the side still have troops (not ballistas) on the board? */
export function troopsOnBoard(p: Position, side: number): boolean {
  return p.onBoard[side]! > 0;
}

/** Points of a side (section 11): stand costs, half for units off the board and half-killed stands, held objectives. */
export function pointsOf(p: Position, side: number): number {
  let sum = 0;
  for (let x = 0; x < p.n; x++) {
    if (p.status[x] === DESTROYED) continue;
    // Whose points a unit adds to (R-ballista-score: a ballista's controller's) and its worth: points.ts.
    if ((p.type[x] === BALLISTA ? p.ctrl[x] : p.side[x]) !== side) continue;
    const { whole, half } = unitScore(TROOP_TYPES[p.type[x]!]!, p.stands[x]!, p.half[x]!, p.status[x] === OFF);
    sum += whole + half;
  }
  // Objectives it holds (R-objectives): objectives.ts.
  return sum + objectiveScore(p, side);
}

/**
 * Close the game (digest 11, reading R-end): a side that concedes loses; a side with no troops left on the board
 * loses (both gone: a draw); only at the turn limit do points decide (equal points draw). Points are reported for
 * every ending.
 */
function finish(p: Position): void {
  const ids = p.sides;
  const points = Object.create(null) as Record<string, number>;
  for (let s = 0; s < 2; s++) points[ids[s]!] = pointsOf(p, s);
  const gone = [0, 1].filter((s) => !troopsOnBoard(p, s));
  let winner: string | null;
  let reason: 'conceded' | 'no-troops' | 'turn-limit';
  if (p.conceded >= 0) { winner = ids[1 - p.conceded]!; reason = 'conceded'; }
  else if (gone.length > 0) {
    winner = gone.length === 1 ? ids[1 - gone[0]!]! : null;
    reason = 'no-troops';
  } else {
    reason = 'turn-limit';
    const a = points[ids[0]!]!, b = points[ids[1]!]!;
    winner = a > b ? ids[0]! : b > a ? ids[1]! : null;
  }
  p.result = { winner, points, reason };
  p.phase = OVER;
  p.toAct = -1;
  const held = p.events ? objectiveRecord(p) : [];
  p.events?.push({ kind: 'end', turn: p.turn, reason, points: { ...points }, winner, ...(p.conceded >= 0 ? { conceded: ids[p.conceded]! } : {}), noTroops: gone.map((s) => ids[s]!), ...(held.length > 0 ? { objectives: held } : {}) });
}

function startTurn(p: Position, turn: number, attacker: number): void {
  p.turn = turn;
  p.attacker = attacker;
  // "The way it came" (9L) is this turn's move: a trail from an earlier turn is forgotten, so an attacking supporter
  // that did not move this turn retreats towards its own rear.
  for (let x = 0; x < p.n; x++) {
    if (p.moved[x]) { p.moved[x] = 0; touch(p, x); }
    if (p.trailN[x]! >= 0) { p.trailN[x] = -1; p.trail0[x] = -1; p.trail1[x] = -1; touch(p, x); }
  }
  reflagAll(p);
  p.melees = [];
  p.current = -1;
  p.resolution = null;
  p.shots = [];
  p.fires = [];
  p.decided = [];
  p.phase = BALLISTA_FIRE;
  p.events?.push({ kind: 'turn', side: p.sides[attacker]!, turn });
}

function firstAttacker(p: Position): number {
  const fixed = p.game.rules.firstAttacker;
  const k = p.sides.indexOf(fixed);
  if (fixed !== 'roll' && k >= 0) return k;
  for (;;) {
    const rolls: [number, number] = [rollDie(p.rng, 6), rollDie(p.rng, 6)];
    p.events?.push({ kind: 'first-attacker', sides: [p.sides[0]!, p.sides[1]!], dice: rolls });
    if (rolls[0] !== rolls[1]) return rolls[0]! > rolls[1]! ? 0 : 1;
  }
}

function destroyedSide(p: Position): boolean {
  return !troopsOnBoard(p, 0) || !troopsOnBoard(p, 1);
}

/** Has any unit of the side still to decide this phase (ballistas: able to fire; missile units: still to fire, R-fire-order)? */
function undecided(p: Position, side: number, phase: number): boolean {
  if (phase !== BALLISTA_FIRE) return nextToFire(p, side, 0) >= 0;
  for (let x = 0; x < p.n; x++) if (mayFireBallista(p, x, side) && !p.decided.includes(x)) return true;
  return false;
}

/** Run the automatic steps until a side must decide or the game ends. */
export function advance(p: Position): void {
  for (let guard = 0; guard < 10000; guard++) {
    if (p.phase === OVER) return;
    // A side gone ends the game, but a melee's losses are all taken first: the three-times rule may destroy the weaker
    // side while the stronger still owes its own loss, and the final points count it (R-end).
    if (p.phase !== DEPLOY && destroyedSide(p) && !(p.resolution && p.resolution.stage === ALLOCATE)) { finish(p); return; }
    const A = p.attacker, D = A >= 0 ? 1 - A : -1;
    switch (p.phase) {
      case DEPLOY: {
        const side = nextToDeploy(p, 0) >= 0 ? 0 : nextToDeploy(p, 1) >= 0 ? 1 : -1;
        if (side >= 0) {
          if (deployActions(p, side).length === 0) {
            const x = nextToDeploy(p, side);
            p.status[x] = OFF;
            settle(p, x);
            p.events?.push({ kind: 'deploy', side: p.sides[side]!, unit: p.ids[x]!, noRoom: true });
            continue;
          }
          p.toAct = side;
          return;
        }
        startTurn(p, 1, firstAttacker(p));
        continue;
      }
      case BALLISTA_FIRE: {
        const next = undecided(p, A, BALLISTA_FIRE) ? A : undecided(p, D, BALLISTA_FIRE) ? D : -1;
        if (next >= 0) { p.toAct = next; return; }
        if (p.shots.length > 0) { resolveBallistaFire(p); p.shots = []; }
        const choosing = choosingHit(p);
        if (choosing) { p.toAct = choosing.side; return; }
        applyBallistaHits(p);
        p.decided = [];
        checkRetirement(p); updateBallistas(p);
        p.phase = MISSILE;
        p.missileLists = [];
        startVolley(p);
        continue;
      }
      case MISSILE: {
        // R-fire-order: one shot at a time, the attacker's side first; a shot's losses are chosen before the next.
        const choosing = choosingShot(p);
        if (choosing) { p.toAct = p.side[choosing.unit]!; return; }
        const next = undecided(p, A, MISSILE) ? A : undecided(p, D, MISSILE) ? D : -1;
        if (next >= 0) { p.toAct = next; return; }
        p.fires = []; p.decided = [];
        checkRetirement(p); updateBallistas(p);
        p.phase = MOVE;
        p.moveLists = noMoveLists();
        const retiring: number[] = [];
        for (let x = 0; x < p.n; x++) if (p.side[x] === A && p.retiring[x] && p.status[x] === ACTIVE && p.at[x]! >= 0) retiring.push(x);
        retireInOrder(p, retiring);
        updateBallistas(p);
        if (destroyedSide(p)) continue;
        p.toAct = A;
        return;
      }
      case MOVE: p.toAct = A; return;
      case SUPPORT:
        if (p.melees.length === 0) { p.phase = END_TURN; continue; }
        p.toAct = D;
        return;
      case MELEE:
        if (stepMelee(p)) return;
        continue;
      case END_TURN: {
        const next = endsTurn(p, A) ? A : endsTurn(p, D) ? D : -1;
        if (next >= 0) { p.toAct = next; return; }
        const limit = p.game.rules.turnLimit;
        if (limit !== null && p.turn >= limit) { finish(p); return; }
        startTurn(p, p.turn + 1, D);
        continue;
      }
    }
  }
  throw new Error('engine did not settle');
}

/** Has the side still to end the turn (it controls a ballista it may destroy, and has not ended it yet)? */
function endsTurn(p: Position, side: number): boolean {
  return !p.decided.includes(-1 - side) && controlsBallista(p, side);
}

function controlsBallista(p: Position, side: number): boolean {
  for (let b = 0; b < p.n; b++) if (p.type[b] === BALLISTA && p.status[b] === ACTIVE && p.ctrl[b] === side) return true;
  return false;
}
