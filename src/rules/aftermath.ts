/** After fire and melee steps (digest 11, rules 10): retirement, the levy roll, ballista control. */
import { offset, rearDy, riverBetween, terrainIndex, type GameState, type UnitState } from './state';
import { own } from './draft';
import { TROOPS, type TroopType } from './troops';
import { ENGINE_READINGS } from './readings';
import { rollDie } from './random';
import { enemyHeld, stackingAllows } from './movement';

/** Types whose single stand retires (10B). */
export const RETIRING_TYPES: readonly TroopType[] = ['turcopoles', 'lightCavalry', 'mediumInfantry', 'levyInfantry'];

/**
 * A retiring unit's full move straight towards its own edge; off the board when it gets there (10B). A retiring
 * move is a move (reading R-retire): the hill penalty, the road bonus and impassable terrain apply as to any move.
 */
export function retireMove(state: GameState, unit: UnitState): void {
  const from = unit.at;
  if (!from) return;
  const u = own(state, unit);
  const dy = rearDy(state, u.side);
  const t = terrainIndex(state.scenario);
  let here = from;
  let lastLegal = here;
  let onRoad = t.road.has(here), onHill = t.hill.has(here);
  for (let used = 1; ; used++) {
    const next = offset(state, here, 0, dy);
    // The move so far plus this step, judged as a whole path (6B road bonus, 3F hill penalty).
    const road = onRoad && (next === null || t.road.has(next));
    const hill = onHill || (next !== null && t.hill.has(next));
    const allowance = TROOPS[u.type].move + (road ? 1 : 0) - (hill ? state.rules.hills.movePenalty : 0);
    if (used > allowance) break;
    if (next === null) { u.at = null; u.status = 'off'; break; }
    if (enemyHeld(state, u.side, next) || riverBetween(state, here, next) || state.melees.some((m) => !m.fought && m.contact === next)
      || (t.hill.has(next) && state.rules.hills.banned.includes(u.type))) break;
    here = next;
    onRoad = road;
    onHill = hill;
    if (stackingAllows(state, u, here)) lastLegal = here;
  }
  if (u.status !== 'off') u.at = lastLegal;
  state.events.push({ kind: 'retire', side: u.side, unit: u.id, text: `${u.id} retires from ${from} to ${u.at ?? 'off the board'}` });
}

/** After any fire or melee step: single stands retire, levy at 2 stands roll once (4-6 retire). */
export function checkRetirement(state: GameState): void {
  for (const record of state.units) {
    let u = record;
    if (u.status !== 'active' || !u.at || u.retiring) continue;
    if (state.melees.some((m) => !m.fought && (m.contact === u.at || m.supports.some((s) => s.unit === u.id)))) continue;
    let retire = RETIRING_TYPES.includes(u.type) && u.stands === 1;
    if (!retire && u.type === 'levyInfantry' && u.stands === 2 && !u.levyRolled) {
      u = own(state, u);
      u.levyRolled = true;
      const d = rollDie(state.rng, 6);
      retire = d >= ENGINE_READINGS.levyRetiresOn;
      state.events.push({ kind: 'levy', side: u.side, unit: u.id, dice: [d], text: `${u.id} at 2 stands rolls ${d}: ${retire ? 'retires' : 'stays'}` });
    }
    if (retire) {
      u = own(state, u);
      u.retiring = true;
      retireMove(state, u);
    }
  }
}

/** Ballista control (6K, 9M): abandoned when no own troops remain, claimed or captured by the only side present. */
export function updateBallistas(state: GameState): void {
  if (state.phase === 'deploy') return;
  for (const b of state.units) {
    if (b.type !== 'ballista' || b.status !== 'active' || !b.at) continue;
    if (state.melees.some((m) => !m.fought && m.contact === b.at)) continue;
    // One look at the troops in its square: is its controller there, else the one other side present (if only one)?
    const ctl = b.controller ?? null;
    let held = false, only: string | null = null, several = false;
    for (const x of state.units) {
      if (x.at !== b.at || x.status !== 'active' || x.type === 'ballista') continue;
      if (x.side === ctl) { held = true; break; }
      if (only === null) only = x.side; else if (x.side !== only) several = true;
    }
    if (held) continue;
    const next = several ? null : only;
    if (next !== ctl) {
      own(state, b).controller = next;
      state.events.push({ kind: 'ballista-control', unit: b.id, text: next === null ? `${b.id} is abandoned` : `${b.id} is taken by ${next}` });
    }
  }
}
