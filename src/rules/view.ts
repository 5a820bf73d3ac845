/** Player views: what one side may see of the game (hidden deployment, the other side's pending MDI pick). */
import { cloneState, type GameState } from './state';
import { defaultFacing } from './scenario';
import { copyPosition, type Position } from '../engine';

/** The MDI a view shows for a side that has picked but whose pick is still secret. */
export const HIDDEN = 'hidden' as const;

export type GameView = GameState & { hiddenPicks: string[] };

/**
 * When a secret is pending: throughout hidden set-up (the deployment phase), and while the melee being fought waits
 * for its MDI picks. `picking` (the default) counts the picks from the moment they are asked for, before either side
 * has picked (distance play: only then may a message travel sealed); `picked` only once one side's pick is made and
 * not yet revealed (hot-seat: only then must the screen not follow the side to act).
 */
export function secretPending(s: GameState, stage: 'picking' | 'picked' = 'picking'): boolean {
  if (s.phase === 'deploy') return true;
  const m = s.current !== null ? s.melees[s.current] : undefined;
  if (!m || !picksSecret(s.resolution) || m.fought) return false;
  return stage === 'picking' || Object.values(m.mdi).some((pick) => pick !== null);
}

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
    // Reading (hidden set-up, 4): nothing of a hidden placement shows, its facing included: the other side's
    // units to be placed stay as the scenario has them, unplaced and facing as they started.
    const start = new Map(state.scenario.sides.flatMap((s) => s.units.map((u) => [u.id, { placed: u.at !== undefined, facing: u.facing ?? defaultFacing(s.edge) }] as const)));
    for (const u of v.units) {
      const was = start.get(u.id);
      if (u.side !== side && was && !was.placed) { u.at = null; u.facing = was.facing; }
    }
    v.log = v.log.filter((a) => !(a.type === 'deploy' && a.side !== side));
  }
  const m = v.current !== null ? v.melees[v.current] : undefined;
  if (m && picksSecret(v.resolution)) {
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

/** The melee being fought keeps its picks secret until its resolution starts (secretPending and both views ask this). */
function picksSecret(resolution: unknown): boolean {
  return !resolution;
}

/**
 * viewFor on the core, for the side to act outside hidden set-up: a copy of position p as positionOf(viewFor(state,
 * side)) reads it (the other side's pick for the melee being fought blanked and listed in `hidden` while it is
 * secret, the dice generator withheld, no log or events), for players that decide on positions (the search player
 * in balance runs). tests/ai/policies.test.ts holds its decisions to the JSON view's.
 */
export function positionView(p: Position): { base: Position; hidden: string[] } {
  const base = copyPosition(p);
  base.events = null;
  base.log = null;
  base.rng = { s: 0 };
  const hidden: string[] = [];
  const m = base.current >= 0 ? base.melees[base.current] : undefined;
  if (m && picksSecret(base.resolution)) {
    for (let o = 0; o < 2; o++) {
      if (o !== base.toAct && m.mdi[o as 0 | 1] >= 0) { m.mdi[o as 0 | 1] = -1; hidden.push(base.sides[o]!); }
    }
  }
  return { base, hidden };
}
