/** The open roster: its data, live diagnostics, points and undo/redo history (like the scenario store's). */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import {
  getRuleset, rosterLines, rosterPoints, splendidVictoryRoster, validateRoster,
  type Roster, type RosterDiagnostic, type RosterLine, type RosterPoints,
} from '../rulesets';
import { useHistory } from './history';
import { describeRosterEdit } from './describeEdit';

export interface RosterSnapshot { roster: Roster; past: Roster[]; future: Roster[] }

/** The unit index a diagnostic's JSON pointer names ("/units/3/stands" -> 3), or null. */
export function diagnosticUnit(d: RosterDiagnostic): number | null {
  const m = /^\/units\/(\d+)(\/|$)/.exec(d.path ?? '');
  return m ? Number(m[1]) : null;
}

export const useRosterStore = defineStore('roster', () => {
  const history = useHistory<Roster>(splendidVictoryRoster.blank('New army'));
  const { present: roster, past, future, revision, lastCommand, canUndo, canRedo } = history;
  /** What the last Undo or Redo did, in words (issue 44); cleared by the next edit. */
  const told = ref('');

  function undo(): void {
    const was = roster.value;
    history.undo();
    if (roster.value !== was) told.value = `Undone: ${describeRosterEdit(roster.value, was)}.`;
  }

  function redo(): void {
    const was = roster.value;
    history.redo();
    if (roster.value !== was) told.value = `Redone: ${describeRosterEdit(was, roster.value)}.`;
  }

  const diagnostics = computed(() => validateRoster(roster.value));
  const errors = computed(() => diagnostics.value.filter((d) => d.severity === 'error'));
  /** Lines and points need a roster that passed the schema; until then they are empty. */
  const readable = computed(() => !diagnostics.value.some((d) => ['json', 'schema', 'version', 'ruleset'].includes(d.code)));
  const lines = computed<RosterLine[]>(() => (readable.value ? rosterLines(roster.value) : []));
  const points = computed<RosterPoints | null>(() => (readable.value ? rosterPoints(roster.value) : null));
  const ruleset = computed(() => getRuleset(roster.value.ruleset)!);

  /** Apply an edit: one undo step when it changed anything. */
  function run(name: string, edit: (r: Roster) => Roster): boolean {
    const next = edit(roster.value);
    if (next === roster.value) return false;
    told.value = '';
    history.commit(next, name);
    return true;
  }

  /** Replace the open roster and its history (opening a library entry). */
  function load(snap: RosterSnapshot): void {
    told.value = '';
    history.load(snap.roster, snap.past, snap.future);
  }

  function snapshot(): RosterSnapshot {
    return { roster: roster.value, past: past.value, future: future.value };
  }

  return { roster, past, future, revision, lastCommand, told, diagnostics, errors, lines, points, ruleset, canUndo, canRedo, run, undo, redo, load, snapshot };
});
