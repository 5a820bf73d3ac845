/** Retreats (digest 10, rule 9L): 2 squares, diagonal 1, skirting, through friends, off the board. */
import { parseSquare, squareName, type Square } from './coords';
import { diagonalBlocked } from './geometry';
import { enemyHeld, stackingAllows } from './movement';
import { rearDy, riverBetween, terrainIndex, unitsAt, type GameState, type UnitState } from './state';
import { own } from './draft';

/** Direction a unit retreats in: a defender towards its own edge, an attacker back the way it came. */
export function retreatDirection(state: GameState, u: UnitState): [number, number] {
  if (u.side === state.attacker && u.lastStep) return [-u.lastStep[0], -u.lastStep[1]];
  return [0, rearDy(state, u.side)];
}

const ROT: Array<[number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

/** Directions in order of preference: straight, then 45 degrees off, then 90 degrees off (skirting). */
function preferences(d: [number, number]): Array<{ dir: [number, number]; penalty: number }> {
  const i = ROT.findIndex(([x, y]) => x === Math.sign(d[0]) && y === Math.sign(d[1]));
  const at = (k: number) => ROT[(i + k + 8) % 8]!;
  return [{ dir: at(0), penalty: 0 }, { dir: at(1), penalty: 1 }, { dir: at(-1), penalty: 1 }, { dir: at(2), penalty: 2 }, { dir: at(-2), penalty: 2 }];
}

/** May a retreating unit step from a to b (b on the board)? Enemies, unresolved contact squares, rivers, hill bans block. */
function canStep(state: GameState, u: UnitState, a: Square, b: Square, dx: number, dy: number): boolean {
  const enemy = (sq: Square) => enemyHeld(state, u.side, sq);
  if (enemy(b)) return false;
  if (state.melees.some((m, i) => !m.fought && i !== state.current && m.contact === b)) return false;
  const t = terrainIndex(state.scenario);
  if (t.hill.has(b) && state.rules.hills.banned.includes(u.type)) return false;
  const river = (x: Square, y: Square) => riverBetween(state, x, y);
  return dx !== 0 && dy !== 0 ? !diagonalBlocked(a, b, enemy, river) : !river(a, b);
}

/**
 * The best retreat end squares ('off' = off the board): two steps (diagonal counts 1) as straight as the
 * way allows; where several are equally good the retreating side chooses. Empty: destroyed.
 */
export function retreatOptions(state: GameState, u: UnitState): Array<Square | 'off'> {
  if (!u.at) return [];
  const prefs = preferences(retreatDirection(state, u));
  let best = Infinity;
  let out: Array<Square | 'off'> = [];
  const consider = (end: Square | 'off', score: number) => {
    if (end !== 'off' && !stackingAllows(state, u, end)) return;
    if (score < best) { best = score; out = [end]; } else if (score === best && !out.includes(end)) out.push(end);
  };
  const from = parseSquare(u.at)!;
  for (const p1 of prefs) {
    const c1 = from.col + p1.dir[0], r1 = from.row + p1.dir[1];
    if (c1 < 0 || r1 < 0 || c1 >= state.board.columns || r1 >= state.board.rows) { consider('off', p1.penalty); continue; }
    const s1 = squareName(c1, r1);
    if (!canStep(state, u, u.at, s1, p1.dir[0], p1.dir[1])) continue;
    let twoStep = false;
    for (const p2 of prefs) {
      const c2 = c1 + p2.dir[0], r2 = r1 + p2.dir[1];
      if (c2 < 0 || r2 < 0 || c2 >= state.board.columns || r2 >= state.board.rows) { consider('off', p1.penalty + p2.penalty); twoStep = true; continue; }
      const s2 = squareName(c2, r2);
      if (s2 === u.at || !canStep(state, u, s1, s2, p2.dir[0], p2.dir[1])) continue;
      twoStep = true;
      consider(s2, p1.penalty + p2.penalty);
    }
    // Only one step possible: a short retreat, worse than any full one.
    if (!twoStep) consider(s1, 10 + p1.penalty);
  }
  return out;
}

/** Carry out a retreat to a chosen end; the unit's side's ballista in its square goes along where it can (9M). */
export function doRetreat(state: GameState, unit: UnitState, to: Square | 'off', marked: boolean): void {
  const from = unit.at!;
  const engine = unitsAt(state, from).find((x) => x.type === 'ballista' && x.controller === unit.side);
  const u = own(state, unit);
  if (to === 'off') {
    u.at = null;
    u.status = 'off';
  } else {
    if (engine && !terrainIndex(state.scenario).protected.has(to) && !unitsAt(state, to).some((x) => x.type === 'ballista')
      && !(terrainIndex(state.scenario).hill.has(to) && state.rules.hills.banned.includes('ballista'))) own(state, engine).at = to;
    u.at = to;
  }
  if (marked) u.retreatedTurn = state.turn;
  state.events.push({ kind: 'retreat', side: u.side, unit: u.id, text: `${u.id} retreats from ${from} to ${to === 'off' ? 'off the board' : to}` });
}
