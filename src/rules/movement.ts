/** Movement (section 7 of the digest, rules 6): costs, road bonus, hills, rivers, diagonals, charges, ballistas. */
import { squareName, type Square } from './coords';
import { BALLISTA_MOVE, MOVE_AFTER_CHARGE, TROOPS, type TroopType } from './troops';
import { newTally, stackingFits, tallyAdd, tallyFits } from './validate';
import { ENGINE_READINGS } from './readings';
import { engineCaches, isProtected, passCached, riverBetween, terrainIndex, troopsAt, unitsAt, type GameState, type UnitState } from './state';

const ROAD = 1, HILL = 2, PROT = 4;
const STEPS: Array<[number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

export interface MoveOption {
  to: Square;
  /** Movement used by the cheapest path. */
  cost: number;
  /** Reachable within the normal move (else only as a charge). */
  normal: boolean;
  /** Reachable as a charge (knights and commanders: path free of protected squares, charge move). */
  charge: boolean;
  /** The squares the cheapest path came through, nearest first (at most 2; the start square included). */
  trail: Square[];
  /** The same for the cheapest charge path (which avoids protected squares), when `charge`. */
  chargeTrail: Square[];
}

/** Knights and commanders charge (6G). */
export function canCharge(type: TroopType): boolean {
  return TROOPS[type].charge !== null;
}

/** True when the unit charged on its side's previous move and is held to 1 1/2 (6G). */
export function afterCharge(state: GameState, u: UnitState): boolean {
  return u.chargedTurn !== null && state.turn - u.chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}

/** Movement allowance for a path with these flags. */
function allowance(state: GameState, u: UnitState, flags: number, mode: 'normal' | 'charge', carry: boolean): number {
  let base = TROOPS[u.type].move;
  if (canCharge(u.type) && afterCharge(state, u)) base = MOVE_AFTER_CHARGE;
  if (mode === 'charge') {
    if (!canCharge(u.type) || afterCharge(state, u) || carry || (flags & PROT)) return -1;
    base = TROOPS[u.type].charge!;
  }
  if (carry) base = Math.min(base, BALLISTA_MOVE);
  if (flags & ROAD) base += 1;
  if (flags & HILL) base -= state.rules.hills.movePenalty;
  return base;
}

/** Would the unit's side break the stacking limits (2B, 6C-F) by adding `u` to the square? */
export function stackingAllows(state: GameState, u: UnitState, sq: Square, stands = u.stands, carried?: UnitState): boolean {
  // The same count as stackingProblem over the square's own units (and ballistas), the unit and what it carries.
  const t = newTally();
  for (const x of unitsAt(state, sq)) {
    if (x.id !== u.id && (x.type === 'ballista' || x.side === u.side) && x.id !== carried?.id) tallyAdd(t, x);
  }
  tallyAdd(t, { type: u.type, stands });
  if (carried) tallyAdd(t, { type: 'ballista', stands: 1 });
  return tallyFits(t);
}

/** Does a square hold troops of another side than `side`? */
export function enemyHeld(state: GameState, side: string, sq: Square): boolean {
  return unitsAt(state, sq).some((x) => x.type !== 'ballista' && x.side !== side);
}

/** Per-board square names and per-scenario terrain flags by square index (cached; never in the state). */
export interface Grid { names: Square[]; index: Map<Square, number>; flags: Uint8Array; river: Set<number>; memo: Map<string, MemoEntry[]> }
const gridCache = new WeakMap<object, Grid>();
const F_ROAD = 1, F_HILL = 2, F_PROT = 4, F_PLAINPROT = 8;

export function gridOf(state: GameState): Grid {
  const hit = gridCache.get(state.scenario);
  if (hit && hit.names.length === state.board.columns * state.board.rows) return hit;
  const t = terrainIndex(state.scenario);
  const names: Square[] = [];
  const index = new Map<Square, number>();
  for (let r = 0; r < state.board.rows; r++) for (let c = 0; c < state.board.columns; c++) {
    index.set(squareName(c, r), names.length);
    names.push(squareName(c, r));
  }
  const flags = new Uint8Array(names.length);
  names.forEach((sq, i) => {
    flags[i] = (t.road.has(sq) ? F_ROAD : 0) | (t.hill.has(sq) ? F_HILL : 0) | (isProtected(state, sq) ? F_PROT : 0) | (t.protected.has(sq) ? F_PLAINPROT : 0);
  });
  const river = new Set<number>();
  const n = names.length;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    if (i !== j && Math.abs((i % state.board.columns) - (j % state.board.columns)) + Math.abs(Math.floor(i / state.board.columns) - Math.floor(j / state.board.columns)) === 1
      && riverBetween(state, names[i]!, names[j]!)) river.add(i * n + j);
  }
  const g: Grid = { names, index, flags, river, memo: new Map() };
  gridCache.set(state.scenario, g);
  return g;
}

/**
 * Every square the unit could end a move on (normal or charge), by a search over (square, path flags):
 * road-all-the-way, touched a hill, touched a protected square. Own squares are passed through; enemy
 * squares may be entered (to lead a melee) but not passed. Squares are numbered for speed.
 */
export function moveOptions(state: GameState, u: UnitState, carry = false): Map<Square, MoveOption> {
  return moveSearch(state, u, carry).result;
}

const NO_MOVES: MemoEntry = { reads: new Int16Array(0), seen: new Uint8Array(0), result: new Map() };

/** The hill options' part of a memo key, per (never changed) rules object. */
const hillsKeys = new WeakMap<object, string>();

/** moveOptions with the squares whose enemy flags the search read (memoised; see MemoEntry). */
export function moveSearch(state: GameState, u: UnitState, carry = false): MemoEntry {
  if (!u.at) return NO_MOVES;
  const g = gridOf(state);
  const enemy = passCached(state, `enemy|${u.side}`, () => enemyMask(state, g, u.side));
  const after = canCharge(u.type) && afterCharge(state, u);
  const h = state.rules.hills;
  if (!engineCaches.on) return search(state, g, u, carry, enemy);
  let hills = hillsKeys.get(h);
  if (hills === undefined) hillsKeys.set(h, (hills = `${h.banned.join(',')}|${h.movePenalty}|${h.protected ? 1 : 0}`));
  const key = `${u.at}|${u.type}|${after ? 1 : 0}|${carry ? 1 : 0}|${hills}`;
  let entries = g.memo.get(key);
  if (entries) {
    for (const e of entries) if (sameReads(e, enemy)) return e;
  } else {
    if (g.memo.size >= MEMO_KEYS) g.memo.clear();
    g.memo.set(key, (entries = []));
  }
  const e = search(state, g, u, carry, enemy);
  if (entries.length >= MEMO_PER_KEY) entries.shift();
  entries.push(e);
  return e;
}

/**
 * A memoised search: its result and the enemy flags it read. The search depends on nothing else that can change
 * during a game (terrain, board and rules are fixed per scenario; the unit's own fields are in the key), so an
 * entry is reused exactly when the enemy flags at every square it read are the same: it cannot go stale.
 */
export interface MemoEntry { reads: Int16Array; seen: Uint8Array; result: Map<Square, MoveOption> }
const MEMO_PER_KEY = 4, MEMO_KEYS = 1000;

function sameReads(e: MemoEntry, enemy: Uint8Array): boolean {
  const { reads, seen } = e;
  for (let k = 0; k < reads.length; k++) if (enemy[reads[k]!] !== seen[k]) return false;
  return true;
}

/** Squares held by troops of another side than `side` (1) or not (0), by square index. */
function enemyMask(state: GameState, g: Grid, side: string): Uint8Array {
  const enemy = new Uint8Array(g.names.length);
  for (const x of state.units) if (x.at !== null && x.status === 'active' && x.type !== 'ballista' && x.side !== side) enemy[g.index.get(x.at)!] = 1;
  return enemy;
}

function search(state: GameState, g: Grid, u: UnitState, carry: boolean, enemy: Uint8Array): MemoEntry {
  const out = new Map<Square, MoveOption>();
  const cols = state.board.columns, rows = state.board.rows, n = g.names.length;
  const banned = state.rules.hills.banned.includes(u.type);
  const ballistaBanned = carry && state.rules.hills.banned.includes('ballista');
  const start = g.index.get(u.at!)!;
  const allow = new Float64Array(8);
  const chargeAllow = new Float64Array(8);
  for (let f = 0; f < 8; f++) { allow[f] = allowance(state, u, f, 'normal', carry); chargeAllow[f] = allowance(state, u, f, 'charge', carry); }
  const maxAllow = Math.max(allow[ROAD]!, chargeAllow[ROAD]!);
  const pathFlags = (i: number, prev: number): number => {
    const fl = g.flags[i]!;
    return (prev & ROAD && fl & F_ROAD ? ROAD : 0) | (prev & HILL || fl & F_HILL ? HILL : 0) | (prev & PROT || fl & F_PROT ? PROT : 0);
  };
  if (scratch.best.length < n * 8) scratch = { best: new Float64Array(n * 8).fill(Infinity), prev: new Int32Array(n * 8), read: new Uint8Array(n) };
  const { best, prev, read } = scratch;
  const trailOf = (node: number): Square[] => {
    const t: Square[] = [];
    for (let k = prev[node]!; k >= 0 && t.length < 2; k = prev[k]!) t.push(g.names[k >> 3]!);
    return t;
  };
  const reads: number[] = [];
  const readAt = (i: number): number => {
    if (!read[i]) { read[i] = 1; reads.push(i); }
    return enemy[i]!;
  };
  const touched: number[] = [];
  const startFlags = pathFlags(start, ROAD);
  const buckets: number[][] = [];
  best[start * 8 + startFlags] = 0;
  prev[start * 8 + startFlags] = -1;
  touched.push(start * 8 + startFlags);
  buckets[0] = [start * 8 + startFlags];
  const riverAt = (a: number, b: number) => g.river.size > 0 && g.river.has(a * n + b);
  for (let b = 0; b < buckets.length; b++) {
    const list = buckets[b];
    if (!list) continue;
    for (const node of list) {
      const cost = b / 2;
      if (best[node] !== cost) continue;
      const i = node >> 3, f = node & 7;
      if (i !== start) {
        const normal = cost <= allow[f]!, charge = cost <= chargeAllow[f]!;
        if (normal || charge) {
          const sq = g.names[i]!;
          const o = out.get(sq);
          if (!o) { const t = trailOf(node); out.set(sq, { to: sq, cost, normal, charge, trail: t, chargeTrail: charge ? t : [] }); }
          else {
            o.normal ||= normal;
            if (charge && !o.charge) { o.charge = true; o.chargeTrail = trailOf(node); }
          }
        }
        if (readAt(i)) continue; // entered to fight: no further
      }
      const c0 = i % cols, r0 = (i - c0) / cols;
      for (let k = 0; k < 8; k++) {
        const [dx, dy] = STEPS[k]!;
        const c = c0 + dx, r = r0 + dy;
        if (c < 0 || r < 0 || c >= cols || r >= rows) continue;
        const j = r * cols + c;
        const diag = dx !== 0 && dy !== 0;
        const nc = cost + (diag ? 1.5 : 1);
        if (nc > maxAllow) continue;
        const fl = g.flags[j]!;
        if (fl & F_HILL && (banned || ballistaBanned)) continue;
        if (carry && (fl & F_PLAINPROT || readAt(j))) continue;
        if (diag) {
          const bIdx = r0 * cols + c, cIdx = r * cols + c0;
          if (readAt(bIdx) && readAt(cIdx)) continue;
          if ((riverAt(i, bIdx) || riverAt(bIdx, j)) && (riverAt(i, cIdx) || riverAt(cIdx, j))) continue;
        } else if (riverAt(i, j)) continue;
        const nf = pathFlags(j, f);
        const key = j * 8 + nf;
        if (best[key]! <= nc) continue;
        if (best[key] === Infinity) touched.push(key);
        best[key] = nc;
        prev[key] = node;
        (buckets[nc * 2] ??= []).push(key);
      }
    }
  }
  for (const k of touched) best[k] = Infinity;
  const seen = new Uint8Array(reads.length);
  reads.forEach((i, k) => { seen[k] = enemy[i]!; read[i] = 0; });
  return { reads: Int16Array.from(reads), seen, result: out };
}

/** Search buffers reused between calls (the search never re-enters itself). */
let scratch = { best: new Float64Array(0), prev: new Int32Array(0), read: new Uint8Array(0) };

/** A lone 1-stand unit a cavalry unit may ride over (10A): in the open, no ballista, not armored infantry. */
export const RUN_OVER_TARGETS: readonly TroopType[] = ['mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];

/** Cavalry that may ride over a lone stand (10A); missile foot that needs backing to lead at 1 stand (6J). */
const RIDERS: readonly TroopType[] = ['knights', 'turcopoles', 'lightCavalry'];
const SKIRMISHERS: readonly TroopType[] = ['javelinmen', 'longbowmen', 'crossbowmen'];

export function runOverTarget(state: GameState, mover: UnitState, sq: Square): UnitState | null {
  if (!RIDERS.includes(mover.type)) return null;
  const here = unitsAt(state, sq);
  if (here.some((x) => x.type === 'ballista') || isProtected(state, sq)) return null;
  const enemies = here.filter((x) => x.side !== mover.side);
  if (enemies.length !== 1 || here.length !== 1) return null;
  const e = enemies[0]!;
  return e.stands === 1 && RUN_OVER_TARGETS.includes(e.type) ? e : null;
}

/** A 1-stand javelin, longbow or crossbow unit: it leads only with a commander or a supporter (6J). */
export function needsBacking(u: UnitState): boolean {
  return u.stands === 1 && SKIRMISHERS.includes(u.type);
}

/**
 * May the unit lead (or join) a melee in an enemy square (6J)? Ballistarii never lead; a lone commander
 * never leads; a 1-stand javelin/longbow/crossbow unit leads only with a commander of its side in the contact
 * square or a declared supporter (`withSupporter`: one is declared with this move); the own units already there must leave room.
 */
export function mayLead(state: GameState, u: UnitState, sq: Square, withSupporter = false): boolean {
  if (u.type === 'ballistarii' || u.retiring) return false;
  const own = troopsAt(state, sq, u.side);
  if (u.type === 'commander' && own.length === 0) return false;
  if (needsBacking(u) && !withSupporter) {
    const melee = state.melees.find((m) => m.contact === sq);
    const supported = melee?.supports.some((s) => s.side === u.side) ?? false;
    // The commander must be in the contact square: one left behind in the square the unit started from does not count.
    const commander = own.some((x) => x.type === 'commander');
    if (!commander && !supported) return false;
  }
  const specs = own.map((x) => ({ id: x.id, type: x.type, stands: x.stands }));
  specs.push({ id: u.id, type: u.type, stands: u.stands });
  return stackingFits(specs);
}
