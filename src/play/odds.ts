/**
 * Previews for the play view, computed from the public rules API only: the odds of a missile shot before it is
 * declared, both sides' melee values (with their modifiers) before a melee is fought or a charge is made, and how
 * the melee ends for each pair of MDIs.
 */
import {
  ENGINE_READINGS, FACINGS, MDIS, TROOPS, applyAction, hitOdds, missileDice, withShot, hitRule, describeHitRule, inCone, meleeLosses, meleeValues, squareDistance, stepSquare, terrainIndex, valueParts,
  type Action, type GameState, type Mdi, type Melee, type Square, type UnitState,
} from '../rules';

/** A square where missiles lose a die and charges are stopped: protected squares, crossing squares, protected hills. */
export function protectedSquare(state: GameState, sq: string): boolean {
  return terrainIndex(state.scenario).cover.has(sq);
}

export interface BallistaOdds {
  /** Chance the shot lands on the aimed square, and the die faces that do it. */
  onTarget: number;
  faces: number;
  /** Chance a stray shot lands on a square holding enemy troops, and on one holding the shooter's own troops. */
  strayEnemy: number;
  strayOwn: number;
  /** The shooter's own troops on the aimed square (unit ids): a shot landing there takes one of their stands. */
  ownAtTarget: string[];
  /** Enemy units on the aimed square (unit ids; an enemy ballista counts): the shot's targets. */
  enemyAtTarget: string[];
}

/** Troops (not ballista engines) standing on a square, as the engine's state has them. */
export function troopsAt(state: GameState, sq: string): UnitState[] {
  return state.units.filter((u) => u.at === sq && u.status === 'active' && u.type !== 'ballista');
}

/**
 * Odds of a ballista shot at a square (7, as the digest reads it): it lands on the aimed square on the first
 * faces of a d6 (fewer when the square is protected); otherwise it strays one square in one of eight directions
 * and misses when that square is off the board, out of range or its own square. Troops where it lands lose one stand.
 */
export function ballistaOdds(state: GameState, ballistaId: string, target: string): BallistaOdds | null {
  const b = state.units.find((x) => x.id === ballistaId);
  if (!b?.at) return null;
  const faces = protectedSquare(state, target) ? ENGINE_READINGS.ballistaOnProtectedTarget : ENGINE_READINGS.ballistaOnTarget;
  const onTarget = faces / 6;
  let strayEnemy = 0, strayOwn = 0;
  for (const f of FACINGS) {
    const sq = stepSquare(target, f, state.board);
    if (!sq || sq === b.at || squareDistance(b.at, sq) > TROOPS.ballista.range!) continue;
    const there = troopsAt(state, sq);
    // R-ballista-stray: outside the cone only the shooter's own troops can be hit.
    if (inCone(b.at, b.facing, sq) && there.some((u) => u.side !== b.controller)) strayEnemy += (1 - onTarget) / 8;
    else if (there.some((u) => u.side === b.controller)) strayOwn += (1 - onTarget) / 8;
  }
  const ownAtTarget = troopsAt(state, target).filter((u) => u.side === b.controller).map((u) => u.id);
  const enemyAtTarget = state.units.filter((u) => u.at === target && u.status === 'active' && (u.type === 'ballista' ? !!u.controller && u.controller !== b.controller : u.side !== b.controller)).map((u) => u.id);
  return { onTarget, faces, strayEnemy, strayOwn, ownAtTarget, enemyAtTarget };
}

export interface FireOdds {
  range: number;
  dice: number;
  /** The table cell, in words ("1,2,3", "double 1 or 2"). */
  needs: string;
  atLeastOne: number;
  expected: number;
  notes: string[];
}

/** Odds of one missile unit's shot at a target, counting the shots already declared at it this phase (converging). */
export function fireOdds(state: GameState, shooterId: string, targetId: string): FireOdds | null {
  const u = state.units.find((x) => x.id === shooterId);
  const t = state.units.find((x) => x.id === targetId);
  if (!u?.at || !t?.at) return null;
  const range = squareDistance(u.at, t.at);
  const rule = hitRule(u.type, t.type, range);
  if (!rule) return null;
  // The dice as the rule gives them, this shot declared after those already declared at the target (missileFire.ts).
  const made = missileDice(withShot(state, shooterId, targetId), shooterId, targetId)!;
  const notes: string[] = [];
  if (made.protected) notes.push('target in a protected square: one die fewer');
  if (made.converging) notes.push('converging fire: one die more');
  const dice = made.dice;
  const odds = hitOdds(rule, dice);
  return { range, dice, needs: describeHitRule(rule), atLeastOne: odds.atLeastOne, expected: odds.expected, notes };
}

export interface MeleeSide {
  side: string;
  value: number;
  /** Each unit's part and each modifier, in words. */
  parts: string[];
}

/**
 * Both sides' melee values at a contact square, in words: contact troops and live supporters, half-killed stands at
 * half, the attacker's modifier. The numbers come from the engine's own melee value (meleeValues), in state order.
 */
export function meleePreview(state: GameState, m: Melee): MeleeSide[] {
  const values = meleeValues(state, m.contact);
  return state.sides.map(({ id }) => {
    const b = values.find((x) => x.side === id);
    if (!b) return { side: id, value: 0, parts: [] };
    // The narrator's words, the same the battle report gives the melee once fought.
    return { side: id, value: b.value, parts: valueParts(b, state) };
  });
}

/**
 * Both sides' values in the melee a charge would start (or join), before it is made: the charge is applied to the
 * position on screen by the engine itself and its melee previewed. Null when the action is no charge or starts no melee
 * (a run-over). Supporters are declared later, so their part is not in it yet.
 */
export function chargePreview(state: GameState, a: Action): { contact: Square; sides: MeleeSide[] } | null {
  if (a.type !== 'move' || !a.charge || a.to === 'off') return null;
  let after: GameState;
  try { after = applyAction(state, a); } catch { return null; }
  const m = after.melees.find((x) => x.contact === a.to && !x.fought);
  return m ? { contact: m.contact, sides: meleePreview(after, m) } : null;
}

/** How a melee ends, seen from one side. */
export type MeleeOutcome = 'theyDestroyed' | 'theyRetreat' | 'even' | 'withdrawal' | 'weRetreat' | 'weDestroyed';
export const MELEE_OUTCOMES: readonly MeleeOutcome[] = ['theyDestroyed', 'theyRetreat', 'even', 'withdrawal', 'weRetreat', 'weDestroyed'];

export interface MdiOutcomes {
  /** For each MDI side `me` may pick: how many of the other side's six picks lead to each outcome. */
  byPick: Array<{ mdi: Mdi; counts: Record<MeleeOutcome, number> }>;
  /** Chance of each outcome when neither pick is known (all 36 pairs alike). */
  overall: Record<MeleeOutcome, number>;
}

/**
 * The result of a melee between these values for every pair of MDI picks, by the engine's own melee arithmetic
 * (meleeLosses, the attacker first), from side `me`'s point of view.
 */
export function mdiOutcomes(sides: readonly MeleeSide[], attacker: string, me: string): MdiOutcomes {
  const value = (id: string) => sides.find((x) => x.side === id)?.value ?? 0;
  const defender = sides.find((x) => x.side !== attacker)?.side ?? '';
  const meAttacks = me === attacker;
  const zero = (): Record<MeleeOutcome, number> => ({ theyDestroyed: 0, theyRetreat: 0, even: 0, withdrawal: 0, weRetreat: 0, weDestroyed: 0 });
  const overall = zero();
  const byPick = MDIS.map((mine) => {
    const counts = zero();
    for (const theirs of MDIS) {
      const [ma, md] = meAttacks ? [mine, theirs] : [theirs, mine];
      const { result } = meleeLosses({ value: value(attacker), mdi: ma }, { value: value(defender), mdi: md });
      const aLoses = result === 'a-retreats' || result === 'a-destroyed';
      const outcome: MeleeOutcome = result === 'equal' ? 'even' : result === 'withdrawal' ? 'withdrawal'
        : aLoses === meAttacks ? (result.endsWith('destroyed') ? 'weDestroyed' : 'weRetreat') : (result.endsWith('destroyed') ? 'theyDestroyed' : 'theyRetreat');
      counts[outcome]++;
      overall[outcome] += 1 / (MDIS.length * MDIS.length);
    }
    return { mdi: mine, counts };
  });
  return { byPick, overall };
}
