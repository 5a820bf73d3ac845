/**
 * Retreat (digest 10 "Retreat", rule 9L, with the readings R-retreat, R-who-retreats and R-support-holds), written
 * plainly: where a retreating unit may go. The routes and their ranking are written once (`walkRetreat`); the game
 * state and the engine's fast core each answer its three questions about squares, and the fuzz suite holds every
 * retreat choice the core offers to this module's answer over the game state.
 *
 * - A retreat is 2 squares (a diagonal step counts 1). A defender goes towards its own back edge; an attacker back
 *   the way it came (the reverse of its move's last steps, along the very squares it came by). Every unit of the
 *   retreating side retreats from its own square: the contact square, or a declared supporter's own square.
 * - Only enemies, impassable terrain (a river edge with no crossing, a diagonal across a river corner or between two
 *   enemies, a hill its type may not enter) and the contact squares of melees still to be fought block it. It passes
 *   through friends: where it may not stand 2 squares away it stops 1 away if it may stand there, else carries on in
 *   the same direction to the first square it may stand in, or off the board (out of play, counting half). It leaves
 *   the board only by a step straight back towards its own edge (R-route-measure); any other edge blocks it.
 * - The routes tried are two steps, each straight back, 45 or 90 degrees off it (and an attacker's way back). They
 *   rank as the readings R-retreat and R-route-measure say:
 *   1. by how far they end from the square the unit retreats from (for a unit in the melee that is the contact
 *      square; a supporter retreats from its own square, so it is counted from there: from the contact square, a
 *      supporter's 1 square away from it would pass for a full retreat), diagonals counting 1: a full 2 before 1
 *      (stopped short by friends, or by a block after the first step). Further than 2 counts as 2: going
 *      on through friends completes the retreat, it does not beat a free straight route. Off the board counts as far
 *      as the route's two steps would have gone (2 straight back, only 1 for 90 degrees then straight back), so a
 *      unit beside a side edge is not pushed off sideways when it can go straight back;
 *   2. then by the squares passed, fewer first (R-route-measure): a free route 2 away beats one carried on through
 *      friends to the first square it may stand in, which counts as 2 away but passes more squares;
 *   3. then an attacker's way back first (it is its "straight back"; one that now ends 1 away, friends standing
 *      where it came from, ranks after routes round it that end 2 away);
 *   4. then by angle: its two steps' turns off straight back added, 45 degrees a step each way (straight back 0, one
 *      step 45 degrees off 45, both 45 off or one 90 off 90, and so on). A route that stops short or goes on through
 *      friends keeps the angle of the two steps it set out on.
 *   Routes equal on all four are the retreating side's choice. A unit with no route at all is destroyed.
 * - It may not end its retreat joining a lone commander that is a declared supporter of a melee still to be fought
 *   (not the melee being resolved: that support has been given, so a losing unit may join the commander that backed it).
 */
import { parseSquare, squareName, type Square } from './coords';
import { enemySquares, stackingAllows } from './movement';
import { resolveBoard } from './scenario';
import type { GameState, UnitState } from './state';
import { riverBlocks, terrainIndex } from './terrain';
import { diagonalBlocked } from './geometry';
import { heldSquaresOf, type HoldGround } from './support';

/**
 * One way a retreat can go: where it ends ('off': off the board), the squares it passes (its end included), how far
 * it ends (0 to 2, see above), whether it is an attacker's way back, and its angle off straight back in degrees.
 * Squares are names here; the fast core walks the same routes over its square numbers (`S`).
 */
export interface RetreatRoute<S = Square> { end: S | 'off'; path: S[]; far: number; wayBack: boolean; angle: number }

/**
 * Rank order of two routes (R-retreat, R-route-measure): further first, then fewer squares passed (a route carried on
 * through friends passes more than a free one as far), then an attacker's way back, then the smaller angle; 0: equally good.
 */
export function compareRoutes<S>(a: RetreatRoute<S>, b: RetreatRoute<S>): number {
  return b.far - a.far || a.path.length - b.path.length || Number(b.wayBack) - Number(a.wayBack) || a.angle - b.angle;
}


/**
 * The ground one retreat is walked over, as three questions about squares: the game state answers them below, the
 * fast core on its own tables. The routes and their ranking are worked out once, in `walkRetreat`, for both. They are
 * always asked as methods of the ground (the core's answers read their walk as `this`).
 */
export interface RetreatGround<S> {
  /** The square (dx, dy) from sq, or null off the board. */
  next(sq: S, dx: number, dy: number): S | null;
  /** May the unit step from a to b, (dx, dy) apart? (An attacker's way back may begin with a longer step.) */
  canStep(a: S, b: S, dx: number, dy: number): boolean;
  /** May the unit end its retreat in sq (stacking, a declared lone commander's square)? */
  fits(sq: S): boolean;
}

/** The eight directions, clockwise from north (rows grow southwards). */
const DIRS: ReadonlyArray<[number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];
const dirIndex = (dx: number, dy: number) => DIRS.findIndex(([x, y]) => x === dx && y === dy);

/** How far a square (dx, dy) from the start is, diagonals counting 1, up to the retreat's 2. */
const far = (dx: number, dy: number) => Math.min(2, Math.max(Math.abs(dx), Math.abs(dy)));

/** The turns off straight back each step of a route may take, in eighths: straight, 45 degrees either way, 90 either way. */
const TURNS = [0, 1, -1, 2, -2] as const;

/** A route ending at `end` after `path`, (dx, dy) from the start (module functions, not closures made per walk: tsx names each closure as it is made). */
function route<S>(end: S | 'off', path: S[], dx: number, dy: number, wayBack: boolean, angle: number): RetreatRoute<S> {
  return { end, path, far: far(dx, dy), wayBack, angle };
}

/** May the retreat end in `sq` (never where it started)? */
function endsIn<S>(g: RetreatGround<S>, from: S, sq: S): boolean {
  return sq !== from && g.fits(sq);
}

/** R-route-measure: a retreat leaves the board only by a step straight back towards the unit's own edge. */
const offStraight = (dx: number, dy: number, back: readonly [number, number]) => dx === back[0] && dy === back[1];

/**
 * The route from `from` setting out by (d1x, d1y) then (d2x, d2y): blocked (null), or where it ends by the passing-friends
 * reading. `back`: one step straight back towards the unit's own edge, the only step that may leave the board (an
 * edge crossed any other way blocks like a wall).
 */
function follow<S>(g: RetreatGround<S>, from: S, d1x: number, d1y: number, d2x: number, d2y: number, wayBack: boolean, angle: number, back: readonly [number, number]): RetreatRoute<S> | null {
  const s1 = g.next(from, d1x, d1y);
  if (s1 === null) return offStraight(d1x, d1y, back) ? route<S>('off', [], d1x + d2x, d1y + d2y, wayBack, angle) : null; // off at once: as far as its two steps would have gone
  if (!g.canStep(from, s1, d1x, d1y)) return null;
  const s2 = g.next(s1, d2x, d2y);
  if (s2 === null) {
    if (offStraight(d2x, d2y, back)) return route<S>('off', [s1], d1x + d2x, d1y + d2y, wayBack, angle);
    return endsIn(g, from, s1) ? route(s1, [s1], d1x, d1y, wayBack, angle) : null;
  }
  if (!g.canStep(s1, s2, d2x, d2y)) return endsIn(g, from, s1) ? route(s1, [s1], d1x, d1y, wayBack, angle) : null;
  if (endsIn(g, from, s2)) return route(s2, [s1, s2], d1x + d2x, d1y + d2y, wayBack, angle);
  if (endsIn(g, from, s1)) return route(s1, [s1], d1x, d1y, wayBack, angle);
  const path = [s1, s2];
  for (let here = s2, k = 2; ; k++) {
    const n = g.next(here, d2x, d2y);
    if (n === null) return offStraight(d2x, d2y, back) ? route<S>('off', path, d1x + k * d2x, d1y + k * d2y, wayBack, angle) : null;
    if (n === from || !g.canStep(here, n, d2x, d2y)) return null;
    path.push(n);
    if (endsIn(g, from, n)) return route(n, path, d1x + k * d2x, d1y + k * d2y, wayBack, angle);
    here = n;
  }
}

/**
 * Every way a unit may retreat from square `from`, best first. `back`: one step straight back (towards its own edge);
 * `wayBack`: for an attacker, the two steps of its way back (the reverse of its move's last steps), which then ranks
 * first among routes as far and gives "straight back" for the routes round it.
 */
export function walkRetreat<S>(g: RetreatGround<S>, from: S, back: readonly [number, number], wayBack: readonly [number, number, number, number] | null): Array<RetreatRoute<S>> {
  const out: Array<RetreatRoute<S>> = [];
  let straight = back;
  if (wayBack) {
    const r = follow(g, from, wayBack[0], wayBack[1], wayBack[2], wayBack[3], true, 0, back);
    if (r) out.push(r);
    straight = [wayBack[0], wayBack[1]];
  }
  // Each step straight back, 45 degrees off either way or 90 degrees off either way (an attacker skirting round its
  // way back takes the reverse of its last step as "back").
  const i = dirIndex(Math.sign(straight[0]), Math.sign(straight[1]));
  for (const a of TURNS) for (const b of TURNS) {
    const da = DIRS[(i + a + 8) % 8]!, db = DIRS[(i + b + 8) % 8]!;
    // R-route-measure: the angle is the sum of the steps' turns off straight back (45 degrees an eighth).
    const r = follow(g, from, da[0], da[1], db[0], db[1], false, 45 * (Math.abs(a) + Math.abs(b)), back);
    if (r) out.push(r);
  }
  return out.sort(compareRoutes);
}

/** Every way unit u may retreat from where it stands, best first. */
export function retreatRoutes(s: GameState, u: UnitState): RetreatRoute[] {
  const from = u.at!;
  const t = terrainIndex(s.scenario);
  const { columns, rows } = resolveBoard(s.scenario.board);
  const enemies = enemySquares(s, u.side);
  const current = s.current !== null ? s.melees[s.current] : undefined;
  const contested = new Set(s.melees.filter((m) => !m.fought && m !== current).map((m) => m.contact));
  const banned = s.rules.hills.banned.includes(u.type);
  // R-support-holds: squares of lone commanders of its side declared as supporters of melees still to be fought. The
  // melee being resolved has had its support: its own supporter's square is open to its retreats.
  const holds: HoldGround<UnitState, Square, string> = {
    commanderOf: (c, side) => c.type === 'commander' && c.side === side && c.at !== null && c.status === 'active',
    squareOf: (c) => c.at!,
    joined: (c, side) => s.units.some((x) => x.id !== c.id && x.status === 'active' && x.at === c.at && x.side === side && x.type !== 'ballista'),
  };
  const pending = s.melees.filter((m) => !m.fought && m !== current).map((m) => m.supports.map(({ unit }) => s.units.find((x) => x.id === unit)!));
  const held = new Set(heldSquaresOf(holds, u.side, pending));
  const ground: RetreatGround<Square> = {
    next: (sq, dx, dy) => {
      const p = parseSquare(sq)!, c = p.col + dx, r = p.row + dy;
      return c < 0 || r < 0 || c >= columns || r >= rows ? null : squareName(c, r);
    },
    canStep: (a, b, dx, dy) => {
      if (enemies.has(b) || contested.has(b) || (banned && t.hill.has(b))) return false;
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return true;
      if (dx !== 0 && dy !== 0) return !diagonalBlocked(a, b, (x) => enemies.has(x), (x, y) => riverBlocks(t, x, y));
      return !riverBlocks(t, a, b);
    },
    fits: (sq) => stackingAllows(s, u, sq, u.stands) && !held.has(sq),
  };
  const edge = s.sides.find((x) => x.id === u.side)!.edge;
  const trail = u.side === s.attacker && u.trail !== null && u.trail.length > 0 ? u.trail : null;
  let wayBack: [number, number, number, number] | null = null;
  if (trail) {
    // Back the way it came: its move's last steps reversed.
    const p0 = parseSquare(from)!, p1 = parseSquare(trail[0]!)!, p2 = trail.length > 1 ? parseSquare(trail[1]!)! : null;
    const d1x = p1.col - p0.col, d1y = p1.row - p0.row;
    wayBack = p2 ? [d1x, d1y, p2.col - p1.col, p2.row - p1.row] : [d1x, d1y, d1x, d1y];
  }
  return walkRetreat(ground, from, [0, edge === 'north' ? -1 : 1], wayBack);
}

/** Where unit u may end its retreat: the ends of the best-ranked routes (the side chooses among them); empty: it is destroyed. */
export function retreatEnds(s: GameState, u: UnitState): Array<Square | 'off'> {
  return bestEnds(retreatRoutes(s, u));
}

/** The ends of the best-ranked of these routes (best first), each once. */
export function bestEnds<S>(all: ReadonlyArray<RetreatRoute<S>>): Array<S | 'off'> {
  const out: Array<S | 'off'> = [];
  for (const r of all) if (compareRoutes(r, all[0]!) === 0 && !out.includes(r.end)) out.push(r.end);
  return out;
}
