/**
 * Retirement (digest 11, rule 10B, with the readings R-melee-step and R-retire), written plainly over the game state.
 * The engine's fast core moves retiring units on its own tables; the fuzz suite holds every retirement it makes to
 * this module.
 *
 * - A 1-stand unit of turcopoles, light cavalry, medium or levy infantry retires; so does levy at 2 stands on a roll of
 *   4-6 (rolled once). Retirements are checked after each fire step and after the turn's last melee, never between
 *   melees; a unit still in a melee waiting to be fought is left until it has fought.
 * - A retiring unit makes a full normal move at once, and again on every later move of its side, towards its own back
 *   edge, as fast as possible: if any route its move allows reaches the back edge with a step to spare, it leaves the
 *   board; otherwise it ends on the square nearest that edge where it may stand, ties going straight back first, then
 *   the shorter route, then the square first in row order. It never enters an enemy's square or a contact square
 *   still to be fought. Units of a side that retire together move nearest-the-edge first.
 */
import { parseSquare, type Square } from './coords';
import { enemySquares, pathNodes, stackingAllows, allowance, offBoardAllowance } from './movement';
import { resolveBoard } from './scenario';
import type { GameState, UnitState } from './state';
import type { TroopType } from './troops';

/** Types whose unit retires when down to its last stand (10B; levy at 2 stands only on its roll). */
export const RETIRING_TYPES: readonly TroopType[] = ['turcopoles', 'lightCavalry', 'mediumInfantry', 'levyInfantry'];

/** Rows between a square and the side's own back edge (0 on the back row). */
export function rowsToBackEdge(s: GameState, side: string, sq: Square): number {
  const edge = s.sides.find((x) => x.id === side)!.edge;
  const row = parseSquare(sq)!.row;
  return edge === 'north' ? row : resolveBoard(s.scenario.board).rows - 1 - row;
}

/** Where unit u's retiring move ends: a square, or 'off' when it leaves the board (its own square when it cannot get nearer). */
export function retirementEnd(s: GameState, u: UnitState): Square | 'off' {
  const contested = s.melees.filter((m) => !m.fought).map((m) => m.contact);
  const enemies = enemySquares(s, u.side);
  const mover = { type: u.type, at: u.at!, afterCharge: false, carry: false };
  const nodes = pathNodes(s.scenario, s.rules, enemies, mover, new Set([...enemies, ...contested]));
  const columns = resolveBoard(s.scenario.board).columns;
  const start = parseSquare(u.at!)!;
  const key = (sq: Square, cost: number) => {
    const c = parseSquare(sq)!;
    return [rowsToBackEdge(s, u.side, sq), Math.abs(c.col - start.col), cost, c.row * columns + c.col];
  };
  const before = (a: number[], b: number[]) => { for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!; return false; };
  let best: Square = u.at!, bestKey = key(u.at!, 0);
  for (const n of nodes) {
    const limit = allowance(s.rules, mover, n.road, n.hill, n.cover, false);
    if (n.cost > limit) continue;
    if (rowsToBackEdge(s, u.side, n.sq) === 0 && n.cost + 1 <= offBoardAllowance(s.rules, mover, n.hill, n.cover)) return 'off';
    if (n.sq !== u.at && stackingAllows(s, u, n.sq, u.stands)) {
      const k = key(n.sq, n.cost);
      if (before(k, bestKey)) { best = n.sq; bestKey = k; }
    }
  }
  return best;
}
