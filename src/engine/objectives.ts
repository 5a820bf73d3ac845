/** The core's objective score (reading R-objectives): objectives.ts's rule over the core's troop counts. */
import { objectiveHolder } from '../rules/objectives';
import type { Objective } from '../rules/scenario';
import type { Board } from './board';
import type { Position } from './position';

/** Square indices of each objective by board (objectives are fixed for a game; -1: not on the board). */
const indices = new WeakMap<Objective, Int32Array>();

function squaresOf(board: Board, o: Objective): Int32Array {
  let idx = indices.get(o);
  if (!idx) {
    idx = Int32Array.from(o.squares, (sq) => board.index.get(sq) ?? -1);
    indices.set(o, idx);
  }
  return idx;
}

/** The side (index) holding an objective now, or -1. */
function holderOf(p: Position, o: Objective): number {
  const idx = squaresOf(p.board, o);
  const only = o.for === undefined ? -1 : p.sides.indexOf(o.for);
  return objectiveHolder(idx.length, only, (s, i) => idx[i]! >= 0 && p.troops[s as 0 | 1][idx[i]!]! > 0);
}

/** Points a side (by index) gets from the objectives it holds now. */
export function objectiveScore(p: Position, side: number): number {
  const objectives = p.game.scenario.objectives;
  if (!objectives || objectives.length === 0) return 0;
  let sum = 0;
  for (const o of objectives) if (holderOf(p, o) === side) sum += o.points;
  return sum;
}

/** The objectives and their holders, for the end event (none: an empty list). */
export function objectiveRecord(p: Position): Array<{ id: string; label: string; points: number; holder: string | null }> {
  return (p.game.scenario.objectives ?? []).map((o) => {
    const h = holderOf(p, o);
    return { id: o.id, label: o.label, points: o.points, holder: h < 0 ? null : p.sides[h]! };
  });
}
