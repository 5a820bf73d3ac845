/**
 * Retreats on the position (issue 9, fast core; digest 10, rule 9L, reading R-retreat). The routes and their ranking
 * are src/rules/retreat.ts's own (`walkRetreat`); this file answers its questions about squares on the core's tables
 * (the fuzz suite holds the answers to the module's over the game state) and carries a chosen retreat out.
 */
import { T_HILL, T_PROTECTED, dirOf, type Board } from './board';
import { bestEnds, walkRetreat, type RetreatGround, type RetreatRoute } from '../rules/retreat';
import { BALLISTA, COMMANDER, TYPE_INDEX, stackFits, type Table } from './table';
import { OFF as GONE, settle, type Position } from './position';
import { rearStep } from './after';
import { heldSquaresOf } from '../rules/support';
import { NO_RIVER, squeezed } from '../rules/geometry';

const BALLISTA_TYPE = TYPE_INDEX.ballista!;

/**
 * What the squares of one retreat are asked against, on the integer table: the unit (by index) and its square, the
 * squares its enemies hold, whether hills are closed to it, the contact squares of the other unfought melees.
 */
interface Walk extends RetreatGround<number> {
  occ: Table; board: Board; x: number; from: number; enemy: ArrayLike<number>; banned: boolean; contested: number[];
  /** Does square j hold an enemy (for the diagonal squeeze)? */
  held: (j: number) => boolean;
  /** Squares a retreat may pass but not end in: a lone commander there is a declared supporter (R-support-holds). */
  hold?: readonly number[];
}

/**
 * May a retreating unit step from square a by (dx, dy) to b? Only enemies, impassable terrain (an uncrossed river, a
 * hill its type may not enter, a diagonal between two enemies or across a river corner) and unresolved contact squares
 * block; friends never do. (A step is one square; an attacker's trail may make a longer first one, never blocked by
 * rivers or corners.)
 */
function canStep(this: Walk, a: number, b: number, dx: number, dy: number): boolean {
  const { board, enemy } = this;
  if (enemy[b] || this.contested.includes(b)) return false;
  if (this.banned && board.terrain[b]! & T_HILL) return false;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return true;
  const d = dirOf(dx, dy);
  // The diagonal squeeze (geometry.ts squeezed): its enemy half here, its river half in board.blocked.
  if (dx !== 0 && dy !== 0 && squeezed(a, a + dx, a + dy * board.columns, b, this.held, NO_RIVER)) return false;
  return !board.blocked[a * 8 + d];
}

/** The square (dx, dy) away, or null off the board. */
function next(this: Walk, i: number, dx: number, dy: number): number | null {
  const board = this.board, c = (i % board.columns) + dx, r = Math.floor(i / board.columns) + dy;
  return c < 0 || r < 0 || c >= board.columns || r >= board.rows ? null : r * board.columns + c;
}

export const OFF = -1;

/**
 * May unit x stand in square j at the end of its retreat? Not where it would join a lone commander that is a
 * declared supporter of a melee still to be fought (R-support-holds: the commander would then support only as the
 * retreated unit, which may not support).
 */
function fits(this: Walk, j: number): boolean {
  return stackFits(this.occ, j, this.x, this.occ.stands[this.x]!, -1) && !this.hold?.includes(j);
}

/**
 * The squares of lone commanders of `side` declared as supporters of melees still to be fought, the melee being resolved
 * excepted (its support has been given: a unit retreating from it may join the commander that backed it).
 */
function heldSquares(p: Position, side: number): number[] {
  const pending: Array<readonly number[]> = [];
  for (let i = 0; i < p.melees.length; i++) if (!p.melees[i]!.fought && i !== p.current) pending.push(p.melees[i]!.supports);
  if (pending.length === 0) return [];
  return heldSquaresOf<number, number, number>({
    commanderOf: (y, s) => p.type[y] === COMMANDER && p.side[y] === s && p.at[y]! >= 0,
    squareOf: (y) => p.at[y]!,
    joined: (y, s) => p.cells[p.at[y]!]!.some((z) => z !== y && p.side[z] === s && p.type[z] !== BALLISTA),
  }, side, pending);
}

/** Every way unit x may retreat, best first: src/rules/retreat.ts's routes, walked over the core's square numbers. */
export function retreatRoutesOn(p: Position, x: number): Array<RetreatRoute<number>> {
  const from = p.at[x]!;
  if (from < 0) return [];
  const contested: number[] = [];
  for (let i = 0; i < p.melees.length; i++) if (!p.melees[i]!.fought && i !== p.current) contested.push(p.melees[i]!.contact);
  const s = p.side[x]!;
  const n = p.trailN[x]!;
  const trail = s === p.attacker && n >= 0 ? [p.trail0[x]!, p.trail1[x]!].slice(0, n) : null;
  let wayBack: [number, number, number, number] | null = null;
  if (trail) {
    const cols = p.board.columns, t0 = trail[0]!, t1 = trail.length > 1 ? trail[1]! : -1;
    const d1x = (t0 % cols) - (from % cols), d1y = Math.floor(t0 / cols) - Math.floor(from / cols);
    wayBack = t1 >= 0 ? [d1x, d1y, (t1 % cols) - (t0 % cols), Math.floor(t1 / cols) - Math.floor(t0 / cols)] : [d1x, d1y, d1x, d1y];
  }
  // The walk answers the module's questions itself (its methods are this file's functions: no closures made per retreat).
  const enemy = p.enemy[s]!;
  const w: Walk = {
    occ: p, board: p.board, x, from, enemy, banned: p.game.banned[p.type[x]!] === 1, contested, hold: heldSquares(p, s), next, canStep, fits,
    held: (j) => enemy[j] === 1,
  };
  return walkRetreat(w, from, [0, rearStep(p, s)], wayBack);
}

/**
 * The best retreat ends (OFF: off the board); where several are equally good the retreating side chooses. Empty:
 * destroyed. `all`: the unit's routes when the caller has them already (retreatRoutesOn).
 */
export function retreatOptions(p: Position, x: number, all = retreatRoutesOn(p, x)): number[] {
  return bestEnds(all).map((j) => (j === 'off' ? OFF : j));
}

/**
 * Carry out a retreat to a chosen end (OFF: off the board; `all` as for retreatOptions). A ballista of the unit's side in its square goes along only
 * where every square of the route is one a ballista may enter, and off the board with it; otherwise it stays.
 */
export function doRetreat(p: Position, x: number, to: number, marked: boolean, all = retreatRoutesOn(p, x)): void {
  const from = p.at[x]!, s = p.side[x]!;
  const route = all.find((r) => r.end === (to === OFF ? 'off' : to));
  let engine = -1;
  for (let k = 0, here = p.cells[from]!; k < here.length; k++) {
    const b = here[k]!;
    if (p.type[b] === BALLISTA && p.ctrl[b] === s) { engine = b; break; }
  }
  const { terrain } = p.board;
  let follows = engine >= 0 && route !== undefined && route.path.every((j) => !(terrain[j]! & T_PROTECTED) && !(terrain[j]! & T_HILL && p.game.banned[BALLISTA_TYPE]));
  if (follows && to !== OFF) for (let k = 0, here = p.cells[to]!; k < here.length; k++) if (p.type[here[k]!] === BALLISTA) follows = false;
  if (to === OFF) { p.at[x] = -1; p.status[x] = GONE; } else p.at[x] = to;
  if (marked) p.retreated[x] = p.turn;
  settle(p, x);
  if (follows) {
    p.at[engine] = p.at[x]!;
    if (to === OFF) p.status[engine] = GONE;
    settle(p, engine);
  }
  p.events?.push({
    kind: 'retreat', side: p.sides[s]!, unit: p.ids[x]!, at: p.board.names[from]!, to: to === OFF ? 'off' : p.board.names[to]!,
    route: route ? route.path.map((j) => p.board.names[j]!) : [], ...(follows ? { carry: p.ids[engine]! } : {}), destroyed: false,
  });
}
