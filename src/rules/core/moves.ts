/**
 * Each unit's move actions on the integer board (issue 9, fast core; digest 7): normal moves, charges, running over,
 * carrying a ballista, splitting knights and leading with a declared supporter, square by square from the unit's move
 * search (memo.ts), with the rules each square asks judged on the integer table (moverules.ts). A unit's list is kept
 * through the move phase and patched where units changed (the moveLists cache); listing.ts checks it against the
 * melees waiting for backing or for a charger, which depend on units anywhere on the board.
 */
import type { Action } from '../actions';
import type { Board } from './board';
import { stackFits, BALLISTARII, KNIGHTS } from './table';
import { reachOf, searched } from './memo';
import { CACHES } from './caches';
import { CHARGE, NORMAL, type Mover, type Reach } from './search';
import type { MoveLists, Position } from './position';
import { backers, breaksSupport, chargeFights, engineOf, mayLead, needsBacking, runsOver, type MoveContext } from './moverules';
import { CARRY, CHARGED, CHARGE_SPLIT, PLAIN, RAN_OVER, SPLIT, makeMove, move, ownTable, supportedMove, type Table } from './interned';


/**
 * Unit x's move actions, chargers waiting to fight and leads still to be backed aside (listing.ts adds and checks
 * those): as listed before in this move phase, with the squares whose units changed since worked out again, or afresh.
 * The list may be the one kept for the next listing: read it, never change it.
 */
export function keptMoves(ctx: MoveContext, x: number): readonly Action[] {
  const { occ, lists } = ctx;
  const kept = lists && CACHES.moveLists ? lists.units[x] : undefined;
  const changed = kept ? changedSince(ctx, x, kept, lists!.journal) : null;
  if (kept && changed) {
    if (changed.length === 0) return kept.list;
    const now = patched(ctx, x, kept, changed, lists!.journal.length);
    lists!.units[x] = now;
    return now.list;
  }
  const out: Action[] = [];
  const t = ownTable(ctx, x);
  const engine = engineOf(ctx, x);
  const r = reachOf(ctx, x, false);
  const parts: Part[] = [];
  parts.push(way(ctx, t, x, r, occ.stands[x]!, PLAIN, -1, out));
  const carried = engine >= 0 ? reachOf(ctx, x, true) : null;
  if (carried) parts.push(way(ctx, t, x, carried, occ.stands[x]!, CARRY, engine, out));
  // Knights and 2-stand ballistarii crews split, and join again by moving into each other's square (6F, 4).
  if ((occ.type[x] === KNIGHTS || occ.type[x] === BALLISTARII) && occ.stands[x] === 2) parts.push(way(ctx, t, x, r, 1, SPLIT, -1, out));
  // R-exit: off the board across an edge, last in the list (a kept list's patches copy what follows its parts as it is).
  if (r.exit) out.push((t.exit[0] ??= Object.freeze(makeMove(t.side, t.unit, 'off', ''))));
  if (carried?.exit) out.push((t.exit[1] ??= Object.freeze(makeMove(t.side, t.unit, 'off', 'carry'))));
  if (lists) lists.units[x] = { at: lists.journal.length, squares: dependsOn(ctx, x, r, carried), list: out, parts };
  return out;
}

/**
 * One way of moving (a search, the mover's stands, a variant, the ballista carried or -1): its squares' actions
 * appended to `out`, and the part that says where each square's actions end. (A function of the module, not a
 * closure made per call: the CLI and the bench run through tsx, which names every closure made in a function, about
 * 0.4 µs each.)
 */
function way(ctx: MoveContext, t: Table, x: number, reach: Reach, stands: number, variant: number, carried: number, out: Action[]): Part {
  const part: Part = { r: reach, stands, variant, engine: carried, ends: new Array<number>(reach.count) };
  const cells = ctx.occ.cells, beside = ctx.besideMelee, square = reach.square, kind = reach.kind, moves = t.moves, at = variant * ctx.board.n;
  for (let k = 0; k < reach.count; k++) {
    const j = square[k]!;
    // An empty square away from melees (most of them): its plain move if it has one, as destinationAt would list.
    if (cells[j]!.length === 0 && (beside === null || (beside[j >> 5]! & (1 << (j & 31))) === 0)) {
      if (kind[k]! & NORMAL) out.push(moves[at + j] ?? move(ctx.board, t, j, variant));
    } else destinationAt(ctx, t, x, part, k, out);
    part.ends[k] = out.length;
  }
  return part;
}

/** One way of moving in a kept list: the search, the mover's stands, the variant, the ballista carried (-1: none), and where each square's actions end in the list. */
export interface Part { r: Reach; stands: number; variant: number; engine: number; ends: number[] }

type Kept = NonNullable<MoveLists['units'][number]>;

/**
 * The squares of a kept list whose units changed since it was made (none: list it as it is); null when it must be
 * made afresh: enemies left (the journal's -1: the searches read them), the unit's own stands or ballista changed (a
 * split, its ballista carried off), or a lone missile stand's squares or their neighbours (its backers) changed.
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
    now.push({ r: p.r, stands: p.stands, variant: p.variant, engine: p.engine, ends });
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
 * squares it can end on (stacking, leading, riding over). Enemies leave the board only by being ridden over, which
 * stales every list, and a melee's changes mark its squares (position.ts journal). A lone missile stand's backers
 * stand next to its squares (6J): for it, the squares next to them too.
 */
function dependsOn(ctx: MoveContext, x: number, r: Reach, carried: Reach | null): Uint32Array {
  const { occ, board } = ctx;
  const words = board.words, around = needsBacking(occ.type[x]!, occ.stands[x]!);
  const bits = new Uint32Array(words);
  addSquare(bits, board, around, occ.sq[x]!);
  for (let k = 0; k < r.count; k++) addSquare(bits, board, around, r.square[k]!);
  if (carried) for (let k = 0; k < carried.count; k++) addSquare(bits, board, around, carried.square[k]!);
  return bits;
}

/** Square j's bit, and with `around` those of the squares next to it. */
function addSquare(bits: Uint32Array, board: Board, around: boolean, j: number): void {
  const words = board.words;
  if (!around) { bits[j >> 5]! |= 1 << (j & 31); return; }
  for (let w = 0; w < words; w++) bits[w]! |= board.around[j * words + w]!;
}

/** The actions of the k-th square of one way of moving (a part: its search, variant and the mover's stands), appended to `out`. */
function destinationAt(ctx: MoveContext, t: Table, x: number, part: Part, k: number, out: Action[]): void {
  const { board, occ, besideMelee: beside } = ctx;
  const { r, stands, variant, engine } = part;
  const enemy = occ.enemy[occ.side[x]!]!;
  const carry = variant === CARRY;
  const chargeTag = variant === SPLIT ? CHARGE_SPLIT : CHARGED;
  const j = r.square[k]!, normal = (r.kind[k]! & NORMAL) !== 0, charge = (r.kind[k]! & CHARGE) !== 0 && !carry;
  const near = beside !== null && (beside[j >> 5]! & (1 << (j & 31))) !== 0;
  if (occ.cells[j]!.length === 0) {
    // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
    // (way() lists an empty square away from melees itself, the same plain move: keep the two in step.)
    if (normal) out.push(move(board, t, j, variant));
    if (charge && near && chargeFights(ctx, x, j, false)) out.push(move(board, t, j, chargeTag));
    return;
  }
  if (enemy[j]) {
    if (carry) return;
    if (normal && variant !== SPLIT && runsOver(ctx, x, j)) out.push(move(board, t, j, RAN_OVER));
    if (!mayLead(ctx, x, stands, j, false)) {
      // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
      if (normal && needsBacking(occ.type[x]!, stands) && mayLead(ctx, x, stands, j, true)) {
        for (const y of backers(ctx, x, j)) out.push(supportedMove(t, board.names[j]!, ctx.ids[y]!));
      }
      return;
    }
  } else if (!stackFits(occ, j, x, stands, engine) || breaksSupport(ctx, x, j)) return;
  if (normal) out.push(move(board, t, j, variant));
  if (charge && (enemy[j] || near) && chargeFights(ctx, x, j, enemy[j] === 1)) out.push(move(board, t, j, chargeTag));
}

/**
 * The squares the cheapest path to square j came through (the cheapest charge path with `charge`), nearest first, at
 * most 2, the start square included; undefined when the mover cannot reach j (an attacker retreats back along it, 9L).
 * The search is the one unit x's kept list was made from when there is one (enemies have not moved since), else the
 * memo's.
 */
export function trailTo(p: Position, x: number, m: Mover, j: number, charge: boolean): number[] | undefined {
  const s = p.side[x]!;
  const r = keptReach(p.moveLists, x, m.carry) ?? searched(p.game.memo, p.board, p.game.rules, m, p.enemy[s]!, p.enemyBits[s]!);
  for (let k = 0; k < r.count; k++) {
    if (r.square[k] !== j) continue;
    if (charge && !(r.kind[k]! & CHARGE)) return [];
    const t = charge ? r.chargeTrail : r.trail;
    const out: number[] = [];
    if (t[2 * k]! >= 0) out.push(t[2 * k]!);
    if (t[2 * k + 1]! >= 0) out.push(t[2 * k + 1]!);
    return out;
  }
  return undefined;
}

/** The search unit x's kept list was made from (carrying its ballista or not), if it still holds. */
function keptReach(lists: MoveLists, x: number, carry: boolean): Reach | null {
  const kept = lists.units[x];
  if (!kept || !CACHES.moveLists) return null;
  for (let k = kept.at; k < lists.journal.length; k++) if (lists.journal[k]! < 0) return null;
  for (const part of kept.parts) if (part.variant === (carry ? CARRY : PLAIN)) return part.r;
  return null;
}
