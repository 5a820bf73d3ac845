/**
 * The fast core's caches and shortcuts, each behind its own switch (architecture "One rule, one module"): they change
 * how fast an answer comes, never the answer. All are on in play; the fuzz suite and tests/engine/caches.test.ts play
 * the same games with each switched off and compare every listing, and `npm run bench -- engine` reports what each
 * one is worth (`caches` row). A cache that does not pay for itself there is deleted: two went that way (issue 26:
 * the per-listing reach beside a contact square and the three-backers shortcut of R-missile-lead measured 0.76-1.17x,
 * about nothing).
 */
export interface CacheSwitches {
  /** memo.ts: move searches remembered across listings, per start square, reused while the enemies they read stay. */
  moveMemo: boolean;
  /** keptLists.ts: each unit's move list kept through a move phase and patched where units changed. */
  moveLists: boolean;
  /** listing.ts: each missile unit's choices worked out once between shots (R-fire-order: every shot or hold empties them). */
  missileLists: boolean;
}

/** The switches as they stand (read by the core on every use). */
export const CACHES: CacheSwitches = { moveMemo: true, moveLists: true, missileLists: true };

/** Every switch's name. */
export const CACHE_NAMES = Object.keys(CACHES) as Array<keyof CacheSwitches>;

/** Run f with some switches set (the others as they are), then put them back. */
export function withCaches<T>(set: Partial<CacheSwitches>, f: () => T): T {
  const before = { ...CACHES };
  Object.assign(CACHES, set);
  try { return f(); } finally { Object.assign(CACHES, before); }
}

/** Every cache and shortcut off. */
export const NO_CACHES: CacheSwitches = { moveMemo: false, moveLists: false, missileLists: false };
