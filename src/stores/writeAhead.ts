/**
 * Write-ahead records of the open scenario (issue 31): when the page is left while an edit is not yet known to be
 * in IndexedDB, the scenario is also written to localStorage, synchronously, so a reload at any moment keeps it.
 * One small record per scenario (the scenario alone, not its history), removed once IndexedDB has the edit.
 */
import type { Scenario } from '../rules';
import { stampOf, type LibraryEntry } from './db';

const PREFIX = 'nevsky-write-ahead:';

/** The edit that may not have reached IndexedDB: the scenario, the last revision known stored, and its own revision. */
export interface WriteAhead { id: string; base: string; rev: number; writer: string; scenario: Scenario }

/** The storage used (localStorage in the page; none where there is none, or where it is blocked). */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * True when the stored entry lacks the write-ahead edit: it is still at the revision the edit was based on, or at
 * one of the same tab's saves issued after that base and before the edit. Any other revision is either the edit
 * itself or another tab's newer save, which the edit must not overwrite.
 */
export function writeAheadApplies(wal: WriteAhead, stored: Pick<LibraryEntry, 'rev' | 'writer'>): boolean {
  if (stampOf(stored) === wal.base) return true;
  const rev = stored.rev ?? 0;
  return stored.writer === wal.writer && rev > Number(wal.base.split('@')[0]) && rev < wal.rev;
}

/** Write the record now (false when storage is missing or full: the IndexedDB save is then the only one). */
export function writeAhead(wal: WriteAhead, store = storage()): boolean {
  try {
    store?.setItem(PREFIX + wal.id, JSON.stringify(wal));
    return !!store;
  } catch {
    return false;
  }
}

/** The write-ahead record of an entry, if any (a record that does not read back is dropped). */
export function readWriteAhead(id: string, store = storage()): WriteAhead | null {
  try {
    const text = store?.getItem(PREFIX + id);
    if (!text) return null;
    const wal = JSON.parse(text) as WriteAhead;
    if (wal.id === id && typeof wal.base === 'string' && typeof wal.rev === 'number' && typeof wal.writer === 'string' && typeof wal.scenario === 'object' && wal.scenario) return wal;
  } catch { /* dropped below */ }
  clearWriteAhead(id, undefined, store);
  return null;
}

/** Remove an entry's record once IndexedDB has it; with `rev`, only if no later edit was written ahead since. */
export function clearWriteAhead(id: string, rev?: number, store = storage()): void {
  try {
    if (rev !== undefined) {
      const text = store?.getItem(PREFIX + id);
      if (text && (JSON.parse(text) as Partial<WriteAhead>).rev !== rev) return;
    }
    store?.removeItem(PREFIX + id);
  } catch { /* nothing to clear */ }
}
