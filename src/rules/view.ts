/** Player views: what one side may see of the game (hidden deployment, the other side's pending MDI pick). */
import { cloneState, type GameState } from './state';

/** The MDI a view shows for a side that has picked but whose pick is still secret. */
export const HIDDEN = 'hidden' as const;

export type GameView = GameState & { hiddenPicks: string[] };

/**
 * A copy of the state for `side`: during deployment the other side's placements (and their log entries) are
 * blanked; while a melee waits for picks the other side's MDI is blanked and listed in `hiddenPicks`; the dice
 * generator and any scripted dice are withheld.
 */
export function viewFor(state: GameState, side: string): GameView {
  const v = cloneState(state) as GameView;
  v.events = state.events.filter((e) => !(state.phase === 'deploy' && e.kind === 'deploy' && e.side !== side));
  v.hiddenPicks = [];
  if (state.phase === 'deploy') {
    const placed = new Set(state.scenario.sides.flatMap((s) => s.units.filter((u) => u.at !== undefined).map((u) => u.id)));
    for (const u of v.units) if (u.side !== side && !placed.has(u.id)) u.at = null;
    v.log = v.log.filter((a) => !(a.type === 'deploy' && a.side !== side));
  }
  const m = v.current !== null ? v.melees[v.current] : undefined;
  if (m && !v.resolution) {
    for (const other of Object.keys(m.mdi)) {
      if (other !== side && m.mdi[other] !== null) {
        m.mdi[other] = null;
        v.hiddenPicks.push(other);
      }
    }
    // The log entry of that pick is secret too: drop the other side's trailing mdi actions.
    let end = v.log.length;
    while (end > 0 && v.log[end - 1]!.type === 'mdi') end--;
    v.log = [...v.log.slice(0, end), ...v.log.slice(end).filter((a) => a.side === side)];
  }
  v.rng = { s: 0 };
  return v;
}
