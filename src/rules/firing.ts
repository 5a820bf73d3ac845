/** Ballista fire (digest 8, the digital adaptation) and missile fire (digest 9). */
import { FACINGS, FACING_VECTORS, allSquares, type Square } from './coords';
import { inCone, inConeOf, lineClear, squareDistance, stepsDistance } from './geometry';
import { hitRule, maxMissileRange, scoreDice } from './fire';
import { MISSILE_TROOPS, TROOPS } from './troops';
import { ENGINE_READINGS } from './readings';
import { rollDice, rollDie } from './random';
import { isProtected, offset, terrainIndex, troopsAt, unitById, unitsAt, type GameState, type UnitState } from './state';
import { own } from './draft';
import { boardOf, squareIndex } from './core/board';

/**
 * Line of fire (9B reading): crossed squares screen when they hold troops or are protected; exact corners need
 * both. A ballista is not a troop: a square holding only a ballista does not screen (9E).
 */
export function lineOfFireClear(state: GameState, from: Square, to: Square): boolean {
  return lineClear(from, to, (sq) => isProtected(state, sq) || unitsAt(state, sq).some((x) => x.type !== 'ballista'));
}

export const BALLISTA_RANGE = TROOPS.ballista.range!;

/** Ballistas of a side able to fire: crewed by its ballistarii, not on a crossing square (7D, 7H). */
export function firingBallistas(state: GameState, side: string): UnitState[] {
  const t = terrainIndex(state.scenario);
  return state.units.filter((b) => b.type === 'ballista' && b.status === 'active' && b.at !== null && b.controller === side
    && !t.crossingSquares.has(b.at) && troopsAt(state, b.at, side).some((x) => x.type === 'ballistarii' && x.stands > 0));
}

/** Squares a ballista may aim at: within range 6 and its cone, never its own square; never screened. */
export function ballistaTargets(state: GameState, b: UnitState): Square[] {
  if (!b.at) return [];
  // Range and cone depend only on the square, the facing and the board: each list is worked out once.
  const key = `${state.board.columns}x${state.board.rows}|${b.at}|${b.facing}`;
  let list = targetLists.get(key);
  if (!list) {
    if (targetLists.size >= TARGET_LISTS_KEPT) targetLists.clear();
    list = allSquares(state.board).filter((sq) => sq !== b.at && squareDistance(b.at!, sq) <= BALLISTA_RANGE && inCone(b.at!, b.facing, sq));
    targetLists.set(key, list);
  }
  return list.slice();
}

const targetLists = new Map<string, Square[]>();
const TARGET_LISTS_KEPT = 10_000;

/** Troop units a stand may be taken from where a shot lands, costliest first (the AI's default choice). */
export function hitChoices(state: GameState, at: Square): UnitState[] {
  return troopsAt(state, at).filter((x) => x.stands > 0)
    .sort((a, b) => TROOPS[b.type].cost - TROOPS[a.type].cost || a.id.localeCompare(b.id));
}

/**
 * Roll every declared ballista shot (digest 8). Where one lands, a ballista there may be wrecked and a stand is
 * lost: the shooter chooses whose (an action) when several units stand there. Losses wait in `state.hits` and
 * apply together once every choice is made (applyBallistaHits): all ballistas fire simultaneously.
 */
export function resolveBallistaFire(state: GameState): void {
  for (const shot of state.shots) {
    const b = unitById(state, shot.unit);
    const side = b.controller ?? b.side;
    const aim = shot.target;
    const onTarget = isProtected(state, aim) ? ENGINE_READINGS.ballistaOnProtectedTarget : ENGINE_READINGS.ballistaOnTarget;
    const d = rollDie(state.rng, 6);
    let lands: Square | null = aim;
    const dice = [d];
    if (d > onTarget) {
      const dir = rollDie(state.rng, 8);
      dice.push(dir);
      const [vx, vy] = FACING_VECTORS[FACINGS[dir - 1]!];
      lands = offset(state, aim, vx, vy);
      if (lands && (lands === b.at || squareDistance(b.at!, lands) > BALLISTA_RANGE)) lands = null;
    }
    let text = `${b.id} shoots at ${aim}: d6 ${d}${dice.length > 1 ? `, strays ${FACINGS[dice[1]! - 1]}` : ''}`;
    if (!lands) text += ', misses';
    else {
      const engine = unitsAt(state, lands).find((x) => x.type === 'ballista');
      const troops = hitChoices(state, lands);
      let standLost = troops.length > 0;
      if (engine) {
        const roll = rollDie(state.rng, 6);
        dice.push(roll);
        const wrecked = roll >= ENGINE_READINGS.ballistaBreaksOn;
        standLost &&= wrecked;
        text += wrecked ? `, lands on ${lands} and wrecks ${engine.id} (d6 ${roll})${standLost ? ' and a stand there' : ''}` : `, lands on ${lands}, the engine there survives (d6 ${roll})`;
        if (wrecked) state.hits.push({ side, at: lands, unit: '', engine: engine.id });
      } else text += troops.length > 0 ? `, lands on ${lands}: one stand there is lost` : `, lands on empty ${lands}`;
      if (standLost) state.hits.push({ side, at: lands, unit: troops.length === 1 ? troops[0]!.id : null, engine: null });
    }
    state.events.push({ kind: 'ballista', side, unit: b.id, dice, text });
  }
}

/** Apply the ballista fire's losses together, once the shooters have chosen (7). */
export function applyBallistaHits(state: GameState): void {
  for (const h of state.hits) {
    if (h.engine) own(state, unitById(state, h.engine)).status = 'destroyed';
    if (h.unit) {
      removeStands(state, unitById(state, h.unit), 1);
      state.events.push({ kind: 'loss', side: h.side, unit: h.unit, text: `${h.unit} loses a stand to ballista fire at ${h.at}` });
    }
  }
  state.hits = [];
}

/** Take whole stands from a unit of a draft (half-killed ones first); at none left it is destroyed. */
export function removeStands(state: GameState, unit: UnitState, n: number): void {
  const u = own(state, unit);
  for (let i = 0; i < n && u.stands > 0; i++) {
    if (u.half > 0) u.half--;
    u.stands--;
  }
  if (u.stands <= 0) { u.stands = 0; u.half = 0; u.status = 'destroyed'; }
}

/** Missile units of a side able to fire this phase: on the board, not retiring (10B). */
export function missileUnits(state: GameState, side: string): UnitState[] {
  return state.units.filter((u) => u.side === side && u.status === 'active' && u.at !== null && u.stands > 0 && !u.retiring && MISSILE_TROOPS.includes(u.type));
}

/** Enemy units (not ballistas) a missile unit may target: range, cone, clear line (9B). */
export function missileTargets(state: GameState, u: UnitState): UnitState[] {
  if (!u.at) return [];
  const max = maxMissileRange(u.type);
  // Range and cone (squareDistance, inCone) on the integer board first: most units fail them, and only the rest need
  // the line of fire.
  const board = boardOf(state.scenario), cols = board.columns;
  const i = squareIndex(board, u.at), ix = i % cols, iy = (i - ix) / cols;
  const [fx, fy] = FACING_VECTORS[u.facing];
  const out: UnitState[] = [];
  for (const t of state.units) {
    if (t.side === u.side || t.status !== 'active' || t.at === null || t.type === 'ballista' || t.at === u.at) continue;
    const j = squareIndex(board, t.at), vx = (j % cols) - ix, vy = (j - (j % cols)) / cols - iy;
    if (stepsDistance(vx, vy) > max || !inConeOf(fx, fy, vx, vy)) continue;
    if (lineOfFireClear(state, u.at, t.at)) out.push(t);
  }
  return out;
}

/**
 * Resolve all declared missile fire at once (stands lost still fire). Shooters at one target fire closest
 * first; each after the first adds a converging die; -1 die into a protected square.
 */
export function resolveMissileFire(state: GameState): void {
  const hits = new Map<string, number>();
  const byTarget = new Map<string, Array<{ unit: UnitState; range: number }>>();
  for (const f of state.fires) {
    const u = unitById(state, f.unit);
    const t = unitById(state, f.target);
    const list = byTarget.get(t.id) ?? [];
    list.push({ unit: u, range: squareDistance(u.at!, t.at!) });
    byTarget.set(t.id, list);
  }
  for (const [targetId, shooters] of byTarget) {
    const t = unitById(state, targetId);
    shooters.sort((a, b) => a.range - b.range || a.unit.id.localeCompare(b.unit.id));
    shooters.forEach(({ unit, range }, i) => {
      const n = Math.max(0, unit.stands - (isProtected(state, t.at!) ? ENGINE_READINGS.protectedMinusDice : 0) + (i > 0 ? ENGINE_READINGS.convergingBonusDice : 0));
      const dice = rollDice(state.rng, n);
      const rule = hitRule(unit.type, t.type, range);
      const h = rule ? scoreDice(rule, dice) : 0;
      hits.set(targetId, (hits.get(targetId) ?? 0) + h);
      state.events.push({ kind: 'fire', side: unit.side, unit: unit.id, dice, hits: h,
        text: `${unit.id} fires at ${t.id} (range ${range}, ${n} dice${i > 0 ? ', converging' : ''}): ${dice.join(' ') || '-'} = ${h} hit${h === 1 ? '' : 's'}` });
    });
  }
  for (const [id, h] of hits) if (h > 0) removeStands(state, unitById(state, id), h);
}
