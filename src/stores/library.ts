/**
 * The library of saved scenarios and rosters (IndexedDB, one store, entries told apart by `kind`): list, create,
 * open, duplicate, rename, delete with undo, autosave.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, toRaw } from 'vue';
import type { Scenario } from '../rules';
import type { Roster } from '../rulesets';
import { allRecords, deleteRecord, getRecord, getSetting, isRosterRecord, putRecord, putSetting, type LibraryEntry, type LibraryRecord, type RosterRecord, type StoredBalance } from './db';
import type { HistorySnapshot } from './scenario';
import type { RosterSnapshot } from './roster';

const LAST_OPENED = 'lastOpened';

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `id-${Date.now()}-${performance.now()}`;
}

/** A plain deep copy that IndexedDB can store (no reactive proxies). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export const useLibraryStore = defineStore('library', () => {
  const records = shallowRef<LibraryEntry[]>([]);
  const currentId = ref<string | null>(null);
  const lastDeleted = shallowRef<LibraryEntry | null>(null);
  const error = ref('');
  let writes: Promise<void> = Promise.resolve();

  function sorted(list: LibraryEntry[]): LibraryEntry[] {
    return [...list].sort((a, b) => b.updated - a.updated);
  }

  async function refresh(): Promise<void> {
    records.value = sorted(await allRecords());
  }

  /** Queue a write so saves land in order. */
  function queue(job: () => Promise<void>): Promise<void> {
    writes = writes.then(job).catch((err: unknown) => { error.value = `Saving failed: ${String(err)}`; });
    return writes;
  }

  async function add(record: LibraryEntry): Promise<string> {
    await queue(() => putRecord(record));
    records.value = sorted([...records.value, record]);
    return record.id;
  }

  /** Add a scenario as a new entry (never overwrites); returns its id. */
  function create(scenario: Scenario): Promise<string> {
    return add({ id: newId(), kind: 'scenario', title: scenario.meta.title, updated: Date.now(), scenario: plain(scenario), past: [], future: [] });
  }

  /** Add a roster as a new entry (never overwrites); returns its id. */
  function createRoster(roster: Roster): Promise<string> {
    return add({ id: newId(), kind: 'roster', title: roster.meta.title, updated: Date.now(), roster: plain(roster), past: [], future: [] });
  }

  /** The entry with this id as stored (for its kind), or undefined. */
  async function entry(id: string): Promise<LibraryEntry | undefined> {
    return getRecord(id);
  }

  /** Open a scenario entry: remembered as last opened. Null when missing or not a scenario. */
  async function open(id: string): Promise<HistorySnapshot | null> {
    const record = await getRecord(id);
    if (!record || isRosterRecord(record)) return null;
    currentId.value = id;
    await queue(() => putSetting(LAST_OPENED, id));
    return { scenario: record.scenario, past: record.past, future: record.future };
  }

  /** Open a roster entry: remembered as last opened. Null when missing or not a roster. */
  async function openRoster(id: string): Promise<RosterSnapshot | null> {
    const record = await getRecord(id);
    if (!record || !isRosterRecord(record)) return null;
    currentId.value = id;
    await queue(() => putSetting(LAST_OPENED, id));
    return { roster: record.roster, past: record.past, future: record.future };
  }

  async function lastOpened(): Promise<string | undefined> {
    return getSetting(LAST_OPENED);
  }

  /** Save the open scenario with its history (called after every edit). */
  function save(id: string, snap: HistorySnapshot): Promise<void> {
    // Snapshots share structure and hold no reactive proxies: IndexedDB's structured clone copies each shared
    // part once, which is far cheaper than a JSON copy of every step.
    const record: LibraryRecord = {
      id, title: snap.scenario.meta.title, updated: Date.now(),
      scenario: toRaw(snap.scenario), past: [...toRaw(snap.past)], future: [...toRaw(snap.future)],
    };
    const before = records.value.find((r) => r.id === id);
    if (before && !isRosterRecord(before) && before.balance) record.balance = before.balance;
    records.value = sorted([...records.value.filter((r) => r.id !== id), record]);
    return queue(() => putRecord(record));
  }

  /** Keep a balance estimate with a scenario entry (replacing the previous one). */
  async function saveBalance(id: string, balance: StoredBalance): Promise<void> {
    const record = records.value.find((r) => r.id === id) ?? (await getRecord(id));
    if (!record || isRosterRecord(record)) return;
    const next: LibraryRecord = { ...record, balance: plain(balance) };
    records.value = sorted([...records.value.filter((r) => r.id !== id), next]);
    await queue(() => putRecord(next));
  }

  /** Save the open roster with its history (called after every edit). */
  function saveRoster(id: string, snap: RosterSnapshot): Promise<void> {
    const record: RosterRecord = {
      id, kind: 'roster', title: snap.roster.meta.title, updated: Date.now(),
      roster: toRaw(snap.roster), past: [...toRaw(snap.past)], future: [...toRaw(snap.future)],
    };
    records.value = sorted([...records.value.filter((r) => r.id !== id), record]);
    return queue(() => putRecord(record));
  }

  async function duplicate(id: string): Promise<string | null> {
    const record = records.value.find((r) => r.id === id) ?? (await getRecord(id));
    if (!record) return null;
    const copyTitle = (t: string) => `${t} (copy)`.slice(0, 120);
    if (isRosterRecord(record)) {
      const roster = plain(record.roster);
      roster.meta.title = copyTitle(roster.meta.title);
      return createRoster(roster);
    }
    const scenario = plain(record.scenario);
    scenario.meta.title = copyTitle(scenario.meta.title);
    return create(scenario);
  }

  /** Rename a stored entry that is not open (the open one is renamed through its own store). */
  async function rename(id: string, title: string): Promise<void> {
    const record = await getRecord(id);
    if (!record) return;
    const next: LibraryEntry = isRosterRecord(record)
      ? { ...record, title, updated: Date.now(), roster: { ...record.roster, meta: { ...record.roster.meta, title } } }
      : { ...record, title, updated: Date.now(), scenario: { ...record.scenario, meta: { ...record.scenario.meta, title } } } satisfies LibraryRecord;
    await queue(() => putRecord(next));
    await refresh();
  }

  /** Delete an entry; it can be brought back with `undoDelete` until the next delete. */
  async function remove(id: string): Promise<void> {
    const record = await getRecord(id);
    if (!record) return;
    lastDeleted.value = record;
    await queue(() => deleteRecord(id));
    if (currentId.value === id) currentId.value = null;
    records.value = records.value.filter((r) => r.id !== id);
  }

  async function undoDelete(): Promise<string | null> {
    const record = lastDeleted.value;
    if (!record) return null;
    lastDeleted.value = null;
    await queue(() => putRecord(record));
    await refresh();
    return record.id;
  }

  /** Wait for pending writes (tests and before leaving). */
  const flush = () => writes;

  return {
    records, currentId, lastDeleted, error, refresh, create, createRoster, entry, open, openRoster, lastOpened, saveBalance,
    save, saveRoster, duplicate, rename, remove, undoDelete, flush,
  };
});
