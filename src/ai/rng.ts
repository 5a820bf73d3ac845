/** Small seeded helpers for the policies and the balance runs (no Math.random: the same seed gives the same play). */

/** A mulberry32 stream: `next()` is uniform in [0, 1). */
export interface Stream { next(): number; int(n: number): number; seed(): number }

export function stream(seed: number): Stream {
  let s = (Math.floor(seed) >>> 0) ^ 0x2545f491;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), seed: () => Math.floor(next() * 4294967296) >>> 0 };
}

/**
 * The seed of item `i` under a run seed (game i of a balance run, side j of a game): a 32-bit hash of the pair, so
 * a game's seed depends only on (seed, i), never on which worker plays it or in what order.
 */
export function gameSeed(seed: number, i: number): number {
  let h = (Math.floor(seed) >>> 0) ^ Math.imul(Math.floor(i) + 0x632be5ab, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
