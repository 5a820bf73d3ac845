/**
 * The game played at a distance in this browser (useDistanceStore): this player's own copy (src/distance), kept
 * in the library after every change like any game, the message waiting to be sent (link and file), and the opening of
 * the other player's links and files. Hidden information as ever: the screen shows only viewFor(state, this side).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { viewFor, type Action, type GameState, type Scenario } from '../rules';
import { act as draftAction, exportGame, invite, join, lastSent, receive, send, turnOf, undoDraft, type DistanceGame, type Message } from '../distance';
import { decodeMessage, encodeMessage, isMessageFragment } from '../scenario';
import { canonical } from './game';
import type { GameRecord } from './db';
import { useLibraryStore } from './library';
import { linkBase } from '../club/links';

/** A message ready to go: its link (payload in the `#` fragment) and its file. */
export interface Outgoing { n: number; link: string; file: string; name: string }

/**
 * Who carries this game's messages when not the player (the club server: src/stores/clubGames.ts): each message sent
 * and each change of this player's own secrets goes to it, after the library has kept them here.
 */
export interface Relay {
  /** The carrier in words ("the club server"). */
  label: string;
  /** The other player, by name, and this player's. */
  players: { me: string; other: string };
  sent(g: DistanceGame, m: Message): Promise<void>;
  kept(g: DistanceGame): Promise<void>;
}

export const useDistanceStore = defineStore('distance', () => {
  const copy = shallowRef<DistanceGame | null>(null);
  const id = ref<string | null>(null);
  const title = ref('');
  const sourceId = ref<string | null>(null);
  /** The message to send (the last this player made), shown until the reply comes. */
  const outgoing = shallowRef<Outgoing | null>(null);
  /** What the last opened message did, or why it was refused (plain text). */
  const notice = ref('');
  const error = ref('');
  /** The carrier of this game's messages, when the club server carries them (else links and files). */
  const relay = shallowRef<Relay | null>(null);

  const turn = computed(() => (copy.value ? turnOf(copy.value) : null));
  const me = computed(() => copy.value?.me ?? null);
  /** The state to act on (stand-ins for the other side's sealed choices, this player's draft applied). */
  const state = computed<GameState | null>(() => turn.value?.state ?? null);
  /** What the screen shows: this side's view only. */
  const view = computed<GameState | null>(() => {
    const s = state.value;
    return s && me.value ? (s.phase === 'over' ? s : viewFor(s, me.value)) : null;
  });
  const canAct = computed(() => !!turn.value?.canAct);
  /** This player has acted and must now send its turn. */
  const mustSend = computed(() => !!turn.value && turn.value.writing && !turn.value.canAct && copy.value!.draft.length > 0);

  function plain<T>(x: T): T {
    return JSON.parse(JSON.stringify(x)) as T;
  }

  function record(): GameRecord {
    const g = copy.value!;
    return {
      id: id.value!, kind: 'game', title: title.value, updated: Date.now(), game: plain(exportGame(g)),
      setup: { mode: 'hotseat', computerSide: null, level: 2, sourceId: sourceId.value }, over: turn.value?.state?.phase === 'over', distance: plain(g),
    };
  }

  async function persist(): Promise<void> {
    if (id.value && copy.value) await useLibraryStore().saveGame(record());
  }

  async function outgoingOf(m: Message): Promise<Outgoing> {
    const fragment = await encodeMessage(m);
    const base = linkBase();
    return { n: m.n, link: `${base}#${fragment}`, file: `${JSON.stringify(m)}\n`, name: `nevsky-${m.game.slice(0, 6)}-${m.n}.msg.json` };
  }

  async function adopt(g: DistanceGame, m: Message | null, fresh: boolean): Promise<void> {
    copy.value = g;
    outgoing.value = m ? await outgoingOf(m) : null;
    const library = useLibraryStore();
    if (fresh) {
      id.value = library.makeId();
      await library.addGame(record());
    } else {
      await persist();
    }
    await library.remember(id.value!);
    if (m && relay.value) await deliver(g, m);
  }

  /** Hand a message to the carrier; when it fails the message is kept here and "Resend" tries again. */
  async function deliver(g: DistanceGame, m: Message): Promise<boolean> {
    try {
      await relay.value!.sent(g, m);
      return true;
    } catch (err) {
      error.value = `Message ${m.n} is saved in this browser but did not reach ${relay.value!.label}: ${(err as Error).message} Use "Resend last message" to try again.`;
      return false;
    }
  }

  /** Tell the carrier of a change of this player's own secrets or draft (a failure is said, nothing is lost here). */
  function keepUp(): void {
    const r = relay.value, g = copy.value;
    if (r && g) void r.kept(g).catch((err: Error) => { error.value = `Your move is saved in this browser but not yet on ${r.label}: ${err.message}`; });
  }

  /** Start a game at a distance: this player plays `side`; the invitation is the first message to send. */
  async function start(scenario: Scenario, side: string, source: string | null): Promise<void> {
    error.value = notice.value = '';
    const made = await invite(canonical(scenario), side);
    title.value = `${scenario.meta.title} — at a distance`.slice(0, 120);
    sourceId.value = source;
    await adopt(made.game, made.message, true);
    notice.value = 'Send the invitation to the other player: the link, or the file.';
  }

  /** Reopen a game at a distance from the library. */
  async function load(rec: GameRecord): Promise<void> {
    relay.value = null;
    copy.value = rec.distance!;
    id.value = rec.id;
    title.value = rec.title;
    sourceId.value = rec.setup.sourceId;
    error.value = notice.value = '';
    const mine = lastSent(rec.distance!);
    outgoing.value = mine && !turnOf(rec.distance!).writing ? await outgoingOf(mine) : null;
    useLibraryStore().openGame(rec);
    void useLibraryStore().remember(rec.id);
  }

  /** Send automatically when this player has nothing to do but pass the exchange on. */
  async function passIfIdle(): Promise<void> {
    if (turnOf(copy.value!).passNow) await sendTurn();
  }

  /**
   * Open a message link or file (text): an invitation joins its game as a new library entry; any other message goes
   * to its game (the open one, or the library's entry with that game id). A refused message changes nothing.
   */
  async function open(text: string): Promise<boolean> {
    error.value = notice.value = '';
    const read = await decodeMessage(text);
    if (!read.ok) { error.value = read.reason; return false; }
    const m = read.message;
    const library = useLibraryStore();
    if (m.n === 0) {
      const existing = library.records.find((r) => r.kind === 'game' && (r as GameRecord).distance?.game === m.game) as GameRecord | undefined;
      if (existing) { await load(existing); notice.value = 'You have already joined this game: it is open again.'; return true; }
      const joined = await join(m);
      if (!joined.ok) { error.value = joined.reason; return false; }
      title.value = `${m.scenario!.meta.title} — at a distance`.slice(0, 120);
      sourceId.value = null;
      await adopt(joined.game, joined.message, true);
      notice.value = 'You joined the game: send your answer back (the link or the file).';
      return true;
    }
    if (copy.value?.game !== m.game) {
      const entry = library.records.find((r) => r.kind === 'game' && (r as GameRecord).distance?.game === m.game) as GameRecord | undefined;
      const rec = entry ? await library.entry(entry.id) : undefined;
      if (!rec || rec.kind !== 'game' || !rec.distance) { error.value = 'This message belongs to a game that is not in this library: open the invitation first.'; return false; }
      await load(rec);
    }
    const r = await receive(copy.value!, m);
    if (!r.ok) { error.value = r.reason; return false; }
    await adopt(r.game, null, false);
    notice.value = `Message ${m.n} applied.`;
    await passIfIdle();
    return true;
  }

  /** One action of this player (kept in the draft until sent); throws the rules' reason when not allowed. */
  async function act(action: Action): Promise<void> {
    copy.value = draftAction(copy.value!, action);
    await persist();
    keepUp();
  }

  /** Take the last unsent action back. */
  async function takeBack(): Promise<void> {
    if (!copy.value || copy.value.draft.length === 0) return;
    copy.value = undoDraft(copy.value);
    await persist();
    keepUp();
  }

  /** Make the next message from the draft; its link and file are shown until the reply comes. */
  async function sendTurn(): Promise<void> {
    error.value = '';
    try {
      const out = await send(copy.value!);
      await adopt(out.game, out.message, false);
      notice.value = relay.value
        ? (error.value ? '' : `Your message ${out.message.n} went to ${relay.value.players.other} through ${relay.value.label}.`)
        : `Your message ${out.message.n} is ready: send the link or the file to the other player.`;
    } catch (err) {
      error.value = (err as Error).message;
    }
  }

  /** Show the last message sent again (when the other player lost it). */
  async function resend(): Promise<void> {
    const m = copy.value ? lastSent(copy.value) : null;
    if (!m) return;
    outgoing.value = await outgoingOf(m);
    if (relay.value) {
      error.value = '';
      if (await deliver(copy.value!, m)) notice.value = `Message ${m.n} sent again through ${relay.value.label}.`;
    }
  }

  /**
   * A game carried by a relay: its copy (new to this library, or the library's own, brought up to date with what the
   * relay delivered and this browser checked), then anything this player has to pass on at once.
   */
  async function take(g: DistanceGame, how: { relay: Relay; title: string; fresh: boolean; recordId?: string; outgoing?: Message | null }): Promise<void> {
    error.value = notice.value = '';
    relay.value = how.relay;
    title.value = how.title.slice(0, 120);
    if (how.recordId) id.value = how.recordId;
    if (how.fresh) sourceId.value = null;
    copy.value = g;
    outgoing.value = how.outgoing ? await outgoingOf(how.outgoing) : null;
    const library = useLibraryStore();
    if (how.fresh) {
      id.value = library.makeId();
      await library.addGame(record());
    } else {
      await persist();
    }
    await library.remember(id.value!);
    if (how.outgoing) await deliver(g, how.outgoing);
    else await passIfIdle();
  }

  /** Messages the relay delivered (already checked): the copy moves on, and passes on at once when it has to. */
  async function advance(g: DistanceGame, applied: number): Promise<void> {
    copy.value = g;
    await persist();
    if (applied > 0) {
      outgoing.value = null;
      notice.value = turnOf(g).canAct ? 'Your turn: the other player\'s message has arrived.' : '';
      await passIfIdle();
    }
  }

  /** If the page was opened from a message link (`#d=...`), open that message (the fragment is then cleared). */
  async function openFromUrl(): Promise<boolean> {
    if (!isMessageFragment(location.hash)) return false;
    const text = location.hash;
    history.replaceState(null, '', location.pathname + location.search);
    await open(text);
    return true;
  }

  function close(): void {
    relay.value = null;
    copy.value = null;
    id.value = null;
    outgoing.value = null;
    error.value = notice.value = '';
  }

  return { copy, id, title, outgoing, notice, error, relay, turn, take, advance, me, state, view, canAct, mustSend, start, load, open, openFromUrl, act, takeBack, sendTurn, resend, close, exported: () => exportGame(copy.value!) };
});
