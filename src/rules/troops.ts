/** The troop table (rules 1), the division composition (2D) and points. Numbers from the decoded digest. */

export const TROOP_TYPES = [
  'knights', 'turcopoles', 'lightCavalry', 'armoredInfantry', 'mediumInfantry', 'levyInfantry',
  'javelinmen', 'longbowmen', 'crossbowmen', 'ballista', 'ballistarii', 'commander',
] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

export const ARMIES = ['teutonic', 'russian'] as const;
export type Army = (typeof ARMIES)[number];

/** Melee support types (9): 1 sides and front only, 2 all but directly behind, 3 never, 4 anywhere. */
export type SupportType = 1 | 2 | 3 | 4;

export interface TroopSpec {
  readonly id: TroopType;
  readonly name: string;
  /** Two-letter code drawn on counters and printed maps. */
  readonly code: string;
  /** Movement in squares (diagonal step 1 1/2). */
  readonly move: number;
  /** Charge move (knights and commanders), or null. */
  readonly charge: number | null;
  /** Melee value of one stand. */
  readonly meleeValue: number;
  /** Melee value of one stand when charging, or null. */
  readonly chargeValue: number | null;
  /** Support type, or null for the ballista (an engine that does not fight). */
  readonly support: SupportType | null;
  /** Missile or engine range in squares, or null. */
  readonly range: number | null;
  /** Points per stand (per engine for the ballista). */
  readonly cost: number;
  /** Stands in a full-strength unit (the ballista is one engine and has no stands). */
  readonly stands: number;
}

const t = (id: TroopType, name: string, code: string, move: number, charge: number | null, meleeValue: number,
  chargeValue: number | null, support: SupportType | null, range: number | null, cost: number, stands: number,
): TroopSpec => ({ id, name, code, move, charge, meleeValue, chargeValue, support, range, cost, stands });

/** Troop table, section 1. */
export const TROOPS: Readonly<Record<TroopType, TroopSpec>> = {
  knights: t('knights', 'Knights', 'Kn', 3, 5, 2, 4, 1, null, 7, 2),
  turcopoles: t('turcopoles', 'Turcopoles', 'Tu', 4, null, 1, null, 1, null, 5, 4),
  lightCavalry: t('lightCavalry', 'Light Cavalry', 'LC', 5, null, 0.5, null, 2, 2.5, 5, 3),
  armoredInfantry: t('armoredInfantry', 'Armored Infantry', 'AI', 1.5, null, 1.5, null, 1, null, 4, 4),
  mediumInfantry: t('mediumInfantry', 'Medium Infantry', 'MI', 2, null, 1, null, 1, null, 3, 4),
  levyInfantry: t('levyInfantry', 'Levy Infantry', 'Lv', 2, null, 0.5, null, 1, null, 2, 4),
  javelinmen: t('javelinmen', 'Javelinmen', 'Jv', 3, null, 0.5, null, 2, 2.5, 3, 3),
  longbowmen: t('longbowmen', 'Longbowmen', 'LB', 3, null, 0.5, null, 2, 3, 3, 3),
  crossbowmen: t('crossbowmen', 'Crossbowmen', 'XB', 3, null, 0.5, null, 2, 3, 4, 3),
  ballista: t('ballista', 'Ballista', 'Ba', 1.5, null, 0, null, null, 6, 8, 1),
  ballistarii: t('ballistarii', 'Ballistarii', 'Bx', 2, null, 0.5, null, 3, null, 2, 2),
  commander: t('commander', 'Commander', 'Cm', 3, 5, 2, 4, 4, null, 10, 1),
};

/** Move of a knight or commander the turn after it charged (6G). */
export const MOVE_AFTER_CHARGE = 1.5;
/** Ballista moved by troops in its square: 1 1/2, or 2 1/2 when the whole move is on road. */
export const BALLISTA_MOVE = 1.5;
export const BALLISTA_ROAD_MOVE = 2.5;

/** "Cavalry" in 9E and 10A. */
export const CAVALRY: readonly TroopType[] = ['knights', 'turcopoles', 'lightCavalry'];
/** Units that fire missiles (second section 9). */
export const MISSILE_TROOPS: readonly TroopType[] = ['lightCavalry', 'javelinmen', 'longbowmen', 'crossbowmen'];
/** Foot troops (defending cavalry supports only these, from directly beside). */
export const FOOT: readonly TroopType[] = [
  'armoredInfantry', 'mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii',
];

export const ARMY_NAMES: Record<Army, string> = { teutonic: 'Teutonic Order', russian: 'Russians' };

/** Columns of frontage one division wants (digest 2): one division a side fits a 12x12 board, each more adds as many. */
export const DIVISION_COLUMNS = 12;

/** Units per division (2D). The ballista line counts one engine; its 2-stand crew is one ballistarii unit. */
export const DIVISION: Readonly<Record<Army, Readonly<Record<TroopType, number>>>> = {
  teutonic: {
    knights: 4, turcopoles: 1, lightCavalry: 1, armoredInfantry: 2, mediumInfantry: 1, levyInfantry: 2,
    javelinmen: 1, longbowmen: 1, crossbowmen: 2, ballista: 1, ballistarii: 1, commander: 1,
  },
  russian: {
    knights: 3, turcopoles: 0, lightCavalry: 1, armoredInfantry: 2, mediumInfantry: 3, levyInfantry: 2,
    javelinmen: 2, longbowmen: 3, crossbowmen: 0, ballista: 1, ballistarii: 1, commander: 1,
  },
};

/** Full strength of a unit of this type in stands (1 for the ballista engine). */
export function fullStands(type: TroopType): number {
  return TROOPS[type].stands;
}

/** Points of a unit of this type with the given stands (a ballista is worth its engine cost). */
export function unitPoints(type: TroopType, stands?: number): number {
  const spec = TROOPS[type];
  if (type === 'ballista') return spec.cost;
  return spec.cost * (stands ?? spec.stands);
}

/** Points of the standard division(s) of an army at full strength: 215 Teutonic, 208 Russian per division. */
export function divisionPoints(army: Army, divisions = 1): number {
  let sum = 0;
  for (const type of TROOP_TYPES) sum += DIVISION[army][type] * unitPoints(type);
  return sum * divisions;
}

/** True for a troop type that counts as cavalry (9E, 10A). */
export function isCavalry(type: TroopType): boolean {
  return CAVALRY.includes(type);
}

/** Stands bounded by the troop table: a whole number from 1 to full strength, whatever a file says. */
export function boundedStands(type: TroopType, stands: number | undefined): number {
  const full = fullStands(type);
  if (type === 'ballista' || stands === undefined || !Number.isFinite(stands)) return full;
  return Math.min(full, Math.max(1, Math.floor(stands)));
}
