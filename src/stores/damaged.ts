/**
 * Damaged library entries (issue 14): an entry whose document no longer passes the checks a file must pass to be
 * opened (hand-edited storage, an older bug, a newer schema). Such an entry is never opened or drawn: the
 * Library marks it and offers to show it as text, export it or delete it.
 */
import { readGame } from '../rules';
import { ROSTER_UNREADABLE, validateRoster } from '../rulesets';
import { isGameRecord, isRosterRecord, type LibraryEntry } from './db';
import { scenarioDamage } from './damagedScenario';

/** Why an entry cannot be opened, or null when it is sound. Never throws. */
export function damageOf(entry: LibraryEntry): string | null {
  try {
    if (isRosterRecord(entry)) {
      const bad = validateRoster(entry.roster).find((d) => ROSTER_UNREADABLE.includes(d.code));
      return bad ? bad.message : null;
    }
    if (isGameRecord(entry)) {
      // The check every game passes to come in (Import, replay, report): a game that would be refused is damaged.
      const read = readGame(entry.game);
      return read.ok ? null : read.message;
    }
    return scenarioDamage(entry);
  } catch (err) {
    return `The entry could not be checked (${String(err)}).`;
  }
}

export { entryText } from './damagedScenario';
