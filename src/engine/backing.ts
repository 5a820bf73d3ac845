/**
 * R-missile-lead on the fast core (digest 7; the readable statement is src/rules/moveListing.ts): a lone javelin, longbow
 * or crossbow stand may lead a melee before it is backed, when its commander or a supporter can still back it this
 * move. Which leads may wait is answered
 * by trying: the unit done leading there (whatIf), then asking whether every waiting melee can
 * still be backed. Worked out afresh on each listing (it reads units anywhere on the board), never kept.
 */
import { TROOPS, TROOP_TYPES } from '../rules/troops';
import { dirBetween } from './board';
import { BALLISTA, COMMANDER, F_MOVED, stackFits, type Ints } from './table';
import { reachOf } from './memo';
import { NORMAL } from './search';
import { eachGetsOwn } from '../rules/moveListing';
import { canMove, canSupportFrom, dropMelee, mayLead, place, startMelee, unbackedMelees, type MoveContext } from './moverules';

/**
 * R-missile-lead: the enemy squares where lone missile stand x may lead with no backing yet (none named with the
 * move, no commander there, no declared supporter), because a commander or a supporter can still back it this move.
 */
export function unbackedLeads(ctx: MoveContext, x: number): number[] {
  const { occ } = ctx;
  const out: number[] = [];
  if (!canMove(occ, x) || occ.side[x] !== ctx.attacker) return out;
  const r = reachOf(ctx, x, false), enemy = occ.enemy[occ.side[x]!]!;
  for (let k = 0; k < r.count; k++) {
    const j = r.square[k]!;
    if (!enemy[j] || !(r.kind[k]! & NORMAL) || mayLead(ctx, x, occ.stands[x]!, j, false) || !mayLead(ctx, x, occ.stands[x]!, j, true)) continue;
    if (whatIf(ctx, x, j)) out.push(j);
  }
  return out;
}

/**
 * Can every melee waiting for backing still get it (allBackable) with unit x done moving to square `to`, leading the
 * melee it starts there? Put back after.
 */
function whatIf(ctx: MoveContext, x: number, to: number): boolean {
  const { occ } = ctx;
  const flags = occ.flags as Ints;
  const started = occ.enemy[occ.side[x]!]![to] === 1 && !ctx.contact.includes(to);
  const own = flags[x]!;
  const from = place(occ, x, to);
  if (started) startMelee(ctx, to);
  flags[x] = own | F_MOVED;
  try {
    return allBackable(ctx);
  } finally {
    flags[x] = own;
    if (started) dropMelee(ctx);
    place(occ, x, from);
  }
}

/**
 * The units that could back melee m (led by a lone missile stand) this move, each on its own: a unit of the attacker
 * able to declare support now, a commander able to reach the contact square, or a unit able to reach a square beside
 * it and support from there. With `first`, only the first one found.
 */
export function backersOf(ctx: MoveContext, m: number, first: boolean): number[] {
  const out: number[] = [];
  if (m < 0) return out;
  const { occ } = ctx;
  const c = ctx.contact[m]!, s = ctx.attacker;
  for (let y = 0; y < ctx.n; y++) {
    if (occ.side[y] !== s || occ.sq[y]! < 0 || occ.sq[y] === c || occ.type[y] === BALLISTA) continue;
    if (canSupportFrom(ctx, y, occ.sq[y]!, m, true)) { out.push(y); if (first) return out; continue; }
    if (!canMove(occ, y)) continue;
    for (const j of reachNear(ctx, y, c)) {
      if (j === c || (stackFits(occ, j, y, occ.stands[y]!, -1) && canSupportFrom(ctx, y, j, m, true))) { out.push(y); break; }
    }
    if (first && out.length > 0) return out;
  }
  return out;
}

/** By troop type: the longest move it can make (its charge or move, +1 on a road), in squares. */
const FARTHEST = TROOP_TYPES.map((t) => Math.max(TROOPS[t].move, TROOPS[t].charge ?? 0) + 1);

/** The squares unit y's move reaches beside contact square c (into c, for a commander). */
function reachNear(ctx: MoveContext, y: number, c: number): number[] {
  const { occ, board } = ctx, from = occ.sq[y]!;
  const squares: number[] = [], s = occ.side[y]!;
  // Too far to get beside c with the longest move it could have (its charge or move, +1 on a road): nothing to search.
  const dx = Math.abs((from % board.columns) - (c % board.columns)), dy = Math.abs(Math.floor(from / board.columns) - Math.floor(c / board.columns));
  if (Math.abs(dx - dy) + 1.5 * Math.min(dx, dy) > FARTHEST[occ.type[y]!]! + 1.5) return squares;
  const r = reachOf(ctx, y, false);
  for (let k = 0; k < r.count; k++) {
    const j = r.square[k]!;
    if (j === c ? occ.type[y] === COMMANDER : dirBetween(board, j, c) >= 0 && !occ.enemy[s]![j]) squares.push(j);
  }
  return squares;
}

/** Can every melee still waiting for backing get a backer of its own this move (R-missile-lead; moveListing.ts eachGetsOwn)? */
function allBackable(ctx: MoveContext): boolean {
  const waiting = unbackedMelees(ctx);
  if (waiting.length === 1) return backersOf(ctx, waiting[0]!, true).length > 0;
  return eachGetsOwn(waiting.map((m) => backersOf(ctx, m, false)));
}
