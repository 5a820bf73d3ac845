/**
 * The moveLists cache (caches.ts; issue 26 item 3): each unit's move list kept through a move phase and listed again
 * as it was while none of the squares it was worked out from has changed, or patched where some did, instead of being
 * worked out afresh from its searches (moves.ts, the rules) at every listing. The journal of changed squares is kept
 * by position.ts. With the switch off every list is made afresh; the fuzz suite compares the two listings.
 */
import type { Action } from '../rules/actions';
import type { Board } from './board';
import { CACHES } from './caches';
import type { MoveLists } from './lists';
import { engineOf, needsBacking, type MoveContext } from './moverules';
import { CARRY, SPLIT, ownTable } from './interned';
import { destinationAt, unitMoves, type Part } from './moves';

/**
 * Unit x's move actions, chargers waiting to fight and leads still to be backed aside (listing.ts adds and checks
 * those): as listed before in this move phase, with the squares whose units changed since worked out again, or afresh.
 * The list may be the one kept for the next listing: read it, never change it.
 */
export function keptMoves(ctx: MoveContext, x: number): readonly Action[] {
  const { lists } = ctx;
  const kept = lists && CACHES.moveLists ? lists.units[x] : undefined;
  const changed = kept ? changedSince(ctx, x, kept, lists!.journal) : null;
  if (kept && changed) {
    if (changed.length === 0) return kept.list;
    const now = patched(ctx, x, kept, changed, lists!.journal.length);
    lists!.units[x] = now;
    return now.list;
  }
  const fresh = unitMoves(ctx, x);
  if (lists) lists.units[x] = { at: lists.journal.length, squares: dependsOn(ctx, x, fresh.parts), list: fresh.list, parts: fresh.parts };
  return fresh.list;
}

type Kept = NonNullable<MoveLists['units'][number]>;

/**
 * The squares of a kept list whose units changed since it was made (none: list it as it is); null when it must be
 * made afresh: enemies left (the journal's -1: the searches read them), the unit's own stands or ballista changed (a
 * split, its ballista carried off), a lone missile stand's squares or their neighbours (its backers) changed, or the
 * square of a stand it could ride over (R-run-over: a unit led into it there, it is no longer a lone stand).
 */
function changedSince(ctx: MoveContext, x: number, kept: Kept, journal: readonly number[]): readonly number[] | null {
  const own = ctx.occ.sq[x]!, squares = kept.squares;
  let out: number[] | null = null;
  for (let k = kept.at; k < journal.length; k++) {
    const j = journal[k]!;
    if (j < 0) return null;
    if ((squares[j >> 5]! & (1 << (j & 31))) === 0 || out?.includes(j)) continue;
    if (needsBacking(ctx.occ.type[x]!, ctx.occ.stands[x]!)) return null;
    if (j === own) {
      // Its own square is no square it moves to: what it reads there is its ballista and, split off, its stands.
      if (!sameOwn(ctx, x, kept)) return null;
      continue;
    }
    for (const part of kept.parts) if (part.over === j) return null;
    (out ??= []).push(j);
  }
  return out ?? UNCHANGED;
}

const UNCHANGED: readonly number[] = [];

/** Does unit x still have the stands and the ballista to carry (or none) that its kept list was made with? */
function sameOwn(ctx: MoveContext, x: number, kept: Kept): boolean {
  let engine = -1;
  for (const part of kept.parts) if (part.variant === CARRY) engine = part.engine;
  return kept.parts[0]!.stands === ctx.occ.stands[x] && engineOf(ctx, x) === engine;
}

/**
 * A kept list with the actions of the `changed` squares worked out again (the searches stand: enemies did not move).
 * Most changes leave a square's actions as they were (a friend passed by, the square still takes the unit): the new
 * list is made only from the first square whose actions differ, and when none does the kept list stands.
 */
function patched(ctx: MoveContext, x: number, kept: Kept, changed: readonly number[], at: number): Kept {
  const t = ownTable(ctx, x);
  const parts = kept.parts, old = kept.list;
  let list: Action[] | null = null;
  // How far the old list is copied into the new one; (part, square, change in length) of each square worked out anew;
  // where the current part's actions start.
  let copied = 0, start = 0;
  const deltas: number[] = [];
  for (let q = 0; q < parts.length; q++) {
    const part = parts[q]!, r = part.r, ends = part.ends;
    // The changed squares this way reaches (found by indexOf: a few squares against a plain array), in list order.
    let found = 0;
    for (let c = 0; c < changed.length; c++) {
      const k = (r.square as number[]).indexOf(changed[c]!);
      if (k < 0 || k >= r.count) continue;
      let i = found++;
      for (; i > 0 && hits[i - 1]! > k; i--) hits[i] = hits[i - 1]!; // in order (a few: insertion)
      hits[i] = k;
    }
    for (let h = 0; h < found; h++) {
      const k = hits[h]!, s = k === 0 ? start : ends[k - 1]!, e = ends[k]!;
      const again: Action[] = [];
      destinationAt(ctx, t, x, part, k, again);
      if (!list) {
        if (sameAs(again, old, s, e)) continue;
        list = old.slice(0, s);
        copied = s;
      }
      for (let i = copied; i < s; i++) list.push(old[i]!);
      for (let i = 0; i < again.length; i++) list.push(again[i]!);
      copied = e;
      deltas.push(q, k, again.length - (e - s));
    }
    if (r.count > 0) start = ends[r.count - 1]!;
  }
  if (!list) return { at, squares: kept.squares, list: old, parts };
  for (let i = copied; i < old.length; i++) list.push(old[i]!);
  // Where each square's actions end now: shifted by the changes in length before it.
  let shift = 0, d = 0;
  const now: Part[] = [];
  for (let q = 0; q < parts.length; q++) {
    const p = parts[q]!;
    // A part before every change is as it was (parts are never changed: it is shared).
    if (shift === 0 && deltas[d] !== q) { now.push(p); continue; }
    const ends = p.ends.slice();
    let k = 0;
    for (; deltas[d] === q; d += 3) {
      for (const to = deltas[d + 1]!; k < to; k++) ends[k]! += shift;
      shift += deltas[d + 2]!;
    }
    for (; k < ends.length; k++) ends[k]! += shift;
    now.push(p.over === undefined ? { r: p.r, stands: p.stands, variant: p.variant, engine: p.engine, ends } : { r: p.r, stands: p.stands, variant: p.variant, engine: p.engine, ends, over: p.over });
  }
  return { at, squares: kept.squares, list, parts: now };
}

/** Scratch for patched: the squares (by place in a search) to work out again. */
const hits: number[] = [];

/** Are `now` the very actions of list[from, end)? */
function sameAs(now: readonly Action[], list: readonly Action[], from: number, end: number): boolean {
  if (now.length !== end - from) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== list[from + i]) return false;
  return true;
}

/**
 * The squares unit x's moves were worked out from, as a bit per square: its own (its ballista, a split) and the
 * squares it can end on (stacking, leading, riding over), by every way of moving (its parts, run-overs included). Enemies leave the board only by being ridden over, which
 * stales every list, and a melee's changes mark its squares (position.ts journal). A lone missile stand's backers
 * stand next to its squares (6J): for it, the squares next to them too.
 */
function dependsOn(ctx: MoveContext, x: number, parts: readonly Part[]): Uint32Array {
  const { occ, board } = ctx;
  const words = board.words, around = needsBacking(occ.type[x]!, occ.stands[x]!);
  const bits = new Uint32Array(words);
  addSquare(bits, board, around, occ.sq[x]!);
  for (const { r, variant } of parts) if (variant !== SPLIT) for (let k = 0; k < r.count; k++) addSquare(bits, board, around, r.square[k]!);
  return bits;
}

/** Square j's bit, and with `around` those of the squares next to it (a square off the board, -1, adds none). */
export function addSquare(bits: Uint32Array, board: Board, around: boolean, j: number): void {
  const words = board.words;
  if (j < 0) return;
  if (!around) { bits[j >> 5]! |= 1 << (j & 31); return; }
  for (let w = 0; w < words; w++) bits[w]! |= board.around[j * words + w]!;
}
