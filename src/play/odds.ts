/**
 * Previews for the play view, computed from the public rules API only: the odds of a missile shot before it is
 * declared, both sides' melee values (with their modifiers) before a melee is fought or a charge is made, and how
 * the melee ends for each pair of MDIs.
 */
import {
  MDIS, applyAction, hitOdds, missileDice, hitRule, describeHitRule, meleeLosses, meleeValues, onTargetFaces, shooterSide, shotOutcomes, squareDistance, terrainIndex, valueParts,
  type Action, type GameState, type Mdi, type Melee, type ShotOutcome, type Square,
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

/**
 * Odds of a ballista shot at a square, as the rule module gives every way it can come down (ballistaFire.ts, digest
 * 8): on the aimed square on the first faces of a d6, else a stray one square in one of eight directions.
 */
export function ballistaOdds(state: GameState, ballistaId: string, target: string): BallistaOdds | null {
  const b = state.units.find((x) => x.id === ballistaId);
  if (!b?.at) return null;
  const side = shooterSide(b);
  const [aimed, ...strays] = shotOutcomes(state, b, target);
  const sideOf = (id: string) => { const u = state.units.find((x) => x.id === id)!; return u.type === 'ballista' ? u.controller ?? null : u.side; };
  const mayHit = (o: ShotOutcome, enemy: boolean) => o.hits.troops.some((id) => (sideOf(id) !== side) === enemy);
  let strayEnemy = 0, strayOwn = 0;
  for (const o of strays) {
    if (mayHit(o, true)) strayEnemy += o.chance;
    else if (mayHit(o, false)) strayOwn += o.chance;
  }
  const ownAtTarget = aimed!.hits.troops.filter((id) => sideOf(id) === side);
  const enemyEngine = aimed!.hits.engine && ![null, side].includes(sideOf(aimed!.hits.engine)) ? [aimed!.hits.engine] : [];
  const enemyAtTarget = [...aimed!.hits.troops.filter((id) => sideOf(id) !== side), ...enemyEngine];
  return { onTarget: aimed!.chance, faces: onTargetFaces(state, target), strayEnemy, strayOwn, ownAtTarget, enemyAtTarget };
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

/** Odds of one missile unit's shot at a target fired now, after the shots already made this phase (R-fire-order: converging, its stands when the phase began). */
export function fireOdds(state: GameState, shooterId: string, targetId: string): FireOdds | null {
  const u = state.units.find((x) => x.id === shooterId);
  const t = state.units.find((x) => x.id === targetId);
  if (!u?.at || !t?.at) return null;
  const range = squareDistance(u.at, t.at);
  const rule = hitRule(u.type, t.type, range);
  if (!rule) return null;
  // The dice as the rule gives them, this shot made after those already made this phase (missileFire.ts).
  const made = missileDice(state, shooterId, targetId);
  if (!made) return null;
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
