/** The IndexedDB database behind the library (via `idb`): scenarios with their history, and settings. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { BalanceSummary, Scenario } from '../rules';
import type { Roster } from '../rulesets';

/** One saved scenario with its undo history, so a reload loses nothing. Entries saved before rosters have no kind. */
export interface LibraryRecord {
  id: string;
  kind?: 'scenario';
  title: string;
  /** Milliseconds since the epoch of the last save. */
  updated: number;
  scenario: Scenario;
  past: Scenario[];
  future: Scenario[];
  /** The last balance estimate of this scenario with its settings (kept with the entry, not in the file format). */
  balance?: StoredBalance;
}

/** A finished balance estimate: settings, summary, and a hash of the scenario it was computed for (stale check). */
export interface StoredBalance {
  settings: { games: number; policy: 'random' | 'simple' | 'search'; seed: number };
  summary: BalanceSummary;
  scenarioHash: string;
  finished: number;
  seconds: number;
}

/** One saved roster with its undo history, stored beside the scenarios. */
export interface RosterRecord {
  id: string;
  kind: 'roster';
  title: string;
  updated: number;
  roster: Roster;
  past: Roster[];
  future: Roster[];
}

/** Any library entry. */
export type LibraryEntry = LibraryRecord | RosterRecord;

/** True for a roster entry. */
export function isRosterRecord(entry: LibraryEntry): entry is RosterRecord {
  return entry.kind === 'roster';
}

interface StudioDB extends DBSchema {
  scenarios: { key: string; value: LibraryEntry; indexes: { updated: number } };
  settings: { key: string; value: string };
}

export const DB_NAME = 'nevsky-studio';

let dbPromise: Promise<IDBPDatabase<StudioDB>> | null = null;

/** The database, opened (and created) once. */
export function database(): Promise<IDBPDatabase<StudioDB>> {
  dbPromise ??= openDB<StudioDB>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('scenarios', { keyPath: 'id' });
      store.createIndex('updated', 'updated');
      db.createObjectStore('settings');
    },
  });
  return dbPromise;
}

export async function allRecords(): Promise<LibraryEntry[]> {
  return (await database()).getAll('scenarios');
}

export async function getRecord(id: string): Promise<LibraryEntry | undefined> {
  return (await database()).get('scenarios', id);
}

export async function putRecord(record: LibraryEntry): Promise<void> {
  await (await database()).put('scenarios', record);
}

export async function deleteRecord(id: string): Promise<void> {
  await (await database()).delete('scenarios', id);
}

export async function getSetting(key: string): Promise<string | undefined> {
  return (await database()).get('settings', key);
}

export async function putSetting(key: string, value: string): Promise<void> {
  await (await database()).put('settings', value, key);
}
