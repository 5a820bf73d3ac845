/**
 * The address follows the view, and the view follows the address (issue 45 item 4; routes in src/router.ts).
 * What the app shows stays in the stores (`editor.view`, the open entry, the open game): a change there pushes its
 * address, so the back button returns to the view before it; an address reached by the back button, a reload or a
 * bookmark is opened before the router settles on it, and one that cannot be opened (an entry since deleted) gives
 * way to the address of what is shown.
 */
import { computed, watch } from 'vue';
import type { Router } from 'vue-router';
import { incoming, pathOf, placeOf, type Place } from '../router';

export interface ViewAddressHooks {
  /** Where the app is now (undefined: in between, the address waits). */
  place(): Place | undefined;
  /** Show a place. */
  go(p: Place): Promise<void>;
  /** Open a share link's or a game message's fragment. */
  openLink(fragment: string): Promise<void>;
  /** Open the bare address's view. */
  openLibrary(): Promise<void>;
}

export function useViewAddress(router: Router, hooks: ViewAddressHooks) {
  let started = false;
  /** Places being opened from an address: their steps are not addresses of their own. */
  let opening = 0;
  const here = computed(() => {
    const p = hooks.place();
    return p ? pathOf(p) : undefined;
  });
  const routePath = () => {
    const p = placeOf(router.currentRoute.value);
    return p ? pathOf(p) : router.currentRoute.value.fullPath;
  };

  async function opened<T>(work: () => Promise<T>): Promise<T> {
    opening++;
    try {
      return await work();
    } finally {
      opening--;
    }
  }

  router.beforeEach(async (to) => {
    if (!started) return true;
    const p = placeOf(to);
    if (!p) return '/';
    const path = pathOf(p);
    if (path === here.value) return true;
    await opened(() => hooks.go(p));
    // Not opened (gone, damaged, refused): stay on the address of what is shown.
    return here.value === undefined || here.value === path ? true : here.value;
  });

  watch(here, (path, before) => {
    if (!started || opening > 0 || path === undefined || path === routePath()) return;
    // A new game's set-up gives way to the game it starts (going back does not ask for the set-up again), or, when
    // cancelled, to the view before it.
    if (!before?.startsWith('/new-game')) void router.push(path);
    else if ((history.state as { back?: unknown } | null)?.back === path) router.back();
    else void router.replace(path);
  });

  watch(incoming, (fragment) => {
    if (!started || !fragment) return;
    incoming.value = null;
    void hooks.openLink(fragment);
  });

  /** Open what the address names (a link's fragment first: it was taken off the address), then follow the view. */
  async function start(before: () => Promise<void>): Promise<void> {
    await router.isReady();
    try {
      await opened(async () => {
        await before();
        const fragment = incoming.value;
        incoming.value = null;
        const p = placeOf(router.currentRoute.value);
        if (fragment) await hooks.openLink(fragment);
        else if (p && p.view !== 'library') await hooks.go(p);
        // The bare address; or a link or an address that opened nothing (refused, waiting for the user's choice, an
        // entry since deleted, a new game's set-up with no scenario named): the library.
        if (hooks.place()?.view === 'library') await hooks.openLibrary();
      });
    } finally {
      started = true;
      if (here.value !== undefined && here.value !== routePath()) await router.replace(here.value);
    }
  }

  return { start };
}
