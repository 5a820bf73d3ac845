/**
 * The game being played (useGameStore): its state, the journal of what happened, the side at the screen, take-back
 * and persistence (every action saved to the library at once, so a reload resumes exactly where it was). Saves are
 * checked against the game's revision like the open scenario's: a tab that fell behind holds its own and says so.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, toRaw } from 'vue';
import {
  actionFault, actionKey, applyAction, createGame, diceFor, inFileOrder, legalActions, readGame, saveGame, secretPending, viewFor,
  type Action, type GameEvent, type GameState, type Player, type SavedGame, type Scenario,
} from '../rules';
import { actionSentence, sideName } from '../play/describe';
import { forcedDecision, type Forced } from '../play/choices';
import type { GameRecord, GameSetup } from './db';
import { useLibraryStore } from './library';

/**
 * One line of the game log: the action in words and what it caused (dice, losses, retreats...). `forced`: why the
 * side had no real choice (such decisions make themselves for a human player); `rolled`: dice were rolled in it;
 * `revealed`: a secret came out in it (the end of hidden deployment, the second MDI pick of a melee).
 */
export interface JournalEntry { index: number; turn: number; side: string; text: string; events: GameEvent[]; type: Action['type']; forced?: string; rolled: boolean; revealed: boolean }

/** Action types that can be forced (forcedDecision): only these are checked when a saved game is replayed. */
const MAYBE_FORCED = new Set<Action['type']>(['hold', 'ballistaHold', 'ballistaLoss', 'fireLoss', 'allocate', 'retreat', 'endMove', 'endSupport', 'endFacing', 'endTurn', 'fight', 'destroyBallista', 'deploy']);

/** The forced decision of a position, if `action` is it. */
function forcedBy(before: GameState, action: Action): Forced | null {
  if (!MAYBE_FORCED.has(action.type)) return null;
  const f = forcedDecision(before, legalActions(before));
  return f && actionKey(f.action) === actionKey(action) ? f : null;
}

/** True when a secret comes out with this action: hidden deployment ends, or the second MDI pick of a melee is made. */
function reveals(before: GameState, after: GameState, action: Action): boolean {
  if (before.phase === 'deploy') return after.phase !== 'deploy';
  if (action.type !== 'mdi' || before.current === null) return false;
  return Object.values(before.melees[before.current]?.mdi ?? {}).some((m) => m !== null);
}

function entryFor(before: GameState, after: GameState, action: Action, forced = forcedBy(before, action)): JournalEntry {
  const rolled = before.rng.s !== after.rng.s || (before.rng.script?.length ?? 0) !== (after.rng.script?.length ?? 0);
  return {
    index: after.log.length - 1, turn: after.turn, side: action.side, type: action.type,
    text: `${actionSentence(before, action)}${forced ? ` (forced: ${forced.reason})` : ''}`, events: after.events,
    ...(forced ? { forced: forced.reason } : {}), rolled, revealed: reveals(before, after, action),
  };
}

/** Who plays each side, as a saved game carries it (schemas/game.schema.json `players`). */
export function playersOf(setup: Pick<GameSetup, 'mode' | 'computerSide' | 'level'>, sides: ReadonlyArray<{ id: string }>): Record<string, Player> {
  return Object.fromEntries(sides.map((x): [string, Player] => [x.id, setup.mode === 'computer' && x.id === setup.computerSide ? { kind: 'computer', level: setup.level } : { kind: 'human' }]));
}

/**
 * How a saved game is played here, from its `players`: against the computer when it plays one side, hot-seat when
 * nobody is named (older files) or both are people. Throws a plain message when the computer plays both sides.
 */
export function setupOf(players: SavedGame['players']): Omit<GameSetup, 'sourceId'> {
  const computers = Object.entries(players ?? {}).filter(([, p]) => p.kind === 'computer');
  if (computers.length > 1) throw new Error('The computer plays both sides in this game file; here it can play one side at most.');
  const [side, p] = computers[0] ?? [];
  return side && p?.kind === 'computer' ? { mode: 'computer', computerSide: side, level: p.level } : { mode: 'hotseat', computerSide: null, level: 2 };
}

/** localStorage key of the "forced decisions make themselves" setting. */
const AUTO_KEY = 'nss-play-auto-forced';

function loadAuto(): boolean {
  try { return globalThis.localStorage?.getItem(AUTO_KEY) !== 'off'; } catch { return true; }
}

/**
 * The scenario in the key order of our files: a game's state hash covers its scenario's text, so the game in the
 * page must hold the scenario exactly as its exported file will (then `nevsky replay` gives the same hash).
 */
export function canonical(scenario: Scenario): Scenario {
  return inFileOrder(scenario);
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
  /** What the last take-back undid, in words (cleared by the next decision). */
  const tookBack = ref('');
  const setup = ref<GameSetup>({ mode: 'hotseat', computerSide: null, level: 2, sourceId: null });
  const state = shallowRef<GameState | null>(null);
  const journal = shallowRef<JournalEntry[]>([]);
  /** Events of createGame (the first-attacker roll). */
  const opening = shallowRef<GameEvent[]>([]);
  /** The side whose view is on the screen (hot-seat: the player who took the device last). */
  const seat = ref<string | null>(null);
  /** A scenario waiting for the "how to play" choice (the setup dialog), with the library entry it came from. */
  const pending = shallowRef<{ scenario: Scenario; sourceId: string | null } | null>(null);
  /** Hot-seat: the secret pick the device was last handed over for (secretPick's key), so each one gets its own hand-over. */
  const handedFor = ref<string | null>(null);
  /** Hot-seat: how many of the last decisions were forced ones made behind the hand-over screen now up. */
  const madeBehind = ref(0);
  /** Forced decisions of a human player make themselves (remembered; on unless turned off). */
  const autoForced = ref(loadAuto());
  function setAutoForced(on: boolean): void {
    autoForced.value = on;
    try { globalThis.localStorage?.setItem(AUTO_KEY, on ? 'on' : 'off'); } catch { /* blocked storage: not remembered */ }
    if (on) void settleForced();
  }

  const human = computed(() => (setup.value.mode === 'computer' ? state.value?.sides.find((s) => s.id !== setup.value.computerSide)?.id ?? null : null));
  const over = computed(() => state.value?.phase === 'over');
  /** True while another tab has played on or deleted this game: nothing more is saved (or asked of the computer) here. */
  const behind = computed(() => !!id.value && useLibraryStore().gameConflict?.id === id.value);
  const computerToAct = computed(() => setup.value.mode === 'computer' && !!state.value && state.value.toAct === setup.value.computerSide);

  /**
   * The secret pick the side to act faces, as a key naming it (hidden deployment of a side, one side's MDI pick for
   * one melee), or null when its decision is in the open.
   */
  function secretPick(s: GameState): string | null {
    if (!s.toAct) return null;
    if (s.phase === 'deploy') return `deploy:${s.toAct}`;
    const m = s.phase === 'melee' && s.current !== null && !s.resolution ? s.melees[s.current] : undefined;
    return m && m.mdi[s.toAct] === null ? `mdi:${s.turn}:${s.current}:${s.toAct}` : null;
  }

  /**
   * Hot-seat: the device is handed over before the side to act sees anything at the very start (and on resume), and
   * before every secret pick of either side, the first one included: the other player may have been watching.
   */
  const handOver = computed(() => {
    const s = state.value;
    if (!s || setup.value.mode !== 'hotseat' || !s.toAct || s.phase === 'over') return false;
    if (seat.value === null) return true;
    const key = secretPick(s);
    return key !== null && key !== handedFor.value;
  });

  /** What the hand-over screen says the next player is about to do. */
  const handOverReason = computed(() => {
    const s = state.value;
    if (!s) return '';
    if (s.phase === 'deploy') return 'Set-up is hidden: the other player looks away while you place your units.';
    const m = s.current !== null && !s.resolution ? s.melees[s.current] : undefined;
    if (m && s.toAct && m.mdi[s.toAct] === null) {
      const other = Object.entries(m.mdi).some(([side, pick]) => side !== s.toAct && pick !== null);
      return `Pick your melee deployment for the melee at ${m.contact} in secret${other ? ': the other side has picked theirs' : ''}. The other player looks away.`;
    }
    return `Your turn to act.${forcedBefore(s)}`;
  });

  /** Hot-seat hand-over: the other side's decisions just made for it because it had no choice, in words ('' if none). */
  function forcedBefore(s: GameState): string {
    const j = journal.value;
    let n = 0;
    while (n < madeBehind.value && j[j.length - 1 - n]!.side !== s.toAct) n++;
    if (n === 0) return '';
    const other = j[j.length - 1]!.side;
    return ` The ${sideName(s, other)} had nothing to choose: ${n === 1 ? 'its forced decision was' : `its ${n} forced decisions were`} made for it (see the log).`;
  }

  /** The view on the screen: only what the side at the screen may see (viewFor). */
  const view = computed<GameState | null>(() => {
    const s = state.value;
    if (!s) return null;
    if (s.phase === 'over') return s;
    const side = setup.value.mode === 'computer' ? human.value : seat.value;
    return side ? viewFor(s, side) : null;
  });

  function record(): GameRecord {
    return { id: id.value!, kind: 'game', title: title.value, updated: Date.now(), game: saved(), setup: { ...setup.value }, over: over.value };
  }

  function persist(): Promise<void> {
    return id.value && state.value ? useLibraryStore().saveGame(record()) : Promise.resolve();
  }

  function follow(s: GameState): void {
    // Outside secrets the screen follows the side to act; a hand-over is asked for only when a secret is pending.
    if (setup.value.mode === 'hotseat' && s.toAct && seat.value !== null && !secretPending(s, 'picked')) seat.value = s.toAct;
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
    handedFor.value = null;
    madeBehind.value = 0;
    resolveForced();
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
    handedFor.value = null;
    madeBehind.value = 0;
    useLibraryStore().openGame(rec);
    // Saved by the next decision (a game just imported is not in the library yet).
    resolveForced();
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

  function apply(proposed: Action, forced?: Forced): void {
    const before = state.value!;
    madeBehind.value = 0;
    // In the key order of the game file, so the state here and the state `nevsky replay` rebuilds from the
    // exported file hash the same (the hash covers the log's text).
    const action = inFileOrder(toRaw(proposed));
    const after = applyAction(before, action);
    state.value = after;
    journal.value = [...journal.value, entryFor(before, after, action, forced)];
    follow(after);
  }

  /** True while a person is to decide (not the computer, not in a tab another tab has played past). */
  function humanToAct(): boolean {
    const s = state.value;
    return !!s && !!s.toAct && s.phase !== 'over' && !behind.value && !(setup.value.mode === 'computer' && s.toAct === setup.value.computerSide);
  }

  /**
   * Make the human players' forced decisions (forcedDecision) while the setting is on; each is logged with its reason.
   * Hot-seat, they are made behind the hand-over screen too: they need no one at the device and show nothing secret,
   * so the screen names the side that really has a choice (a resumed game whose side to act has only holds with no
   * target names the other side, whose decision follows).
   */
  function resolveForced(): void {
    for (let guard = 0; guard < 1000 && autoForced.value && humanToAct(); guard++) {
      const f = forcedDecision(state.value!, legalActions(state.value!));
      if (!f) return;
      const madeBefore = handOver.value ? madeBehind.value : -1;
      apply(f.action, f);
      madeBehind.value = madeBefore + 1;
    }
  }

  /** resolveForced, then save. */
  function settleForced(): Promise<void> {
    const n = state.value?.log.length;
    resolveForced();
    return state.value?.log.length !== n ? persist() : Promise.resolve();
  }

  /**
   * Apply actions in turn (throws the engine's RuleError when one is illegal), log them, make the forced decisions
   * that follow, and save.
   */
  function act(proposed: Action | readonly Action[]): Promise<void> {
    tookBack.value = '';
    for (const a of Array.isArray(proposed) ? proposed as readonly Action[] : [proposed as Action]) apply(a);
    resolveForced();
    return persist();
  }

  /** The side at the screen has taken the device (hot-seat hand-over); its forced decisions then make themselves. */
  function takeSeat(side: string): void {
    seat.value = side;
    const s = state.value;
    handedFor.value = s ? secretPick(s) : null;
    void settleForced();
  }

  /**
   * What a take-back would remove: the player's last real decision and what followed it (forced decisions, and
   * against the computer its replies), as a count of actions; or 0 and why not. A decision can be taken back only
   * until dice are rolled or a secret is revealed after it (from it on), so no take-back ever shows what chance or
   * the other side would have done; an MDI pick is final; hot-seat, not past the other side's own decision.
   */
  const takeBackInfo = computed<{ count: number; why: string }>(() => {
    const s = state.value;
    const j = journal.value;
    if (!s || s.phase === 'over') return { count: 0, why: '' };
    const me = setup.value.mode === 'computer' ? human.value : seat.value;
    let i = j.length - 1;
    while (i >= 0 && (j[i]!.forced !== undefined || (setup.value.mode === 'computer' && j[i]!.side !== me))) i--;
    if (i < 0) return { count: 0, why: 'You have no decision to take back yet.' };
    if (j[i]!.side !== me) return { count: 0, why: 'The other side has decided since your last decision.' };
    if (j[i]!.type === 'mdi') return { count: 0, why: 'A melee deployment pick is final.' };
    const after = j.slice(i);
    if (after.some((e) => e.rolled)) return { count: 0, why: 'Dice were rolled after your last decision: it stands.' };
    if (after.some((e) => e.revealed)) return { count: 0, why: 'A secret was revealed after your last decision: it stands.' };
    return { count: j.length - i, why: '' };
  });
  const takeBackCount = computed(() => takeBackInfo.value.count);

  async function takeBack(): Promise<void> {
    const n = takeBackCount.value;
    if (n === 0) return;
    const saved = saveGame(state.value!);
    const r = replayWithJournal({ ...saved, actions: saved.actions.slice(0, saved.actions.length - n) });
    // Say what was taken back (issue 44): the player's decision, and the computer's replies after it if any.
    const first = saved.actions[saved.actions.length - n]!;
    tookBack.value = `Taken back: ${actionSentence(r.state, first)}${n > 1 ? ` (and ${n - 1} decision${n > 2 ? 's' : ''} after it)` : ''}`;
    state.value = r.state;
    journal.value = r.journal;
    madeBehind.value = 0;
    await persist();
  }

  /** The game file (schemas/game.schema.json), as `nevsky replay` reads it, with who plays each side. */
  function saved(): SavedGame {
    return { ...saveGame(state.value!), players: playersOf(setup.value, state.value!.sides) };
  }

  function close(): void {
    useLibraryStore().gameId = null;
    id.value = null;
    state.value = null;
    journal.value = [];
  }

  return {
    id, title, setup, state, journal, opening, seat, pending, human, over, behind, computerToAct, handOver, handOverReason, view, takeBackCount, takeBackInfo, tookBack,
    autoForced, setAutoForced, start, load, act, takeSeat, takeBack, saved, close, persist, keepAsNew,
  };
});
