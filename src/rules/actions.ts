/** Engine actions: plain JSON objects with a `type` discriminant and the acting `side`. */
import type { Facing, Square } from './coords';
import type { Mdi } from './melee';

export type Action =
  | { type: 'deploy'; side: string; unit: string; at: Square; facing: Facing }
  | { type: 'ballistaFire'; side: string; unit: string; target: Square }
  | { type: 'ballistaHold'; side: string; unit: string }
  /** Where a ballista shot lands among several units, the shooting side picks the one that loses a stand (7). */
  | { type: 'ballistaLoss'; side: string; unit: string }
  /** A missile shot at the square of unit `target` (R-fire-order: rolled at once; R-two-types: read against each type there). */
  | { type: 'fire'; side: string; unit: string; target: string }
  | { type: 'hold'; side: string; unit: string }
  /** Where a shot's dice would destroy stands of either of two units in its square, the one that loses them (R-two-types). */
  | { type: 'fireLoss'; side: string; unit: string }
  /**
   * `supporter`: a unit of the side declared with the move as the supporter a 1-stand missile unit needs to lead (6J).
   * `to: 'off'`: off the board across an edge (R-exit). `runOver`: the square of the lone stand the move rides over on
   * its way, ending there or beyond it (10A, R-run-over; one a move).
   */
  | { type: 'move'; side: string; unit: string; to: Square | 'off'; charge?: true; runOver?: Square; carry?: true; split?: true; supporter?: string }
  | { type: 'face'; side: string; unit: string; facing: Facing }
  | { type: 'support'; side: string; unit: string; contact: Square }
  | { type: 'endMove'; side: string }
  | { type: 'endSupport'; side: string }
  | { type: 'fight'; side: string; contact: Square }
  | { type: 'mdi'; side: string; mdi: Mdi }
  | { type: 'allocate'; side: string; unit: string; half?: true }
  | { type: 'retreat'; side: string; unit: string; to: Square | 'off' }
  | { type: 'endFacing'; side: string }
  | { type: 'destroyBallista'; side: string; unit: string }
  | { type: 'endTurn'; side: string }
  | { type: 'concede'; side: string };

export type ActionType = Action['type'];

/** A key equal for equal actions whatever the order of their fields. */
export function actionKey(a: Action): string {
  const rec = a as unknown as Record<string, unknown>;
  return Object.keys(rec).sort().map((k) => `${k}=${String(rec[k])}`).join(';');
}
