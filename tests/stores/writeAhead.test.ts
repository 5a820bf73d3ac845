/** Issue 31 item 9: the write-ahead record of an edit not yet confirmed in IndexedDB, and when it is put back. */
import { describe, expect, test } from 'vitest';
import { templateScenario } from '../../src/scenario';
import { clearWriteAhead, readWriteAhead, writeAhead, writeAheadApplies, type WriteAhead } from '../../src/stores/writeAhead';

/** A localStorage stand-in. */
function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { keys(): string[] } {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => { m.set(k, v); }, removeItem: (k) => { m.delete(k); }, keys: () => [...m.keys()] };
}

const scenario = templateScenario('open-field')!;
/** Stored at 4@other (read from another tab's save); this tab ("me") issued 5 and 6, and wrote 7 ahead. */
const wal: WriteAhead = { id: 'x', base: '4@other', rev: 7, writer: 'me', scenario };

describe('when a write-ahead edit is put back', () => {
  test.each([
    ['the entry is still at the base revision', { rev: 4, writer: 'other' }, true],
    ['the entry is at a save of the same tab issued after the base', { rev: 5, writer: 'me' }, true],
    ['the entry is at the last save issued before the edit', { rev: 6, writer: 'me' }, true],
    ['the edit itself landed', { rev: 7, writer: 'me' }, false],
    ['another tab saved after the base', { rev: 5, writer: 'other' }, false],
    ['another tab saved a higher revision', { rev: 9, writer: 'third' }, false],
    ['the entry was saved before revisions existed', {}, false],
  ] as const)('%s: %s', (_, stored, applies) => {
    expect(writeAheadApplies(wal, stored)).toBe(applies);
  });

  test('an entry saved before revisions is the base of an edit made on it', () => {
    expect(writeAheadApplies({ ...wal, base: '0@' }, {})).toBe(true);
  });
});

describe('the write-ahead store', () => {
  test('a record reads back, one per entry, and is cleared only for its own revision', () => {
    const store = memory();
    expect(writeAhead(wal, store)).toBe(true);
    expect(writeAhead({ ...wal, id: 'y' }, store)).toBe(true);
    expect(readWriteAhead('x', store)).toEqual(wal);
    writeAhead({ ...wal, rev: 8 }, store);
    expect(store.keys()).toHaveLength(2);
    clearWriteAhead('x', 7, store); // a later edit was written ahead since: it stays
    expect(readWriteAhead('x', store)?.rev).toBe(8);
    clearWriteAhead('x', 8, store);
    expect(readWriteAhead('x', store)).toBeNull();
    clearWriteAhead('y', undefined, store);
    expect(store.keys()).toEqual([]);
  });

  test('a damaged record is dropped, and a full or missing storage is reported, not thrown', () => {
    const store = memory();
    store.setItem('nevsky-write-ahead:x', '{"id":"x","rev":');
    expect(readWriteAhead('x', store)).toBeNull();
    store.setItem('nevsky-write-ahead:x', JSON.stringify({ ...wal, id: 'other' }));
    expect(readWriteAhead('x', store)).toBeNull();
    expect(store.keys()).toEqual([]);
    const full = { ...memory(), setItem: () => { throw new DOMException('quota', 'QuotaExceededError'); } };
    expect(writeAhead(wal, full)).toBe(false);
    expect(writeAhead(wal, null)).toBe(false);
    expect(readWriteAhead('x', null)).toBeNull();
  });
});
