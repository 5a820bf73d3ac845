/**
 * After fire and melee steps, on the position (issue 9, fast core; digest 11, rules 10): retirement, the levy roll,
 * ballista control.
 */
import { TROOP_TYPES } from '../rules/troops';
import { RETIRING_TYPES } from '../rules/retirement';
import { ENGINE_READINGS } from '../rules/readings';
import { rollDie } from '../rules/random';
import { DX, DY, T_HILL, T_ROAD } from './board';
import { allowance } from '../rules/movement';
import { NO_RIVER, squeezed } from '../rules/geometry';
import { BALLISTA, TYPE_INDEX, stackFits } from './table';
import { ACTIVE, DEPLOY, OFF, settle, touch, type Position } from './position';

const RETIRES = Uint8Array.from(TROOP_TYPES, (t) => (RETIRING_TYPES.includes(t) ? 1 : 0));
const LEVY = TYPE_INDEX.levyInfantry!;

/** +1 row towards a side's own (rear) edge. */
export function rearStep(p: Position, side: number): number {
  return p.game.sides[side]!.edge === 'north' ? -1 : 1;
}

/** Is square j the contact square of a melee not yet fought? */
export function openMeleeAt(p: Position, j: number): boolean {
  for (const m of p.melees) if (!m.fought && m.contact === j) return true;
  return false;
}

/** Rows between square j and the side's own (back) edge: 0 on the back row itself. */
function rowsToEdge(p: Position, j: number, side: number): number {
  const row = Math.floor(j / p.board.columns);
  return rearStep(p, side) < 0 ? row : p.board.rows - 1 - row;
}

const ROAD_FLAG = 1, HILL_FLAG = 2;

/**
 * Where a retiring unit's move ends (OFF_EDGE: off the board), reading R-retire: a full move, "as fast as possible"
 * towards its own back edge. Every route its move allows is looked at (a cheapest-first search over square and path
 * flags, as any move: rivers, enemies, the diagonal squeeze, hills it may not enter, the road bonus only for road
 * steps and the hill penalty); it leaves the board when any route reaches its back edge with a step to spare, else it
 * ends on the square nearest that edge where it may stand, ties going straight back first, then the shorter route.
 */
export function retireRoute(p: Position, x: number): number {
  const { board } = p;
  const from = p.at[x]!, side = p.side[x]!, n = board.n;
  const terrain = board.terrain, banned = p.game.banned[p.type[x]!] === 1, enemy = p.enemy[side]!;
  const held = (j: number) => enemy[j] === 1;
  const mover = { type: TROOP_TYPES[p.type[x]!]!, from, afterCharge: false, carry: false };
  const allow = [0, 1, 2, 3].map((f) => Math.floor(2 * allowance(p.game.rules, mover, (f & ROAD_FLAG) !== 0, (f & HILL_FLAG) !== 0, false, false)));
  const cost = new Int32Array(4 * n).fill(-1);
  const startFlags = (terrain[from]! & T_ROAD ? ROAD_FLAG : 0) | (terrain[from]! & T_HILL ? HILL_FLAG : 0);
  cost[startFlags * n + from] = 0;
  // Costs are small integers (half squares): a bucket per cost keeps the search cheapest-first without a heap.
  const buckets: number[][] = [[startFlags * n + from]];
  let offEdge = false, best = from, bestKey = [rowsToEdge(p, from, side), 0, 0, from];
  const startCol = from % board.columns;
  for (let c = 0; c < buckets.length; c++) {
    for (const node of buckets[c] ?? []) {
      if (cost[node] !== c) continue;
      const i = node % n, f = (node - i) / n;
      if (c > allow[f]!) continue;
      if (i !== from && stackFits(p, i, x, p.stands[x]!, -1)) {
        const key = [rowsToEdge(p, i, side), Math.abs((i % board.columns) - startCol), c, i];
        if (before(key, bestKey)) { best = i; bestKey = key; }
      }
      if (rowsToEdge(p, i, side) === 0 && c + 2 <= allow[f & ~ROAD_FLAG]!) offEdge = true; // off the board: no road bonus (offBoardAllowance)
      for (let d = 0; d < 8; d++) {
        const j = board.step[i * 8 + d]!;
        if (j < 0 || board.blocked[i * 8 + d] || enemy[j] || openMeleeAt(p, j) || (banned && terrain[j]! & T_HILL)) continue;
        if (d & 1 && squeezed(i, i + DX[d]!, i + DY[d]! * board.columns, j, held, NO_RIVER)) continue; // its rivers: board.blocked
        const g = (f & ROAD_FLAG && board.roadStep[i * 8 + d] ? ROAD_FLAG : 0) | (f & HILL_FLAG) | (terrain[j]! & T_HILL ? HILL_FLAG : 0);
        const nc = c + (d & 1 ? 3 : 2), key = g * n + j;
        if (nc > allow[g]! || (cost[key]! >= 0 && cost[key]! <= nc)) continue;
        cost[key] = nc;
        (buckets[nc] ??= []).push(key);
      }
    }
  }
  return offEdge ? OFF_EDGE : best;
}

/** Does ranking key a come before b (each part in turn, smaller first)? */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
  return false;
}

/** retireRoute's answer for a unit that leaves the board. */
export const OFF_EDGE = -1;

/** A retiring unit's full move (10B): off the board when it reaches its edge, else as near to it as it gets (R-retire). */
export function retireMove(p: Position, x: number): void {
  const from = p.at[x]!;
  if (from < 0) return;
  const to = retireRoute(p, x);
  if (to === OFF_EDGE) { p.at[x] = -1; p.status[x] = OFF; } else p.at[x] = to;
  settle(p, x);
  p.events?.push({ kind: 'retire', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, at: p.board.names[from]!, to: to === OFF_EDGE ? 'off' : p.board.names[to]! });
}

/** Retire each of these units in turn, those nearest their own edge first (R-retire), then in slot order. */
export function retireInOrder(p: Position, units: number[]): void {
  units.sort((a, b) => rowsToEdge(p, p.at[a]!, p.side[a]!) - rowsToEdge(p, p.at[b]!, p.side[b]!) || a - b);
  for (const x of units) if (p.status[x] === ACTIVE && p.at[x]! >= 0) retireMove(p, x);
}

/** Is unit x in an unfought melee (its contact square, or a declared supporter)? */
function inOpenMelee(p: Position, x: number): boolean {
  for (const m of p.melees) if (!m.fought && (m.contact === p.at[x] || m.supports.includes(x))) return true;
  return false;
}

/** After any fire or melee step: single stands retire, levy at 2 stands roll once (4-6 retire). */
export function checkRetirement(p: Position): void {
  const starting: number[] = [];
  for (let x = 0; x < p.n; x++) {
    if (p.status[x] !== ACTIVE || p.at[x]! < 0 || p.retiring[x]) continue;
    if (inOpenMelee(p, x)) continue;
    let retire = RETIRES[p.type[x]!] === 1 && p.stands[x] === 1;
    if (!retire && p.type[x] === LEVY && p.stands[x] === ENGINE_READINGS.levyRollsAtStands && !p.levy[x]) {
      p.levy[x] = 1;
      touch(p, x);
      const d = rollDie(p.rng, 6);
      retire = d >= ENGINE_READINGS.levyRetiresOn;
      p.events?.push({ kind: 'levy', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, at: p.board.names[p.at[x]!]!, dice: [d], retires: retire });
    }
    if (retire) {
      p.retiring[x] = 1;
      settle(p, x);
      starting.push(x);
    }
  }
  retireInOrder(p, starting);
}

/** Ballista control (6K, 9M): abandoned when no own troops remain, claimed or captured by the only side present. */
export function updateBallistas(p: Position): void {
  if (p.phase === DEPLOY) return;
  for (let b = 0; b < p.n; b++) {
    const j = p.sq[b]!;
    if (p.type[b] !== BALLISTA || j < 0 || openMeleeAt(p, j)) continue;
    // One look at the troops in its square: is its controller there, else the one other side present (if only one)?
    const ctl = p.ctrl[b]!;
    let held = false, only = -1, several = false;
    for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
      const y = here[k]!;
      if (p.type[y] === BALLISTA) continue;
      if (p.side[y] === ctl) { held = true; break; }
      if (only < 0) only = p.side[y]!; else if (p.side[y] !== only) several = true;
    }
    if (held) continue;
    const next = several ? -1 : only;
    if (next !== ctl) {
      p.ctrl[b] = next;
      touch(p, b);
      p.events?.push({
        kind: 'ballista-control', side: p.sides[next >= 0 ? next : ctl]!, unit: p.ids[b]!, at: p.board.names[j]!,
        from: ctl >= 0 ? p.sides[ctl]! : null, to: next >= 0 ? p.sides[next]! : null,
      });
    }
  }
}
