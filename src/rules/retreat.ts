/**
 * Retreat (digest 10 "Retreat", rule 9L, with the readings R-retreat, R-who-retreats and R-support-holds), written
 * plainly over the game state: where a retreating unit may go. The engine's fast core walks retreats on its own
 * tables; the fuzz suite holds every retreat choice it offers to this module.
 *
 * - A retreat is 2 squares (a diagonal step counts 1). A defender goes towards its own back edge; an attacker back
 *   the way it came (the reverse of its move's last steps, along the very squares it came by).
 * - Only enemies, impassable terrain (a river edge with no crossing, a diagonal across a river corner or between two
 *   enemies, a hill its type may not enter) and the contact squares of melees still to be fought block it. It passes
 *   through friends: where it may not stand 2 squares away it stops 1 away if it may stand there, else carries on in
 *   the same direction to the first square it may stand in, or off the board (out of play, counting half).
 * - Routes are ranked: straight back first, then 45 degrees off, then 90 (an attacker whose way back is blocked skirts
 *   round it the same way); a route that stops short or goes further through friends ranks after the full one. Where
 *   several routes rank equal, the retreating side chooses. A unit with no route at all is destroyed.
 * - It may not end its retreat joining a lone commander that is a declared supporter of a melee still to be fought.
 */
import { parseSquare, squareName, type Square } from './coords';
import { enemySquares, stackingAllows } from './movement';
import { resolveBoard } from './scenario';
import type { GameState, UnitState } from './state';
import { riverBlocks, terrainIndex } from './terrain';

/** One way a retreat can go: where it ends ('off': off the board), the squares it passes (its end included) and its rank (lower is better). */
export interface RetreatRoute { end: Square | 'off'; path: Square[]; rank: number }

/** The eight directions, clockwise from north (rows grow southwards). */
const DIRS: ReadonlyArray<[number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];
const dirIndex = (dx: number, dy: number) => DIRS.findIndex(([x, y]) => x === dx && y === dy);

/** Every way unit u may retreat from where it stands, best first. */
export function retreatRoutes(s: GameState, u: UnitState): RetreatRoute[] {
  const from = u.at!;
  const t = terrainIndex(s.scenario);
  const { columns, rows } = resolveBoard(s.scenario.board);
  const enemies = enemySquares(s, u.side);
  const current = s.current !== null ? s.melees[s.current] : undefined;
  const contested = new Set(s.melees.filter((m) => !m.fought && m !== current).map((m) => m.contact));
  const banned = s.rules.hills.banned.includes(u.type);
  // R-support-holds: squares of lone commanders of its side declared as supporters of melees still to be fought.
  const held = new Set<Square>();
  for (const m of s.melees) {
    if (m.fought) continue;
    for (const { unit } of m.supports) {
      const c = s.units.find((x) => x.id === unit)!;
      if (c.type !== 'commander' || c.side !== u.side || !c.at || c.status !== 'active') continue;
      if (!s.units.some((x) => x.id !== c.id && x.status === 'active' && x.at === c.at && x.side === u.side && x.type !== 'ballista')) held.add(c.at);
    }
  }
  const at = (sq: Square, dx: number, dy: number): Square | null => {
    const p = parseSquare(sq)!, c = p.col + dx, r = p.row + dy;
    return c < 0 || r < 0 || c >= columns || r >= rows ? null : squareName(c, r);
  };
  const canStep = (a: Square, b: Square, dx: number, dy: number): boolean => {
    if (enemies.has(b) || contested.has(b) || (banned && t.hill.has(b))) return false;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return true; // an attacker's way back may begin with a longer step
    if (dx !== 0 && dy !== 0) {
      const bx = at(a, dx, 0)!, by = at(a, 0, dy)!;
      if (enemies.has(bx) && enemies.has(by)) return false;
      return !((riverBlocks(t, a, bx) || riverBlocks(t, bx, b)) && (riverBlocks(t, a, by) || riverBlocks(t, by, b)));
    }
    return !riverBlocks(t, a, b);
  };
  const fits = (sq: Square) => sq !== from && stackingAllows(s, u, sq, u.stands) && !held.has(sq);

  const follow = (d1x: number, d1y: number, d2x: number, d2y: number, rank: number): RetreatRoute | null => {
    const s1 = at(from, d1x, d1y);
    if (!s1) return { end: 'off', path: [], rank };
    if (!canStep(from, s1, d1x, d1y)) return null;
    const s2 = at(s1, d2x, d2y);
    if (!s2) return { end: 'off', path: [s1], rank };
    if (!canStep(s1, s2, d2x, d2y)) return fits(s1) ? { end: s1, path: [s1], rank: rank + 10 } : null;
    if (fits(s2)) return { end: s2, path: [s1, s2], rank };
    if (fits(s1)) return { end: s1, path: [s1], rank: rank + 0.25 };
    const path = [s1, s2];
    for (let here = s2; ;) {
      const n = at(here, d2x, d2y);
      if (!n) return { end: 'off', path, rank: rank + 0.5 };
      if (n === from || !canStep(here, n, d2x, d2y)) return null;
      path.push(n);
      if (fits(n)) return { end: n, path, rank: rank + 0.5 };
      here = n;
    }
  };

  const out: RetreatRoute[] = [];
  const edge = s.sides.find((x) => x.id === u.side)!.edge;
  let back: [number, number] = [0, edge === 'north' ? -1 : 1];
  let skirt = 0;
  const trail = u.side === s.attacker && u.trail !== null && u.trail.length > 0 ? u.trail : null;
  if (trail) {
    // Back the way it came: its move's last steps reversed.
    const p0 = parseSquare(from)!, p1 = parseSquare(trail[0]!)!, p2 = trail.length > 1 ? parseSquare(trail[1]!)! : null;
    const d1: [number, number] = [p1.col - p0.col, p1.row - p0.row];
    const d2: [number, number] = p2 ? [p2.col - p1.col, p2.row - p1.row] : d1;
    const r = follow(d1[0], d1[1], d2[0], d2[1], 0);
    if (r) out.push(r);
    back = d1;
    skirt = 0.5;
  }
  // Straight, then 45 degrees off, then 90 degrees off, each step on its own.
  const i = dirIndex(Math.sign(back[0]), Math.sign(back[1]));
  const prefs = [0, 1, -1, 2, -2].map((k) => DIRS[(i + k + 8) % 8]!);
  const penalty = [0, 1, 1, 2, 2];
  for (let a = 0; a < 5; a++) for (let b = 0; b < 5; b++) {
    const r = follow(prefs[a]![0], prefs[a]![1], prefs[b]![0], prefs[b]![1], skirt + penalty[a]! + penalty[b]!);
    if (r) out.push(r);
  }
  return out.sort((x, y) => x.rank - y.rank);
}

/** Where unit u may end its retreat: the ends of the best-ranked routes (the side chooses among them); empty: it is destroyed. */
export function retreatEnds(s: GameState, u: UnitState): Array<Square | 'off'> {
  const all = retreatRoutes(s, u);
  const out: Array<Square | 'off'> = [];
  for (const r of all) if (r.rank === all[0]!.rank && !out.includes(r.end)) out.push(r.end);
  return out;
}
