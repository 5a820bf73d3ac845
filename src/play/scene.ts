/** The position of a game as a scenario the board renderer draws: every unit on the board where the view puts it. */
import type { GameState, Scenario, UnitSpec } from '../rules';

/**
 * A scenario showing the units of `view` (a `viewFor` copy: hidden units have no square) as they stand now:
 * squares, facings and stands left. Units off the board, destroyed or still hidden are left out.
 */
export function sceneOf(view: GameState): Scenario {
  return {
    ...view.scenario,
    sides: view.scenario.sides.map((side) => ({
      ...side,
      units: view.units
        .filter((u) => u.side === side.id && u.status === 'active' && u.at !== null)
        .map((u): UnitSpec => ({ id: u.id, type: u.type, stands: Math.max(1, u.stands), at: u.at!, facing: u.facing })),
    })),
  };
}
