/**
 * Previews for the play view, computed from the public rules API only: the odds of a missile shot before it is
 * declared and both sides' melee values (with their modifiers) before a melee is fought.
 */
import {
  ENGINE_READINGS, FACINGS, TROOPS, hitOdds, hitRule, describeHitRule, inCone, meleeValues, squareDistance, stepSquare, terrainIndex, type GameState, type Melee, type MeleeModifierReason, type UnitState,
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
  const notes: string[] = [];
  let dice = u.stands;
  if (protectedSquare(state, t.at)) { dice -= ENGINE_READINGS.protectedMinusDice; notes.push('target in a protected square: one die fewer'); }
  // Declared shots at the same target resolve together; every shooter after the closest adds a converging die.
  const others = state.fires.filter((f) => f.target === targetId).map((f) => state.units.find((x) => x.id === f.unit)).filter((x): x is UnitState => !!x?.at);
  if (others.some((o) => squareDistance(o.at!, t.at!) <= range)) { dice += ENGINE_READINGS.convergingBonusDice; notes.push('converging fire: one die more'); }
  dice = Math.max(0, dice);
  const odds = hitOdds(rule, dice);
  return { range, dice, needs: describeHitRule(rule), atLeastOne: odds.atLeastOne, expected: odds.expected, notes };
}

export interface MeleeSide {
  side: string;
  value: number;
  /** Each unit's part and each modifier, in words. */
  parts: string[];
}

const MODIFIER_WORDS: Record<MeleeModifierReason, string> = {
  crossing: 'attacking onto a ford or bridge',
  road: 'attacking onto a road',
  ballista: 'attacking a ballista square',
  hill: 'attacking up a hill',
};

/**
 * Both sides' melee values at a contact square, in words: contact troops and live supporters, half-killed stands at
 * half, the attacker's modifier. The numbers come from the engine's own melee value (meleeValues), in state order.
 */
export function meleePreview(state: GameState, m: Melee): MeleeSide[] {
  const values = meleeValues(state, m.contact);
  return state.sides.map(({ id }) => {
    const b = values.find((x) => x.side === id);
    if (!b) return { side: id, value: 0, parts: [] };
    const parts = b.parts.map((u) => {
      const type = state.units.find((x) => x.id === u.unit)?.type;
      const name = type ? `${TROOPS[type].name} ` : '';
      return `${name}${u.unit}${u.support ? ' (support)' : ''}: ${u.stands} stand${u.stands === 1 ? '' : 's'}${u.half ? `, ${u.half} half-killed` : ''} × ${u.standValue}${u.charging ? ' charging' : ''} = ${u.value}`;
    });
    for (const mod of b.modifiers) parts.push(`−${-mod.delta} ${MODIFIER_WORDS[mod.reason]}`);
    return { side: id, value: b.value, parts };
  });
}
