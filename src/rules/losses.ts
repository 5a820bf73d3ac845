/**
 * Taking melee losses (digest 10 "Losses", rule 9K, with the readings on choosing stands and on fractions), written
 * plainly over the game state. How many points each side loses is meleeLosses (melee.ts); this module says which
 * stands go. The engine's fast core allocates on its own tables, and the fuzz suite holds its choices to this module.
 *
 * - Losses come from the units in the contact square first; only when none is left there, from the supporters.
 * - The losing side chooses which of those units loses its next stand. A half-killed stand goes first and is worth
 *   half; any other stand is worth its melee value this turn (a charging knight or commander its charge value).
 * - While the loss still owed covers a whole stand of some unit, only such whole stands may be chosen.
 * - Otherwise the remainder is short of every next stand: the side picks the unit whose stand it risks (lost with
 *   probability remainder / stand value, rolled or by the ledger), or, when the remainder is exactly half of a whole
 *   knight or commander stand, half-kills that stand instead.
 */
import { meleeFighters, standMeleeValue } from './meleeValue';
import type { GameState, Melee, SideId, UnitState } from './state';
import { TROOPS, type TroopType } from './troops';

/** Loss arithmetic is in halves and quarters: compare with a little room. */
const EPS = 1e-9;

/** What the next stand unit u loses is worth (a half-killed stand first, at half). */
export function nextStandWorth(s: GameState, u: UnitState): number {
  return nextStandOf(standMeleeValue(s, u), u.half);
}

/** The units a side takes its next loss from: its units in the contact square, else its supporters. */
export function lossTier(s: GameState, m: Melee, side: SideId): UnitState[] {
  return tierOf(meleeFighters(s, m, side));
}

/** The loss tier among a side's fighters (any representation): the contact square's, else the supporters. */
export function tierOf<U>(fighters: { contact: U[]; supporters: U[] }): U[] {
  return fighters.contact.length > 0 ? fighters.contact : fighters.supporters;
}

/** One way to take the next loss: a stand of this unit, or half-killing one of its stands. */
export interface LossChoice { unit: string; half: boolean }

/** The worth of the next stand a unit loses: a half-killed stand goes first, at half its whole worth. */
export function nextStandOf(whole: number, half: number): number {
  return half > 0 ? whole / 2 : whole;
}

/** What the choice of the next loss reads of a unit: its type, stands and half-killed stands, and a whole stand's worth this turn. */
export interface LossWorth { type: TroopType; stands: number; half: number; whole: number }

/**
 * The choices for the next loss among the units of `tier` while `loss` points are still owed, over plain values: the
 * whole stands the loss covers; else any unit's stand at risk, or half-killing a knight or commander stand when the
 * loss is exactly half of it. The state's lossChoices and the engine's core both choose here.
 */
export function lossChoicesAmong<U>(tier: readonly U[], loss: number, worth: (u: U) => LossWorth): Array<{ unit: U; half: boolean }> {
  const out: Array<{ unit: U; half: boolean }> = [];
  for (const u of tier) { const w = worth(u); if (nextStandOf(w.whole, w.half) <= loss + EPS) out.push({ unit: u, half: false }); }
  if (out.length > 0) return out;
  for (const u of tier) {
    out.push({ unit: u, half: false });
    const w = worth(u);
    const halfKillable = TROOPS[w.type].chargeValue !== null && w.half < w.stands;
    if (halfKillable && Math.abs(loss - w.whole / 2) < EPS) out.push({ unit: u, half: true });
  }
  return out;
}

/** The side's choices for its next loss while it still owes `loss` points in melee m. */
export function lossChoices(s: GameState, m: Melee, side: SideId, loss: number): LossChoice[] {
  const worth = (u: UnitState): LossWorth => ({ type: u.type, stands: u.stands, half: u.half, whole: standMeleeValue(s, u) });
  return lossChoicesAmong(lossTier(s, m, side), loss, worth).map((c) => ({ unit: c.unit.id, half: c.half }));
}
