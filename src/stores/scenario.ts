/** The open scenario: its data, live diagnostics and undo/redo history. */
import { defineStore } from 'pinia';
import { computed } from 'vue';
import { sortDiagnostics, validateScenario, type Scenario } from '../rules';
import { templateScenario } from '../scenario';
import type { EditCommand } from './commands';
import { useHistory } from './history';
import { describeEdit } from './describeEdit';
import { useEditorStore } from './editor';

export { HISTORY_LIMIT } from './history';

/** Name of the performance mark set by every edit (edit-to-paint timing ends at the next paint). */
export const EDIT_MARK = 'nss-edit';

export interface HistorySnapshot { scenario: Scenario; past: Scenario[]; future: Scenario[] }

export const useScenarioStore = defineStore('scenario', () => {
  const history = useHistory<Scenario>(templateScenario('open-field')!, mark);
  const { present: scenario, past, future, revision, lastCommand, canUndo, canRedo, pushPast } = history;
  let gesture: { command: EditCommand<unknown>; base: Scenario } | null = null;

  const diagnostics = computed(() => sortDiagnostics(validateScenario(scenario.value)));
  const errors = computed(() => diagnostics.value.filter((d) => d.severity === 'error'));

  function mark(): void {
    if (typeof performance !== 'undefined') performance.mark(EDIT_MARK);
  }

  /** Run a command. A `step` command is one undo step; a `gesture` command outside a gesture is one too. */
  function run<A>(command: EditCommand<A>, args: A): boolean {
    if (gesture) endGesture();
    const next = command.perform(scenario.value, args);
    if (next === scenario.value) return false;
    history.commit(next, command.name);
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

  /** What the last Undo or Redo did, in words ("Undone: knights t-knights-4 placed at E3"); the status line says it. */
  function told(what: 'Undone' | 'Redone', before: Scenario, after: Scenario): void {
    useEditorStore().message = `${what}: ${describeEdit(before, after)}.`;
  }

  function undo(): void {
    endGesture();
    const was = scenario.value;
    history.undo();
    if (scenario.value !== was) told('Undone', scenario.value, was);
  }

  function redo(): void {
    endGesture();
    const was = scenario.value;
    history.redo();
    if (scenario.value !== was) told('Redone', was, scenario.value);
  }

  /** Replace the open scenario and its history (opening a library entry). */
  function load(snapshot: HistorySnapshot): void {
    gesture = null;
    history.load(snapshot.scenario, snapshot.past, snapshot.future);
  }

  function snapshot(): HistorySnapshot {
    return { scenario: scenario.value, past: past.value, future: future.value };
  }

  return {
    scenario, past, future, revision, lastCommand, diagnostics, errors, canUndo, canRedo,
    run, beginGesture, moveGesture, endGesture, inGesture, undo, redo, load, snapshot,
  };
});
