/**
 * R-missile-lead on the fast core (digest 7; the rule is stated in src/rules/waysToFight.ts): a lone javelin, longbow
 * or crossbow stand may lead a melee before it is backed, when its commander or a supporter can still back it this
 * move. Which leads may wait is answered
 * by trying: the unit done leading there (whatIf), then asking whether every waiting melee can
 * still be backed. Worked out afresh on each listing (it reads units anywhere on the board), never kept.
 */
import { F_MOVED, type Ints } from './table';
import { reachOf } from './memo';
import { NORMAL } from './search';
import { backersOn, eachGetsOwn } from '../rules/waysToFight';
import { canMove, dropMelee, fightGround, mayLead, place, startMelee, unbackedMelees, type MoveContext } from './moverules';

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

/** The units that could back melee m (led by a lone missile stand) this move (waysToFight.ts backersOn); with `first`, only the first one found. */
export function backersOf(ctx: MoveContext, m: number, first: boolean): number[] {
  return m < 0 ? [] : backersOn(fightGround(ctx), m, first);
}

/** Can every melee still waiting for backing get a backer of its own this move (R-missile-lead; waysToFight.ts eachGetsOwn)? */
function allBackable(ctx: MoveContext): boolean {
  const waiting = unbackedMelees(ctx);
  if (waiting.length === 1) return backersOf(ctx, waiting[0]!, true).length > 0;
  return eachGetsOwn(waiting.map((m) => backersOf(ctx, m, false)));
}
