/** Missile fire hit tables (second section 9), decoded in the digest. */
import { MISSILE_TROOPS, TROOPS, type TroopType } from './troops';

/** How dice score hits in one table cell. */
export type HitRule =
  | { kind: 'singles'; faces: readonly number[] }      // each die showing one of these is a hit
  | { kind: 'doubles'; faces: readonly number[] }      // each pair of dice both showing one such face
  | { kind: 'triples'; faces: readonly number[] }      // each three dice showing one such face
  | { kind: 'impossible' };

const S = (...faces: number[]): HitRule => ({ kind: 'singles', faces });
const D = (...faces: number[]): HitRule => ({ kind: 'doubles', faces });
const T1: HitRule = { kind: 'triples', faces: [1] };
const NONE: HitRule = { kind: 'impossible' };

/** Target classes, the rows of both tables. */
export const TARGET_CLASSES = ['light', 'armored', 'knights', 'commander'] as const;
export type TargetClass = (typeof TARGET_CLASSES)[number];

export const TARGET_CLASS_LABELS: Record<TargetClass, string> = {
  light: 'Javelinmen, longbowmen, crossbowmen, ballistarii, levy, medium infantry',
  armored: 'Armored infantry, light cavalry, turcopoles',
  knights: 'Knights',
  commander: 'Commander',
};

/** Range bands, the columns: 1 | 1 1/2-2 | 2 1/2-3. */
export const RANGE_BANDS = ['1', '1½–2', '2½–3'] as const;

/** Fire tables: [shooter table][target class][band]. */
export const FIRE_TABLES: Record<'standard' | 'crossbow', Record<TargetClass, readonly [HitRule, HitRule, HitRule]>> = {
  standard: {
    light: [S(1, 2, 3), S(1, 2), S(1)],
    armored: [S(1, 2), S(1), D(1)],
    knights: [D(1, 2), D(1), T1],
    commander: [D(1), T1, NONE],
  },
  crossbow: {
    light: [S(1, 2, 3), S(1, 2), S(1)],
    armored: [S(1, 2, 3), S(1, 2), D(1)],
    knights: [S(1, 2), D(1, 2, 3, 4), T1],
    commander: [D(1, 2), D(1), T1],
  },
};

/** The row of the fire tables a troop type is hit on; null for the ballista (never hit by missiles). */
export function targetClass(target: TroopType): TargetClass | null {
  switch (target) {
    case 'knights': return 'knights';
    case 'commander': return 'commander';
    case 'armoredInfantry': case 'lightCavalry': case 'turcopoles': return 'armored';
    case 'ballista': return null;
    default: return 'light';
  }
}

/** Maximum missile range, as the troop table gives it (longbow and crossbow 3, javelin and light cavalry 2 1/2); 0 if none. */
export function maxMissileRange(shooter: TroopType): number {
  return MISSILE_TROOPS.includes(shooter) ? TROOPS[shooter].range ?? 0 : 0;
}

/** Column index for a range in squares, or null beyond 3 or below 1. */
export function rangeBand(range: number): 0 | 1 | 2 | null {
  if (range < 1) return null;
  if (range <= 1) return 0;
  if (range <= 2) return 1;
  if (range <= 3) return 2;
  return null;
}

/** The table cell for a shooter, target and range; null when out of range or not a valid shot. */
export function hitRule(shooter: TroopType, target: TroopType, range: number): HitRule | null {
  if (range > maxMissileRange(shooter)) return null;
  const band = rangeBand(range);
  const cls = targetClass(target);
  if (band === null || cls === null) return null;
  return FIRE_TABLES[shooter === 'crossbowmen' ? 'crossbow' : 'standard'][cls][band];
}

/** Hits scored by a set of dice under one table cell; 5s and 6s never hit; a die counts once. */
export function scoreDice(rule: HitRule, dice: readonly number[]): number {
  if (rule.kind === 'impossible') return 0;
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) if (d >= 1 && d <= 4) counts[d]!++;
  let hits = 0;
  const group = rule.kind === 'singles' ? 1 : rule.kind === 'doubles' ? 2 : 3;
  for (const f of rule.faces) hits += Math.floor(counts[f]! / group);
  return hits;
}

/** Hits for missile fire by `shooter` on `target` at `range` squares with these dice (one per stand). */
export function missileHits(shooter: TroopType, target: TroopType, range: number, dice: number[]): number {
  const rule = hitRule(shooter, target, range);
  return rule ? scoreDice(rule, dice) : 0;
}

/** Short text of a cell for tables: "1,2,3", "double 1 or 2", "triple 1", "impossible". */
export function describeHitRule(rule: HitRule): string {
  const faces = rule.kind === 'impossible' ? [] : [...rule.faces];
  const list = faces.length > 1 ? `${faces.slice(0, -1).join(', ')} or ${faces[faces.length - 1]}` : String(faces[0]);
  switch (rule.kind) {
    case 'singles': return faces.join(',');
    case 'doubles': return `double ${list}`;
    case 'triples': return `triple ${list}`;
    default: return 'impossible';
  }
}

/** Exact distribution of hits for n dice under a rule: probability of at least one hit and expected hits. */
export function hitOdds(rule: HitRule, n: number): { atLeastOne: number; expected: number } {
  // Enumerate the multinomial distribution of dice counts by face class; n is small (<= 8 dice).
  const faces = rule.kind === 'impossible' ? [] : [...rule.faces];
  let atLeastOne = 0;
  let expected = 0;
  const dice: number[] = new Array<number>(n).fill(1);
  const total = 6 ** n;
  for (let i = 0; i < total; i++) {
    let x = i;
    for (let k = 0; k < n; k++) { dice[k] = (x % 6) + 1; x = Math.floor(x / 6); }
    const h = faces.length === 0 ? 0 : scoreDice(rule, dice);
    if (h > 0) atLeastOne++;
    expected += h;
  }
  return { atLeastOne: atLeastOne / total, expected: expected / total };
}
