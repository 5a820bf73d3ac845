/**
 * Balance games with no fighting: when nobody attacks, the points each side holds at the end (its army and any
 * objectives) decide the game, and a verdict drawn from many such games compares army sizes, not play. Kept apart
 * from stats.ts so that balance.ts (the turn cap's note) and stats.ts (the verdict) both read it.
 */

/** The share of games with no stand lost from which a verdict says so (quietNote). */
export const QUIET_SHARE = 0.2;

/** The share of games with no stand lost, in whole percent. */
export function quietPercent(quiet: number, games: number): number {
  return Math.round((100 * quiet) / games);
}

/** What a verdict adds when many of its games saw no fighting: who won them was settled by points held, not by battle. */
export function quietNote(quiet: number, games: number): string {
  return `In ${quiet} of ${games} games (${quietPercent(quiet, games)}%) no stand was lost: neither side attacked, so the points each side held at the end (army and objectives) decided them. This says more about the armies' sizes than about how the battle goes; players who attack may find otherwise.`;
}

/** The note a summary's verdict carries about its games with no fighting (quietNote), or null when they are few. */
export function quietNoteOf(s: { games: number; quiet?: number }): string | null {
  return s.quiet !== undefined && s.games > 0 && s.quiet >= QUIET_SHARE * s.games ? quietNote(s.quiet, s.games) : null;
}
