/**
 * The move search on the integer board (issue 9, fast core; digest 6): every square a unit could end a move on,
 * normal or charge, by a cheapest-first search over (square, path flags): road all the way, touched a hill, touched
 * a protected square. Own squares are passed through; enemy squares may be entered (to lead a melee) but not passed.
 * Costs are counted in half squares (a diagonal step is 3, a side step 2) so that buckets are plain integers.
 *
 * Everything that does not depend on where the enemies stand is worked out once and looked up: per mover kind the
 * allowances by path flags (Limits), per board the steps each kind may take from each square, rivers and board edges
 * and forbidden squares already left out (Steps). What remains per step is the enemy rule (the diagonal squeeze, and
 * no enemy square when carrying a ballista), the new path flags and the cost.
 *
 * THE DECLARED EXCEPTION to "one rule, one home" (docs/dev/engine.md): this search is a second statement of the
 * movement path search of src/rules/movement.ts (pathNodes), kept for speed. The fuzz suite (tests/engine/fuzz, every
 * move listing compared with movement.ts's) and tests/engine/move-search.test.ts hold the two equal: change both, run
 * the fuzz. The allowances (movement.ts allowance) are not copied: it calls them; the diagonal squeeze's river half comes
 * from geometry.ts squeezed (engine/board.ts), its enemy half is one inline test in the hot loop, part of the exception.
 *
 * Run-overs (10A, R-run-over; movement.ts pathNodes with `over`): a mover with `over` searches the paths that ride over
 * that enemy square. A node's flags carry a fourth bit, RODE: set on entering the square (which costs its usual step),
 * after which the square is no longer an enemy's (the path goes on through it, it no longer closes a diagonal step).
 * Only nodes with RODE are reached squares (the kind's allowances are -1 without it). The listing makes such a search
 * only for cavalry with a run-over target in its ordinary reach (rare), never through the memo; the common search pays
 * one comparison a node for it.
 */
import { TROOP_TYPES, type TroopType } from '../rules/troops';
import { allowance } from '../rules/movement';
import type { ResolvedRules } from '../rules/scenario';
import { DX, DY, T_COVER, T_HILL, T_PROTECTED, T_ROAD, type Board } from './board';

/** Path flags; RODE: the path rode over the mover's `over` square (a run-over search only). */
export const ROAD = 1, HILL = 2, PROT = 4, RODE = 8;
/** Kinds of a reached square. */
export const NORMAL = 1, CHARGE = 2;

/**
 * Small integers by index: a search writes typed arrays it keeps; the memo keeps plain arrays (V8 allocates typed
 * arrays of more than 64 bytes outside its heap, several times slower than plain arrays of small integers).
 */
export type Nums = Int32Array | Uint8Array | number[];

/** A search's result: reached squares in the order found (reused buffers: valid until the next search). */
export interface Reach {
  count: number;
  square: Nums;
  /** Movement used by the cheapest path, in half squares. */
  cost: Nums;
  /** NORMAL and/or CHARGE. */
  kind: Nums;
  /**
   * trail[2k], trail[2k + 1]: the squares the cheapest path to square k came through, nearest first (-1: none; the
   * start square included); chargeTrail the same for the cheapest charge path (which avoids protected squares).
   */
  trail: Nums;
  chargeTrail: Nums;
  /**
   * 1 when a normal move may step off the board (reading R-exit): a path reaches a square on a board edge (or starts
   * there), not an enemy's, with an orthogonal step (1) of its allowance to spare.
   */
  exit: number;
}

/** What the search needs to know of the moving unit. */
export interface Mover {
  type: TroopType;
  /** Start square index. */
  from: number;
  /** Charged on its side's previous move (held to 1 1/2, no charge; 6G). */
  afterCharge: boolean;
  /** Carrying its ballista (6K): ballista move, no protected or enemy squares. */
  carry: boolean;
  /** The square of the enemy it rides over (10A, R-run-over): the search is then of the paths that ride over it. */
  over?: number;
}

// ---- What a kind of mover may use, worked out once per hill rules and kind (type, after a charge, carrying).

interface Limits {
  /**
   * allow[f], charge[f]: the most a path with flags f may use, in half squares, moving or charging (-1: not allowed);
   * flags 0-15, RODE included (in a run-over search a path that has not ridden over its square ends nowhere).
   */
  allow: Int32Array;
  charge: Int32Array;
  /**
   * bound[f]: the most any path through a node with flags f may still use (flags only lose the road and gain hills or
   * protection on the way, so nothing beyond it can be reached). Nodes beyond their bound are never queued.
   */
  bound: Int32Array;
  /**
   * next[f * 8 + g]: a step with flags f onto a square giving flags g (Steps.gives): the new flags in bits 0-3 (RODE
   * kept), the bound that goes with them above (one lookup for both).
   */
  next: Int32Array;
  /** The largest bound: the last bucket (-1: the unit cannot move at all). */
  maxB: number;
  /** Which step masks the kind uses (Steps.open): +1 when hills are banned to it, +2 when it carries a ballista. */
  variant: number;
}

const TYPE_NO = Object.fromEntries(TROOP_TYPES.map((t, k) => [t, k])) as Record<TroopType, number>;
/**
 * Limits by kind (type * 4 + after a charge * 2 + carrying), for the hill rules last searched with, and by the hill
 * rules' content (each game resolves its own rules object, but the hill rules of most games are the same few).
 */
let lastHills: object | null = null, lastLimits: Array<Limits | undefined> = [];
/** Kinds of a run-over search come after the others in the same table. */
const OVER_KINDS = TROOP_TYPES.length * 4;
const limitsByHills = new Map<string, Array<Limits | undefined>>();

function limitsOf(rules: ResolvedRules, m: Mover): Limits {
  if (rules.hills !== lastHills) {
    lastHills = rules.hills;
    const key = `${rules.hills.banned.join(',')}|${rules.hills.movePenalty}`;
    let table = limitsByHills.get(key);
    if (!table) limitsByHills.set(key, (table = []));
    lastLimits = table;
  }
  const over = m.over !== undefined && m.over >= 0;
  const k = (over ? OVER_KINDS : 0) + TYPE_NO[m.type] * 4 + (m.afterCharge ? 2 : 0) + (m.carry ? 1 : 0);
  return (lastLimits[k] ??= makeLimits(rules, m, over));
}

function makeLimits(rules: ResolvedRules, m: Mover, over: boolean): Limits {
  const allow = new Int32Array(16), charge = new Int32Array(16), bound = new Int32Array(16);
  // The allowance is the movement rule's own (movement.ts), per path flags, doubled into half squares; in a run-over
  // search, none for a path that has not ridden over its square yet.
  for (let f = 0; f < 16; f++) {
    const road = (f & ROAD) !== 0, hill = (f & HILL) !== 0, cover = (f & PROT) !== 0, ends = !over || (f & RODE) !== 0;
    allow[f] = ends ? Math.floor(2 * allowance(rules, m, road, hill, cover, false)) : -1;
    charge[f] = ends ? Math.floor(2 * allowance(rules, m, road, hill, cover, true)) : -1;
  }
  let maxB = -1;
  for (let f = 0; f < 16; f++) {
    let b = -1;
    for (let g = 0; g < 16; g++) if ((g & ~f & ROAD) === 0 && (f & ~g & (HILL | PROT | RODE)) === 0) b = Math.max(b, allow[g]!, charge[g]!);
    bound[f] = b;
    maxB = Math.max(maxB, b);
  }
  if (maxB >= COSTS) throw new Error(`a move of ${maxB / 2} squares is beyond the search's reach`);
  const next = new Int32Array(128);
  for (let f = 0; f < 16; f++) for (let g = 0; g < 8; g++) {
    const nf = (f & (g | HILL | PROT | RODE)) | (g & (HILL | PROT));
    next[f * 8 + g] = nf | (bound[nf]! << 4);
  }
  const banned = rules.hills.banned.includes(m.type) || (m.carry && rules.hills.banned.includes('ballista'));
  return { allow, charge, bound, next, maxB, variant: (banned ? 1 : 0) + (m.carry ? 2 : 0) };
}

// ---- The steps a square allows, worked out once per board.

interface Steps {
  board: Board;
  /**
   * open[variant * n + i]: bit d set when a step from square i in direction d may be taken whoever stands where: on
   * the board, not stopped by rivers (board.blocked), not onto a hill when hills are banned (variant + 1), not onto a
   * protected square when carrying a ballista (variant + 2).
   */
  open: Uint8Array;
  /** The path flags a square gives a path entering it: ROAD when on a road (kept only if the path had it), HILL, PROT. */
  gives: Uint8Array;
  /**
   * stepGives[i * 8 + d]: the flags the step from i in direction d gives: its square's, without ROAD unless the step is
   * a road step (R-road-step: along one run of a road, never diagonal).
   */
  stepGives: Uint8Array;
  /** 1 for a square whose neighbours all give no flags (open ground all round: most squares of most boards). */
  plain: Uint8Array;
  /** 1 for a square on a board edge: an orthogonal step from it leaves the board (R-exit). */
  edge: Uint8Array;
  /** Index offset of one step in direction d, and of the two corner squares of a diagonal step (x first, y first). */
  offset: Int32Array;
  cornerX: Int32Array;
  cornerY: Int32Array;
  /** Bit per square: not in the first column, not in the last one (a region spreads sideways within rows). */
  notFirst: Uint32Array;
  notLast: Uint32Array;
  columns: number;
  /** Scratch words for dilate(). */
  spread: Uint32Array;
}

let steps: Steps | null = null;
const stepsByBoard = new WeakMap<Board, Steps>();

function stepsOf(board: Board): Steps {
  if (steps?.board === board) return steps;
  let s = stepsByBoard.get(board);
  if (!s) stepsByBoard.set(board, (s = makeSteps(board)));
  return (steps = s);
}

function makeSteps(board: Board): Steps {
  const { n, columns, step, terrain, blocked, roadStep } = board;
  const open = new Uint8Array(4 * n), gives = new Uint8Array(n), stepGives = new Uint8Array(8 * n);
  for (let i = 0; i < n; i++) {
    const t = terrain[i]!;
    gives[i] = (t & T_ROAD ? ROAD : 0) | (t & T_HILL ? HILL : 0) | (t & T_COVER ? PROT : 0);
    for (let v = 0; v < 4; v++) {
      let mask = 0;
      for (let d = 0; d < 8; d++) {
        const j = step[i * 8 + d]!;
        if (j < 0 || blocked[i * 8 + d]) continue;
        const tj = terrain[j]!;
        if ((v & 1 && tj & T_HILL) || (v & 2 && tj & T_PROTECTED)) continue;
        mask |= 1 << d;
      }
      open[v * n + i] = mask;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < 8; d++) {
      const j = step[i * 8 + d]!;
      if (j >= 0) stepGives[i * 8 + d] = roadStep[i * 8 + d] ? gives[j]! : gives[j]! & ~ROAD;
    }
  }
  const edge = new Uint8Array(n);
  for (let i = 0; i < n; i++) for (let d = 0; d < 8; d += 2) if (step[i * 8 + d]! < 0) edge[i] = 1;
  const offset = new Int32Array(8), cornerX = new Int32Array(8), cornerY = new Int32Array(8);
  for (let d = 0; d < 8; d++) { offset[d] = DY[d]! * columns + DX[d]!; cornerX[d] = DX[d]!; cornerY[d] = DY[d]! * columns; }
  const plain = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let any = 0;
    for (let d = 0; d < 8; d++) { const j = step[i * 8 + d]!; if (j >= 0) any |= gives[j]!; }
    plain[i] = any === 0 ? 1 : 0;
  }
  const words = (n + 31) >> 5, notFirst = new Uint32Array(words), notLast = new Uint32Array(words);
  for (let i = 0; i < n; i++) {
    if (i % columns !== 0) notFirst[i >> 5]! |= 1 << (i & 31);
    if (i % columns !== columns - 1) notLast[i >> 5]! |= 1 << (i & 31);
  }
  return { board, open, gives, stepGives, edge, plain, offset, cornerX, cornerY, notFirst, notLast, columns, spread: new Uint32Array(words) };
}

// ---- Search buffers, reused between calls (a search never re-enters itself).

/**
 * Costs are kept stamped with the search they belong to, so that they need clearing only once in STAMPS searches:
 * mark[node] is stamp * 64 + 63 - cost for a node queued in this search at that cost, anything less (earlier
 * searches, 0) for one not yet queued. So "already queued at cost <= c" is one comparison: mark[node] >= stamp * 64 +
 * 63 - c. Everything is kept in 16-bit integers: half the memory to bring into the cache, which is what a search in
 * the middle of a game mostly waits for.
 */
const COSTS = 64;
/** Searches before the stamps would overflow a 16-bit mark and the marks are cleared. */
const STAMPS = Math.floor(0x7fff / COSTS) - 1;
/** Squares a board may have: node numbers (16 flags layers of them) must fit in 16 bits. */
const MAX_SQUARES = 2048;

/**
 * A node is flags << sh | square (sh: enough bits for a square of the board), so that the nodes of one flags layer,
 * on open ground nearly all of them, lie together in memory: a search touches few cache lines.
 * mark[node]: see above; prev[node]: the node it came from. pos[square]: its index in
 * the result (-1: not in it). reached: bit per square the search moved on from (for the region).
 * The nodes queued at cost b, in the order queued, are queue[slot * cap ... slot * cap + size[slot]) with slot = b & 3:
 * while bucket b is read, steps queue into buckets b + 2 and b + 3 only, so no more than four buckets are ever open
 * (b + 1 is complete), and a few hundred bytes of queue are used over and over.
 */
let S = buffers(0, 64);

function buffers(n: number, cap: number) {
  if (n > MAX_SQUARES) throw new Error(`a board of ${n} squares is too large for the move search (at most ${MAX_SQUARES})`);
  const nodes = 16 << shiftFor(n);
  return {
    n, cap, mark: new Int16Array(nodes), prev: new Int16Array(nodes), pos: new Int16Array(n).fill(-1), stamp: 0,
    queue: new Int16Array(4 * cap), size: new Int32Array(4), reached: new Uint32Array((n + 31) >> 5),
  };
}

/** Bits of a node that hold its square, on a board of n squares. */
function shiftFor(n: number): number {
  return 32 - Math.clz32(Math.max(n - 1, 1));
}

/** Room for twice as many nodes in each bucket, the nodes queued so far kept in their buckets. */
function growQueue(): void {
  const cap = 2 * S.cap, queue = new Int16Array(4 * cap);
  for (let slot = 0; slot < 4; slot++) queue.set(S.queue.subarray(slot * S.cap, slot * S.cap + S.size[slot]!), slot * cap);
  S.queue = queue; S.cap = cap;
}

export function newReach(n: number): Reach {
  return { count: 0, square: new Int32Array(n), cost: new Int32Array(n), kind: new Uint8Array(n), trail: new Int32Array(2 * n), chargeTrail: new Int32Array(2 * n), exit: 0 };
}

/**
 * Search from m.from with `enemy` (1 where troops of another side stand) into `out`. Squares are found in order
 * of cost, ties in the order the queue reached them, neighbours clockwise from north: the order the moves are listed.
 * With `region`, the bits of every square whose enemy flag the search read are set in it: the enemy squares it
 * entered, and every square it moved on from with the squares next to it (steps read corners and, carrying, targets).
 */
export function search(board: Board, rules: ResolvedRules, m: Mover, enemy: ArrayLike<number>, out: Reach, region?: Uint32Array): void {
  const L = limitsOf(rules, m);
  const { allow, charge, bound, next, maxB } = L;
  out.count = 0;
  out.exit = 0;
  if (maxB < 0) return;
  const n = board.n;
  if (S.n < n) S = buffers(n, S.cap);
  if (++S.stamp > STAMPS) { S.mark.fill(0); S.stamp = 1; }
  const Z = S.stamp * COSTS + COSTS - 1;
  const steps = stepsOf(board);
  const { open, gives, stepGives, edge, plain, offset, cornerX, cornerY } = steps;
  const { mark, prev, pos, size, reached } = S;
  let { queue, cap } = S;
  const { square, cost, kind, trail, chargeTrail } = out;
  const carry = m.carry, start = m.from, over = m.over ?? -1, vbase = L.variant * n, sh = shiftFor(n), sqMask = (1 << sh) - 1;
  size.fill(0);
  if (region) reached.fill(0, 0, board.words);
  const startNode = (gives[start]! << sh) | start;
  mark[startNode] = Z; prev[startNode] = -1;
  queue[0] = startNode; size[0] = 1;
  let count = 0;
  buckets: for (let b = 0; b <= maxB; b++) {
    // Bucket b does not grow while it is read: its steps queue into buckets b + 2 and b + 3.
    const slot = b & 3;
    let base = slot * cap;
    for (let e = 0, end = size[slot]!; e < end; e++) {
      let node = queue[base + e]!;
      if (mark[node] !== Z - b) continue; // queued again since at a lower cost
      const i = node & sqMask;
      let f = node >> sh;
      if (i === over && !(f & RODE)) {
        // Riding over it (R-run-over): the same square and cost, on the paths that rode over it.
        const rode = node | (RODE << sh);
        if (mark[rode]! >= Z - b) continue;
        mark[rode] = Z - b; prev[rode] = prev[node]!;
        node = rode; f |= RODE;
      }
      if (i !== start) {
        const isNormal = b <= allow[f]!, isCharge = b <= charge[f]!;
        if (isNormal || isCharge) {
          const p = pos[i]!;
          if (p < 0) {
            const k = count++;
            pos[i] = k; square[k] = i; cost[k] = b;
            kind[k] = (isNormal ? NORMAL : 0) | (isCharge ? CHARGE : 0);
            trailTo(prev, node, sqMask, trail, k);
            if (isCharge) { chargeTrail[2 * k] = trail[2 * k]!; chargeTrail[2 * k + 1] = trail[2 * k + 1]!; }
            if (wanted !== null && i === wanted.square && (!wanted.charge || isCharge)) { pathOf(prev, node, sqMask, wanted.path); break buckets; }
          } else {
            if (isNormal) kind[p]! |= NORMAL;
            if (isCharge && !(kind[p]! & CHARGE)) {
              kind[p]! |= CHARGE; trailTo(prev, node, sqMask, chargeTrail, p);
              if (wanted !== null && i === wanted.square && wanted.charge) { pathOf(prev, node, sqMask, wanted.path); break buckets; }
            }
          }
        }
        if (enemy[i] && i !== over) { // entered to fight: no further
          if (region) region[i >> 5]! |= 1 << (i & 31);
          continue;
        }
      }
      if (region) reached[i >> 5]! |= 1 << (i & 31);
      // R-exit: from an edge square, off the board for an orthogonal step (2 half squares) of the allowance left; a move
      // ending off the board has no road bonus (movement.ts's offBoardAllowance: the flags without ROAD).
      if (edge[i] && b + 2 <= allow[f & ~ROAD]!) out.exit = 1;
      const mask = open[vbase + i]!, most = bound[f]!, row = f * 8, same = (f & ROAD) === 0 && plain[i] === 1;
      // Side steps (cost 2) and diagonal ones (cost 3) fill different buckets, so taking them in two passes keeps
      // every bucket's order: within each pass the directions still go clockwise from north. The cheap tests come
      // first (most steps lead back to nodes already queued); the enemy rules are asked only of a step that counts.
      // With open ground all round (no road, hill or cover) a path without the road keeps its flags, and so its bound,
      // which the pass's cost is within: the node stepped to is the same offset from this one as the squares are.
      for (let d = 0, nb = b + 2, z = Z - nb; d < 8 && nb <= most; d += 2) {
        if (!(mask & (1 << d))) continue;
        const j = i + offset[d]!;
        let key: number;
        if (same) key = node + offset[d]!;
        else {
          const t = next[row + stepGives[i * 8 + d]!]!; // the new flags, and the bound that goes with them
          if (nb > t >> 4) continue;
          key = ((t & 15) << sh) | j;
        }
        if (mark[key]! >= z) continue;
        if (carry && enemy[j]) continue;
        mark[key] = z; prev[key] = node;
        const to = nb & 3;
        if (size[to] === cap) { growQueue(); queue = S.queue; cap = S.cap; base = slot * cap; }
        queue[to * cap + size[to]!++] = key;
      }
      for (let d = 1, nb = b + 3, z = Z - nb; d < 8 && nb <= most; d += 2) {
        if (!(mask & (1 << d))) continue;
        const j = i + offset[d]!;
        let key: number;
        if (same) key = node + offset[d]!;
        else {
          const t = next[row + stepGives[i * 8 + d]!]!;
          if (nb > t >> 4) continue;
          key = ((t & 15) << sh) | j;
        }
        if (mark[key]! >= z) continue;
        if (carry && enemy[j]) continue;
        // The diagonal squeeze's enemy half, inline: part of this search's declared exception (see the top; the rule's
        // one statement is geometry.ts squeezed, whose river half `open` already holds). The fuzz holds the two equal.
        // After a run-over its square no longer closes the step.
        const cx = i + cornerX[d]!, cy = i + cornerY[d]!;
        if (enemy[cx] && enemy[cy] && (!(f & RODE) || (cx !== over && cy !== over))) continue;
        mark[key] = z; prev[key] = node;
        const to = nb & 3;
        if (size[to] === cap) { growQueue(); queue = S.queue; cap = S.cap; base = slot * cap; }
        queue[to * cap + size[to]!++] = key;
      }
    }
    size[slot] = 0; // the slot of bucket b + 4, first queued into while bucket b + 1 is read
  }
  // (pathTo's search stops once its square is found: the squares found so far are cleared all the same.)
  out.count = count;
  for (let k = 0; k < count; k++) pos[square[k]!] = -1;
  if (region) dilate(steps, reached, region);
}

/**
 * region |= `from` and the squares next to them, a word (32 squares) at a time: spread one column either way (not
 * across the board's side edges), then one row up and down.
 */
function dilate(steps: Steps, from: Uint32Array, region: Uint32Array): void {
  const { notFirst, notLast, columns } = steps;
  const W = notFirst.length, h = steps.spread;
  for (let w = 0; w < W; w++) {
    const x = from[w]!, below = w > 0 ? from[w - 1]! : 0, above = w + 1 < W ? from[w + 1]! : 0;
    // Square i + 1 from i (east): shift up one bit, carrying the top bit of the word below.
    h[w] = x | (((x << 1) | (below >>> 31)) & notFirst[w]!) | (((x >>> 1) | (above << 31)) & notLast[w]!);
  }
  // One row is `columns` bits: q whole words and r bits.
  const q = (columns >> 5), r = columns & 31;
  for (let w = 0; w < W; w++) {
    let v = h[w]!;
    // Row below: bits from w - columns, i.e. words w - q and w - q - 1.
    const a = w - q, b = w - q - 1;
    const lo = a >= 0 ? h[a]! : 0, lo2 = b >= 0 ? h[b]! : 0;
    v |= r === 0 ? lo : (lo << r) | (lo2 >>> (32 - r));
    const c = w + q, d = w + q + 1;
    const hi = c < W ? h[c]! : 0, hi2 = d < W ? h[d]! : 0;
    v |= r === 0 ? hi : (hi >>> r) | (hi2 << (32 - r));
    region[w]! |= v;
  }
  // Bits past the last square stay clear: the region is read only against enemy bits, which have none there.
}

/**
 * The square (and whether by a charge) whose whole path the search copies out, for the move event's route (7: the log
 * names every square passed); null in play, where only the last two squares (the trail) are kept.
 */
let wanted: { square: number; charge: boolean; path: number[] } | null = null;

/** Every square before `node` on its path, the start first (its links are final, as trailTo says). */
function pathOf(prev: Int16Array, node: number, sqMask: number, out: number[]): void {
  out.length = 0;
  for (let a = prev[node]!; a >= 0; a = prev[a]!) out.push(a & sqMask);
  out.reverse();
}

/**
 * The squares a move to square j passed, the start first and j left out: the path whose last two squares the search
 * keeps as the trail (the cheapest charge path for a charge). A search of its own, not memoised, that stops as soon as
 * j is found: it is made only for a move event whose path is longer than its trail.
 */
export function pathTo(board: Board, rules: ResolvedRules, m: Mover, enemy: ArrayLike<number>, j: number, charge: boolean): number[] {
  const want = { square: j, charge, path: [] as number[] };
  wanted = want;
  try { search(board, rules, m, enemy, scratch ??= newReach(MAX_SQUARES)); } finally { wanted = null; }
  return want.path;
}
let scratch: Reach | null = null;

/** The last two squares before `node` on its path (the links of a node found are final: it is never improved). */
function trailTo(prev: Int16Array, node: number, sqMask: number, out: Nums, k: number): void {
  const a = prev[node]!, b = a >= 0 ? prev[a]! : -1;
  out[2 * k] = a >= 0 ? a & sqMask : -1;
  out[2 * k + 1] = b >= 0 ? b & sqMask : -1;
}
