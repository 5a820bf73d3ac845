/** Melee (digest 10): supports, values with modifiers, loss allocation with fractions and half-kills. */
import { FACINGS, FACING_VECTORS, parseSquare, type Facing, type Square } from './coords';
import { TROOPS, TROOP_TYPES } from './troops';
import { chance } from './random';
import { removeStands } from './firing';
import { otherSide, terrainIndex, troopsAt, unitById, unitsAt, type GameState, type Melee, type UnitState } from './state';
import { own } from './draft';

/** Grid direction from one square to an adjacent one, or null when not adjacent. */
export function stepBetween(from: Square, to: Square): [number, number] | null {
  const p = parseSquare(from)!, q = parseSquare(to)!;
  const dx = q.col - p.col, dy = q.row - p.row;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return null;
  return [dx, dy];
}

/** Facings by grid direction, index (sign dy + 1) * 3 + sign dx + 1 (no step: undefined). */
const FACING_BY_STEP: ReadonlyArray<Facing | undefined> = (() => {
  const out: Array<Facing | undefined> = new Array(9).fill(undefined);
  for (const k of Object.keys(FACING_VECTORS) as Facing[]) out[(FACING_VECTORS[k][1] + 1) * 3 + FACING_VECTORS[k][0] + 1] = k;
  return out;
})();

/** The facing pointing along a grid direction. */
export function facingOf(dx: number, dy: number): Facing {
  return FACING_BY_STEP[(Math.sign(dy) + 1) * 3 + Math.sign(dx) + 1] ?? 'N';
}

/** Support types (9E) by troop type index (TROOP_TYPES order); 0 for none. */
export const SUPPORT_TYPE = Uint8Array.from(TROOP_TYPES, (t) => TROOPS[t].support ?? 0);

/**
 * Support geometry (9E) by integers: troop type index, facing and direction to the contact square as indices in
 * FACINGS order. Type 1 supports from ahead or directly beside and only facing a side; type 2 from anywhere but
 * directly behind; type 4 from anywhere; type 3 never.
 */
export function supportGeometryOf(type: number, facing: number, dir: number): boolean {
  const behind = dir === ((facing + 4) & 7);
  switch (SUPPORT_TYPE[type]) {
    case 1: return (dir & 1) === 0 && !behind && (facing & 1) === 0;
    case 2: return !behind;
    case 4: return true;
    default: return false;
  }
}

/** supportGeometry by names and a grid direction (dx, dy) from the supporter to the contact square. */
export function supportGeometry(type: UnitState['type'], facing: Facing, dir: [number, number]): boolean {
  return supportGeometryOf(TROOP_TYPES.indexOf(type), FACINGS.indexOf(facing), FACINGS.indexOf(facingOf(dir[0], dir[1])));
}

/** The units of a side in a melee: contact-square troops first, then its supporters still able to help. */
export function meleeUnits(state: GameState, m: Melee, side: string): { contact: UnitState[]; supporters: UnitState[] } {
  const contact = troopsAt(state, m.contact, side).filter((u) => u.stands > 0);
  const supporters = m.supports.filter((s) => s.side === side).map((s) => unitById(state, s.unit))
    .filter((u) => u.status === 'active' && u.at !== null && u.stands > 0 && !u.retiring && stepBetween(u.at, m.contact) !== null);
  return { contact, supporters };
}

/** Melee value of one stand of a unit this turn: charging knights and commanders 4 (6G). */
export function standValue(state: GameState, u: UnitState): number {
  const spec = TROOPS[u.type];
  return u.chargedTurn === state.turn && spec.chargeValue !== null ? spec.chargeValue : spec.meleeValue;
}

/** Value the next stand lost is worth (a half-killed stand goes first and is worth half). */
export function nextStandValue(state: GameState, u: UnitState): number {
  return u.half > 0 ? standValue(state, u) / 2 : standValue(state, u);
}

/** A side's melee value (9F): stands, half-killed at half; the attacker -1 on a crossing, road, ballista or penalised hill. */
export function meleeValue(state: GameState, m: Melee, side: string): number {
  const { contact, supporters } = meleeUnits(state, m, side);
  let v = 0;
  for (const u of [...contact, ...supporters]) v += standValue(state, u) * (u.stands - u.half / 2);
  if (side === state.attacker) {
    const t = terrainIndex(state.scenario);
    const sq = m.contact;
    if (t.crossingSquares.has(sq) || t.road.has(sq) || unitsAt(state, sq).some((x) => x.type === 'ballista')
      || (state.rules.hills.meleePenalty && t.hill.has(sq))) v -= 1;
  }
  return Math.max(0, v);
}

/** Units the side may take its next loss from: contact square first, then supporters. */
export function lossTier(state: GameState, m: Melee, side: string): UnitState[] {
  const { contact, supporters } = meleeUnits(state, m, side);
  return contact.length > 0 ? contact : supporters;
}

const EPS = 1e-9;

/** Allocation choices for a side still owing `loss` points (digest 10 reading). */
export function allocationChoices(state: GameState, m: Melee, side: string, loss: number): Array<{ unit: string; half?: true }> {
  const tier = lossTier(state, m, side);
  const whole = tier.filter((u) => nextStandValue(state, u) <= loss + EPS);
  if (whole.length > 0) return whole.map((u) => ({ unit: u.id }));
  const out: Array<{ unit: string; half?: true }> = [];
  for (const u of tier) {
    out.push({ unit: u.id });
    if (TROOPS[u.type].chargeValue !== null && u.half < u.stands && Math.abs(loss - standValue(state, u) / 2) < EPS) out.push({ unit: u.id, half: true });
  }
  return out;
}

/** Apply one allocation step; returns the loss still owed. Fractions go by roll or ledger (9K). */
export function allocate(state: GameState, side: string, unit: UnitState, loss: number, half: boolean): number {
  const u = own(state, unit);
  const v = nextStandValue(state, u);
  if (v <= loss + EPS) {
    removeStands(state, u, 1);
    state.events.push({ kind: 'loss', side, unit: u.id, text: `${u.id} loses a stand` });
    return Math.max(0, loss - v);
  }
  if (half) {
    u.half++;
    state.events.push({ kind: 'loss', side, unit: u.id, text: `${u.id}: a stand is half-killed` });
    return 0;
  }
  const p = loss / v;
  let lost: boolean;
  if (state.rules.fractions === 'ledger' && state.ledger !== null) {
    // Reading R-ledger (9K): the side whose turn it is loses the stand and the turn passes; otherwise it is saved.
    lost = state.ledger === side;
    if (lost) state.ledger = otherSide(state, side);
  } else {
    lost = chance(state.rng, p);
    // The game's first odd fraction is rolled for; the side that did not lose on it has the next turn to lose.
    if (state.rules.fractions === 'ledger') state.ledger = lost ? otherSide(state, side) : side;
  }
  if (lost) removeStands(state, u, 1);
  state.events.push({ kind: 'loss', side, unit: u.id, text: `${u.id}: fraction ${p.toFixed(2)} of a stand ${lost ? 'lost' : 'saved'} (${state.rules.fractions})` });
  return 0;
}
