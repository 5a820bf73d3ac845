/** The open roster: its data, live diagnostics, points and undo/redo history (like the scenario store's). */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  getRuleset, rosterLines, rosterPoints, splendidVictoryRoster, validateRoster,
  type Roster, type RosterDiagnostic, type RosterLine, type RosterPoints,
} from '../rulesets';
import { HISTORY_LIMIT } from './scenario';

export interface RosterSnapshot { roster: Roster; past: Roster[]; future: Roster[] }

/** The unit index a diagnostic's JSON pointer names ("/units/3/stands" -> 3), or null. */
export function diagnosticUnit(d: RosterDiagnostic): number | null {
  const m = /^\/units\/(\d+)(\/|$)/.exec(d.path ?? '');
  return m ? Number(m[1]) : null;
}

export const useRosterStore = defineStore('roster', () => {
  const roster = shallowRef<Roster>(splendidVictoryRoster.blank('New army'));
  const past = shallowRef<Roster[]>([]);
  const future = shallowRef<Roster[]>([]);
  /** Bumped on every change of roster or history (autosave watches this). */
  const revision = ref(0);
  const lastCommand = ref('');

  const diagnostics = computed(() => validateRoster(roster.value));
  const errors = computed(() => diagnostics.value.filter((d) => d.severity === 'error'));
  /** Lines and points need a roster that passed the schema; until then they are empty. */
  const readable = computed(() => !diagnostics.value.some((d) => ['json', 'schema', 'version', 'ruleset'].includes(d.code)));
  const lines = computed<RosterLine[]>(() => (readable.value ? rosterLines(roster.value) : []));
  const points = computed<RosterPoints | null>(() => (readable.value ? rosterPoints(roster.value) : null));
  const ruleset = computed(() => getRuleset(roster.value.ruleset)!);
  const canUndo = computed(() => past.value.length > 0);
  const canRedo = computed(() => future.value.length > 0);

  /** Apply an edit: one undo step when it changed anything. */
  function run(name: string, edit: (r: Roster) => Roster): boolean {
    const next = edit(roster.value);
    if (next === roster.value) return false;
    past.value = [...past.value.slice(-(HISTORY_LIMIT - 1)), roster.value];
    future.value = [];
    roster.value = next;
    lastCommand.value = name;
    revision.value++;
    return true;
  }

  function undo(): void {
    const prev = past.value[past.value.length - 1];
    if (!prev) return;
    future.value = [roster.value, ...future.value];
    past.value = past.value.slice(0, -1);
    roster.value = prev;
    lastCommand.value = 'Undo';
    revision.value++;
  }

  function redo(): void {
    const next = future.value[0];
    if (!next) return;
    past.value = [...past.value, roster.value];
    future.value = future.value.slice(1);
    roster.value = next;
    lastCommand.value = 'Redo';
    revision.value++;
  }

  /** Replace the open roster and its history (opening a library entry). */
  function load(snap: RosterSnapshot): void {
    roster.value = snap.roster;
    past.value = snap.past;
    future.value = snap.future;
    lastCommand.value = '';
  }

  function snapshot(): RosterSnapshot {
    return { roster: roster.value, past: past.value, future: future.value };
  }

  return { roster, past, future, revision, lastCommand, diagnostics, errors, lines, points, ruleset, canUndo, canRedo, run, undo, redo, load, snapshot };
});
