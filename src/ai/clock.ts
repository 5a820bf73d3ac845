/**
 * A decision's time budget. The clock comes in from outside (`now`, e.g. performance.now in the play view); without
 * one nothing is ever over time and the search runs its iteration budget, fully seeded.
 */
export interface Deadline {
  /** Would one more step (half as long again as the longest so far) overrun the deadline? */
  over(): boolean;
  /** Run one step, timing it. */
  time<T>(fn: () => T): T;
}

export function deadline(ms: number, now?: () => number): Deadline {
  if (!now) return { over: () => false, time: (fn) => fn() };
  // Keep a margin: a playout can run longer than any before it, and the decision has work after its last one.
  const end = now() + SAFETY * ms;
  let longest = 0;
  return {
    over: () => now() + 1.5 * longest > end,
    time: (fn) => {
      const t = now();
      const out = fn();
      longest = Math.max(longest, now() - t);
      return out;
    },
  };
}

/** The share of the cap the search may plan to use. */
const SAFETY = 0.8;
