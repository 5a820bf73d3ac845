/**
 * sampleAction (architecture "Fast core, plain facade"): one legal action drawn at random without listing them all,
 * for playouts and simulation. Always an action that legalActions lists (a property test checks it).
 */
import type { Action } from './actions';
import type { GameState } from './state';
import type { RngState } from './random';
import {
  MISSILE, MOVE, NONE, OVER, actsFor, canMove, chargeCandidates, chargeWaits, endMove, faceList, choosingShot, keptCharges, keptMoves, listActions, mayTurn,
  missileChoiceList, moveCheck, nextToFire, positionContext, supportActions, waitingLeads, type MoveContext, type Position,
} from '../engine';
import { positionOf, vouch } from './game';

/** A uniform integer in [0, n) from the generator (mulberry32 step, as the dice). */
export function randomIndex(r: RngState, n: number): number {
  r.s = (r.s + 0x6d2b79f5) >>> 0;
  let t = r.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) % n;
}

/**
 * Draw from units[0, left) without putting back: the one drawn is swapped to the end of the range, so the caller's
 * next draw takes left - 1. Drawing until one suits is a uniform pick among those that suit, as taking the first that
 * suits of a shuffled list would be, with one random number a draw instead of one a unit.
 */
function draw(units: number[], left: number, r: RngState): number {
  const i = randomIndex(r, left);
  const x = units[i]!;
  units[i] = units[left - 1]!;
  units[left - 1] = x;
  return x;
}

/**
 * One legal action of the side to act, drawn at random (null when the game is over). Concession only when nothing
 * else is legal. In the move phase it looks at one unit at a time: a facing change 1 time in 8 (as randomPolicy),
 * else a uniform pick among one random unit's moves, the support declarations and ending the move.
 */
export function sampleAction(state: GameState, rng: RngState): Action | null {
  const a = sampleIn(positionOf(state), rng);
  return a && vouch(state, a);
}

/** sampleAction on the core's position (simulations that never make JSON states). */
export function sampleIn(p: Position, rng: RngState): Action | null {
  const side = p.toAct;
  if (p.phase === OVER || side < 0) return null;
  if (p.phase === MOVE) {
    const moved = sampleMove(positionContext(p), p.sides[side]!, rng);
    if (moved) return moved;
  }
  if (p.phase === MISSILE) {
    // One missile unit still to fire at random, then one of its choices (R-fire-order: the side picks who fires next).
    let open = 0;
    if (!choosingShot(p)) for (let k = nextToFire(p, side, 0); k >= 0; k = nextToFire(p, side, k + 1)) units[open++] = p.fires[k]!.unit;
    if (open > 0) {
      const list = missileChoiceList(p, units[randomIndex(rng, open)]!);
      return list[randomIndex(rng, list.length)]!;
    }
  }
  const all = listActions(p);
  const pool = all.length > 1 ? all.filter((x) => x.type !== 'concede') : all;
  return pool[randomIndex(rng, pool.length)] ?? null;
}

/**
 * The sampler's own list of unit indices, its first entries written afresh for each draw (a playout draws hundreds of
 * actions a game: no new array for each, and never emptied, which would give its storage back).
 */
const units: number[] = [];

function sampleMove(ctx: MoveContext, side: string, rng: RngState): Action | null {
  const { occ } = ctx;
  const s = occ.sides.indexOf(side);
  let mine = 0;
  for (let x = 0; x < ctx.n; x++) if (actsFor(occ, x, s) && mayTurn(occ, x)) units[mine++] = x;
  if (randomIndex(rng, 8) === 0) {
    for (let left = mine; left > 0; left--) {
      const list = faceList(ctx, draw(units, left, rng));
      if (list.length > 0) return list[randomIndex(rng, list.length)]!;
    }
  }
  // The other choices: the support declarations, then ending the move when no charger still waits to fight.
  const support = ctx.contact.length === 0 ? NONE : supportActions(ctx, side);
  const end = ctx.idle.length === 0 && ctx.unbacked.length === 0 ? endMove(side) : null;
  const others = support.length + (end ? 1 : 0);
  let movable = 0;
  for (let i = 0; i < mine; i++) if (canMove(occ, units[i]!)) units[movable++] = units[i]!;
  for (let left = movable; left > 0; left--) {
    const a = drawMove(ctx, draw(units, left, rng), support, end, rng);
    if (a) return a;
  }
  if (others === 0) return null;
  const k = randomIndex(rng, others);
  return k < support.length ? support[k]! : end!;
}

/**
 * A uniform pick among unit x's moves (the listing's unitMoveList), the support declarations and ending the move; null
 * when the unit has no move. The checks against units anywhere on the board (moveCheck, chargeWaits) are asked only
 * of the moves drawn: one that fails is put aside and the draw made again among the rest, which is a uniform pick
 * among those that pass. The declarations and ending the move are drawn only once a move of the unit is known to pass.
 */
function drawMove(ctx: MoveContext, x: number, support: readonly Action[], end: Action | null, rng: RngState): Action | null {
  const listed = keptMoves(ctx, x), leads = waitingLeads(ctx, x), check = moveCheck(ctx, x);
  const kept = keptCharges(ctx, x), charges = kept ?? chargeCandidates(ctx, x);
  const a = listed.length, b = a + leads.length, others = support.length + (end ? 1 : 0);
  const at = (i: number) => (i < a ? listed[i]! : i < b ? leads[i - a]! : charges[i - b]!);
  const passes = (i: number) => (i < b ? !check || check(at(i)) : kept !== null || chargeWaits(ctx, x, at(i)));
  let n = b + charges.length, known = false;
  for (let i = 0; i < n; i++) pool[i] = i;
  while (n > 0) {
    const k = randomIndex(rng, n + others);
    if (k < n) {
      if (passes(pool[k]!)) return at(pool[k]!);
      pool[k] = pool[--n]!;
      continue;
    }
    const o = k - n;
    while (!known && n > 0) if (passes(pool[n - 1]!)) known = true; else n--;
    if (known) return o < support.length ? support[o]! : end!;
  }
  return null;
}

/** drawMove's pool of the moves not yet put aside (by place in the unit's list), kept between draws. */
const pool: number[] = [];
