/**
 * Retreats on the position (issue 9, fast core; digest 10, rule 9L, reading R-retreat): 2 squares, diagonal 1,
 * skirting, through friends, off the board. Routes rank as src/rules/retreat.ts states (the fuzz suite holds the two
 * together): how far they end (2 before 1), then an attacker's way back, then the angle off straight back; one score.
 */
import { DX, DY, T_HILL, T_PROTECTED, dirOf, type Board } from './board';
import { BALLISTA, COMMANDER, TYPE_INDEX, stackFits, type Table } from './table';
import { OFF as GONE, settle, type Position } from './position';
import { rearStep } from './after';

const BALLISTA_TYPE = TYPE_INDEX.ballista!;

/**
 * What the routes of one retreat read, on the integer table: the unit (by index) and its square, the squares its
 * enemies hold, whether hills are closed to it, the contact squares of the other unfought melees, its rear (+1 row
 * towards its own edge) and, for an attacker, the trail its move came by (square indices, nearest first).
 */
interface Walk {
  occ: Table; board: Board; x: number; from: number; enemy: ArrayLike<number>; banned: boolean; contested: number[]; rear: number; trail: number[] | null;
  /** Squares a retreat may pass but not end in: a lone commander there is a declared supporter (R-support-holds). */
  held?: readonly number[];
}

/**
 * May a retreating unit step from square a by (dx, dy) to b? Only enemies, impassable terrain (an uncrossed river, a
 * hill its type may not enter, a diagonal between two enemies or across a river corner) and unresolved contact squares
 * block; friends never do. (A step is one square; an attacker's trail may make a longer first one, never blocked by
 * rivers or corners.)
 */
function canStep(w: Walk, a: number, b: number, dx: number, dy: number): boolean {
  const { board, enemy } = w;
  if (enemy[b] || w.contested.includes(b)) return false;
  if (w.banned && board.terrain[b]! & T_HILL) return false;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return true;
  const d = dirOf(dx, dy);
  if (dx !== 0 && dy !== 0 && enemy[a + dx] && enemy[a + dy * board.columns]) return false;
  return !board.blocked[a * 8 + d];
}

/** The square (dx, dy) away, or -1 off the board. */
function next(board: Board, i: number, dx: number, dy: number): number {
  const c = (i % board.columns) + dx, r = Math.floor(i / board.columns) + dy;
  return c < 0 || r < 0 || c >= board.columns || r >= board.rows ? -1 : r * board.columns + c;
}

export const OFF = -1;
/**
 * One way a retreat can go: where it ends (OFF: off the board), the squares it passes (end included) and its rank,
 * lower first: FAR_STEP for each square short of the full 2 it ends, plus the route's own order among routes as far.
 */
export interface Route { end: number; path: number[]; score: number }

/** A route ending 1 away ranks after every route ending 2 away, whatever its angle (orders below stay under 16). */
const FAR_STEP = 16;

/**
 * The score of a route ending (dx, dy) from the start, its order among routes as far being `order`: how far counts
 * diagonals 1 and stops at the retreat's 2 (reading R-retreat; src/rules/retreat.ts says why).
 */
function scored(dx: number, dy: number, order: number): number {
  const far = Math.max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy);
  return far >= 2 ? order : order + FAR_STEP * (2 - far);
}

/**
 * May unit x stand in square j at the end of its retreat (not back where it started)? Not where it would join a lone
 * commander that is a declared supporter of a melee still to be fought (R-support-holds: the commander would then
 * support only as the retreated unit, which may not support).
 */
function fits(w: Walk, j: number): boolean {
  return j !== w.from && stackFits(w.occ, j, w.x, w.occ.stands[w.x]!, -1) && !w.held?.includes(j);
}

/** The squares of lone commanders of `side` declared as supporters of melees still to be fought. */
function heldSquares(p: Position, side: number): number[] {
  const out: number[] = [];
  for (const m of p.melees) {
    if (m.fought) continue;
    for (const y of m.supports) {
      const j = p.at[y]!;
      if (p.type[y] !== COMMANDER || p.side[y] !== side || j < 0) continue;
      if (!p.cells[j]!.some((z) => z !== y && p.side[z] === side && p.type[z] !== BALLISTA)) out.push(j);
    }
  }
  return out;
}

/**
 * Follow a two-step route (R-retreat, passing friends): end 2 away when the unit may stand there; else stop 1 away
 * when it may stand there; else carry on through friends in the second step's direction to the first square it
 * may stand in, or off the board. Null when the route is blocked first.
 */
function follow(w: Walk, d1x: number, d1y: number, d2x: number, d2y: number, order: number): Route | null {
  const { board, from } = w;
  const s1 = next(board, from, d1x, d1y);
  if (s1 < 0) return { end: OFF, path: [], score: scored(d1x + d2x, d1y + d2y, order) }; // as far as its 2 steps would go
  if (!canStep(w, from, s1, d1x, d1y)) return null;
  const s2 = next(board, s1, d2x, d2y);
  if (s2 < 0) return { end: OFF, path: [s1], score: scored(d1x + d2x, d1y + d2y, order) };
  if (!canStep(w, s1, s2, d2x, d2y)) return fits(w, s1) ? { end: s1, path: [s1], score: scored(d1x, d1y, order) } : null;
  if (fits(w, s2)) return { end: s2, path: [s1, s2], score: scored(d1x + d2x, d1y + d2y, order) };
  if (fits(w, s1)) return { end: s1, path: [s1], score: scored(d1x, d1y, order) };
  const path = [s1, s2];
  for (let here = s2, k = 2; ; k++) {
    const n = next(board, here, d2x, d2y);
    if (n < 0) return { end: OFF, path, score: scored(d1x + k * d2x, d1y + k * d2y, order) };
    if (n === from || !canStep(w, here, n, d2x, d2y)) return null;
    path.push(n);
    if (fits(w, n)) return { end: n, path, score: scored(d1x + k * d2x, d1y + k * d2y, order) };
    here = n;
  }
}

/**
 * Every way the unit may retreat, best first. A defender goes towards its own edge; an attacker back along the
 * route it came by (its move's own path, order 0), else skirting around the reverse of its last step; each other
 * route's order is 1 + its two steps' turns off straight back, in 45 degrees.
 */
export function walkRoutes(w: Walk): Route[] {
  const { board, from, trail } = w;
  const out: Route[] = [];
  let bx = 0, by = w.rear;
  if (trail && trail.length > 0) {
    const cols = board.columns;
    const t0 = trail[0]!, t1 = trail.length > 1 ? trail[1]! : -1;
    const d1x = (t0 % cols) - (from % cols), d1y = Math.floor(t0 / cols) - Math.floor(from / cols);
    const d2x = t1 >= 0 ? (t1 % cols) - (t0 % cols) : d1x, d2y = t1 >= 0 ? Math.floor(t1 / cols) - Math.floor(t0 / cols) : d1y;
    const r = follow(w, d1x, d1y, d2x, d2y, 0);
    if (r) out.push(r);
    bx = d1x; by = d1y;
  }
  // Directions in order of preference: straight, then 45 degrees off, then 90 degrees off (skirting).
  const i = dirOf(Math.sign(bx), Math.sign(by));
  const prefs = [0, 1, -1, 2, -2].map((k) => (i + k + 8) % 8);
  const turns = [0, 1, 1, 2, 2];
  for (let a = 0; a < 5; a++) {
    for (let b = 0; b < 5; b++) {
      const r = follow(w, DX[prefs[a]!]!, DY[prefs[a]!]!, DX[prefs[b]!]!, DY[prefs[b]!]!, 1 + turns[a]! + turns[b]!);
      if (r) out.push(r);
    }
  }
  return out.sort((a, b) => a.score - b.score);
}


/** Every way unit x may retreat, best first. */
function routes(p: Position, x: number): Route[] {
  const from = p.at[x]!;
  if (from < 0) return [];
  const contested: number[] = [];
  p.melees.forEach((m, i) => { if (!m.fought && i !== p.current) contested.push(m.contact); });
  const s = p.side[x]!;
  const n = p.trailN[x]!;
  const trail = s === p.attacker && n >= 0 ? [p.trail0[x]!, p.trail1[x]!].slice(0, n) : null;
  return walkRoutes({
    occ: p, board: p.board, x, from, enemy: p.enemy[s]!, banned: p.game.banned[p.type[x]!] === 1, contested, rear: rearStep(p, s), trail, held: heldSquares(p, s),
  });
}

/** The best retreat ends (OFF: off the board); where several are equally good the retreating side chooses. Empty: destroyed. */
export function retreatOptions(p: Position, x: number): number[] {
  const all = routes(p, x);
  const best = all[0]?.score;
  const out: number[] = [];
  for (const r of all) if (r.score === best && !out.includes(r.end)) out.push(r.end);
  return out;
}

/**
 * Carry out a retreat to a chosen end (OFF: off the board). A ballista of the unit's side in its square goes along only
 * where every square of the route is one a ballista may enter, and off the board with it; otherwise it stays.
 */
export function doRetreat(p: Position, x: number, to: number, marked: boolean): void {
  const from = p.at[x]!, s = p.side[x]!;
  const route = routes(p, x).find((r) => r.end === to);
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
