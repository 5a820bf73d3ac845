/**
 * Games at a distance through the club server (issue 40): "Your games" (whose turn, time left), challenges from the
 * club library, and the relay that carries the open game's messages (src/stores/distance.ts `take`/`advance`).
 * The server is never trusted: what it delivers is checked here as a link or file is (src/club/relay.ts). This
 * player's own secrets go to the server only encrypted with its games key, kept in this browser (localStorage) and
 * copied by the player to another device; the server never sees the key.
 *
 * Your turn is said in the page title ("(1) Your turn · ..."), in the page (ClubGames' notice) and, where the browser
 * allows it and the player agreed, by a notification.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { invite, join, lastSent, type DistanceGame, type Message } from '../distance';
import type { Scenario } from '../rules';
import { games as api, myTurns, opponentOf, titleWithTurns, type ClubGame } from '../club/games';
import { applyServer, isKeyText, keepOf, newKeyText, openKeep, rebuild, sealKeep } from '../club/relay';
import { useClubStore } from '../club/store';
import { club } from '../club/client';
import { parseScenario } from '../scenario';
import { canonical } from './game';
import { useDistanceStore, type Relay } from './distance';
import { useLibraryStore } from './library';
import { useEditorStore } from './editor';
import type { GameRecord } from './db';

const KEY_PREFIX = 'nevsky-games-key:';

export const useClubGamesStore = defineStore('clubGames', () => {
  const clubStore = useClubStore();
  const list = shallowRef<ClubGame[]>([]);
  const error = ref('');
  /** A sentence for the page when a game became this member's turn (or its time is short). */
  const notice = ref('');
  /** The game whose keep needs this member's games key, which this browser does not have. */
  const needKey = ref<string | null>(null);
  /** The server id of the game the play view shows through the relay. */
  const openId = ref<string | null>(null);
  const revisions = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();

  const meId = computed(() => clubStore.me?.id ?? null);
  const turns = computed(() => (meId.value ? myTurns(list.value, meId.value) : []));

  function keyName(): string | null {
    return clubStore.me ? `${KEY_PREFIX}${clubStore.me.club.id}:${clubStore.me.id}` : null;
  }
  /** This member's games key in this browser, or null. */
  function key(): string | null {
    const k = keyName();
    try { return k ? localStorage.getItem(k) : null; } catch { return null; }
  }
  /** The key, made the first time this member starts or joins a game in this browser. */
  function ensureKey(): string {
    const have = key();
    if (have) return have;
    const made = newKeyText();
    try { localStorage.setItem(keyName()!, made); } catch { /* storage off: the games of this session only */ }
    return made;
  }
  /** Take the games key copied from another device; false when it is not one. */
  function setKey(text: string): boolean {
    if (!isKeyText(text) || !keyName()) return false;
    try { localStorage.setItem(keyName()!, text.trim()); } catch { return false; }
    return true;
  }

  /** One relay call at a time: keeps go to the server in order, each on the revision before it. */
  function serial<T>(job: () => Promise<T>): Promise<T> {
    const next = queue.then(job, job);
    queue = next.catch(() => undefined);
    return next;
  }

  async function keepBlob(g: DistanceGame, serverId: string | null) {
    const revision = (serverId ? revisions.get(serverId) ?? 0 : 0) + 1;
    return { revision, blob: await sealKeep(ensureKey(), g.game, await keepOf(g)) };
  }

  /** The relay of one game (its server id known once the invitation is made, `start` below). */
  function relayFor(serverId: string | null, other: string, make?: { entry: string; opponent: string | null; days: number }): Relay {
    let id = serverId;
    return {
      label: 'the club server',
      players: { me: clubStore.me?.name ?? 'you', other },
      sent: (g, m) => serial(async () => {
        const keep = await keepBlob(g, id);
        if (m.n === 0 && make && !id) {
          const made = await api.create({ entry: make.entry, side: m.from, opponent: make.opponent, days: make.days, message: m, keep });
          id = openId.value = made.id;
        } else {
          await api.post(id!, m, keep);
        }
        revisions.set(id!, keep.revision);
        await refresh();
      }),
      kept: (g) => serial(async () => {
        if (!id) return;
        const keep = await keepBlob(g, id);
        await api.keep(id, keep);
        revisions.set(id, keep.revision);
      }),
    };
  }

  async function refresh(): Promise<void> {
    if (!clubStore.me) { list.value = []; return; }
    const before = new Set(turns.value.map((g) => `${g.id}:${g.count}`));
    list.value = await api.list();
    const fresh = turns.value.filter((g) => !before.has(`${g.id}:${g.count}`) && g.id !== openId.value);
    const short = turns.value.filter((g) => g.reminder);
    if (fresh.length) announce(`Your turn in ${fresh.map((g) => `“${g.title}” against ${opponentOf(g, meId.value!)?.name ?? 'a member'}`).join(', ')}.`);
    else if (short.length) notice.value = `Time is short in ${short.map((g) => `“${g.title}”`).join(', ')}: answer before the time runs out, or the game is lost on time.`;
  }

  /** Say it in the page and, where allowed, as a notification. */
  function announce(text: string): void {
    notice.value = text;
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible') {
      try { new Notification('Nevsky: your turn', { body: text, tag: 'nevsky-turn' }); } catch { /* not allowed here */ }
    }
  }
  const notifications = ref(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  async function askNotifications(): Promise<void> {
    if (typeof Notification === 'undefined') return;
    notifications.value = await Notification.requestPermission();
  }

  /** Run an action; its failure becomes `error` (a plain sentence) and false. */
  async function attempt(job: () => Promise<unknown>): Promise<boolean> {
    error.value = '';
    try { await job(); return true; } catch (err) { error.value = (err as Error).message; return false; }
  }

  function showPlay(): void {
    useEditorStore().view = 'play';
  }

  /** Challenge `opponent` (or any member: null) to the club library's scenario `entry`, playing `side`. */
  const challenge = (entry: string, side: string, opponent: { id: string; name: string } | null, days: number) => attempt(async () => {
    const doc = await club.entry(entry);
    const read = parseScenario(JSON.stringify(doc.doc));
    if (!read.ok) throw new Error('This scenario cannot be played: open it in the editor to see why.');
    const scenario: Scenario = canonical(read.scenario);
    const made = await invite(scenario, side);
    const other = opponent?.name ?? 'any member';
    const distance = useDistanceStore();
    await distance.take(made.game, { relay: relayFor(null, other, { entry, opponent: opponent?.id ?? null, days }), title: `${scenario.meta.title} — against ${other}`, fresh: true, outgoing: made.message });
    if (distance.error) throw new Error(distance.error);
    showPlay();
  });

  /** Open a game of the list: join it (an open game, or a challenge to this member), or resume it. */
  const open = (id: string) => attempt(async () => {
    const me = meId.value!;
    const full = await api.get(id);
    const g = full.game;
    const other = opponentOf(g, me)?.name ?? 'the other player';
    const distance = useDistanceStore();
    const library = useLibraryStore();
    const title = `${g.title} — against ${other}`;
    openId.value = id;
    if (g.status === 'waiting' && g.inviter.id !== me) {
      // Joining: the invitation is checked as one opened from a link is.
      const joined = await join(full.messages[0]);
      if (!joined.ok) throw new Error(`The invitation the club server gave was refused: ${joined.reason}`);
      revisions.set(id, full.keep?.revision ?? 0);
      await distance.take(joined.game, { relay: relayFor(id, g.inviter.name), title, fresh: true, outgoing: joined.message });
      showPlay();
      return;
    }
    revisions.set(id, full.keep?.revision ?? 0);
    const local = library.records.find((r) => r.kind === 'game' && (r as GameRecord).distance?.game === g.game);
    const rec = local ? await library.entry(local.id) : undefined;
    if (rec && rec.kind === 'game' && (rec as GameRecord).distance) {
      await distance.load(rec as GameRecord);
      const copy = (rec as GameRecord).distance!;
      const out = await applyServer(copy, full.messages, (await keepOf(copy)).sent, g.count);
      await distance.take(out.game, { relay: relayFor(id, other), title: rec.title, fresh: false });
      if (out.problem) distance.error = out.problem;
      // A message of this player the server does not have yet (it failed to arrive): sent again.
      const mine = lastSent(out.game);
      if (!out.problem && mine && mine.n >= g.count && g.status !== 'finished') await distance.resend();
      showPlay();
      return;
    }
    if (!full.keep) throw new Error('The club server has none of your secrets of this game: it was played from a browser that never reached the server.');
    const k = key();
    if (!k) { needKey.value = id; throw new Error('This browser does not have your games key: copy it from the device you played on (Your games → Your games key), paste it here, and open the game again.'); }
    const keep = await openKeep(k, g.game, full.keep.blob);
    if (!keep) { needKey.value = id; throw new Error('Your games key in this browser does not open your secrets of this game: paste the key of the device you played on.'); }
    const built = await rebuild(keep, full.messages, g.count);
    await distance.take(built.game, { relay: relayFor(id, other), title, fresh: true });
    if (built.problem) distance.error = built.problem;
    showPlay();
  });

  /** What the server delivered of the open game since this copy's last messages, checked before it is applied. */
  async function sync(id: string): Promise<void> {
    const distance = useDistanceStore();
    const copy = distance.copy;
    if (!copy || !distance.relay) return;
    const full = await api.get(id, Math.max(-1, copy.messages.length - 3));
    const out = await applyServer(copy, full.messages, (await keepOf(copy)).sent, full.game.count);
    if (out.problem) distance.error = out.problem;
    await distance.advance(out.game, out.applied);
  }

  const resign = (id: string) => attempt(async () => { await api.resign(id); await refresh(); });
  const withdraw = (id: string) => attempt(async () => { await api.withdraw(id); await refresh(); });
  /** Enter the result of the open game as this copy knows it (both players' copies must agree). */
  const enterResult = (id: string, winner: string | null, points?: Record<string, number>) => attempt(async () => { await api.result(id, winner, points); await refresh(); });

  // Live: a game of this member changed. The open one is synced (each message checked); the list is read again.
  watch(() => clubStore.gameEvent, (e) => {
    if (!e) return;
    if (e.id === openId.value && useDistanceStore().relay) void sync(e.id).catch((err: Error) => { useDistanceStore().error = err.message; });
    void refresh().catch(() => undefined);
  });
  watch(() => clubStore.me, (m) => { if (m) void refresh().catch(() => undefined); else { list.value = []; openId.value = null; } }, { immediate: true });

  // The open game is over on this copy: its result, as this copy read it, goes to the server (both players' must agree).
  watch(() => { const d = useDistanceStore(); return d.relay && openId.value && d.view?.phase === 'over' ? `${openId.value}|${d.view.result?.winner ?? ''}` : null; }, (key) => {
    if (!key) return;
    const [id, winner] = key.split('|') as [string, string];
    const g = list.value.find((x) => x.id === id);
    if (!g || g.status !== 'playing' || g.claims[meId.value ?? ''] !== undefined) return;
    void enterResult(id, winner || null, useDistanceStore().view?.result?.points);
  });

  // The page title says when it is this member's turn.
  const baseTitle = typeof document === 'undefined' ? '' : document.title.replace(/^\(\d+\) Your turn · /, '');
  watch(() => turns.value.length, (n) => {
    if (typeof document === 'undefined') return;
    document.title = titleWithTurns(document.title.replace(/^\(\d+\) Your turn · /, '') || baseTitle, n);
  });

  return { list, error, notice, needKey, openId, turns, notifications, key, setKey, refresh, challenge, open, sync, resign, withdraw, enterResult, askNotifications, attempt };
});

export type { Message };
