/**
 * The library of saved scenarios and rosters (IndexedDB, one store, entries told apart by `kind`): list, create,
 * open, duplicate, rename, delete with undo, autosave. Several tabs may share the library: every save is
 * conditional on the revision this tab last saw, and tabs tell each other of saves and deletes over a
 * BroadcastChannel, so a tab that falls behind reloads the newer version or offers to keep its own as a copy.
 * The open game is saved the same way. An edit of the open scenario not yet confirmed stored when the page is left
 * is also written ahead to localStorage, and put back when the entry is next opened if IndexedDB lacks it.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, toRaw } from 'vue';
import type { Scenario } from '../rules';
import type { Roster } from '../rulesets';
import {
  allRecords, deleteRecord, getRecord, getSetting, isGameRecord, isRosterRecord, isScenarioRecord, putIfRevision, putNow, putRecord, putSetting, stampOf,
  type GameRecord, type LibraryEntry, type LibraryRecord, type RosterRecord, type StoredBalance,
} from './db';
import { HISTORY_LIMIT } from './history';
import type { HistorySnapshot } from './scenario';
import { clearWriteAhead, readWriteAhead, writeAhead, writeAheadApplies } from './writeAhead';
import type { RosterSnapshot } from './roster';

const LAST_OPENED = 'lastOpened';
/** The channel tabs of one library talk on. */
export const LIBRARY_CHANNEL = 'nevsky-library';

/** A message between tabs: an entry was saved (at a revision) or deleted. */
export type LibraryMessage = { type: 'saved'; id: string; stamp: string } | { type: 'deleted'; id: string };

/** The open entry (or the open game) went out of step with the library: another tab saved a newer version, or deleted it. */
export interface Conflict { id: string; kind: 'newer' | 'deleted' }

/** This tab's name in revision stamps. */
const TAB = Math.random().toString(36).slice(2, 10);

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
  /** Set when the open entry changed or vanished under this tab; its saves are held until resolved. */
  const conflict = shallowRef<Conflict | null>(null);
  /** Set when another tab saved the open entry and this tab had nothing unsaved: the app reopens it. */
  const reloadRequest = ref<string | null>(null);
  /** The game open in the play view (beside the open scenario or roster), watched like the open entry. */
  const gameId = ref<string | null>(null);
  /** Set when the open game was played on or deleted in another tab; its saves are held until resolved. */
  const gameConflict = shallowRef<Conflict | null>(null);
  let writes: Promise<void> = Promise.resolve();
  /** The revision stamp each entry had when this tab last read or wrote it. */
  const seen = new Map<string, string>();
  /** The revision stamp each entry is known to have in IndexedDB (read, or a save confirmed). */
  const confirmed = new Map<string, string>();
  /** Saves issued but not yet confirmed, per entry. */
  const pending = new Map<string, number>();
  /** True while a save of this entry is issued but not yet confirmed. */
  const unsaved = (id: string) => (pending.get(id) ?? 0) > 0;
  let counter = 0;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LIBRARY_CHANNEL);
  const tell = (m: LibraryMessage) => { channel?.postMessage(m); };
  channel?.addEventListener('message', (ev: MessageEvent<LibraryMessage>) => { void heard(ev.data); });

  async function heard(m: LibraryMessage): Promise<void> {
    await refresh().catch(() => undefined);
    if (m.id === gameId.value) {
      // A game is never swapped under the player: the banner offers the newer one.
      if (m.type === 'deleted' || seen.get(m.id) !== m.stamp) fellBehind(m.id, m.type === 'deleted' ? 'deleted' : 'newer');
      return;
    }
    if (m.id !== currentId.value) return;
    if (m.type === 'deleted') { conflict.value = { id: m.id, kind: 'deleted' }; return; }
    if (seen.get(m.id) === m.stamp) return;
    if (!unsaved(m.id) && !conflict.value) reloadRequest.value = m.id;
    else conflict.value = { id: m.id, kind: 'newer' };
  }

  /** A fresh revision for a save of `id`: counts on from what this tab last saw. */
  function nextRevision(id: string): { rev: number; writer: string } {
    const last = Number((seen.get(id) ?? '0@').split('@')[0]);
    counter = Math.max(counter, last) + 1;
    return { rev: counter, writer: TAB };
  }

  function sorted(list: LibraryEntry[]): LibraryEntry[] {
    return [...list].sort((a, b) => b.updated - a.updated);
  }

  async function refresh(): Promise<void> {
    records.value = sorted(await allRecords());
  }

  /** Remember the revision of an entry this tab read. */
  function saw(entry: LibraryEntry): void {
    seen.set(entry.id, stampOf(entry));
    confirmed.set(entry.id, stampOf(entry));
  }

  /** Queue a write so saves land in order. */
  function queue(job: () => Promise<void>): Promise<void> {
    writes = writes.then(job).catch((err: unknown) => { error.value = `Saving failed: ${String(err)}`; });
    return writes;
  }

  async function add(record: LibraryEntry): Promise<string> {
    const stamped = { ...record, ...nextRevision(record.id) };
    await queue(() => putRecord(stamped));
    saw(stamped);
    records.value = sorted([...records.value, stamped]);
    tell({ type: 'saved', id: stamped.id, stamp: stampOf(stamped) });
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

  /**
   * Open a scenario entry: remembered as last opened. Null when missing or not a scenario. An edit written ahead
   * when the page was last left, and missing from IndexedDB, is put back (one undo step) and saved.
   */
  async function open(id: string): Promise<HistorySnapshot | null> {
    const record = await getRecord(id);
    if (!record || !isScenarioRecord(record)) return null;
    becameCurrent(record);
    await queue(() => putSetting(LAST_OPENED, id));
    const wal = readWriteAhead(id);
    // An edit already stored (its save landed after all) is not put back twice.
    if (wal && writeAheadApplies(wal, record) && JSON.stringify(wal.scenario) !== JSON.stringify(record.scenario)) {
      const snap: HistorySnapshot = { scenario: wal.scenario, past: [...record.past, record.scenario].slice(-HISTORY_LIMIT), future: [] };
      void save(id, snap).then(() => { if (confirmed.get(id) === seen.get(id)) clearWriteAhead(id, wal.rev); });
      return snap;
    }
    if (wal) clearWriteAhead(id);
    return { scenario: record.scenario, past: record.past, future: record.future };
  }

  /** Open a roster entry: remembered as last opened. Null when missing or not a roster. */
  async function openRoster(id: string): Promise<RosterSnapshot | null> {
    const record = await getRecord(id);
    if (!record || !isRosterRecord(record)) return null;
    becameCurrent(record);
    await queue(() => putSetting(LAST_OPENED, id));
    return { roster: record.roster, past: record.past, future: record.future };
  }

  /** A game record IndexedDB can store (plain copies of its parts). */
  function gameCopy(record: GameRecord): GameRecord {
    return { ...record, game: plain(toRaw(record.game)), setup: { ...record.setup } };
  }

  /** The game in the play view is now this one (loaded or started): its saves are checked against this revision. */
  function openGame(record: GameRecord): void {
    gameId.value = record.id;
    saw(record);
    gameConflict.value = null;
  }

  /** Store a new game entry (started or imported) and make it the open game. The open scenario stays the current entry. */
  async function addGame(record: GameRecord): Promise<void> {
    gameId.value = record.id;
    gameConflict.value = null;
    await add(gameCopy(record));
  }

  /**
   * Save the open game (called after every action), like the open scenario: only on the revision this tab last saw,
   * so a tab that fell behind, or whose game was deleted, never writes over the library's game.
   */
  function saveGame(record: GameRecord): Promise<void> {
    return conditionalSave(gameCopy(record));
  }

  /** Remember an entry as the one to reopen after a reload (games use this; scenarios and rosters through open). */
  function remember(id: string): Promise<void> {
    return queue(() => putSetting(LAST_OPENED, id));
  }

  /** A new id for an entry made outside the library (games). */
  const makeId = newId;

  function becameCurrent(record: LibraryEntry): void {
    currentId.value = record.id;
    saw(record);
    conflict.value = null;
    reloadRequest.value = null;
  }

  /**
   * Write an entry of the open document only on the revision this tab last saw. Saves are issued at once, in
   * order (IndexedDB runs one tab's read-write transactions in the order they were made), so a save made
   * on `pagehide` is not stuck behind earlier ones.
   */
  function conditionalSave(record: LibraryEntry): Promise<void> {
    if (conflict.value?.id === record.id || gameConflict.value?.id === record.id) return Promise.resolve();
    const expected = seen.get(record.id) ?? '0@';
    const stamped = { ...record, ...nextRevision(record.id) };
    seen.set(record.id, stampOf(stamped));
    records.value = sorted([...records.value.filter((r) => r.id !== record.id), stamped]);
    pending.set(record.id, (pending.get(record.id) ?? 0) + 1);
    const job = putIfRevision(stamped, expected).then((result) => {
      if (result === 'saved') {
        confirmed.set(record.id, stampOf(stamped));
        tell({ type: 'saved', id: stamped.id, stamp: stampOf(stamped) });
      } else fellBehind(record.id, result === 'missing' ? 'deleted' : 'newer');
    }).catch((err: unknown) => { error.value = `Saving failed: ${String(err)}; edits are not being saved.`; })
      .finally(() => { pending.set(record.id, (pending.get(record.id) ?? 1) - 1); });
    writes = writes.then(() => job);
    return job;
  }

  /** Hold the saves of an entry this tab is behind on (the first conflict stands until the user resolves it). */
  function fellBehind(id: string, kind: Conflict['kind']): void {
    if (id === gameId.value) gameConflict.value ??= { id, kind };
    else conflict.value ??= { id, kind };
  }

  /**
   * The page is being left: write the open scenario in this very task, without the revision round trip that
   * could be cut off by the unload, and ahead of that to localStorage (synchronous, so it survives a reload that
   * tears the page down before IndexedDB commits). Skipped when this tab knows of a conflict; other tabs' saves
   * and deletes reach it over the channel, so it is not behind.
   */
  function saveBeforeLeaving(id: string, snap: HistorySnapshot): void {
    if (conflict.value?.id === id || !seen.has(id)) return;
    const revision = nextRevision(id);
    const scenario = toRaw(snap.scenario);
    writeAhead({ id, base: confirmed.get(id) ?? '0@', ...revision, scenario });
    const record: LibraryRecord = {
      id, title: snap.scenario.meta.title, updated: Date.now(), ...revision,
      scenario, past: [...toRaw(snap.past)], future: [...toRaw(snap.future)], ...keptBalance(id),
    };
    const written = putNow(record);
    if (!written) { void save(id, snap); return; }
    seen.set(id, stampOf(record));
    void written.then(() => { confirmed.set(id, stampOf(record)); clearWriteAhead(id, revision.rev); }, () => undefined);
    tell({ type: 'saved', id, stamp: stampOf(record) });
  }

  async function lastOpened(): Promise<string | undefined> {
    return getSetting(LAST_OPENED);
  }

  /** The balance estimate kept with a scenario entry, carried over by every save of it. */
  function keptBalance(id: string): Pick<LibraryRecord, 'balance'> {
    const before = records.value.find((r) => r.id === id);
    return before && isScenarioRecord(before) && before.balance ? { balance: before.balance } : {};
  }

  /** Save the open scenario with its history (called after every edit). */
  function save(id: string, snap: HistorySnapshot): Promise<void> {
    // Snapshots share structure and hold no reactive proxies: IndexedDB's structured clone copies each shared
    // part once, which is far cheaper than a JSON copy of every step.
    return conditionalSave({
      id, title: snap.scenario.meta.title, updated: Date.now(),
      scenario: toRaw(snap.scenario), past: [...toRaw(snap.past)], future: [...toRaw(snap.future)], ...keptBalance(id),
    } satisfies LibraryRecord);
  }

  /** Keep a balance estimate with a scenario entry (replacing the previous one). */
  async function saveBalance(id: string, balance: StoredBalance): Promise<void> {
    const record = records.value.find((r) => r.id === id) ?? (await getRecord(id));
    if (!record || !isScenarioRecord(record)) return;
    const next: LibraryRecord = { ...record, balance: plain(balance) };
    records.value = sorted([...records.value.filter((r) => r.id !== id), next]);
    await queue(() => putRecord(next));
  }

  /** Save the open roster with its history (called after every edit). */
  function saveRoster(id: string, snap: RosterSnapshot): Promise<void> {
    return conditionalSave({
      id, kind: 'roster', title: snap.roster.meta.title, updated: Date.now(),
      roster: toRaw(snap.roster), past: [...toRaw(snap.past)], future: [...toRaw(snap.future)],
    } satisfies RosterRecord);
  }

  async function duplicate(id: string): Promise<string | null> {
    const record = records.value.find((r) => r.id === id) ?? (await getRecord(id));
    if (!record || isGameRecord(record)) return null;
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
    const next: LibraryEntry = isGameRecord(record) ? { ...record, title, updated: Date.now() }
      : isRosterRecord(record) ? { ...record, title, updated: Date.now(), roster: { ...record.roster, meta: { ...record.roster.meta, title } } }
      : { ...record, title, updated: Date.now(), scenario: { ...record.scenario, meta: { ...record.scenario.meta, title } } } satisfies LibraryRecord;
    seen.set(id, stampOf(record));
    await conditionalSave(next);
    await refresh();
  }

  /** Delete an entry; it can be brought back with `undoDelete` until the next delete. */
  async function remove(id: string): Promise<void> {
    const record = await getRecord(id);
    if (!record) return;
    lastDeleted.value = record;
    await queue(() => deleteRecord(id));
    if (currentId.value === id) currentId.value = null;
    seen.delete(id);
    clearWriteAhead(id);
    records.value = records.value.filter((r) => r.id !== id);
    tell({ type: 'deleted', id });
  }

  async function undoDelete(): Promise<string | null> {
    const record = lastDeleted.value;
    if (!record) return null;
    lastDeleted.value = null;
    const back = { ...record, ...nextRevision(record.id) };
    await queue(() => putRecord(back));
    saw(back);
    tell({ type: 'saved', id: back.id, stamp: stampOf(back) });
    await refresh();
    return record.id;
  }

  /** Put a deleted entry back exactly as it was (library undo). */
  async function restore(record: LibraryEntry): Promise<void> {
    await queue(() => putRecord(record));
    await refresh();
  }

  /** Wait for pending writes (tests and before leaving). */
  const flush = () => writes;

  /** Give up this tab's version of a conflicting entry: forget the conflict (the app then reopens the stored one). */
  function resolveConflict(): void {
    conflict.value = null;
  }

  /** Give up this tab's version of the open game (the app then loads the stored one, or closes it). */
  function resolveGameConflict(): void {
    gameConflict.value = null;
  }

  return {
    records, currentId, lastDeleted, error, conflict, reloadRequest, resolveConflict, refresh, create, createRoster, entry, open, openRoster, lastOpened, saveBalance,
    save, saveBeforeLeaving, unsaved, saveRoster, duplicate, rename, remove, undoDelete, restore, flush, openGame, addGame, saveGame, remember, makeId,
    gameId, gameConflict, resolveGameConflict,
  };
});
