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
import { TROOPS } from './troops';

/** One unit's part in a side's melee value. */
export interface MeleeValuePart {
  unit: string;
  /** In the contact square, or a declared supporter. */
  support: boolean;
  stands: number;
  half: number;
  /** The value of one whole stand this turn (a charging knight or commander counts its charge value, 6G). */
  standValue: number;
  charging: boolean;
  /** stands at standValue, half-killed stands at half. */
  value: number;
}

/** Why the attacker fights at -1 (9F). */
/** What costs the attacker its penalty (9F): the contact square has a crossing, road or ballista, or a hill when the hill option says so. */
export const ATTACKER_PENALTY_REASONS = ['crossing', 'road', 'ballista', 'hill'] as const;
export type MeleeModifierReason = (typeof ATTACKER_PENALTY_REASONS)[number];
/** Points the attacker's side loses off its melee value for one of ATTACKER_PENALTY_REASONS (9F: -1, once). */
export const ATTACKER_PENALTY = 1;

/** A side's melee value with how it is made up. */
export interface MeleeValueBreakdown {
  side: string;
  value: number;
  parts: MeleeValuePart[];
  modifiers: Array<{ reason: MeleeModifierReason; delta: number }>;
}

/** Did the unit charge this turn, and does its type count a charge value (knights, commanders)? */
export function chargingNow(s: GameState, u: UnitState): boolean {
  return u.chargedTurn === s.turn && TROOPS[u.type].chargeValue !== null;
}

/** One stand's melee value this turn. */
export function standMeleeValue(s: GameState, u: UnitState): number {
  return chargingNow(s, u) ? TROOPS[u.type].chargeValue! : TROOPS[u.type].meleeValue;
}

/** A side's units that fight a melee: its troops in the contact square, then its declared supporters still able to help. */
export function meleeFighters(s: GameState, m: Melee, side: SideId): { contact: UnitState[]; supporters: UnitState[] } {
  const contact = s.units.filter((u) => u.status === 'active' && u.at === m.contact && u.type !== 'ballista' && u.side === side && u.stands > 0);
  const supporters: UnitState[] = [];
  for (const { unit } of m.supports) {
    const u = s.units.find((x) => x.id === unit)!;
    if (u.side !== side || u.status !== 'active' || !u.at || u.stands <= 0 || u.retiring || !besideSquare(u.at, m.contact)) continue;
    supporters.push(u);
  }
  return { contact, supporters };
}

/** Why the attacker fights at -ATTACKER_PENALTY in this contact square (the first reason that holds), or null. */
export function attackerPenalty(s: GameState, contact: Square): MeleeModifierReason | null {
  const t = terrainIndex(s.scenario);
  const holds: Record<MeleeModifierReason, () => boolean> = {
    crossing: () => t.crossingSquares.has(contact),
    road: () => t.road.has(contact),
    ballista: () => s.units.some((u) => u.type === 'ballista' && u.status === 'active' && u.at === contact),
    hill: () => s.rules.hills.meleePenalty && t.hill.has(contact),
  };
  return ATTACKER_PENALTY_REASONS.find((r) => holds[r]()) ?? null;
}

/** A side's melee value in melee m, with how it is made up. */
export function sideMeleeValue(s: GameState, m: Melee, side: SideId): MeleeValueBreakdown {
  const { contact, supporters } = meleeFighters(s, m, side);
  const out: MeleeValueBreakdown = { side, value: 0, parts: [], modifiers: [] };
  let v = 0;
  for (const u of [...contact, ...supporters]) {
    const each = standMeleeValue(s, u), value = each * (u.stands - u.half / 2);
    v += value;
    out.parts.push({ unit: u.id, support: !contact.includes(u), stands: u.stands, half: u.half, standValue: each, charging: chargingNow(s, u), value });
  }
  if (side === s.attacker) {
    const why = attackerPenalty(s, m.contact);
    if (why) { v -= ATTACKER_PENALTY; out.modifiers.push({ reason: why, delta: -ATTACKER_PENALTY }); }
  }
  out.value = Math.max(0, v);
  return out;
}

/** Both sides' melee values at the melee in `contact` (the one being fought, or one still to fight), attacker first; empty when there is none. */
export function meleeValuesAt(s: GameState, contact: Square): MeleeValueBreakdown[] {
  const m = (s.current !== null && s.melees[s.current]?.contact === contact ? s.melees[s.current] : undefined) ?? s.melees.find((x) => x.contact === contact && !x.fought) ?? s.melees.find((x) => x.contact === contact);
  if (!m || !s.attacker) return [];
  const defender = s.sides.find((x) => x.id !== s.attacker)!.id;
  return [sideMeleeValue(s, m, s.attacker), sideMeleeValue(s, m, defender)];
}
