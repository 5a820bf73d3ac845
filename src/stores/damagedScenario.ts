/**
 * Whether a scenario entry is damaged (src/stores/damaged.ts): apart, because it needs only the scenario validator,
 * which the first screen has; the rosters' and games' checks load with the first such entry opened (issue 45 item 5).
 */
import { validateScenario } from '../rules';
import { UNREADABLE_CODES } from '../scenario';
import type { LibraryRecord } from './db';

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
