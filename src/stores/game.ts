/**
 * The game being played (useGameStore): its state, the journal of what happened, the side at the screen, take-back
 * and persistence (every action saved to the library at once, so a reload resumes exactly where it was). Saves are
 * checked against the game's revision like the open scenario's: a tab that fell behind holds its own and says so.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRaw } from 'vue';
import { actionFault, applyAction, createGame, diceFor, formatJson, readGame, saveGame, viewFor, type Action, type GameEvent, type GameState, type SavedGame, type Scenario } from '../rules';
import { actionSentence } from '../play/describe';
import type { GameRecord, GameSetup } from './db';
import { useLibraryStore } from './library';

/** One line of the game log: the action in words and what it caused (dice, losses, retreats...). */
export interface JournalEntry { index: number; turn: number; side: string; text: string; events: GameEvent[] }

function entryFor(before: GameState, after: GameState, action: Action): JournalEntry {
  return { index: after.log.length - 1, turn: after.turn, side: action.side, text: actionSentence(before, action), events: after.events };
}

/**
 * The scenario in the key order of our files: a game's state hash covers its scenario's text, so the game in the
 * page must hold the scenario exactly as its exported file will (then `nevsky replay` gives the same hash).
 */
export function canonical(scenario: Scenario): Scenario {
  return JSON.parse(formatJson(scenario)) as Scenario;
}

/** Replay a saved game, keeping each action's journal entry. */
export function replayWithJournal(saved: SavedGame): { state: GameState; journal: JournalEntry[]; start: GameEvent[] } {
  let s = createGame(canonical(saved.scenario), { seed: saved.seed, ...(saved.turnLimit !== undefined ? { turnLimit: saved.turnLimit } : {}) });
  const start = s.events;
  const journal: JournalEntry[] = [];
  saved.actions.forEach((a, i) => {
    let next: GameState;
    try { next = applyAction(diceFor(saved, i, s), a); } catch (err) { throw new Error(actionFault(i, a.type, (err as Error).message)); }
    journal.push(entryFor(s, next, a));
    s = next;
  });
  return { state: s, journal, start };
}

/** A seed for a new game's dice (any 32-bit value; the game file keeps it). */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

export const useGameStore = defineStore('game', () => {
  const id = ref<string | null>(null);
  const title = ref('');
  const setup = ref<GameSetup>({ mode: 'hotseat', computerSide: null, level: 2, sourceId: null });
  const state = shallowRef<GameState | null>(null);
  const journal = shallowRef<JournalEntry[]>([]);
  /** Events of createGame (the first-attacker roll). */
  const opening = shallowRef<GameEvent[]>([]);
  /** The side whose view is on the screen (hot-seat: the player who took the device last). */
  const seat = ref<string | null>(null);
  /** A scenario waiting for the "how to play" choice (the setup dialog), with the library entry it came from. */
  const pending = shallowRef<{ scenario: Scenario; sourceId: string | null } | null>(null);

  const human = computed(() => (setup.value.mode === 'computer' ? state.value?.sides.find((s) => s.id !== setup.value.computerSide)?.id ?? null : null));
  const over = computed(() => state.value?.phase === 'over');
  /** True while another tab has played on or deleted this game: nothing more is saved (or asked of the computer) here. */
  const behind = computed(() => !!id.value && useLibraryStore().gameConflict?.id === id.value);
  const computerToAct = computed(() => setup.value.mode === 'computer' && !!state.value && state.value.toAct === setup.value.computerSide);

  /** True while a secret is pending (hidden deployment or an MDI pick not yet revealed). */
  function secret(s: GameState): boolean {
    if (s.phase === 'deploy') return true;
    const m = s.current !== null ? s.melees[s.current] : undefined;
    return !!m && !s.resolution && Object.values(m.mdi).some((x) => x !== null);
  }

  /**
   * Hot-seat: the device must be handed over before the side to act sees anything, when it is not the side at
   * the screen and a secret is pending (or at the very start).
   */
  const handOver = computed(() => {
    const s = state.value;
    if (!s || setup.value.mode !== 'hotseat' || !s.toAct || s.toAct === seat.value) return false;
    return seat.value === null || secret(s) || s.phase === 'deploy';
  });

  /** The view on the screen: only what the side at the screen may see (viewFor). */
  const view = computed<GameState | null>(() => {
    const s = state.value;
    if (!s) return null;
    if (s.phase === 'over') return s;
    const side = setup.value.mode === 'computer' ? human.value : seat.value;
    return side ? viewFor(s, side) : null;
  });

  function record(): GameRecord {
    return { id: id.value!, kind: 'game', title: title.value, updated: Date.now(), game: saveGame(state.value!), setup: { ...setup.value }, over: over.value };
  }

  function persist(): Promise<void> {
    return id.value && state.value ? useLibraryStore().saveGame(record()) : Promise.resolve();
  }

  function follow(s: GameState): void {
    // Outside secrets the screen follows the side to act; a hand-over is asked for only when a secret is pending.
    if (setup.value.mode === 'hotseat' && s.toAct && seat.value !== null && !secret(s) && s.phase !== 'deploy') seat.value = s.toAct;
  }

  /** Start a new game of a scenario and store it in the library. */
  async function start(scenario: Scenario, how: GameSetup, seed = newSeed()): Promise<string> {
    const library = useLibraryStore();
    const s = createGame(canonical(scenario), { seed });
    id.value = library.makeId();
    title.value = `${scenario.meta.title} — ${how.mode === 'hotseat' ? 'hot-seat' : 'against the computer'}`.slice(0, 120);
    setup.value = { ...how };
    state.value = s;
    journal.value = [];
    opening.value = s.events;
    seat.value = how.mode === 'computer' ? s.sides.find((x) => x.id !== how.computerSide)!.id : null;
    await library.addGame(record());
    await library.remember(id.value);
    return id.value;
  }

  /**
   * Load a stored game (resume or replay). Throws with a plain message when it is not a game every way in accepts
   * (readGame: the same message as Import and the CLI) or its actions do not replay.
   */
  function load(rec: GameRecord): void {
    const read = readGame(rec.game);
    if (!read.ok) throw new Error(read.message);
    const r = replayWithJournal(read.game);
    id.value = rec.id;
    title.value = rec.title;
    setup.value = { ...rec.setup };
    state.value = r.state;
    journal.value = r.journal;
    opening.value = r.start;
    // Hot-seat games resume behind a hand-over screen: whoever picks the device up must say who they are.
    seat.value = rec.setup.mode === 'computer' ? r.state.sides.find((x) => x.id !== rec.setup.computerSide)!.id : null;
    useLibraryStore().openGame(rec);
    void useLibraryStore().remember(rec.id);
  }

  /** Keep this tab's version of a game that fell behind (or was deleted elsewhere) as a new library entry. */
  async function keepAsNew(): Promise<void> {
    if (!id.value || !state.value) return;
    const library = useLibraryStore();
    id.value = library.makeId();
    title.value = `${title.value} (copy)`.slice(0, 120);
    await library.addGame(record());
    await library.remember(id.value);
  }

  /** Apply one action (throws the engine's RuleError when illegal), log it and save. */
  function act(proposed: Action): Promise<void> {
    const before = state.value!;
    // In the key order of the game file, so the state here and the state `nevsky replay` rebuilds from the
    // exported file hash the same (the hash covers the log's text).
    const action = JSON.parse(formatJson(toRaw(proposed))) as Action;
    const after = applyAction(before, action);
    state.value = after;
    journal.value = [...journal.value, entryFor(before, after, action)];
    follow(after);
    return persist();
  }

  /** The side at the screen has taken the device (hot-seat hand-over). */
  function takeSeat(side: string): void {
    seat.value = side;
  }

  /**
   * How many actions a take-back removes, or 0 when none may be taken back: against the computer, the player's last
   * decision and the computer's replies after it; hot-seat, the last action while its side is still at the screen.
   * A revealed MDI pick is never taken back (the other side's pick is known by then).
   */
  const takeBackCount = computed(() => {
    const s = state.value;
    if (!s || s.log.length === 0 || s.phase === 'over') return 0;
    const me = setup.value.mode === 'computer' ? human.value : seat.value;
    let i = s.log.length - 1;
    if (setup.value.mode === 'computer') while (i >= 0 && s.log[i]!.side !== me) i--;
    if (i < 0 || s.log[i]!.side !== me || s.log[i]!.type === 'mdi') return 0;
    return s.log.length - i;
  });

  async function takeBack(): Promise<void> {
    const n = takeBackCount.value;
    if (n === 0) return;
    const saved = saveGame(state.value!);
    const r = replayWithJournal({ ...saved, actions: saved.actions.slice(0, saved.actions.length - n) });
    state.value = r.state;
    journal.value = r.journal;
    await persist();
  }

  /** The game file (schemas/game.schema.json), as `nevsky replay` reads it. */
  function saved(): SavedGame {
    return saveGame(state.value!);
  }

  function close(): void {
    useLibraryStore().gameId = null;
    id.value = null;
    state.value = null;
    journal.value = [];
  }

  return {
    id, title, setup, state, journal, opening, seat, pending, human, over, behind, computerToAct, handOver, view, takeBackCount,
    start, load, act, takeSeat, takeBack, saved, close, persist, keepAsNew,
  };
});
