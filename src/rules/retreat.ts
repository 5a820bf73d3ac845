/** Retreats (digest 10, rule 9L, reading R-retreat): 2 squares, diagonal 1, skirting, through friends, off the board. */
import { parseSquare, squareName, type Square } from './coords';
import { diagonalBlocked } from './geometry';
import { enemyHeld, stackingAllows } from './movement';
import { rearDy, riverBetween, terrainIndex, unitsAt, withOccupancy, type GameState, type UnitState } from './state';
import { own } from './draft';

type Dir = [number, number];

/** One way a retreat can go: where it ends, the squares it passes (end included) and how far from the ideal it is. */
export interface RetreatRoute { end: Square | 'off'; path: Square[]; score: number }

const ROT: Dir[] = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

/** Directions in order of preference: straight, then 45 degrees off, then 90 degrees off (skirting). */
function preferences(d: Dir): Array<{ dir: Dir; penalty: number }> {
  const i = ROT.findIndex(([x, y]) => x === Math.sign(d[0]) && y === Math.sign(d[1]));
  const at = (k: number) => ROT[(i + k + 8) % 8]!;
  return [{ dir: at(0), penalty: 0 }, { dir: at(1), penalty: 1 }, { dir: at(-1), penalty: 1 }, { dir: at(2), penalty: 2 }, { dir: at(-2), penalty: 2 }];
}

/**
 * May a retreating unit step from a to b? Only enemies, impassable terrain (an uncrossed river, a hill its type may
 * not enter, a diagonal between two enemies or across a river corner) and unresolved contact squares block; friends
 * never do.
 */
function canStep(state: GameState, u: UnitState, a: Square, b: Square, dx: number, dy: number): boolean {
  const enemy = (sq: Square) => enemyHeld(state, u.side, sq);
  if (enemy(b)) return false;
  if (state.melees.some((m, i) => !m.fought && i !== state.current && m.contact === b)) return false;
  if (terrainIndex(state.scenario).hill.has(b) && state.rules.hills.banned.includes(u.type)) return false;
  const river = (x: Square, y: Square) => riverBetween(state, x, y);
  return dx !== 0 && dy !== 0 ? !diagonalBlocked(a, b, enemy, river) : !river(a, b);
}

/** The square one step away, or null off the board. */
function next(state: GameState, sq: Square, d: Dir): Square | null {
  const p = parseSquare(sq)!;
  const c = p.col + d[0], r = p.row + d[1];
  return c < 0 || r < 0 || c >= state.board.columns || r >= state.board.rows ? null : squareName(c, r);
}

/**
 * Follow a two-step route (R-retreat, passing friends): end 2 away when the unit may stand there; else stop 1 away
 * when it may stand there; else carry on through friends in the second step's direction to the first square it
 * may stand in, or off the board. Null when the route is blocked first.
 */
function follow(state: GameState, u: UnitState, d1: Dir, d2: Dir, score: number): RetreatRoute | null {
  const from = u.at!;
  const s1 = next(state, from, d1);
  if (s1 === null) return { end: 'off', path: [], score };
  if (!canStep(state, u, from, s1, d1[0], d1[1])) return null;
  const fits = (sq: Square) => sq !== from && stackingAllows(state, u, sq);
  const s2 = next(state, s1, d2);
  if (s2 === null) return { end: 'off', path: [s1], score };
  if (!canStep(state, u, s1, s2, d2[0], d2[1])) return fits(s1) ? { end: s1, path: [s1], score: score + 10 } : null;
  if (fits(s2)) return { end: s2, path: [s1, s2], score };
  if (fits(s1)) return { end: s1, path: [s1], score: score + 0.25 };
  const path = [s1, s2];
  for (let here = s2; ;) {
    const n = next(state, here, d2);
    if (n === null) return { end: 'off', path, score: score + 0.5 };
    if (n === from || !canStep(state, u, here, n, d2[0], d2[1])) return null;
    path.push(n);
    if (fits(n)) return { end: n, path, score: score + 0.5 };
    here = n;
  }
}

/**
 * Every way the unit may retreat, best first. A defender goes towards its own edge; an attacker back along the
 * route it came by (its move's own path), else skirting around the reverse of its last step; others skirt with
 * a penalty for each 45 degrees off.
 */
export function retreatRoutes(state: GameState, u: UnitState): RetreatRoute[] {
  if (!u.at) return [];
  // Some 25 routes, each looking at the units in a few squares: read them from the occupancy, built once.
  return withOccupancy(state, () => routes(state, u, u.at!));
}

function routes(state: GameState, u: UnitState, at: Square): RetreatRoute[] {
  const out: RetreatRoute[] = [];
  const add = (r: RetreatRoute | null) => { if (r) out.push(r); };
  let base: Dir = [0, rearDy(state, u.side)];
  let skirt = 0;
  const trail = u.side === state.attacker ? u.trail : null;
  if (trail && trail.length > 0) {
    const step = (a: Square, b: Square): Dir => { const p = parseSquare(a)!, q = parseSquare(b)!; return [q.col - p.col, q.row - p.row]; };
    const d1 = step(at, trail[0]!);
    add(follow(state, u, d1, trail[1] ? step(trail[0]!, trail[1]) : d1, 0));
    base = d1;
    skirt = 0.5;
  }
  const prefs = preferences(base);
  for (const p1 of prefs) for (const p2 of prefs) add(follow(state, u, p1.dir, p2.dir, skirt + p1.penalty + p2.penalty));
  return out.sort((a, b) => a.score - b.score);
}

/** The best retreat ends ('off' = off the board); where several are equally good the retreating side chooses. Empty: destroyed. */
export function retreatOptions(state: GameState, u: UnitState): Array<Square | 'off'> {
  const routes = retreatRoutes(state, u);
  const best = routes[0]?.score;
  const out: Array<Square | 'off'> = [];
  for (const r of routes) if (r.score === best && !out.includes(r.end)) out.push(r.end);
  return out;
}

/**
 * Carry out a retreat to a chosen end. A ballista of the unit's side in its square goes along only where every square
 * of the route is one a ballista may enter, and off the board with it; otherwise it stays (and is abandoned, 9M).
 */
export function doRetreat(state: GameState, unit: UnitState, to: Square | 'off', marked: boolean): void {
  const from = unit.at!;
  const route = retreatRoutes(state, unit).find((r) => r.end === to);
  const engine = unitsAt(state, from).find((x) => x.type === 'ballista' && x.controller === unit.side);
  const t = terrainIndex(state.scenario);
  const ballistaMay = (sq: Square) => !t.protected.has(sq) && !(t.hill.has(sq) && state.rules.hills.banned.includes('ballista'));
  const follows = engine && route && route.path.every(ballistaMay) && (to === 'off' || !unitsAt(state, to).some((x) => x.type === 'ballista'));
  const u = own(state, unit);
  if (to === 'off') {
    u.at = null;
    u.status = 'off';
  } else u.at = to;
  if (follows) {
    const b = own(state, engine);
    b.at = u.at;
    if (to === 'off') b.status = 'off';
  }
  if (marked) u.retreatedTurn = state.turn;
  state.events.push({ kind: 'retreat', side: u.side, unit: u.id, text: `${u.id} retreats from ${from} to ${to === 'off' ? 'off the board' : to}${follows ? ' with its ballista' : ''}` });
}
