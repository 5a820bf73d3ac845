/**
 * What the other side did since a player last acted (issue 27): where each unit that moved started and ended, the
 * stands lost, the units gone, the melees fought and the dice rolled, from the two positions as that player sees them
 * and the events' typed fields (`kind`, `unit`, `at`; never their text).
 */
import type { GameEvent, GameState, Square } from '../rules';
import { changes, eventLabels } from './choices';

export interface Recap {
  moved: Array<{ from: Square; to: Square }>;
  losses: Array<{ square: Square; text: string }>;
  destroyed: Square[];
  /** Contact squares of the melees fought. */
  fights: Square[];
  /** Dice and MDI labels, the latest one per square. */
  labels: Array<{ square: Square; text: string }>;
}

export const NO_RECAP: Recap = { moved: [], losses: [], destroyed: [], fights: [], labels: [] };

/** The recap between two views of one player (before: just after that player's last decision) and the events between. */
export function recap(before: GameState, after: GameState, events: readonly GameEvent[]): Recap {
  const fights = [...new Set(events.flatMap((e) => (e.kind === 'melee' ? [e.at] : [])))];
  const labels = new Map(eventLabels(events).map((l) => [l.square, l]));
  return { ...changes(before, after), fights, labels: [...labels.values()] };
}

/** The recap in one line for the play panel ('' when nothing happened since the player's last decision). */
export function recapWords(r: Recap): string {
  const parts = [
    r.moved.length ? `${r.moved.length} unit${r.moved.length === 1 ? '' : 's'} moved` : '',
    r.fights.length ? `${r.fights.length} melee${r.fights.length === 1 ? '' : 's'} fought` : '',
    r.losses.length ? `stands lost in ${r.losses.length} unit${r.losses.length === 1 ? '' : 's'}` : '',
    r.destroyed.length ? `${r.destroyed.length} unit${r.destroyed.length === 1 ? '' : 's'} destroyed` : '',
  ].filter(Boolean);
  return parts.length ? `Since your last decision: ${parts.join(' · ')} (drawn on the map until you act).` : '';
}
