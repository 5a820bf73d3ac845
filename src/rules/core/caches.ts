/**
 * The fast core's caches and shortcuts, each behind its own switch (architecture "One rule, one module"): they change
 * how fast an answer comes, never the answer. All are on in play; the fuzz suite and tests/engine/caches.test.ts play
 * the same games with each switched off and compare every listing, and `npm run bench -- engine` reports what each
 * one is worth (`caches` row). A cache that does not pay for itself there is deleted.
 */
export interface CacheSwitches {
  /** memo.ts: move searches remembered across listings, per start square, reused while the enemies they read stay. */
  moveMemo: boolean;
  /** moves.ts: each unit's move list kept through a move phase and patched where units changed (with its search). */
  moveLists: boolean;
  /** moves.ts: per listing, the squares a unit's move reaches beside a contact square (R-missile-lead what-ifs). */
  reachNear: boolean;
  /** moves.ts: the exact shortcut that skips trying each action when every waiting melee has three independent backers. */
  surelyBacked: boolean;
  /** turn.ts: each missile unit's choices worked out once a missile phase. */
  missileLists: boolean;
}

/** The switches as they stand (read by the core on every use). */
export const CACHES: CacheSwitches = { moveMemo: true, moveLists: true, reachNear: true, surelyBacked: true, missileLists: true };

/** Every switch's name. */
export const CACHE_NAMES = Object.keys(CACHES) as Array<keyof CacheSwitches>;

/** Run f with some switches set (the others as they are), then put them back. */
export function withCaches<T>(set: Partial<CacheSwitches>, f: () => T): T {
  const before = { ...CACHES };
  Object.assign(CACHES, set);
  try { return f(); } finally { Object.assign(CACHES, before); }
}

/** Every cache and shortcut off. */
export const NO_CACHES: CacheSwitches = { moveMemo: false, moveLists: false, reachNear: false, surelyBacked: false, missileLists: false };
