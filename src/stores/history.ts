/** Undo/redo history over immutable documents, shared by the scenario and roster stores. */
import { computed, ref, shallowRef, type ShallowRef } from 'vue';

/** Undo steps kept (older ones are dropped). */
export const HISTORY_LIMIT = 100;

export function useHistory<T>(initial: T, onChange: () => void = () => {}) {
  const present: ShallowRef<T> = shallowRef(initial);
  const past = shallowRef<T[]>([]);
  const future = shallowRef<T[]>([]);
  /** Bumped on every change of the document or its history (autosave watches this). */
  const revision = ref(0);
  /** Name of the last command applied (for the status line). */
  const lastCommand = ref('');
  const canUndo = computed(() => past.value.length > 0);
  const canRedo = computed(() => future.value.length > 0);

  /** Record `before` as an undo step (clearing redo); the caller has already set the present. */
  function pushPast(before: T): void {
    past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), before];
    future.value = [];
  }

  /** Make `next` the present as one undo step. */
  function commit(next: T, name: string): void {
    onChange();
    pushPast(present.value);
    present.value = next;
    lastCommand.value = name;
    revision.value++;
  }

  function undo(): void {
    const prev = past.value[past.value.length - 1];
    if (prev === undefined) return;
    onChange();
    future.value = [present.value, ...future.value];
    past.value = past.value.slice(0, -1);
    present.value = prev;
    lastCommand.value = 'Undo';
    revision.value++;
  }

  function redo(): void {
    const next = future.value[0];
    if (next === undefined) return;
    onChange();
    past.value = [...past.value, present.value];
    future.value = future.value.slice(1);
    present.value = next;
    lastCommand.value = 'Redo';
    revision.value++;
  }

  /** Replace the document and its history (opening a library entry). */
  function load(doc: T, pastDocs: T[], futureDocs: T[]): void {
    present.value = doc;
    past.value = pastDocs;
    future.value = futureDocs;
    lastCommand.value = '';
  }

  return { present, past, future, revision, lastCommand, canUndo, canRedo, pushPast, commit, undo, redo, load };
}
