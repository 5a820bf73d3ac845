/** The IndexedDB database behind the library (via `idb`): scenarios with their history, and settings. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { BalanceSummary, Scenario } from '../rules';
import type { Roster } from '../rulesets';
import type { SavedGame } from '../rules';
import type { DistanceGame } from '../distance';

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
  /** Save counter of the entry and the tab that wrote it: a save only lands on the revision it was based on. */
  rev?: number;
  writer?: string;
  /** The last balance estimate of this scenario with its settings (kept with the entry, not in the file format). */
  balance?: StoredBalance;
}

/** A finished balance estimate: settings, summary, and a hash of the scenario it was computed for (stale check). */
export interface StoredBalance {
  settings: { games: number; policy: 'random' | 'simple' | 'search'; seed: number; fixed?: boolean };
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
  rev?: number;
  writer?: string;
}

/** How a game is played: two people at one screen, or one against the computer (which side, how hard). */
export interface GameSetup {
  mode: 'hotseat' | 'computer';
  /** The computer's side in a game against the computer. */
  computerSide: string | null;
  level: number;
  /** The library scenario the game was started from, if any ("back to the editor"). */
  sourceId: string | null;
}

/** One game (its saved form: scenario, seed, actions) and how it is played, stored beside the scenarios. */
export interface GameRecord {
  id: string;
  kind: 'game';
  title: string;
  updated: number;
  game: SavedGame;
  setup: GameSetup;
  /** True once the game has ended. */
  over: boolean;
  /** A game played at a distance: this player's own copy (its secrets included; `game` is its export). */
  distance?: DistanceGame;
  rev?: number;
  writer?: string;
}

/** Any library entry. */
export type LibraryEntry = LibraryRecord | RosterRecord | GameRecord;

/** True for a roster entry. */
export function isRosterRecord(entry: LibraryEntry): entry is RosterRecord {
  return entry.kind === 'roster';
}

/** True for a game entry. */
export function isGameRecord(entry: LibraryEntry): entry is GameRecord {
  return entry.kind === 'game';
}

/** True for a scenario entry (entries saved before rosters have no kind). */
export function isScenarioRecord(entry: LibraryEntry): entry is LibraryRecord {
  return entry.kind === undefined || entry.kind === 'scenario';
}

interface StudioDB extends DBSchema {
  scenarios: { key: string; value: LibraryEntry; indexes: { updated: number } };
  settings: { key: string; value: string };
}

export const DB_NAME = 'nevsky-studio';

/** How long opening the database may take before the app gives up and says edits are not being saved. */
export const DB_OPEN_TIMEOUT_MS = 3000;

let dbPromise: Promise<IDBPDatabase<StudioDB>> | null = null;
/** The database once open, for a save that must be issued in the same task (the page is being left). */
let opened: IDBPDatabase<StudioDB> | null = null;

/** A promise that rejects with `message` (or the error it makes) when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string | (() => Error)): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(typeof message === 'string' ? new Error(message) : message()), ms);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e: unknown) => { clearTimeout(timer); reject(e instanceof Error ? e : new Error(String(e))); });
  });
}

/** The database, opened (and created) once; rejects when the browser's storage does not answer in time. */
export function database(): Promise<IDBPDatabase<StudioDB>> {
  dbPromise ??= withTimeout(openDB<StudioDB>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('scenarios', { keyPath: 'id' });
      store.createIndex('updated', 'updated');
      db.createObjectStore('settings');
    },
    // Another tab still has an older version open: close ours when asked so it can upgrade.
    terminated() { dbPromise = null; opened = null; },
  }).then((db) => { opened = db; return db; }), DB_OPEN_TIMEOUT_MS, `the browser's storage (IndexedDB) did not answer within ${DB_OPEN_TIMEOUT_MS / 1000} s`);
  return dbPromise;
}

/**
 * Write a record at once, in this task, and ask for the commit straight away, so the write lands even if the
 * page is torn down right after (pagehide). Null when the database is not open yet; else the commit.
 */
export function putNow(record: LibraryEntry): Promise<void> | null {
  if (!opened) return null;
  try {
    const tx = opened.transaction('scenarios', 'readwrite');
    tx.store.put(record).catch(() => undefined);
    tx.commit();
    tx.done.catch(() => undefined);
    return tx.done;
  } catch {
    return null;
  }
}

/** The revision stamp of a stored entry: its save counter and writer, "0@" for entries saved before revisions. */
export function stampOf(entry: Pick<LibraryEntry, 'rev' | 'writer'>): string {
  return `${entry.rev ?? 0}@${entry.writer ?? ''}`;
}

/** What happened to a conditional save. */
export type PutResult = 'saved' | 'missing' | 'newer';

/**
 * Write `record` only if the stored entry is still at revision `expected` (one transaction, so two tabs cannot
 * both win): 'missing' when it was deleted meanwhile, 'newer' when another tab saved it first.
 */
export async function putIfRevision(record: LibraryEntry, expected: string): Promise<PutResult> {
  const tx = (await database()).transaction('scenarios', 'readwrite');
  const current = await tx.store.get(record.id);
  if (!current || stampOf(current) !== expected) {
    tx.abort();
    await tx.done.catch(() => undefined);
    return current ? 'newer' : 'missing';
  }
  await tx.store.put(record);
  await tx.done;
  return 'saved';
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
