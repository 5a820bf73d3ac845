/** Seeded dice whose whole state lives in the game state (plain JSON), so a game replays exactly. */

/** Generator state: a 32-bit mulberry32 counter, plus an optional script of dice for tests. */
export interface RngState { s: number; script?: number[] }

export function createRng(seed: number): RngState {
  return { s: (Math.floor(seed) >>> 0) ^ 0x9e3779b9 };
}

/** Next uniform number in [0, 1) from a mutable copy of the state. */
function next(r: RngState): number {
  r.s = (r.s + 0x6d2b79f5) >>> 0;
  let t = r.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Roll one die with `sides` faces (1..sides). Scripted values are used first (tests), then the generator. */
export function rollDie(r: RngState, sides = 6): number {
  if (r.script && r.script.length > 0) {
    const v = r.script.shift()!;
    if (r.script.length === 0) delete r.script;
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new Error(`scripted die ${v} is not a d${sides} face`);
    return v;
  }
  return 1 + Math.floor(next(r) * sides);
}

/** Roll n dice. */
export function rollDice(r: RngState, n: number, sides = 6): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rollDie(r, sides));
  return out;
}

/** True with probability p (a uniform draw, or a scripted d6 read as p >= face/6 for tests). */
export function chance(r: RngState, p: number): boolean {
  if (r.script && r.script.length > 0) return rollDie(r, 6) <= Math.round(p * 6);
  return next(r) < p;
}

/** Test helper: a copy of a state whose next dice are the given faces (then the seeded generator resumes). */
export function withScriptedDice<T extends { rng: RngState }>(state: T, dice: number[]): T {
  return { ...state, rng: { ...state.rng, script: [...dice] } };
}
