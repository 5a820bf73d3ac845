/**
 * What the player at the screen has selected (a unit and one of its actions, or a general action), how clicks and
 * keys change it, and confirming it. Keys: U / Shift+U next or previous unit, T / Shift+T next or previous target,
 * F next facing (deployment), S suggestion, E end the phase step (one key, no confirm), Enter confirm, Escape clear,
 * Ctrl+Z take back.
 */
import { computed, ref, shallowRef, watch, type ComputedRef, type UnwrapNestedRefs } from 'vue';
import { actionKey, legalActions, FACINGS, type Action, type Facing, type GameState, type Square } from '../../rules';
import { choicesOf, defaultGeneralAction, defaultUnitAction, STEP_ENDS } from '../../play/choices';
import { actionSquare, actionUnit } from '../../play/describe';
import { decide, HINT_LEVEL } from '../../workers/levels';

/** Suggestions by position (state identity): each worked out once, whatever redraws or re-listings follow. */
const suggestions = new WeakMap<GameState, Action | null>();

/**
 * What Suggest picks for the side to act (the hint level), or null when there is nothing to suggest. `actions`: the
 * position's legal actions as the view has listed them already (the hint policy chooses among them; nothing is listed
 * again). Worked out once per position.
 */
export function suggestionFor(s: GameState, actions: readonly Action[]): Action | null {
  if (!s.toAct || s.phase === 'over' || actions.length === 0) return null;
  let a = suggestions.get(s);
  if (a === undefined) {
    try { a = decide(s, s.toAct, HINT_LEVEL, s.log.length + 1, undefined, actions); } catch { a = null; }
    suggestions.set(s, a);
  }
  return a;
}

export function usePlayInput(state: ComputedRef<GameState | null>, canAct: ComputedRef<boolean>, act: (a: Action) => void) {
  const actions = computed<Action[]>(() => (state.value && canAct.value ? legalActions(state.value) : []));
  const choices = computed(() => choicesOf(actions.value));
  const selectedUnit = ref<string | null>(null);
  // Shallow: the chosen action stays the engine's own object (never a reactive proxy inside a game log).
  const chosen = shallowRef<Action | null>(null);
  const facing = ref<Facing>('N');
  const cursor = ref<Square | null>(null);

  // The defaults follow Suggest, so a highlighted (Enter-confirmed) choice is one Suggest would make.
  const suggestion = computed<Action | null>(() => (state.value ? suggestionFor(state.value, actions.value) : null));
  const unitActions = computed(() => choices.value.units.find((u) => u.unit === selectedUnit.value)?.actions ?? []);

  function defaultFacing(s: GameState, unit: string): Facing {
    const u = s.units.find((x) => x.id === unit);
    const edge = s.sides.find((x) => x.id === u?.side)?.edge;
    return u?.facing ?? (edge === 'north' ? 'S' : 'N');
  }

  function selectUnit(unit: string | null): void {
    selectedUnit.value = unit;
    const s = state.value;
    if (!s) return;
    if (unit) {
      const list = choices.value.units.find((u) => u.unit === unit)?.actions ?? [];
      if (list[0]?.type === 'deploy') facing.value = defaultFacing(s, unit);
      chosen.value = defaultUnitAction(s, list, suggestion.value);
      cursor.value = chosen.value ? actionSquare(s, chosen.value) : s.units.find((u) => u.id === unit)?.at ?? null;
    } else chosen.value = defaultGeneralAction(choices.value.general, suggestion.value);
  }

  // A new position: start from the suggested unit, else the required decision, if there is one, else the general default.
  watch(actions, () => {
    const suggested = suggestion.value ? actionUnit(suggestion.value) : null;
    selectUnit(suggested !== null && choices.value.units.some((u) => u.unit === suggested) ? suggested : choices.value.firstUnit);
  }, { immediate: true });

  function cycle<T>(list: readonly T[], current: T | null, step: number): T | null {
    if (list.length === 0) return null;
    const i = current === null ? -1 : list.indexOf(current);
    return list[(i + step + list.length) % list.length] ?? null;
  }

  function nextUnit(step: number): void {
    selectUnit(cycle(choices.value.units.map((u) => u.unit), selectedUnit.value, step));
  }

  function nextTarget(step: number): void {
    // Deployment lists each square once per facing: step through the squares for the chosen facing.
    const list = selectedUnit.value ? unitActions.value.filter((a) => a.type !== 'deploy' || a.facing === facing.value)
      : choices.value.general.filter((a) => a.type !== 'concede');
    const keys = list.map(actionKey);
    const at = chosen.value ? keys.indexOf(actionKey(chosen.value)) : -1;
    chosen.value = list[(at + step + list.length) % list.length] ?? null;
    if (chosen.value && state.value) cursor.value = actionSquare(state.value, chosen.value) ?? cursor.value;
  }

  function nextFacing(): void {
    const offered = FACINGS.filter((f) => unitActions.value.some((a) => a.type === 'deploy' && a.facing === f));
    setFacing(cycle(offered, facing.value, 1) ?? facing.value);
  }

  function setFacing(f: Facing): void {
    facing.value = f;
    const a = chosen.value;
    if (a?.type === 'deploy') chosen.value = unitActions.value.find((x) => x.type === 'deploy' && x.at === a.at && x.facing === facing.value) ?? a;
  }

  function choose(a: Action): void {
    chosen.value = a;
    if (state.value) cursor.value = actionSquare(state.value, a) ?? cursor.value;
  }

  /** S: select the suggestion (its unit, then the action itself). */
  function suggest(): void {
    const a = suggestion.value;
    if (!a) return;
    const unit = actionUnit(a);
    if (unit !== selectedUnit.value) selectUnit(unit);
    choose(a);
  }

  /** Enter: the highlighted choice; nothing when nothing is highlighted (the player picks first). */
  function confirm(): void {
    if (chosen.value) act(chosen.value);
  }

  /** E: end the phase step at once (end movement, end support, end facing, end the turn), when that is offered. */
  function endStep(): void {
    const end = choices.value.general.find((a) => STEP_ENDS.has(a.type));
    if (end) act(end);
  }

  /** A click on a square: act on a marked square (a second click confirms when several actions share it), or select the unit there. */
  function clickSquare(sq: Square): void {
    const s = state.value;
    if (!s) return;
    cursor.value = sq;
    const here = unitActions.value.filter((a) => actionSquare(s, a) === sq);
    if (here.length > 0) {
      const pick = here.find((a) => a.type === 'deploy' && a.facing === facing.value)
        ?? (here.length === 1 ? here[0]! : chosen.value && here.some((a) => actionKey(a) === actionKey(chosen.value!)) ? chosen.value : null);
      if (pick) { act(pick); return; }
      chosen.value = here[0]!;
      return;
    }
    const unitHere = choices.value.units.find((u) => s.units.find((x) => x.id === u.unit)?.at === sq);
    if (unitHere) { selectUnit(unitHere.unit); return; }
    const fight = choices.value.general.find((a) => a.type === 'fight' && a.contact === sq);
    if (fight) { selectedUnit.value = null; chosen.value = fight; }
  }

  function onKey(ev: KeyboardEvent, extra: { takeBack: () => void }): void {
    const t = ev.target as HTMLElement | null;
    if (t && ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName)) return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'z') { ev.preventDefault(); extra.takeBack(); return; }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key.toLowerCase();
    // Enter confirms, also on a choice button just clicked (other buttons keep their own Enter).
    if (ev.key === 'Enter' && (t?.tagName !== 'BUTTON' || t.dataset.choice !== undefined)) { ev.preventDefault(); confirm(); }
    else if (key === 'u') nextUnit(ev.shiftKey ? -1 : 1);
    else if (key === 't') nextTarget(ev.shiftKey ? -1 : 1);
    else if (key === 'f') nextFacing();
    else if (key === 's') suggest();
    else if (key === 'e') endStep();
    else if (ev.key === 'Escape') selectUnit(null);
  }

  return { actions, choices, suggestion, selectedUnit, chosen, facing, cursor, unitActions, selectUnit, choose, suggest, confirm, endStep, clickSquare, onKey, setFacing, nextUnit, nextTarget };
}

/** The input state as the panel sees it (refs unwrapped: `reactive(usePlayInput(...))`). */
export type PlayInput = UnwrapNestedRefs<ReturnType<typeof usePlayInput>>;
