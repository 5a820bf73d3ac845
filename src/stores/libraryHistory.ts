/**
 * Undo and redo on the Library page: library actions (delete, rename) only. Ctrl+Z there never reaches the
 * scenario or roster that is open but not on screen.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { LibraryEntry } from './db';
import { useEditorStore } from './editor';
import { useLibraryStore } from './library';
import { rosterStore } from './rosterStore';
import { useScenarioStore } from './scenario';

type LibraryAction =
  | { kind: 'delete'; record: LibraryEntry }
  | { kind: 'rename'; id: string; before: string; after: string };

/** Library actions kept for undo. */
const LIMIT = 50;

export const useLibraryHistory = defineStore('libraryHistory', () => {
  const past = shallowRef<LibraryAction[]>([]);
  const future = shallowRef<LibraryAction[]>([]);
  const canUndo = computed(() => past.value.length > 0);
  const canRedo = computed(() => future.value.length > 0);
  /** What Undo would do, for its tooltip. */
  const undoLabel = computed(() => describe(past.value[past.value.length - 1]));
  const redoLabel = computed(() => describe(future.value[0]));

  function describe(a: LibraryAction | undefined): string {
    if (!a) return '';
    return a.kind === 'delete' ? `delete “${a.record.title}”` : `rename “${a.before}” to “${a.after}”`;
  }

  function push(a: LibraryAction): void {
    past.value = [...past.value.slice(-(LIMIT - 1)), a];
    future.value = [];
  }

  /** Rename an entry: the open document through its own store (so its history and autosave agree), others in place. */
  async function applyTitle(id: string, title: string): Promise<void> {
    const library = useLibraryStore();
    const editor = useEditorStore();
    if (id === library.currentId && editor.docView === 'roster') {
      // The roster code loads with the first roster opened, not with the library.
      const { setRosterMeta } = await import('./rosterEdits');
      (await rosterStore()).run('Roster title', (r) => setRosterMeta(r, { title }));
    }
    else if (id === library.currentId) useScenarioStore().run((await import('./commands')).COMMANDS.setMeta, { title });
    else await library.rename(id, title);
  }

  async function rename(id: string, title: string): Promise<void> {
    const before = useLibraryStore().records.find((r) => r.id === id)?.title;
    if (before === undefined || before === title) return;
    await applyTitle(id, title);
    push({ kind: 'rename', id, before, after: title });
  }

  async function remove(id: string): Promise<void> {
    const library = useLibraryStore();
    const record = await library.entry(id);
    if (!record) return;
    await library.remove(id);
    push({ kind: 'delete', record });
  }

  async function undo(): Promise<void> {
    const a = past.value[past.value.length - 1];
    if (!a) return;
    past.value = past.value.slice(0, -1);
    const library = useLibraryStore();
    if (a.kind === 'delete') {
      await library.restore(a.record);
      if (library.lastDeleted?.id === a.record.id) library.lastDeleted = null;
    } else await applyTitle(a.id, a.before);
    future.value = [a, ...future.value];
  }

  async function redo(): Promise<void> {
    const a = future.value[0];
    if (!a) return;
    future.value = future.value.slice(1);
    if (a.kind === 'delete') await useLibraryStore().remove(a.record.id);
    else await applyTitle(a.id, a.after);
    past.value = [...past.value, a];
  }

  return { canUndo, canRedo, undoLabel, redoLabel, rename, remove, undo, redo };
});
