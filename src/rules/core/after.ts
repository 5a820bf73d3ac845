/**
 * After fire and melee steps, on the position (issue 9, fast core; digest 11, rules 10): retirement, the levy roll,
 * ballista control.
 */
import { TROOPS, TROOP_TYPES, type TroopType } from '../troops';
import { ENGINE_READINGS } from '../readings';
import { rollDie } from '../random';
import { T_HILL, T_ROAD } from './board';
import { BALLISTA, TYPE_INDEX, stackFits } from './table';
import { ACTIVE, DEPLOY, OFF, settle, touch, type Position } from './position';

/** Types whose single stand retires (10B). */
export const RETIRING_TYPES: readonly TroopType[] = ['turcopoles', 'lightCavalry', 'mediumInfantry', 'levyInfantry'];
const RETIRES = Uint8Array.from(TROOP_TYPES, (t) => (RETIRING_TYPES.includes(t) ? 1 : 0));
const LEVY = TYPE_INDEX.levyInfantry!;
const MOVE = Float64Array.from(TROOP_TYPES, (t) => TROOPS[t].move);

/** +1 row towards a side's own (rear) edge. */
export function rearStep(p: Position, side: number): number {
  return p.game.sides[side]!.edge === 'north' ? -1 : 1;
}

/** Is square j the contact square of a melee not yet fought? */
export function openMeleeAt(p: Position, j: number): boolean {
  for (const m of p.melees) if (!m.fought && m.contact === j) return true;
  return false;
}

/**
 * A retiring unit's full move straight towards its own edge; off the board when it gets there (10B). A retiring move
 * is a move (reading R-retire): the hill penalty, the road bonus and impassable terrain apply as to any move.
 */
export function retireMove(p: Position, x: number): void {
  const from = p.at[x]!;
  if (from < 0) return;
  const { board } = p;
  const dy = rearStep(p, p.side[x]!), d = dy < 0 ? 0 : 4;
  const terrain = board.terrain, banned = p.game.banned[p.type[x]!] === 1;
  let here = from, lastLegal = here, off = false;
  let onRoad = (terrain[here]! & T_ROAD) !== 0, onHill = (terrain[here]! & T_HILL) !== 0;
  for (let used = 1; ; used++) {
    const next = board.step[here * 8 + d]!;
    // The move so far plus this step, judged as a whole path (6B road bonus, 3F hill penalty).
    const road = onRoad && (next < 0 || board.roadStep[here * 8 + d] === 1);
    const hill = onHill || (next >= 0 && (terrain[next]! & T_HILL) !== 0);
    const allowance = MOVE[p.type[x]!]! + (road ? 1 : 0) - (hill ? p.game.rules.hills.movePenalty : 0);
    if (used > allowance) break;
    if (next < 0) { off = true; break; }
    if (p.enemy[p.side[x]!]![next] || board.blocked[here * 8 + d] || openMeleeAt(p, next) || (banned && terrain[next]! & T_HILL)) break;
    here = next;
    onRoad = road;
    onHill = hill;
    if (stackFits(p, here, x, p.stands[x]!, -1)) lastLegal = here;
  }
  if (off) { p.at[x] = -1; p.status[x] = OFF; } else p.at[x] = lastLegal;
  settle(p, x);
  p.events?.push({ kind: 'retire', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, text: `${p.ids[x]} retires from ${board.names[from]} to ${off ? 'off the board' : board.names[lastLegal]}` });
}

/** Is unit x in an unfought melee (its contact square, or a declared supporter)? */
function inOpenMelee(p: Position, x: number): boolean {
  for (const m of p.melees) if (!m.fought && (m.contact === p.at[x] || m.supports.includes(x))) return true;
  return false;
}

/** After any fire or melee step: single stands retire, levy at 2 stands roll once (4-6 retire). */
export function checkRetirement(p: Position): void {
  for (let x = 0; x < p.n; x++) {
    if (p.status[x] !== ACTIVE || p.at[x]! < 0 || p.retiring[x]) continue;
    if (inOpenMelee(p, x)) continue;
    let retire = RETIRES[p.type[x]!] === 1 && p.stands[x] === 1;
    if (!retire && p.type[x] === LEVY && p.stands[x] === 2 && !p.levy[x]) {
      p.levy[x] = 1;
      touch(p, x);
      const d = rollDie(p.rng, 6);
      retire = d >= ENGINE_READINGS.levyRetiresOn;
      p.events?.push({ kind: 'levy', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, dice: [d], text: `${p.ids[x]} at 2 stands rolls ${d}: ${retire ? 'retires' : 'stays'}` });
    }
    if (retire) {
      p.retiring[x] = 1;
      settle(p, x);
      retireMove(p, x);
    }
  }
}

/** Ballista control (6K, 9M): abandoned when no own troops remain, claimed or captured by the only side present. */
export function updateBallistas(p: Position): void {
  if (p.phase === DEPLOY) return;
  for (let b = 0; b < p.n; b++) {
    const j = p.sq[b]!;
    if (p.type[b] !== BALLISTA || j < 0 || openMeleeAt(p, j)) continue;
    // One look at the troops in its square: is its controller there, else the one other side present (if only one)?
    const ctl = p.ctrl[b]!;
    let held = false, only = -1, several = false;
    for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
      const y = here[k]!;
      if (p.type[y] === BALLISTA) continue;
      if (p.side[y] === ctl) { held = true; break; }
      if (only < 0) only = p.side[y]!; else if (p.side[y] !== only) several = true;
    }
    if (held) continue;
    const next = several ? -1 : only;
    if (next !== ctl) {
      p.ctrl[b] = next;
      touch(p, b);
      p.events?.push({ kind: 'ballista-control', unit: p.ids[b]!, text: next < 0 ? `${p.ids[b]} is abandoned` : `${p.ids[b]} is taken by ${p.sides[next]}` });
    }
  }
}
