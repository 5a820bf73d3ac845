/**
 * Melee value and its modifiers (digest 10 "Value", rules 9F and 6G), written plainly over the game state. This is
 * what the play view's previews, odds and the log show; the engine's fast core fights with its own tables, and the
 * fuzz suite holds it to this module at every melee it fights.
 *
 * - A side's value is the sum over its units in the contact square and its declared supporters still able to help
 *   (active, on the board, beside the contact square, not retiring) of each unit's stands at their value this turn.
 * - A stand is worth its troop type's melee value; a knight or commander that charged this turn is worth its charge
 *   value (4); a half-killed stand is worth half.
 * - The attacker fights at -1 when the contact square is a crossing square (a ford or bridge), a road square, holds a
 *   ballista, or is a hill and the scenario gives hills the melee penalty. A value never goes below 0.
 */
import type { Square } from './coords';
import { besideSquare } from './support';
import type { GameState, Melee, SideId, UnitState } from './state';
import { terrainIndex } from './terrain';
import { TROOPS, type TroopType } from './troops';

import { ATTACKER_PENALTY_REASONS, type MeleeModifierReason, type MeleeValueBreakdown, type MeleeValuePart } from './vocabulary';

export { ATTACKER_PENALTY_REASONS, type MeleeModifierReason, type MeleeValueBreakdown, type MeleeValuePart };

/** Points the attacker's side loses off its melee value for one of ATTACKER_PENALTY_REASONS (9F: -1, once). */
export const ATTACKER_PENALTY = 1;

/** Does a unit of this type that charged this turn count its charge value (knights and commanders do, 6G)? */
export function countsCharge(type: TroopType, chargedNow: boolean): boolean {
  return chargedNow && TROOPS[type].chargeValue !== null;
}

/** One stand's melee value: its type's charge value when it counts one (countsCharge), else its melee value. */
export function standWorth(type: TroopType, chargedNow: boolean): number {
  return countsCharge(type, chargedNow) ? TROOPS[type].chargeValue! : TROOPS[type].meleeValue;
}

/** Did the unit charge this turn, and does its type count a charge value (knights, commanders)? */
export function chargingNow(s: GameState, u: UnitState): boolean {
  return countsCharge(u.type, u.chargedTurn === s.turn);
}

/** One stand's melee value this turn. */
export function standMeleeValue(s: GameState, u: UnitState): number {
  return standWorth(u.type, u.chargedTurn === s.turn);
}

/**
 * What "who fights" asks of a unit, on any ground: the game state's unit records answer it (meleeFighters), and the
 * fast core's unit numbers (engine/melee.ts meleeUnits). Asked as methods of the ground.
 */
export interface FighterGround<U, S> {
  /** The unit's side. */
  sideOf(u: U): S;
  /** Is it troops (not a ballista), active on the board, with stands left? */
  fights(u: U): boolean;
  /** Is it retiring (10B: it no longer supports)? */
  retiring(u: U): boolean;
  /** Does it stand next to the melee's contact square (diagonals count)? */
  besideContact(u: U): boolean;
}

/**
 * A side's units that fight a melee (9E, 9F), the rule stated once: its troops in the contact square (of `here`, the
 * units there), then those of its declared supporters (`declared`) still able to help: troops on the board with stands
 * left, not retiring, next to the contact square.
 */
export function fightersOf<U, S>(g: FighterGround<U, S>, side: S, here: Iterable<U>, declared: Iterable<U>): { contact: U[]; supporters: U[] } {
  const contact: U[] = [], supporters: U[] = [];
  for (const u of here) if (g.sideOf(u) === side && g.fights(u)) contact.push(u);
  for (const u of declared) if (g.sideOf(u) === side && g.fights(u) && !g.retiring(u) && g.besideContact(u)) supporters.push(u);
  return { contact, supporters };
}

/** A side's units that fight a melee (fightersOf over the state's records). */
export function meleeFighters(s: GameState, m: Melee, side: SideId): { contact: UnitState[]; supporters: UnitState[] } {
  const ground: FighterGround<UnitState, SideId> = {
    sideOf: (u) => u.side,
    fights: (u) => u.status === 'active' && u.at !== null && u.type !== 'ballista' && u.stands > 0,
    retiring: (u) => u.retiring,
    besideContact: (u) => besideSquare(u.at!, m.contact),
  };
  const here = s.units.filter((u) => u.at === m.contact);
  return fightersOf(ground, side, here, m.supports.map(({ unit }) => s.units.find((x) => x.id === unit)!));
}

/** Why the attacker fights at -ATTACKER_PENALTY: the first of ATTACKER_PENALTY_REASONS that holds of the contact square, or null. */
export function firstPenalty(holds: (reason: MeleeModifierReason) => boolean): MeleeModifierReason | null {
  return ATTACKER_PENALTY_REASONS.find(holds) ?? null;
}

/** Why the attacker fights at -ATTACKER_PENALTY in this contact square (the first reason that holds), or null. */
export function attackerPenalty(s: GameState, contact: Square): MeleeModifierReason | null {
  const t = terrainIndex(s.scenario);
  return firstPenalty((r) => {
    switch (r) {
      case 'crossing': return t.crossingSquares.has(contact);
      case 'road': return t.road.has(contact);
      case 'ballista': return s.units.some((u) => u.type === 'ballista' && u.status === 'active' && u.at === contact);
      case 'hill': return s.rules.hills.meleePenalty && t.hill.has(contact);
    }
  });
}

/** What a side's value reads of one of its fighting units. */
export interface Fighter { unit: string; type: TroopType; stands: number; half: number; chargedNow: boolean }

/**
 * The value itself (9F), over plain values: each fighter's stands at their worth this turn, half-killed ones at half,
 * contact-square units first, then supporters; the attacker's penalty when `penalty` names one; never below 0. The
 * state's sideMeleeValue and the engine's core both sum it here. Without `parts` (a playout that shows nothing), the
 * breakdown's parts stay empty: the value and modifiers are the same.
 */
export function valueOfFighters(side: string, contact: readonly Fighter[], supporters: readonly Fighter[], penalty: MeleeModifierReason | null, parts = true): MeleeValueBreakdown {
  const out: MeleeValueBreakdown = { side, value: 0, parts: [], modifiers: [] };
  let v = 0;
  for (let k = 0; k < contact.length + supporters.length; k++) {
    const f = k < contact.length ? contact[k]! : supporters[k - contact.length]!;
    const each = standWorth(f.type, f.chargedNow), value = each * (f.stands - f.half / 2);
    v += value;
    if (parts) out.parts.push({ unit: f.unit, support: k >= contact.length, stands: f.stands, half: f.half, standValue: each, charging: countsCharge(f.type, f.chargedNow), value });
  }
  if (penalty) { v -= ATTACKER_PENALTY; out.modifiers.push({ reason: penalty, delta: -ATTACKER_PENALTY }); }
  out.value = Math.max(0, v);
  return out;
}

/** A side's melee value in melee m, with how it is made up. */
export function sideMeleeValue(s: GameState, m: Melee, side: SideId): MeleeValueBreakdown {
  const { contact, supporters } = meleeFighters(s, m, side);
  const fighter = (u: UnitState): Fighter => ({ unit: u.id, type: u.type, stands: u.stands, half: u.half, chargedNow: u.chargedTurn === s.turn });
  return valueOfFighters(side, contact.map(fighter), supporters.map(fighter), side === s.attacker ? attackerPenalty(s, m.contact) : null);
}

/** Both sides' melee values at the melee in `contact` (the one being fought, or one still to fight), attacker first; empty when there is none. */
export function meleeValuesAt(s: GameState, contact: Square): MeleeValueBreakdown[] {
  const m = (s.current !== null && s.melees[s.current]?.contact === contact ? s.melees[s.current] : undefined) ?? s.melees.find((x) => x.contact === contact && !x.fought) ?? s.melees.find((x) => x.contact === contact);
  if (!m || !s.attacker) return [];
  const defender = s.sides.find((x) => x.id !== s.attacker)!.id;
  return [sideMeleeValue(s, m, s.attacker), sideMeleeValue(s, m, defender)];
}
