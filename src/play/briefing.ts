/**
 * What a side at the screen may read of the scenario's words (format version 2): its own briefing, never the other
 * side's; the notes, which both sides read, with the plain line that the program does not enforce them; and how
 * objectives score, in our own words, for the rules at hand.
 */
import type { Scenario } from '../rules';

/** Shown with every copy of the scenario's notes on the screen. */
export const NOTES_LINE = 'Not enforced by the program: these are the scenario\'s special rules in its author\'s words, and the players apply them themselves.';

/** How objectives score, for the rules at hand (our own words; reading R-objectives). */
export const OBJECTIVES_RULE = 'Objectives count only when the game ends. A side holds an objective when its troops stand on at least one of '
  + 'its squares and no enemy troops stand on any of them; a ballista alone does not hold one. The holder adds the objective\'s '
  + 'points to its total, unless the objective is marked for the other side only: then standing on it only denies it. '
  + 'At the turn limit these points can decide the winner; a concession or a side with no troops left ends the game as before. '
  + 'Objectives change nothing in movement, fire or melee.';

/** The briefing of one side (trimmed; empty when it has none). Null side: nobody's briefing is shown. */
export function briefingOf(scenario: Scenario, side: string | null | undefined): string {
  if (!side) return '';
  return (scenario.sides.find((s) => s.id === side)?.briefing ?? '').trim();
}

/** The scenario's notes (trimmed; empty when it has none). */
export function notesOf(scenario: Scenario): string {
  return (scenario.notes ?? '').trim();
}

/** The objectives in words, before any game state exists (no holder yet). */
export function objectiveList(scenario: Scenario): string[] {
  const name = (id: string): string => scenario.sides.find((s) => s.id === id)?.name ?? id;
  return (scenario.objectives ?? []).map((o) => `${o.label} (${o.squares.join(', ')}), ${o.points} point${o.points === 1 ? '' : 's'}${o.for ? ` for ${name(o.for)} only` : ''}`);
}
