/** Hidden deployment on the position (issue 9, fast core; digest 4). */
import { FACINGS, SIDE_FACINGS } from '../rules/coords';
import { TROOPS, TROOP_TYPES } from '../rules/troops';
import type { Action } from '../rules/actions';
import { deploymentRows } from '../rules/scenario';
import { T_HILL, T_PROTECTED } from './board';
import { BALLISTA, BALLISTARII, COMMANDER, stackFits } from './table';
import { ACTIVE, type Position } from './position';

/** Facing indices a unit type may take: support type 1 units only the four sides (4). */
const FACING_CHOICES = TROOP_TYPES.map((t) => (TROOPS[t].support === 1 ? SIDE_FACINGS : FACINGS).map((f) => FACINGS.indexOf(f)));

export function allowedFacing(type: number, f: number): boolean {
  return FACING_CHOICES[type]!.includes(f);
}

/** Does square j hold a ballista (of any side)? */
function engineIn(p: Position, j: number): boolean {
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) if (p.type[here[k]!] === BALLISTA) return true;
  return false;
}

/** Squares holding ballistarii of a side but no ballista: where a ballista of that side deploys (4). */
function crewSquares(p: Position, side: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < p.n; x++) {
    const j = p.at[x]!;
    if (p.side[x] === side && p.type[x] === BALLISTARII && p.status[x] === ACTIVE && j >= 0 && !engineIn(p, j) && !out.includes(j)) out.push(j);
  }
  return out;
}

/**
 * The unit a side deploys next (-1: none): scenario order, except that a ballista waits until ballistarii of its side
 * stand without an engine to take it (4: a ballista always deploys in its crew's square, whatever the listed order).
 */
export function nextToDeploy(p: Position, side: number): number {
  let first = -1, troop = -1;
  for (let x = 0; x < p.n; x++) {
    if (p.side[x] !== side || p.status[x] !== ACTIVE || p.at[x]! >= 0) continue;
    if (first < 0) first = x;
    if (troop < 0 && p.type[x] !== BALLISTA) troop = x;
    if (first >= 0 && troop >= 0) break;
  }
  if (first < 0 || p.type[first] !== BALLISTA || crewSquares(p, side).length > 0) return first;
  return troop >= 0 ? troop : first;
}

/** The side's own troops of type `type` in square j (-1: none): the first in slot order. */
function firstOf(p: Position, j: number, side: number, pick: (type: number) => boolean): number {
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.side[y] === side && p.type[y] !== BALLISTA && pick(p.type[y]!)) return y;
  }
  return -1;
}

const isCrew = (t: number): boolean => t === BALLISTARII;

/**
 * May unit x be placed now? Any unplaced unit of the side may (the player picks which, issue 44), except a ballista
 * while no crew of its side stands without an engine and other troops are still to come (4: it deploys in its crew's
 * square; with no crew left to come it goes where it may, as the next unit).
 */
function placeable(p: Position, side: number, x: number, next: number, crews: number): boolean {
  if (p.side[x] !== side || p.status[x] !== ACTIVE || p.at[x]! >= 0) return false;
  return p.type[x] !== BALLISTA || crews > 0 || x === next;
}

/**
 * Every deployment the side may make: the units it may place now (any of them, in any order), the next in scenario
 * order first (the computer's and the distance transcript's pick), then the others in scenario order; for each, the
 * squares of its set-up rows in board order, each facing it may take.
 */
export function deployActions(p: Position, side: number): Action[] {
  const next = nextToDeploy(p, side);
  if (next < 0) return [];
  const out: Action[] = [];
  unitDeployActions(p, side, next, out);
  const crews = crewSquares(p, side).length;
  for (let x = 0; x < p.n; x++) if (x !== next && placeable(p, side, x, next, crews)) unitDeployActions(p, side, x, out);
  return out;
}

/** The deployments of unit x (appended to out). */
function unitDeployActions(p: Position, side: number, x: number, out: Action[]): void {
  const { board } = p;
  const rows = deploymentRows(p.game.sides[side]!.edge, board.rows);
  const type = p.type[x]!;
  let uncrewed = -1;
  for (let b = 0; b < p.n; b++) {
    if (p.type[b] === BALLISTA && p.side[b] === side && p.at[b]! >= 0 && firstOf(p, p.at[b]!, side, (t) => t === BALLISTARII) < 0) { uncrewed = b; break; }
  }
  const crews = type === BALLISTA ? crewSquares(p, side) : [];
  // Reading R-ballista-deploy: while a ballista of the side still waits for a crew square, ballistarii go only where
  // that ballista may stand, and not into another waiting crew's square, so no ballista is lost at set-up.
  let waiting = 0;
  if (type === BALLISTARII) for (let b = 0; b < p.n; b++) if (p.type[b] === BALLISTA && p.side[b] === side && p.status[b] === ACTIVE && p.at[b]! < 0) waiting++;
  const forEngine = waiting > crewSquares(p, side).length;
  const sideId = p.sides[side]!, id = p.ids[x]!;
  for (let j = rows.from * board.columns; j < (rows.to + 1) * board.columns; j++) {
    if (type === BALLISTARII && uncrewed >= 0 && p.at[uncrewed] !== j) continue;
    if (crews.length > 0 && !crews.includes(j)) continue;
    if ((type === BALLISTA || forEngine) && board.terrain[j]! & T_PROTECTED) continue;
    if (forEngine && (engineIn(p, j) || (board.terrain[j]! & T_HILL && p.game.banned[BALLISTA]))) continue;
    // Each waiting ballista gets a crew square of its own (4: every ballista starts with its own two stands): a crew
    // joining another crew whose ballista is still to come would leave a ballista without one.
    if (forEngine && firstOf(p, j, side, isCrew) >= 0) continue;
    if (board.terrain[j]! & T_HILL && p.game.banned[type]) continue;
    if (!stackFits(p, j, x, p.stands[x]!, -1)) continue;
    // A commander joining a unit faces as the unit does (4): its one facing is the unit's.
    const joined = type === COMMANDER ? firstOf(p, j, side, (t) => t !== COMMANDER) : -1;
    const at = board.names[j]!;
    for (const f of joined >= 0 ? [p.face[joined]!] : FACING_CHOICES[type]!) out.push({ type: 'deploy', side: sideId, unit: id, at, facing: FACINGS[f]! });
  }
}
