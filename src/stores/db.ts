/** The IndexedDB database behind the library (via `idb`): scenarios with their history, and settings. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Scenario } from '../rules';

/** One saved scenario with its undo history, so a reload loses nothing. */
export interface LibraryRecord {
  id: string;
  title: string;
  /** Milliseconds since the epoch of the last save. */
  updated: number;
  scenario: Scenario;
  past: Scenario[];
  future: Scenario[];
}

interface StudioDB extends DBSchema {
  scenarios: { key: string; value: LibraryRecord; indexes: { updated: number } };
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

export async function allRecords(): Promise<LibraryRecord[]> {
  return (await database()).getAll('scenarios');
}

export async function getRecord(id: string): Promise<LibraryRecord | undefined> {
  return (await database()).get('scenarios', id);
}

export async function putRecord(record: LibraryRecord): Promise<void> {
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
