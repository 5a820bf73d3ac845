/**
 * Melee on the position (issue 9, fast core; digest 10): who fights, melee values with modifiers (9F), and loss
 * allocation with fractions (9K, the ledger reading) and half-kills.
 */
import { TROOPS, TROOP_TYPES } from '../troops';
import { chance } from '../random';
import { T_HILL, T_ROAD, dirBetween } from './board';
import { BALLISTA } from './table';
import { ACTIVE, touch, type PMelee, type Position } from './position';
import { removeStands } from './fire';

const MELEE_VALUE = Float64Array.from(TROOP_TYPES, (t) => TROOPS[t].meleeValue);
/** Charge value (6G) by type; NaN for types that never charge. */
const CHARGE_VALUE = Float64Array.from(TROOP_TYPES, (t) => TROOPS[t].chargeValue ?? NaN);

/** The units of a side in a melee: contact-square troops first, then its supporters still able to help. */
export function meleeUnits(p: Position, m: PMelee, side: number): { contact: number[]; supporters: number[] } {
  const contact: number[] = [], supporters: number[] = [];
  const c = m.contact;
  for (let k = 0, here = p.cells[c]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.type[y] !== BALLISTA && p.side[y] === side && p.stands[y]! > 0) contact.push(y);
  }
  for (const y of m.supports) {
    if (p.side[y] !== side || p.status[y] !== ACTIVE || p.at[y]! < 0 || p.stands[y]! <= 0 || p.retiring[y]) continue;
    if (dirBetween(p.board, p.at[y]!, c) >= 0) supporters.push(y);
  }
  return { contact, supporters };
}

/** Melee value of one stand of unit x this turn: charging knights and commanders count their charge value (6G). */
export function standValue(p: Position, x: number): number {
  const t = p.type[x]!;
  return p.charged[x] === p.turn && !Number.isNaN(CHARGE_VALUE[t]!) ? CHARGE_VALUE[t]! : MELEE_VALUE[t]!;
}

/** Value the next stand lost is worth (a half-killed stand goes first and is worth half). */
function nextStandValue(p: Position, x: number): number {
  return p.half[x]! > 0 ? standValue(p, x) / 2 : standValue(p, x);
}

/** A side's melee value (9F): stands, half-killed at half; the attacker -1 on a crossing, road, ballista or penalised hill. */
export function meleeValue(p: Position, m: PMelee, side: number): number {
  const { contact, supporters } = meleeUnits(p, m, side);
  let v = 0;
  for (const x of contact) v += standValue(p, x) * (p.stands[x]! - p.half[x]! / 2);
  for (const x of supporters) v += standValue(p, x) * (p.stands[x]! - p.half[x]! / 2);
  if (side === p.attacker) {
    const j = m.contact, t = p.board.terrain[j]!;
    let engine = false;
    for (let k = 0, here = p.cells[j]!; k < here.length; k++) if (p.type[here[k]!] === BALLISTA) engine = true;
    if (p.game.crossing[j] || t & T_ROAD || engine || (p.game.rules.hills.meleePenalty && t & T_HILL)) v -= 1;
  }
  return Math.max(0, v);
}

/** Units the side may take its next loss from: contact square first, then supporters. */
function lossTier(p: Position, m: PMelee, side: number): number[] {
  const { contact, supporters } = meleeUnits(p, m, side);
  return contact.length > 0 ? contact : supporters;
}

const EPS = 1e-9;

/** Allocation choices for a side still owing `loss` points (digest 10 reading): unit slots, half-kill or not. */
export function allocationChoices(p: Position, m: PMelee, side: number, loss: number): Array<{ unit: number; half: boolean }> {
  const tier = lossTier(p, m, side);
  const whole = tier.filter((x) => nextStandValue(p, x) <= loss + EPS);
  if (whole.length > 0) return whole.map((x) => ({ unit: x, half: false }));
  const out: Array<{ unit: number; half: boolean }> = [];
  for (const x of tier) {
    out.push({ unit: x, half: false });
    if (!Number.isNaN(CHARGE_VALUE[p.type[x]!]!) && p.half[x]! < p.stands[x]! && Math.abs(loss - standValue(p, x) / 2) < EPS) out.push({ unit: x, half: true });
  }
  return out;
}

/** Apply one allocation step to unit x; returns the loss still owed. Fractions go by roll or ledger (9K). */
export function allocate(p: Position, side: number, x: number, loss: number, half: boolean): number {
  const v = nextStandValue(p, x);
  const id = p.ids[x]!, sideId = p.sides[side]!;
  if (v <= loss + EPS) {
    removeStands(p, x, 1);
    p.events?.push({ kind: 'loss', side: sideId, unit: id, text: `${id} loses a stand` });
    return Math.max(0, loss - v);
  }
  if (half) {
    p.half[x]!++;
    touch(p, x);
    p.events?.push({ kind: 'loss', side: sideId, unit: id, text: `${id}: a stand is half-killed` });
    return 0;
  }
  const fraction = loss / v;
  const ledger = p.game.rules.fractions === 'ledger';
  let lost: boolean;
  if (ledger && p.ledger >= 0) {
    lost = p.ledger === side;
    if (lost) p.ledger = 1 - side;
  } else {
    lost = chance(p.rng, fraction);
    if (ledger) p.ledger = lost ? 1 - side : side;
  }
  if (lost) removeStands(p, x, 1);
  p.events?.push({ kind: 'loss', side: sideId, unit: id, text: `${id}: fraction ${fraction.toFixed(2)} of a stand ${lost ? 'lost' : 'saved'} (${p.game.rules.fractions})` });
  return 0;
}
