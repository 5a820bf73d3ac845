/**
 * Points (digest 11, "End"; reading R-ballista-score): what each side's troops are worth now, the score compared at the
 * turn limit and shown at every ending. The one statement of the scoring: the engine's core sums it over its own
 * tables (`unitScore`), and the result panel and the battle report break it down with `scoreParts`.
 *
 * - A unit's surviving whole stands count their cost; a half-killed knight or commander stand counts half its cost.
 * - A unit that left the board (retired or moved off, never to return) counts half of that.
 * - A ballista counts its cost for the side that controls it at the end (a captured one for its captor; one carried
 *   off the board at half); an abandoned one counts for nobody. Destroyed units count nothing.
 * - Objectives held add their points (reading R-objectives: objectives.ts).
 */
import { objectivePoints } from './objectives';
import type { GameState, SideId, UnitState } from './state';
import { TROOPS, type TroopType } from './troops';

/**
 * What one unit is worth now to the side it counts for: `whole` from whole stands, `half` from half-killed stands
 * (both already halved for a unit off the board). A ballista's worth goes to its controller (see `scoresFor`).
 */
export function unitScore(type: TroopType, stands: number, half: number, off: boolean): { whole: number; half: number } {
  const cost = TROOPS[type].cost;
  const whole = type === 'ballista' ? cost : cost * (stands - half);
  const halves = type === 'ballista' ? 0 : (cost / 2) * half;
  return off ? { whole: whole / 2, half: halves / 2 } : { whole, half: halves };
}

/** The side a unit's points count for: its own side; for a ballista its controller (none when abandoned). */
export function scoresFor(u: Pick<UnitState, 'type' | 'side' | 'controller' | 'status'>): SideId | null {
  if (u.status === 'destroyed') return null;
  return u.type === 'ballista' ? (u.controller ?? null) : u.side;
}

/** A side's points by kind: troops on the board, troops off it (already halved), half-killed stands, ballistas held, objectives held. */
export interface ScoreParts { side: SideId; onBoard: number; offBoard: number; halfKilled: number; ballistas: number; objectives: number; total: number }

/** Each side's points now, by kind, in the scenario's order of sides. */
export function scoreParts(state: GameState): ScoreParts[] {
  const held = objectivePoints(state);
  return state.sides.map(({ id }) => {
    const out: ScoreParts = { side: id, onBoard: 0, offBoard: 0, halfKilled: 0, ballistas: 0, objectives: held[id] ?? 0, total: 0 };
    for (const u of state.units) {
      if (scoresFor(u) !== id) continue;
      const off = u.status === 'off';
      const { whole, half } = unitScore(u.type, u.stands, u.half, off);
      if (u.type === 'ballista') out.ballistas += whole;
      else if (off) out.offBoard += whole + half;
      else { out.onBoard += whole; out.halfKilled += half; }
    }
    out.total = out.onBoard + out.offBoard + out.halfKilled + out.ballistas + out.objectives;
    return out;
  });
}
