/**
 * A decision's time budget. The clock comes in from outside (`now`, e.g. performance.now in the play view); without
 * one nothing is ever over time and the search runs its iteration budget, fully seeded.
 */
export interface Deadline {
  /** Would one more step (as long as the longest so far) overrun the deadline? */
  over(): boolean;
  /** Run one step, timing it. */
  time<T>(fn: () => T): T;
}

export function deadline(ms: number, now?: () => number): Deadline {
  if (!now) return { over: () => false, time: (fn) => fn() };
  const end = now() + ms;
  let longest = 0;
  return {
    over: () => now() + longest > end,
    time: (fn) => {
      const t = now();
      const out = fn();
      longest = Math.max(longest, now() - t);
      return out;
    },
  };
}
