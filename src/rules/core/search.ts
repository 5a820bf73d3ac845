/**
 * The move search on the integer board (issue 9, fast core; digest 6): every square a unit could end a move on,
 * normal or charge, by a cheapest-first search over (square, path flags): road all the way, touched a hill, touched
 * a protected square. Own squares are passed through; enemy squares may be entered (to lead a melee) but not passed.
 * Costs are counted in half squares (a diagonal step is 3, a side step 2) so that buckets are plain integers.
 */
import { BALLISTA_MOVE, MOVE_AFTER_CHARGE, TROOPS, type TroopType } from '../troops';
import type { ResolvedRules } from '../scenario';
import { DX, DY, T_COVER, T_HILL, T_PROTECTED, T_ROAD, type Board } from './board';

/** Path flags. */
export const ROAD = 1, HILL = 2, PROT = 4;
/** Kinds of a reached square. */
export const NORMAL = 1, CHARGE = 2;

/** A search's result: reached squares in the order found (reused buffers: valid until the next search). */
export interface Reach {
  count: number;
  square: Int32Array;
  /** Movement used by the cheapest path, in half squares. */
  cost: Int32Array;
  /** NORMAL and/or CHARGE. */
  kind: Uint8Array;
  /**
   * trail[2k], trail[2k + 1]: the squares the cheapest path to square k came through, nearest first (-1: none; the
   * start square included); chargeTrail the same for the cheapest charge path (which avoids protected squares).
   */
  trail: Int32Array;
  chargeTrail: Int32Array;
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
}

/** Knights and commanders charge (6G). */
export function canCharge(type: TroopType): boolean {
  return TROOPS[type].charge !== null;
}

/** Movement allowance of a path with these flags (-1: not allowed in this mode). */
export function allowance(m: Mover, rules: ResolvedRules, flags: number, mode: 'normal' | 'charge'): number {
  const spec = TROOPS[m.type];
  let base = canCharge(m.type) && m.afterCharge ? MOVE_AFTER_CHARGE : spec.move;
  if (mode === 'charge') {
    if (!canCharge(m.type) || m.afterCharge || m.carry || (flags & PROT)) return -1;
    base = spec.charge!;
  }
  if (m.carry) base = Math.min(base, BALLISTA_MOVE);
  if (flags & ROAD) base += 1;
  if (flags & HILL) base -= rules.hills.movePenalty;
  return base;
}

const INF = 0x7fff;

/** Search buffers, reused between calls (a search never re-enters itself). */
let S = buffers(0);

function buffers(n: number) {
  return {
    n, best: new Int16Array(n * 8).fill(INF), prev: new Int32Array(n * 8), touched: new Int32Array(n * 8), pos: new Int32Array(n).fill(-1), seen: new Uint8Array(n),
    queue: new Int32Array(n * 16), next: new Int32Array(n * 16), head: new Int32Array(64), tail: new Int32Array(64),
  };
}

export function newReach(n: number): Reach {
  return { count: 0, square: new Int32Array(n), cost: new Int32Array(n), kind: new Uint8Array(n), trail: new Int32Array(2 * n), chargeTrail: new Int32Array(2 * n) };
}

/**
 * Search from m.from with `enemy` (1 where troops of another side stand) into `out`. Squares are found in order
 * of cost, ties in the order the queue reached them, neighbours clockwise from north: the order the moves are listed.
 */
export function search(board: Board, rules: ResolvedRules, m: Mover, enemy: ArrayLike<number>, out: Reach, region?: Uint32Array): void {
  const { n, step, terrain, blocked, columns } = board;
  if (S.n < n) S = buffers(n);
  const { best, prev, touched, pos, seen, head, tail } = S;
  let { queue, next } = S;
  // Allowances per path flags, in half squares; `bound` is the most any path from those flags may still use
  // (flags only lose the road and gain hills or protection, so nothing beyond it can be reached).
  const allow = new Int32Array(8), charge = new Int32Array(8), bound = new Int32Array(8);
  for (let f = 0; f < 8; f++) { allow[f] = Math.floor(2 * allowance(m, rules, f, 'normal')); charge[f] = Math.floor(2 * allowance(m, rules, f, 'charge')); }
  let maxB = -1;
  for (let f = 0; f < 8; f++) {
    let b = -1;
    for (let g = 0; g < 8; g++) if ((g & ~f & ROAD) === 0 && (f & ~g & (HILL | PROT)) === 0) b = Math.max(b, allow[g]!, charge[g]!);
    bound[f] = b;
    maxB = Math.max(maxB, b);
  }
  const banned = rules.hills.banned.includes(m.type) || (m.carry && rules.hills.banned.includes('ballista'));
  const carry = m.carry;
  out.count = 0;
  if (maxB < 0) return;
  if (head.length <= maxB) { S.head = new Int32Array(maxB + 1); S.tail = new Int32Array(maxB + 1); return search(board, rules, m, enemy, out, region); }
  head.fill(-1, 0, maxB + 1);
  let nt = 0, nq = 0;
  const start = m.from, st = terrain[start]!;
  const startNode = start * 8 + ((st & T_ROAD ? ROAD : 0) | (st & T_HILL ? HILL : 0) | (st & T_COVER ? PROT : 0));
  best[startNode] = 0; prev[startNode] = -1; touched[nt++] = startNode;
  queue[0] = startNode; next[0] = -1; head[0] = 0; tail[0] = 0; nq = 1;
  for (let b = 0; b <= maxB; b++) {
    for (let e = head[b]!; e >= 0; e = next[e]!) {
      const node = queue[e]!;
      if (best[node] !== b) continue;
      const i = node >> 3, f = node & 7;
      if (i !== start) {
        const isNormal = b <= allow[f]!, isCharge = b <= charge[f]!;
        if (isNormal || isCharge) {
          const p = pos[i]!;
          if (p < 0) {
            const k = out.count++;
            pos[i] = k; out.square[k] = i; out.cost[k] = b;
            out.kind[k] = (isNormal ? NORMAL : 0) | (isCharge ? CHARGE : 0);
            trailTo(prev, node, out.trail, k);
            if (isCharge) trailTo(prev, node, out.chargeTrail, k);
          } else {
            if (isNormal) out.kind[p]! |= NORMAL;
            if (isCharge && !(out.kind[p]! & CHARGE)) { out.kind[p]! |= CHARGE; trailTo(prev, node, out.chargeTrail, p); }
          }
        }
        if (enemy[i]) continue; // entered to fight: no further
      }
      for (let d = 0; d < 8; d++) {
        const j = step[i * 8 + d]!;
        if (j < 0) continue;
        const nb = b + (d & 1 ? 3 : 2);
        if (nb > maxB) continue;
        const fl = terrain[j]!;
        if (fl & T_HILL && banned) continue;
        if (carry && (fl & T_PROTECTED || enemy[j])) continue;
        // A diagonal step is stopped between two enemy-held corner squares, or by rivers round both corners.
        if (d & 1 && enemy[i + DX[d]!] && enemy[i + DY[d]! * columns]) continue;
        if (blocked[i * 8 + d]) continue;
        const nf = (f & ROAD && fl & T_ROAD ? ROAD : 0) | (f & HILL || fl & T_HILL ? HILL : 0) | (f & PROT || fl & T_COVER ? PROT : 0);
        if (nb > bound[nf]!) continue;
        const key = j * 8 + nf;
        const old = best[key]!;
        if (old <= nb) continue;
        if (old === INF) touched[nt++] = key;
        best[key] = nb;
        prev[key] = node;
        if (nq === queue.length) { queue = grow(queue); next = grow(next); S.queue = queue; S.next = next; }
        queue[nq] = key; next[nq] = -1;
        if (head[nb]! < 0) head[nb] = nq; else next[tail[nb]!] = nq;
        tail[nb] = nq++;
      }
    }
  }
  const { words, around } = board;
  for (let k = 0; k < nt; k++) {
    const node = touched[k]!, i = node >> 3;
    best[node] = INF;
    // Every square whose enemy flag the search may have read: the squares it reached and their neighbours (once a square).
    if (region && !seen[i]) {
      seen[i] = 1;
      for (let w = 0; w < words; w++) region[w]! |= around[i * words + w]!;
    }
  }
  if (region) for (let k = 0; k < nt; k++) seen[touched[k]! >> 3] = 0;
  for (let k = 0; k < out.count; k++) pos[out.square[k]!] = -1;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The last two squares before `node` on its path (the links of a node found are final: it is never improved). */
function trailTo(prev: Int32Array, node: number, out: Int32Array, k: number): void {
  const a = prev[node]!, b = a >= 0 ? prev[a]! : -1;
  out[2 * k] = a >= 0 ? a >> 3 : -1;
  out[2 * k + 1] = b >= 0 ? b >> 3 : -1;
}
