/** The open scenario: its data, live diagnostics and undo/redo history. */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { sortDiagnostics, validateScenario, type Scenario } from '../rules';
import { templateScenario } from '../scenario';
import type { EditCommand } from './commands';

/** Undo steps kept (older ones are dropped). */
export const HISTORY_LIMIT = 100;

/** Name of the performance mark set by every edit (edit-to-paint timing ends at the next paint). */
export const EDIT_MARK = 'nss-edit';

export interface HistorySnapshot { scenario: Scenario; past: Scenario[]; future: Scenario[] }

export const useScenarioStore = defineStore('scenario', () => {
  const scenario = shallowRef<Scenario>(templateScenario('open-field')!);
  const past = shallowRef<Scenario[]>([]);
  const future = shallowRef<Scenario[]>([]);
  /** Bumped on every change of scenario or history (autosave watches this). */
  const revision = ref(0);
  /** Name of the last command applied (for the status line). */
  const lastCommand = ref('');
  let gesture: { command: EditCommand<unknown>; base: Scenario } | null = null;

  const diagnostics = computed(() => sortDiagnostics(validateScenario(scenario.value)));
  const errors = computed(() => diagnostics.value.filter((d) => d.severity === 'error'));
  const canUndo = computed(() => past.value.length > 0);
  const canRedo = computed(() => future.value.length > 0);

  function mark(): void {
    if (typeof performance !== 'undefined') performance.mark(EDIT_MARK);
  }

  function pushPast(s: Scenario): void {
    past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), s];
    future.value = [];
  }

  /** Run a command. A `step` command is one undo step; a `gesture` command outside a gesture is one too. */
  function run<A>(command: EditCommand<A>, args: A): boolean {
    if (gesture) endGesture();
    const next = command.perform(scenario.value, args);
    if (next === scenario.value) return false;
    mark();
    pushPast(scenario.value);
    scenario.value = next;
    lastCommand.value = command.name;
    revision.value++;
    return true;
  }

  /** Start a drag: the command is re-performed from this scenario on every `moveGesture`. */
  function beginGesture<A>(command: EditCommand<A>, args: A): void {
    if (gesture) endGesture();
    gesture = { command: command as EditCommand<unknown>, base: scenario.value };
    moveGesture(args);
  }

  function moveGesture<A>(args: A): void {
    if (!gesture) return;
    const next = gesture.command.perform(gesture.base, args);
    if (next === scenario.value) return;
    mark();
    scenario.value = next;
    lastCommand.value = gesture.command.name;
  }

  /** End a drag: one undo step when it changed anything. */
  function endGesture(): void {
    if (!gesture) return;
    const { base } = gesture;
    gesture = null;
    if (base !== scenario.value) {
      pushPast(base);
      revision.value++;
    }
  }

  const inGesture = () => gesture !== null;

  function undo(): void {
    endGesture();
    const prev = past.value[past.value.length - 1];
    if (!prev) return;
    mark();
    future.value = [scenario.value, ...future.value];
    past.value = past.value.slice(0, -1);
    scenario.value = prev;
    lastCommand.value = 'Undo';
    revision.value++;
  }

  function redo(): void {
    endGesture();
    const next = future.value[0];
    if (!next) return;
    mark();
    past.value = [...past.value, scenario.value];
    future.value = future.value.slice(1);
    scenario.value = next;
    lastCommand.value = 'Redo';
    revision.value++;
  }

  /** Replace the open scenario and its history (opening a library entry). */
  function load(snapshot: HistorySnapshot): void {
    gesture = null;
    scenario.value = snapshot.scenario;
    past.value = snapshot.past;
    future.value = snapshot.future;
    lastCommand.value = '';
  }

  function snapshot(): HistorySnapshot {
    return { scenario: scenario.value, past: past.value, future: future.value };
  }

  return {
    scenario, past, future, revision, lastCommand, diagnostics, errors, canUndo, canRedo,
    run, beginGesture, moveGesture, endGesture, inGesture, undo, redo, load, snapshot,
  };
});
