/**
 * The roster store, loaded with the first roster opened: it carries the rule sets and the roster validator, which the
 * first screen does not need (issue 45 item 5). `loadedRosters` holds it once loaded (a roster is on screen only
 * after `rosterStore()` has been awaited), for code that must answer at once (a key press, a title).
 */
import { shallowRef } from 'vue';

export type RosterStore = ReturnType<typeof import('./roster').useRosterStore>;

export const loadedRosters = shallowRef<RosterStore | null>(null);

export async function rosterStore(): Promise<RosterStore> {
  return (loadedRosters.value ??= (await import('./roster')).useRosterStore());
}
