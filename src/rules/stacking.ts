/**
 * Stacking (digest 2B and 7, rules 6C-F): what may share a square. The one statement of the limits: the validator
 * checks set-ups with it, the readable movement rules (movement.ts) ask it, and the fast core counts a square its own
 * way and asks `stackCountsFit` for the verdict, so the limits are written once.
 *
 * A side's troops in one square: at most one commander, and besides it knights of at most 2 stands in all (two
 * 1-stand units may combine), ballistarii of at most 4 stands, or one other unit. One ballista per square, whoever
 * controls it. Another side's troops never count (they are there only to fight a melee).
 */
import type { UnitSpec } from './scenario';
import { fullStands, TROOPS } from './troops';

/** The limits, by what is counted. */
export const STACKING_LIMITS = { commanders: 1, ballistas: 1, knightStands: 2, crewStands: 4, units: 1 } as const;

/**
 * Do these counts of one side's square fit? `others`: units of any type other than commander, ballista, knights and
 * ballistarii. Knights (any number of units) count as one unit, as do ballistarii.
 */
export function stackCountsFit(commanders: number, ballistas: number, knightStands: number, crewStands: number, others: number): boolean {
  const L = STACKING_LIMITS;
  return commanders <= L.commanders && ballistas <= L.ballistas && knightStands <= L.knightStands && crewStands <= L.crewStands
    && (knightStands > 0 ? 1 : 0) + (crewStands > 0 ? 1 : 0) + others <= L.units;
}

/** What the stacking rules read of a unit: its type and stands. */
export type Stackable = Pick<UnitSpec, 'type' | 'stands'>;
/** Counts of one side's square for the stacking rules. */
export interface StackTally { commanders: number; ballistas: number; knightStands: number; crewStands: number; others: Stackable[] }

/** Stands of a unit as it starts (full when not given; 1 for a ballista engine). */
export function standsOf(u: Stackable): number {
  return u.stands ?? fullStands(u.type);
}

export function newTally(): StackTally {
  return { commanders: 0, ballistas: 0, knightStands: 0, crewStands: 0, others: [] };
}

/** Count one unit of a side's square into a tally. */
export function tallyAdd(t: StackTally, u: Stackable): void {
  if (u.type === 'commander') t.commanders++;
  else if (u.type === 'ballista') t.ballistas++;
  else if (u.type === 'knights') t.knightStands += standsOf(u);
  else if (u.type === 'ballistarii') t.crewStands += standsOf(u);
  else t.others.push(u);
}

function stackTally(units: readonly Stackable[]): StackTally {
  const t = newTally();
  for (const u of units) tallyAdd(t, u);
  return t;
}

export function tallyFits(t: StackTally): boolean {
  return stackCountsFit(t.commanders, t.ballistas, t.knightStands, t.crewStands, t.others.length);
}

/** stackingProblem(units) === null, without writing the message. */
export function stackingFits(units: readonly Stackable[]): boolean {
  return tallyFits(stackTally(units));
}

/** What breaks the stacking rules in one side's square (its troops and any ballista there), or null. */
export function stackingProblem(units: readonly Stackable[]): string | null {
  const t = stackTally(units);
  if (tallyFits(t)) return null;
  const L = STACKING_LIMITS;
  const { commanders, ballistas, knightStands, crewStands, others } = t;
  if (commanders > L.commanders) return `${commanders} commanders; at most one commander of a side shares a square.`;
  if (ballistas > L.ballistas) return `${ballistas} ballistas; one ballista per square.`;
  if (knightStands > L.knightStands) return `${knightStands} knight stands; knights may stack up to ${L.knightStands} stands in a square.`;
  if (crewStands > L.crewStands) return `${crewStands} ballistarii stands; at most ${L.crewStands} share a square.`;
  const names = [
    ...(knightStands > 0 ? ['knights'] : []), ...(crewStands > 0 ? ['ballistarii'] : []),
    ...others.map((u) => TROOPS[u.type].name.toLowerCase()),
  ];
  return `${names.join(', ')} share the square; only one unit may stand in a square (a commander may join it, and knights or ballistarii may combine with their own kind).`;
}
