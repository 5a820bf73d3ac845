/**
 * The club: whether this page is served by a club server, who is logged in, the club's library, and its live updates.
 * Local-first: `detect()` asks GET /api/health once; when it fails (a static host, a file, offline) `server` stays
 * null and nothing else here ever runs, so the app is as it was.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { club, ClubError, type ClubEntry, type EntryEvent, type Health, type Kind, type Me } from './client';
import type { GameEvent } from './games';

/**
 * A local library entry taken from (or published to) the club: which club entry, at which revision. `title` is the
 * club entry's title and `localTitle` the local entry's when they were linked: a copy kept beside another of the same
 * title ("Keep both") is renamed in the local library only, and saving it back keeps the club entry's own title.
 */
export interface ClubLink { clubId: string; entryId: string; revision: number; kind: Kind; title?: string; localTitle?: string }

/** The title a linked local document is saved to the club under: the club's own, unless it was renamed locally since. */
export function clubTitle(link: ClubLink, localTitle: string): string {
  return link.title !== undefined && link.localTitle !== undefined && localTitle === link.localTitle ? link.title : localTitle;
}

const LINKS_KEY = 'nevsky-club-links';

function readLinks(): Record<string, ClubLink> {
  try {
    const v = JSON.parse(localStorage.getItem(LINKS_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Record<string, ClubLink>) : {};
  } catch {
    return {};
  }
}

/** The invitation token of an address's fragment (`#/join/<token>`), or null. */
export function joinToken(hash: string): string | null {
  const m = /^#\/join\/([A-Za-z0-9_-]{20,64})$/.exec(hash);
  return m ? m[1]! : null;
}

/**
 * The invitation the page was opened with, read as this module loads: before the router reads the address (an
 * invitation is no view of its own, so the router would replace it with the library's address).
 */
let openedWith: string | null = typeof location === 'undefined' ? null : joinToken(location.hash);

/** The invitation of the address now, or the one the page was opened with (each given once). */
export function takeJoinToken(): string | null {
  const now = typeof location === 'undefined' ? null : joinToken(location.hash);
  const t = now ?? openedWith;
  openedWith = null;
  return t;
}

export const useClubStore = defineStore('club', () => {
  const server = shallowRef<Health | null>(null);
  const me = shallowRef<Me | null>(null);
  const entries = shallowRef<ClubEntry[]>([]);
  const error = ref('');
  /** The last live update heard (a short sentence for the panel). */
  const lastEvent = shallowRef<EntryEvent | null>(null);
  /** The last live update of a game at a distance this member plays (src/stores/clubGames.ts follows it). */
  const gameEvent = shallowRef<GameEvent | null>(null);
  const links = ref<Record<string, ClubLink>>(readLinks());
  let events: EventSource | null = null;

  const organiser = computed(() => me.value?.role === 'organiser');

  /** Ask the server once. With no club server, nothing changes and null is returned. */
  async function detect(): Promise<Health | null> {
    server.value = await club.health();
    if (server.value) await loadMe();
    return server.value;
  }

  async function loadMe(): Promise<void> {
    try {
      me.value = await club.me();
      await refresh();
      listen();
    } catch (err) {
      me.value = null;
      if (!(err instanceof ClubError && err.status === 401)) error.value = (err as Error).message;
    }
  }

  async function refresh(): Promise<void> {
    if (!me.value) return;
    entries.value = await club.library();
  }

  function listen(): void {
    if (events || typeof EventSource === 'undefined') return;
    events = new EventSource('api/events');
    // The stream ended and could not be opened again (a revoked member, an ended session): ask who we are now.
    events.onerror = () => {
      if (events?.readyState !== EventSource.CLOSED) return;
      events = null;
      void loadMe();
    };
    events.onmessage = (ev: MessageEvent<string>) => {
      try {
        const e = JSON.parse(ev.data) as EntryEvent | GameEvent;
        if (e.type === 'game') { gameEvent.value = e; return; }
        if (e.type !== 'entry') return;
        lastEvent.value = e;
        void refresh().catch(() => undefined);
      } catch { /* not an event of ours */ }
    };
  }

  function stopListening(): void {
    events?.close();
    events = null;
  }

  /** Run a club action; its failure becomes `error` (a plain sentence) and false. */
  async function attempt(job: () => Promise<unknown>): Promise<boolean> {
    error.value = '';
    try {
      await job();
      return true;
    } catch (err) {
      error.value = (err as Error).message;
      // The session ended (logged out elsewhere, or revoked): show the page as logged out.
      if (err instanceof ClubError && err.status === 401) { stopListening(); me.value = null; entries.value = []; }
      return false;
    }
  }

  const login = (name: string, password: string) => attempt(async () => { await club.login(name, password); await loadMe(); });
  const accept = (token: string, name: string, login: string, password: string) => attempt(async () => { await club.accept(token, name, login, password); await loadMe(); });
  const logout = () => attempt(async () => {
    stopListening();
    await club.logout();
    me.value = null;
    entries.value = [];
  });

  function linkOf(localId: string | null): ClubLink | undefined {
    const l = localId ? links.value[localId] : undefined;
    return l && me.value && l.clubId === me.value.club.id ? l : undefined;
  }

  function setLink(localId: string, entryId: string, revision: number, kind: Kind, titles?: { title: string; localTitle: string }): void {
    if (!me.value) return;
    const before = links.value[localId];
    // The titles stay those of when the two were first linked (a later save keeps the mapping).
    const keep = titles ?? (before?.entryId === entryId ? { title: before.title, localTitle: before.localTitle } : {});
    links.value = { ...links.value, [localId]: { clubId: me.value.club.id, entryId, revision, kind, ...keep } };
    try { localStorage.setItem(LINKS_KEY, JSON.stringify(links.value)); } catch { /* storage full or off: the link lasts this session */ }
  }

  /** The origin share links start with: the server's public address when served by one, else this page's. */
  const linkOrigin = computed(() => me.value?.publicUrl?.replace(/\/+$/, '') || null);

  /**
   * The club entry linked to local entry `localId`, when someone else saved it since this copy's revision (a live
   * update): who, and the revision it is at now.
   */
  function updatedElsewhere(localId: string | null): { entry: ClubEntry; link: ClubLink } | null {
    const link = linkOf(localId);
    const entry = link && entries.value.find((e) => e.id === link.entryId);
    return entry && link && entry.revision > link.revision && entry.updated_by !== me.value?.name ? { entry, link } : null;
  }

  return { server, me, entries, error, lastEvent, organiser, linkOrigin, detect, refresh, login, accept, logout, attempt, linkOf, setLink, updatedElsewhere, gameEvent, stopListening };
});
