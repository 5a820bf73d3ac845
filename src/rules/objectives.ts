/**
 * Objectives (digest 11, reading R-objectives; scenario format version 2): squares worth points to the side that
 * holds them at the end. The one statement of the rule: the engine's core scores it (engine/turn.ts `pointsOf`, over
 * its own troop counts), and the result panel, the log, the battle report and the CLI show it with
 * `objectiveHoldings`.
 *
 * - A side holds an objective when it has troops (any unit but a lone ballista) on at least one of its squares and
 *   the other side has none on any of them; with troops of both sides on its squares nobody holds it.
 * - An objective `for` one side can be held by that side only.
 * - The holder adds the objective's points to its total. Held objectives count in every ending's points; they decide
 *   the winner only where points do (at the turn limit). They change nothing in movement or fire.
 */
import type { Objective } from './scenario';
import type { GameState, SideId } from './state';

/**
 * The side (0 or 1) holding an objective, or -1 for nobody. `only` is the one side that may hold it (-1: either);
 * `troops(side, i)` says whether that side has troops (not ballistas) on the objective's square number i.
 */
export function objectiveHolder(squares: number, only: number, troops: (side: number, i: number) => boolean): number {
  const present = [false, false];
  for (let i = 0; i < squares; i++) {
    if (troops(0, i)) present[0] = true;
    if (troops(1, i)) present[1] = true;
  }
  if (present[0] === present[1]) return -1;
  const holder = present[0] ? 0 : 1;
  return only === -1 || only === holder ? holder : -1;
}

/** One objective at this moment: who holds it (null: nobody) and what it is worth to them. */
export interface ObjectiveHolding { id: string; label: string; squares: string[]; points: number; for: SideId | null; holder: SideId | null }

/** Every objective of the game's scenario with its holder now, in the scenario's order. */
export function objectiveHoldings(state: GameState): ObjectiveHolding[] {
  const objectives: readonly Objective[] = state.scenario.objectives ?? [];
  if (objectives.length === 0) return [];
  const sides = state.sides.map((s) => s.id);
  const troopsAt = new Set<string>();
  for (const u of state.units) {
    if (u.status === 'active' && u.at !== null && u.type !== 'ballista') troopsAt.add(`${sides.indexOf(u.side)}:${u.at}`);
  }
  return objectives.map((o) => {
    const h = objectiveHolder(o.squares.length, o.for === undefined ? -1 : sides.indexOf(o.for), (side, i) => troopsAt.has(`${side}:${o.squares[i]}`));
    return { id: o.id, label: o.label, squares: [...o.squares], points: o.points, for: o.for ?? null, holder: h < 0 ? null : sides[h]! };
  });
}

/** Points each side gets from the objectives it holds now (a side holding none gets 0). */
export function objectivePoints(state: GameState): Record<SideId, number> {
  const out: Record<SideId, number> = Object.create(null) as Record<SideId, number>;
  for (const s of state.sides) out[s.id] = 0;
  for (const h of objectiveHoldings(state)) if (h.holder !== null) out[h.holder] = out[h.holder]! + h.points;
  return out;
}
