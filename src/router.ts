/**
 * Views with addresses (issue 45 item 4): the library, a scenario in the editor (and its balance panel), a roster, a
 * game (and its replay), a new game's set-up. The back button, a bookmark and a reload return to the view; the bare
 * address opens the library.
 *
 * Hash history (`<page>#/scenario/<id>`): the server is only ever asked for the page itself, so the app runs from any
 * folder of any static host with no fallback to index.html, and offline from the service worker's copy of it. The
 * fragment is also where share links (`#s=...`) and game messages (`#d=...`) travel; a view's path always starts with
 * "/", so the two never meet: such a fragment is taken off the address before the router reads it (at start, and when
 * one is pasted into an open tab), kept in `incoming` for App.vue to open, and the view's address then takes its place.
 */
import { shallowRef } from 'vue';
import { createRouter, createWebHashHistory, type RouteLocationNormalizedLoaded, type Router } from 'vue-router';
import { isMessageFragment, isShareFragment } from './scenario/fragments';
import LibraryView from './views/LibraryView.vue';

/** Where the app is: what the address says, and what App.vue shows. */
export type Place =
  | { view: 'library' }
  | { view: 'editor'; id: string; balance: boolean }
  | { view: 'roster'; id: string }
  | { view: 'game'; id: string; replay: boolean }
  | { view: 'new-game'; from: string | null };

/** The views' code, loaded when a view is first opened (the library is in the first load; the rest are chunks). */
export const VIEWS = {
  editor: () => import('./views/EditorView.vue'),
  roster: () => import('./views/RosterView.vue'),
  play: () => import('./views/PlayView.vue'),
};

/** A share link or game message fragment waiting to be opened (the whole fragment, with its "#"). */
export const incoming = shallowRef<string | null>(null);

/** Is this fragment a share link's or a game message's? */
export function isIncoming(fragment: string): boolean {
  return isShareFragment(fragment) || isMessageFragment(fragment);
}

/** The address path of a place. */
export function pathOf(p: Place): string {
  const id = (s: string) => encodeURIComponent(s);
  switch (p.view) {
    case 'library': return '/';
    case 'editor': return `/scenario/${id(p.id)}${p.balance ? '/balance' : ''}`;
    case 'roster': return `/roster/${id(p.id)}`;
    case 'game': return `/game/${id(p.id)}${p.replay ? '/replay' : ''}`;
    case 'new-game': return p.from ? `/new-game?from=${id(p.from)}` : '/new-game';
  }
}

/** The place an address names (undefined for an address that names none). */
export function placeOf(route: Pick<RouteLocationNormalizedLoaded, 'name' | 'params' | 'query'>): Place | undefined {
  const id = typeof route.params.id === 'string' ? route.params.id : '';
  switch (route.name) {
    case 'library': return { view: 'library' };
    case 'editor': return { view: 'editor', id, balance: false };
    case 'balance': return { view: 'editor', id, balance: true };
    case 'roster': return { view: 'roster', id };
    case 'game': return { view: 'game', id, replay: false };
    case 'replay': return { view: 'game', id, replay: true };
    case 'new-game': return { view: 'new-game', from: typeof route.query.from === 'string' ? route.query.from : null };
    default: return undefined;
  }
}

/** Take a share link or message fragment off the address into `incoming`, leaving `path` (a view's) in its place. */
function takeIncoming(path: string | null): void {
  if (!isIncoming(location.hash)) return;
  incoming.value = location.hash;
  history.replaceState(history.state, '', `${location.pathname}${location.search}${path ? `#${path}` : ''}`);
}

export function createAppRouter(): Router {
  takeIncoming(null);
  let router: Router | undefined = undefined;
  // Registered before the router's own listener: a link pasted into the address bar is taken before the router reads it.
  window.addEventListener('popstate', () => takeIncoming(router?.currentRoute.value.fullPath ?? '/'));
  router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', name: 'library', component: LibraryView },
      { path: '/scenario/:id', name: 'editor', component: VIEWS.editor },
      { path: '/scenario/:id/balance', name: 'balance', component: VIEWS.editor },
      { path: '/roster/:id', name: 'roster', component: VIEWS.roster },
      { path: '/game/:id', name: 'game', component: VIEWS.play },
      { path: '/game/:id/replay', name: 'replay', component: VIEWS.play },
      { path: '/new-game', name: 'new-game', component: VIEWS.play },
      // Anything else (an old bookmark, a mistyped address) opens the library.
      { path: '/:rest(.*)*', redirect: '/' },
    ],
  });
  return router;
}
