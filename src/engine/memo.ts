/**
 * Move searches remembered (issue 9, fast core): most units stand still between two listings, so their searches
 * repeat. Kept per board and hill rules, keyed by an integer (start square, troop type, after a charge, carrying).
 * A search depends on nothing else but the enemy-held squares it read, so an entry records the squares it could have
 * read (those it reached and their neighbours) and which of them were enemy-held; it is reused exactly when the
 * enemy-held squares inside that region are the same now, checked a word (32 squares) at a time over the few words
 * the region spans. Listings ask again and again (every unit, every position), so the hit is the path made short.
 */
import { TROOP_TYPES } from '../rules/troops';
import type { ResolvedRules } from '../rules/scenario';
import type { Board } from './board';
import { newReach, search, type Mover, type Nums, type Reach } from './search';
import { F_AFTER_CHARGE, TYPE_INDEX, type Table } from './table';
import { CACHES } from './caches';

interface Entry {
  reach: Reach;
  /** The first word of the region with a square in it (a region spans a few rows: its words are few and together). */
  lo: number;
  /**
   * From word lo on, two integers a word to the region's last: the region's bits (squares whose enemy flag the search
   * may have read), and those of them that were enemy-held.
   */
  words: Int32Array;
}

/** The last search by key (one a key: keeping two, or four, cost more in checks than they saved in searches). */
export interface Memo { board: Board; entries: Array<Entry | undefined>; size: number }

const memos = new WeakMap<Board, Map<string, Memo>>();
/** The memo last used with a hill-rules object (one per game: every state of a game shares its rules). */
const byHills = new WeakMap<object, Memo>();
/** Entries kept per memo (then it starts afresh). */
const LIMIT = 10_000;

/** The memo for a board under these hill rules (the only rules the search reads). */
export function memoFor(board: Board, rules: ResolvedRules): Memo {
  const last = byHills.get(rules.hills);
  if (last?.board === board) return last;
  let byRules = memos.get(board);
  if (!byRules) memos.set(board, (byRules = new Map()));
  const key = `${rules.hills.banned.join(',')}|${rules.hills.movePenalty}`;
  let memo = byRules.get(key);
  if (!memo) byRules.set(key, (memo = { board, entries: noEntries(board), size: 0 }));
  byHills.set(rules.hills, memo);
  return memo;
}

/** An empty slot for every key, so that the array stays a plain dense one (never a sparse dictionary). */
function noEntries(board: Board): Array<Entry | undefined> {
  return new Array<Entry | undefined>(board.n * TROOP_TYPES.length * 4).fill(undefined);
}

/** The search's own region buffer (cleared before each search; an entry keeps only its words with squares in them). */
let region = new Uint32Array(0);

/**
 * search() through the memo (`typeIndex`: the mover's type's index in TROOP_TYPES). `enemyBits` holds a bit for each
 * square `enemy` marks. The result is the memo's own (or `scratch` filled and then copied into the memo): read it,
 * never change it.
 */
export function memoSearch(memo: Memo, board: Board, rules: ResolvedRules, m: Mover, typeIndex: number, enemy: ArrayLike<number>, enemyBits: Uint32Array, scratch: Reach): Reach {
  // Keys are dense (start square, type, after a charge, carrying): an array indexed by them.
  const key = ((m.from * TROOP_TYPES.length + typeIndex) * 2 + (m.afterCharge ? 1 : 0)) * 2 + (m.carry ? 1 : 0);
  const last = CACHES.moveMemo ? memo.entries[key] : undefined;
  if (last && sameEnemies(last, enemyBits)) return last.reach;
  const words = board.words;
  if (region.length < words) region = new Uint32Array(words);
  region.fill(0, 0, words);
  search(board, rules, m, enemy, scratch, region);
  let lo = 0, hi = words - 1;
  while (lo < hi && region[lo] === 0) lo++;
  while (hi > lo && region[hi] === 0) hi--;
  const kept = new Int32Array(2 * (hi - lo + 1));
  for (let w = lo; w <= hi; w++) { kept[2 * (w - lo)] = region[w]!; kept[2 * (w - lo) + 1] = region[w]! & enemyBits[w]!; }
  const n = scratch.count;
  const reach: Reach = {
    count: n, square: plain(scratch.square, n), cost: plain(scratch.cost, n), kind: plain(scratch.kind, n),
    trail: plain(scratch.trail, 2 * n), chargeTrail: plain(scratch.chargeTrail, 2 * n), exit: scratch.exit,
  };
  if (!CACHES.moveMemo) return reach;
  if (memo.size >= LIMIT) { memo.entries = noEntries(board); memo.size = 0; }
  if (!memo.entries[key]) memo.size++;
  memo.entries[key] = { reach, lo, words: kept };
  return reach;
}

/** The first n numbers of a search buffer, as a plain array (kept in the memo; see Nums). */
function plain(a: Nums, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  return out;
}

/** Are the enemy-held squares inside the entry's region the same as when it was searched? */
function sameEnemies(e: Entry, enemies: Uint32Array): boolean {
  // Both sides of the comparison are signed 32-bit integers (`&` gives one, and so does reading an Int32Array), so a
  // word with its top bit set compares equal to itself.
  const w = e.words, lo = e.lo;
  for (let k = 0; k < w.length; k += 2) if ((w[k]! & enemies[lo + (k >> 1)]!) !== w[k + 1]!) return false;
  return true;
}

// ---- A unit's moves, remembered or searched.

/** Result buffers of the last searches, without and with a carried ballista (reused: grown to the largest board). */
let main = newReach(0), withEngine = newReach(0);

/** The unit's moves (carrying its ballista or not): remembered, or searched into a reused buffer. Read, never change. */
/** What reachOf asks of a move listing's context (moverules.ts MoveContext has it): the table, the memo, board and rules. */
export interface ReachAsk { occ: Table; memo: Memo; board: Board; rules: ResolvedRules }

export function reachOf(ctx: ReachAsk, x: number, carry: boolean): Reach {
  const { occ } = ctx;
  const s = occ.side[x]!;
  const m = { type: TROOP_TYPES[occ.type[x]!]!, from: occ.sq[x]!, afterCharge: (occ.flags[x]! & F_AFTER_CHARGE) !== 0, carry };
  return searched(ctx.memo, ctx.board, ctx.rules, m, occ.enemy[s]!, occ.enemyBits[s]!);
}

/** The memo's search for mover m against these enemies (a bit per enemy square in `bits`). */
export function searched(memo: Memo, board: Board, rules: ResolvedRules, m: Mover, enemy: ArrayLike<number>, bits: Uint32Array): Reach {
  if (main.square.length < board.n) { main = newReach(board.n); withEngine = newReach(board.n); }
  return memoSearch(memo, board, rules, m, TYPE_INDEX[m.type]!, enemy, bits, m.carry ? withEngine : main);
}
