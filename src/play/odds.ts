/**
 * Previews for the play view, computed from the public rules API only: the odds of a missile shot before it is
 * declared and both sides' melee values (with their modifiers) before a melee is fought.
 */
import {
  ENGINE_READINGS, FACINGS, TROOPS, hitOdds, hitRule, describeHitRule, squareDistance, stepSquare, terrainIndex, type GameState, type Melee, type UnitState,
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
  const troopsOf = (sq: string) => state.units.filter((u) => u.at === sq && u.status === 'active' && u.type !== 'ballista');
  let strayEnemy = 0, strayOwn = 0;
  for (const f of FACINGS) {
    const sq = stepSquare(target, f, state.board);
    if (!sq || sq === b.at || squareDistance(b.at, sq) > TROOPS.ballista.range!) continue;
    const there = troopsOf(sq);
    if (there.some((u) => u.side !== b.controller)) strayEnemy += (1 - onTarget) / 8;
    else if (there.length > 0) strayOwn += (1 - onTarget) / 8;
  }
  return { onTarget, faces, strayEnemy, strayOwn };
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

function standValue(state: GameState, u: UnitState): number {
  const spec = TROOPS[u.type];
  return u.chargedTurn === state.turn && spec.chargeValue !== null ? spec.chargeValue : spec.meleeValue;
}

function adjacent(a: string, b: string): boolean {
  const d = squareDistance(a, b);
  return d > 0 && d <= 1.5;
}

/** Both sides' melee values at a contact square: contact troops and live supporters, half-killed stands at half, attacker modifiers. */
export function meleePreview(state: GameState, m: Melee): MeleeSide[] {
  const t = state.scenario.terrain ?? {};
  return state.sides.map(({ id }) => {
    const contact = state.units.filter((u) => u.side === id && u.at === m.contact && u.status === 'active' && u.type !== 'ballista' && u.stands > 0);
    const supporters = m.supports.filter((s) => s.side === id).map((s) => state.units.find((u) => u.id === s.unit))
      .filter((u): u is UnitState => !!u && u.status === 'active' && u.at !== null && u.stands > 0 && !u.retiring && adjacent(u.at, m.contact));
    const parts: string[] = [];
    let value = 0;
    for (const u of [...contact, ...supporters]) {
      const v = standValue(state, u) * (u.stands - u.half / 2);
      value += v;
      const charging = u.chargedTurn === state.turn && TROOPS[u.type].chargeValue !== null;
      parts.push(`${TROOPS[u.type].name} ${u.id}${supporters.includes(u) ? ' (support)' : ''}: ${u.stands} stand${u.stands === 1 ? '' : 's'}${u.half ? `, ${u.half} half-killed` : ''} × ${standValue(state, u)}${charging ? ' charging' : ''} = ${v}`);
    }
    if (id === state.attacker) {
      const sq = m.contact;
      const why = (t.crossings ?? []).some((c) => c.edge.includes(sq)) ? 'attacking onto a ford or bridge'
        : (t.roads ?? []).some((r) => r.path.includes(sq)) ? 'attacking onto a road'
          : state.units.some((u) => u.at === sq && u.type === 'ballista' && u.status === 'active') ? 'attacking a ballista square'
            : state.rules.hills.meleePenalty && (t.hills ?? []).some((h) => h.squares.includes(sq)) ? 'attacking up a hill' : null;
      if (why) { value -= 1; parts.push(`−1 ${why}`); }
    }
    return { side: id, value: Math.max(0, value), parts };
  });
}
