/**
 * Move searches remembered (issue 9, fast core): most units stand still between two listings, so their searches
 * repeat. Kept per board and hill rules, keyed by an integer (start square, troop type, after a charge, carrying).
 * A search depends on nothing else but the enemy-held squares it read, so an entry records the squares it could have
 * read (those it reached and their neighbours) and which of them were enemy-held; it is reused exactly when the
 * enemy-held squares inside that region are the same now, checked a word (32 squares) at a time.
 */
import { TROOP_TYPES } from '../troops';
import type { ResolvedRules } from '../scenario';
import type { Board } from './board';
import { search, type Mover, type Reach } from './search';

interface Entry {
  reach: Reach;
  /** Bit per square: squares whose enemy flag the search may have read. */
  region: Uint32Array;
  /** Bit per square: those of them that were enemy-held. */
  enemies: Uint32Array;
}

export interface Memo { board: Board; entries: Map<number, Entry[]>; size: number }

const memos = new WeakMap<Board, Map<string, Memo>>();
/** The memo last used with a hill-rules object (one per game: every state of a game shares its rules). */
const byHills = new WeakMap<object, Memo>();
/** Entries kept per key (enemy placements around one start square) and per memo (then it starts afresh). */
const PER_KEY = 4, LIMIT = 10_000;

/** The memo for a board under these hill rules (the only rules the search reads). */
export function memoFor(board: Board, rules: ResolvedRules): Memo {
  const last = byHills.get(rules.hills);
  if (last?.board === board) return last;
  let byRules = memos.get(board);
  if (!byRules) memos.set(board, (byRules = new Map()));
  const key = `${rules.hills.banned.join(',')}|${rules.hills.movePenalty}`;
  let memo = byRules.get(key);
  if (!memo) byRules.set(key, (memo = { board, entries: new Map(), size: 0 }));
  byHills.set(rules.hills, memo);
  return memo;
}

/**
 * search() through the memo (`typeIndex`: the mover's type's index in TROOP_TYPES). `enemyBits` holds a bit for each square `enemy` marks. The result is the memo's own (or
 * `scratch` filled and then copied into the memo): read it, never change it.
 */
export function memoSearch(memo: Memo, board: Board, rules: ResolvedRules, m: Mover, typeIndex: number, enemy: ArrayLike<number>, enemyBits: Uint32Array, scratch: Reach): Reach {
  const key = ((m.from * TROOP_TYPES.length + typeIndex) * 2 + (m.afterCharge ? 1 : 0)) * 2 + (m.carry ? 1 : 0);
  let list = memo.entries.get(key);
  const words = board.words;
  if (list) for (const e of list) if (sameEnemies(e, enemyBits, words)) return e.reach;
  const region = new Uint32Array(words), enemies = new Uint32Array(words);
  search(board, rules, m, enemy, scratch, region);
  for (let w = 0; w < words; w++) enemies[w] = region[w]! & enemyBits[w]!;
  const n = scratch.count;
  const reach: Reach = {
    count: n, square: scratch.square.slice(0, n), cost: scratch.cost.slice(0, n), kind: scratch.kind.slice(0, n),
    trail: scratch.trail.slice(0, 2 * n), chargeTrail: scratch.chargeTrail.slice(0, 2 * n),
  };
  if (memo.size >= LIMIT) { memo.entries.clear(); memo.size = 0; list = undefined; }
  if (!list) memo.entries.set(key, (list = []));
  if (list.length >= PER_KEY) list.shift(); else memo.size++;
  list.push({ reach, region, enemies });
  regions.set(reach, region);
  return reach;
}

/** The region of each remembered search's result (regionOf). */
const regions = new WeakMap<Reach, Uint32Array>();

/**
 * The squares a result of memoSearch depends on (those it reached and their neighbours), as a bit per square: while
 * nothing in them changes, neither does the result, nor anything worked out from the units standing in them.
 */
export function regionOf(r: Reach): Uint32Array {
  return regions.get(r)!;
}

/** Are the enemy-held squares inside the entry's region the same as when it was searched? */
function sameEnemies(e: Entry, enemies: Uint32Array, words: number): boolean {
  // XOR keeps every word a signed 32-bit integer: compared as is, a Uint32Array's word with the top bit set reads
  // as a larger number than the same bits out of `&`, and the entry would never match.
  for (let w = 0; w < words; w++) if (((e.region[w]! & enemies[w]!) ^ e.enemies[w]!) !== 0) return false;
  return true;
}
