/**
 * After fire and melee steps, on the position (issue 9, fast core; digest 11, rules 10): retirement, the levy roll,
 * ballista control.
 */
import { TROOP_TYPES } from '../rules/troops';
import { RETIRING_TYPES, retireAllowance, retireEnd, type RetireGround } from '../rules/retirement';
import { ENGINE_READINGS } from '../rules/readings';
import { rollDie } from '../rules/random';
import { DX, DY, T_HILL, T_ROAD } from './board';
import { NO_RIVER, squeezed } from '../rules/geometry';
import { BALLISTA, TYPE_INDEX, stackFits } from './table';
import { ACTIVE, DEPLOY, OFF, settle, touch, type Position } from './position';

const RETIRES = Uint8Array.from(TROOP_TYPES, (t) => (RETIRING_TYPES.includes(t) ? 1 : 0));
const LEVY = TYPE_INDEX.levyInfantry!;

/** +1 row towards a side's own (rear) edge. */
export function rearStep(p: Position, side: number): number {
  return p.game.sides[side]!.edge === 'north' ? -1 : 1;
}

/** Is square j the contact square of a melee not yet fought? */
export function openMeleeAt(p: Position, j: number): boolean {
  for (const m of p.melees) if (!m.fought && m.contact === j) return true;
  return false;
}

/** Rows between square j and the side's own (back) edge: 0 on the back row itself. */
function rowsToEdge(p: Position, j: number, side: number): number {
  const row = Math.floor(j / p.board.columns);
  return rearStep(p, side) < 0 ? row : p.board.rows - 1 - row;
}

/**
 * The position's answers for one retiring move (src/rules/retirement.ts RetireGround): the unit by index, its side's
 * enemy squares, whether hills are closed to it. Its methods read the walk as `this` (no closures made per move).
 */
interface RetireWalk extends RetireGround<number> { p: Position; x: number; enemy: ArrayLike<number>; banned: boolean; held: (j: number) => boolean }

function next(this: RetireWalk, i: number, d: number): number | null {
  const j = this.p.board.step[i * 8 + d]!;
  return j < 0 ? null : j;
}

function canStep(this: RetireWalk, i: number, j: number, d: number): boolean {
  const { p, enemy } = this, board = p.board;
  if (board.blocked[i * 8 + d] || enemy[j] || openMeleeAt(p, j) || (this.banned && board.terrain[j]! & T_HILL)) return false;
  // The diagonal squeeze (geometry.ts squeezed): its enemy half here, its river half in board.blocked.
  return !(d & 1 && squeezed(i, i + DX[d]!, i + DY[d]! * board.columns, j, this.held, NO_RIVER));
}

function roadStep(this: RetireWalk, i: number, _j: number, d: number): boolean { return this.p.board.roadStep[i * 8 + d] === 1; }
function onRoad(this: RetireWalk, i: number): boolean { return (this.p.board.terrain[i]! & T_ROAD) !== 0; }
function hill(this: RetireWalk, i: number): boolean { return (this.p.board.terrain[i]! & T_HILL) !== 0; }
function rowsToEdgeOf(this: RetireWalk, i: number): number { return rowsToEdge(this.p, i, this.p.side[this.x]!); }
function col(this: RetireWalk, i: number): number { return i % this.p.board.columns; }
function index(this: RetireWalk, i: number): number { return i; }
function fits(this: RetireWalk, i: number): boolean { return stackFits(this.p, i, this.x, this.p.stands[this.x]!, -1); }

/**
 * Where a retiring unit's move ends (OFF_EDGE: off the board), reading R-retire: the route and the end are
 * src/rules/retirement.ts's own (`retireEnd`), asked of this position's tables.
 */
export function retireRoute(p: Position, x: number): number {
  const enemy = p.enemy[p.side[x]!]!;
  const walk: RetireWalk = {
    size: p.board.n, next, canStep, roadStep, onRoad, hill, rowsToEdge: rowsToEdgeOf, col, index, fits,
    p, x, enemy, banned: p.game.banned[p.type[x]!] === 1, held: (j) => enemy[j] === 1,
  };
  const end = retireEnd(walk, p.at[x]!, retireAllowance(p.game.rules, TROOP_TYPES[p.type[x]!]!));
  return end === 'off' ? OFF_EDGE : end;
}

/** retireRoute's answer for a unit that leaves the board. */
export const OFF_EDGE = -1;

/** A retiring unit's full move (10B): off the board when it reaches its edge, else as near to it as it gets (R-retire). */
export function retireMove(p: Position, x: number): void {
  const from = p.at[x]!;
  if (from < 0) return;
  const to = retireRoute(p, x);
  if (to === OFF_EDGE) { p.at[x] = -1; p.status[x] = OFF; } else p.at[x] = to;
  settle(p, x);
  p.events?.push({ kind: 'retire', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, at: p.board.names[from]!, to: to === OFF_EDGE ? 'off' : p.board.names[to]! });
}

/** Retire each of these units in turn, those nearest their own edge first (R-retire), then in slot order. */
export function retireInOrder(p: Position, units: number[]): void {
  units.sort((a, b) => rowsToEdge(p, p.at[a]!, p.side[a]!) - rowsToEdge(p, p.at[b]!, p.side[b]!) || a - b);
  for (const x of units) if (p.status[x] === ACTIVE && p.at[x]! >= 0) retireMove(p, x);
}

/** Is unit x in an unfought melee (its contact square, or a declared supporter)? */
function inOpenMelee(p: Position, x: number): boolean {
  for (const m of p.melees) if (!m.fought && (m.contact === p.at[x] || m.supports.includes(x))) return true;
  return false;
}

/** After any fire or melee step: single stands retire, levy at 2 stands roll once (4-6 retire). */
export function checkRetirement(p: Position): void {
  const starting: number[] = [];
  for (let x = 0; x < p.n; x++) {
    if (p.status[x] !== ACTIVE || p.at[x]! < 0 || p.retiring[x]) continue;
    if (inOpenMelee(p, x)) continue;
    let retire = RETIRES[p.type[x]!] === 1 && p.stands[x] === 1;
    if (!retire && p.type[x] === LEVY && p.stands[x] === ENGINE_READINGS.levyRollsAtStands && !p.levy[x]) {
      p.levy[x] = 1;
      touch(p, x);
      const d = rollDie(p.rng, 6);
      retire = d >= ENGINE_READINGS.levyRetiresOn;
      p.events?.push({ kind: 'levy', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, at: p.board.names[p.at[x]!]!, dice: [d], retires: retire });
    }
    if (retire) {
      p.retiring[x] = 1;
      settle(p, x);
      starting.push(x);
    }
  }
  retireInOrder(p, starting);
}

/** Ballista control (6K, 9M): abandoned when no own troops remain, claimed or captured by the only side present. */
export function updateBallistas(p: Position): void {
  if (p.phase === DEPLOY) return;
  for (let b = 0; b < p.n; b++) {
    const j = p.sq[b]!;
    if (p.type[b] !== BALLISTA || j < 0 || openMeleeAt(p, j)) continue;
    // One look at the troops in its square: is its controller there, else the one other side present (if only one)?
    const ctl = p.ctrl[b]!;
    let held = false, only = -1, several = false;
    for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
      const y = here[k]!;
      if (p.type[y] === BALLISTA) continue;
      if (p.side[y] === ctl) { held = true; break; }
      if (only < 0) only = p.side[y]!; else if (p.side[y] !== only) several = true;
    }
    if (held) continue;
    const next = several ? -1 : only;
    if (next !== ctl) {
      p.ctrl[b] = next;
      touch(p, b);
      p.events?.push({
        kind: 'ballista-control', side: p.sides[next >= 0 ? next : ctl]!, unit: p.ids[b]!, at: p.board.names[j]!,
        from: ctl >= 0 ? p.sides[ctl]! : null, to: next >= 0 ? p.sides[next]! : null,
      });
    }
  }
}
