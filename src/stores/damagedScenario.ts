/**
 * Whether a scenario entry is damaged (src/stores/damaged.ts), and any entry as text: apart, because they need only
 * the scenario validator, which the first screen has; the rosters' and games' checks load with the first such entry
 * (issue 45 item 5).
 */
import { validateScenario } from '../rules';
import { UNREADABLE_CODES } from '../scenario';
import { isGameRecord, isRosterRecord, type LibraryEntry, type LibraryRecord } from './db';

/** Why a scenario entry cannot be opened, or null when it is sound. Never throws. */
export function scenarioDamage(entry: Pick<LibraryRecord, 'scenario'>): string | null {
  try {
    if (typeof entry.scenario !== 'object' || entry.scenario === null) return 'The entry holds no scenario.';
    const bad = validateScenario(entry.scenario).find((d) => UNREADABLE_CODES.includes(d.code));
    return bad ? bad.message : null;
  } catch (err) {
    return `The entry could not be checked (${String(err)}).`;
  }
}

/** The entry's document as text, for "Open as text" and "Export" (whatever it holds, even a broken one). */
export function entryText(entry: LibraryEntry): string {
  const doc: unknown = isRosterRecord(entry) ? entry.roster : isGameRecord(entry) ? entry.game : entry.scenario;
  try {
    return `${JSON.stringify(doc, null, 2)}\n`;
  } catch (err) {
    return `The stored entry cannot be written as JSON: ${String(err)}\n`;
  }
}
