/**
 * The melee phase on the position (issue 9, fast core; digest 10): who fights, melee values with modifiers (9F), loss
 * allocation with fractions (9K, the ledger reading) and half-kills, and the phase's steps: the fight picked, the
 * MDIs, the result, losses, retreats and the survivors' facing changes.
 */
import { FACINGS } from '../rules/coords';
import type { Action } from '../rules/actions';
import type { MeleeSideRecord } from '../rules/events';
import { MDIS, compareMdi, meleeLosses, type Mdi } from '../rules/melee';
import { TROOP_TYPES } from '../rules/troops';
import { chance } from '../rules/random';
import { ENGINE_READINGS } from '../rules/readings';
import { T_CROSSING, T_HILL, T_ROAD, dirBetween } from './board';
import { BALLISTA, COMMANDER, troopsIn } from './table';
import { ACTIVE, ALLOCATE, END_TURN, FACING, RETREAT, touch, type PMelee, type PResolution, type Position } from './position';
import { removeStands } from './fire';
import { OFF as OFF_BOARD, doRetreat, retreatOptions, retreatRoutesOn } from './retreat';
import { checkRetirement, updateBallistas } from './after';
import { allowedFacing } from './deploy';
import { fightersOf, firstPenalty, standWorth, valueOfFighters, type Fighter, type FighterGround, type MeleeModifierReason, type MeleeValueBreakdown } from '../rules/meleeValue';
import { lossChoicesAmong, nextStandOf, tierOf, type LossWorth } from '../rules/losses';

/** The units of a side in a melee: contact-square troops first, then its supporters still able to help (meleeValue.ts fightersOf). */
export function meleeUnits(p: Position, m: PMelee, side: number): { contact: number[]; supporters: number[] } {
  const ground: FightersOn = { p, c: m.contact, sideOf, fights, retiring, besideContact };
  return fightersOf(ground, side, p.cells[m.contact]!, m.supports);
}

/** The ground meleeUnits asks fightersOf's questions of: the position and the contact square, read by these methods. */
interface FightersOn extends FighterGround<number, number> { p: Position; c: number }
function sideOf(this: FightersOn, y: number): number { return this.p.side[y]!; }
function fights(this: FightersOn, y: number): boolean {
  const p = this.p;
  return p.status[y] === ACTIVE && p.at[y]! >= 0 && p.type[y] !== BALLISTA && p.stands[y]! > 0;
}
function retiring(this: FightersOn, y: number): boolean { return !!this.p.retiring[y]; }
function besideContact(this: FightersOn, y: number): boolean { return dirBetween(this.p.board, this.p.at[y]!, this.c) >= 0; }

/** Melee value of one stand of unit x this turn (6G, meleeValue.ts): charging knights and commanders count their charge value. */
export function standValue(p: Position, x: number): number {
  return standWorth(TROOP_TYPES[p.type[x]!]!, p.charged[x] === p.turn);
}

/** Value the next stand lost is worth (a half-killed stand goes first and is worth half). */
function nextStandValue(p: Position, x: number): number {
  return nextStandOf(standValue(p, x), p.half[x]!);
}


/** Does square j hold a ballista? */
function engineIn(p: Position, j: number): boolean {
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) if (p.type[here[k]!] === BALLISTA) return true;
  return false;
}

/** The attacker's penalty at contact square j (9F, the reasons in meleeValue.ts's order), or null. */
function attackerModifier(p: Position, j: number): MeleeModifierReason | null {
  const terrain = p.board.terrain[j]!;
  return firstPenalty((r) => {
    switch (r) {
      case 'crossing': return (terrain & T_CROSSING) !== 0;
      case 'road': return (terrain & T_ROAD) !== 0;
      case 'ballista': return engineIn(p, j);
      case 'hill': return p.game.rules.hills.meleePenalty && (terrain & T_HILL) !== 0;
    }
  });
}

/** What a side's value reads of unit x (meleeValue.ts's Fighter). */
function fighter(p: Position, x: number): Fighter {
  return { unit: p.ids[x]!, type: TROOP_TYPES[p.type[x]!]!, stands: p.stands[x]!, half: p.half[x]!, chargedNow: p.charged[x] === p.turn };
}

/** A side's melee value with how it is made up (9F, summed by meleeValue.ts's valueOfFighters; the parts only with `parts`). */
export function meleeValue(p: Position, m: PMelee, side: number, parts = true, units = meleeUnits(p, m, side)): MeleeValueBreakdown {
  const { contact, supporters } = units;
  return valueOfFighters(p.sides[side]!, contact.map((x) => fighter(p, x)), supporters.map((x) => fighter(p, x)), side === p.attacker ? attackerModifier(p, m.contact) : null, parts);
}

/** Both sides' melee values at a melee, with how each is made up (attacker first; the parts only with `parts`). */
export function meleeBreakdown(p: Position, m: PMelee, parts = true): [MeleeValueBreakdown, MeleeValueBreakdown] {
  return [meleeValue(p, m, p.attacker, parts), meleeValue(p, m, 1 - p.attacker, parts)];
}


const EPS = 1e-9;

/** Allocation choices for a side still owing `loss` points (digest 10 reading; the choice itself is losses.ts's). */
export function allocationChoices(p: Position, m: PMelee, side: number, loss: number): Array<{ unit: number; half: boolean }> {
  // What the choice reads of unit x: losses.ts's LossWorth.
  const worth = (x: number): LossWorth => ({ type: TROOP_TYPES[p.type[x]!]!, stands: p.stands[x]!, half: p.half[x]!, whole: standValue(p, x) });
  return lossChoicesAmong(tierOf(meleeUnits(p, m, side)), loss, worth);
}

/** Apply one allocation step to unit x; returns the loss still owed. Fractions go by roll or ledger (9K). */
export function allocate(p: Position, side: number, x: number, loss: number, half: boolean): number {
  const v = nextStandValue(p, x);
  const at = p.at[x]!;
  if (v <= loss + EPS) {
    removeStands(p, x, 1);
    p.events?.push({ kind: 'loss', side: p.sides[side]!, unit: p.ids[x]!, at: p.board.names[at]!, cause: 'melee', stands: 1, destroyed: p.stands[x] === 0 });
    return Math.max(0, loss - v);
  }
  if (half) {
    p.half[x]!++;
    touch(p, x);
    p.events?.push({ kind: 'loss', side: p.sides[side]!, unit: p.ids[x]!, at: p.board.names[at]!, cause: 'melee', stands: 0, half: true, destroyed: false });
    return 0;
  }
  const fraction = loss / v;
  const ledger = p.game.rules.fractions === 'ledger';
  // R-ledger: the game's first odd fraction is rolled for (and said so), the ledger settles the later ones.
  const byLedger = ledger && p.ledger >= 0;
  let lost: boolean;
  if (byLedger) {
    lost = p.ledger === side;
    if (lost) p.ledger = 1 - side;
  } else {
    lost = chance(p.rng, fraction);
    if (ledger) p.ledger = lost ? 1 - side : side;
  }
  if (lost) removeStands(p, x, 1);
  p.events?.push({
    kind: 'loss', side: p.sides[side]!, unit: p.ids[x]!, at: p.board.names[at]!, cause: 'melee', stands: lost ? 1 : 0,
    fraction, settledBy: byLedger ? 'ledger' : 'roll', destroyed: p.stands[x] === 0,
  });
  return 0;
}

// ---- The phase's choices and automatic steps.

export function meleeChoices(p: Position, side: number, out: Action[]): void {
  const s = p.sides[side]!;
  const r = p.resolution;
  if (r && r.stage === ALLOCATE) {
    for (const c of allocationChoices(p, p.melees[p.current]!, side, r.loss[side]!)) {
      out.push(c.half ? { type: 'allocate', side: s, unit: p.ids[c.unit]!, half: true } : { type: 'allocate', side: s, unit: p.ids[c.unit]! });
    }
  } else if (r && r.stage === RETREAT) {
    const x = r.retreat[0]!;
    for (const to of retreatOptions(p, x)) out.push({ type: 'retreat', side: s, unit: p.ids[x]!, to: to === OFF_BOARD ? 'off' : p.board.names[to]! });
  } else if (r && r.stage === FACING) {
    for (const x of r.survivors) {
      if (p.side[x] !== side) continue;
      for (let f = 0; f < 8; f++) if (f !== p.face[x] && allowedFacing(p.type[x]!, f)) out.push({ type: 'face', side: s, unit: p.ids[x]!, facing: FACINGS[f]! });
    }
    out.push({ type: 'endFacing', side: s });
  } else if (p.current >= 0) {
    for (const mdi of MDIS) out.push({ type: 'mdi', side: s, mdi });
  } else {
    for (const m of p.melees) if (!m.fought) out.push({ type: 'fight', side: s, contact: p.board.names[m.contact]! });
  }
}

/** A commander sharing its square with another troop unit of its side (joined to it, 4). */
function joinedCommander(p: Position, x: number): boolean {
  if (p.type[x] !== COMMANDER) return false;
  const j = p.at[x]!;
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (y !== x && p.side[y] === p.side[x] && p.type[y] !== BALLISTA) return true;
  }
  return false;
}

/** One automatic step of the melee phase; true when a side must act. */
export function stepMelee(p: Position): boolean {
  const A = p.attacker, D = 1 - A;
  const r = p.resolution;
  if (r) {
    const m = p.melees[p.current]!;
    if (r.stage === ALLOCATE) {
      const side = r.allocating[0];
      if (side !== undefined) {
        if (r.loss[side]! > 1e-9 && allocationChoices(p, m, side, r.loss[side]!).length > 0) { p.toAct = side; return true; }
        r.allocating.shift();
        return false;
      }
      outcome(p, r);
      return false;
    }
    const x = r.retreat[0];
    if (x !== undefined) {
      if (p.status[x] !== ACTIVE || p.at[x]! < 0) { r.retreat.shift(); return false; }
      const all = retreatRoutesOn(p, x), opts = retreatOptions(p, x, all);
      if (opts.length === 0) {
        p.events?.push({ kind: 'retreat', side: p.sides[p.side[x]!]!, unit: p.ids[x]!, at: p.board.names[p.at[x]!]!, to: null, route: [], destroyed: true });
        removeStands(p, x, p.stands[x]!);
        r.retreat.shift();
        return false;
      }
      if (opts.length === 1) { doRetreat(p, x, opts[0]!, r.marked, all); r.retreat.shift(); return false; }
      p.toAct = p.side[x]!;
      return true;
    }
    if (r.stage === RETREAT) {
      // Free facing changes for the survivors of both sides, retreaters included (6L, 9N).
      r.stage = FACING;
      // A commander still joined to a unit faces as that unit does (4); one left on its own turns by itself.
      const survivors: number[] = [];
      let a = false, d = false;
      for (const y of r.survivors) {
        if (p.status[y] !== ACTIVE || p.at[y]! < 0 || joinedCommander(p, y)) continue;
        survivors.push(y);
        if (p.side[y] === A) a = true; else if (p.side[y] === D) d = true;
      }
      r.survivors = survivors;
      r.facing = a && d ? [A, D] : a ? [A] : d ? [D] : [];
    }
    if (r.facing.length > 0) { p.toAct = r.facing[0]!; return true; }
    m.fought = true;
    p.resolution = null;
    p.current = -1;
    updateBallistas(p);
    return false;
  }
  if (p.current >= 0) {
    const m = p.melees[p.current]!;
    if (m.mdi[A]! < 0) { p.toAct = A; return true; }
    if (m.mdi[D]! < 0) { p.toAct = D; return true; }
    resolveMelee(p, p.current);
    return false;
  }
  let open = -1, more = false;
  for (let i = 0; i < p.melees.length; i++) if (!p.melees[i]!.fought) { if (open < 0) open = i; else more = true; }
  if (open < 0) {
    // Reading R-melee-step: the melee step is all the turn's melees together, so retirements and levy rolls come
    // after the last one is fought, never between two.
    checkRetirement(p);
    updateBallistas(p);
    p.phase = END_TURN;
    p.decided = [];
    return false;
  }
  if (!more) { p.current = open; return false; }
  p.toAct = A;
  return true;
}

/** A side's part of a melee's event: its value part by part, its MDI, its loss and what it keeps (fields in the record's order, no spread). */
function sideRecord(b: MeleeValueBreakdown, mdi: Mdi, loss: number, remaining: number): MeleeSideRecord {
  return { side: b.side, value: b.value, parts: b.parts, modifiers: b.modifiers, mdi, loss, remaining };
}

function resolveMelee(p: Position, index: number): void {
  const A = p.attacker, D = 1 - A;
  const m = p.melees[index]!;
  // Joined commanders too: whether one turns on its own is settled once losses and retreats are done (see stepMelee).
  const ua = meleeUnits(p, m, A), ud = meleeUnits(p, m, D);
  const shown = [meleeValue(p, m, A, p.events !== null, ua), meleeValue(p, m, D, p.events !== null, ud)] as const, va = shown[0].value, vd = shown[1].value;
  const ma = MDIS[m.mdi[A]!]!, md = MDIS[m.mdi[D]!]!;
  const r = meleeLosses({ value: va, mdi: ma }, { value: vd, mdi: md });
  if (p.events) {
    p.events.push({
      kind: 'melee', side: p.sides[A]!, at: p.board.names[m.contact]!,
      attacker: sideRecord(shown[0], ma, r.a.loss, r.a.remaining),
      defender: sideRecord(shown[1], md, r.b.loss, r.b.remaining),
      comparison: compareMdi(ma, md), result: r.result,
    });
  }
  const survivors = ua.contact.concat(ua.supporters, ud.contact, ud.supporters);
  const loss: [number, number] = [0, 0];
  loss[A] = r.a.loss;
  loss[D] = r.b.loss;
  const res: PResolution = { contact: m.contact, loss, result: r.result, allocating: [A, D], stage: ALLOCATE, retreat: [], marked: true, survivors, facing: [] };
  if (r.result === 'withdrawal') {
    res.allocating = [];
    res.marked = false;
  }
  // Three-times rule (reading R-three-times): the weaker side, its contact units and its declared supporters alike, is
  // destroyed at no further cost; it allocates nothing.
  const destroyed = r.result === 'a-destroyed' ? A : r.result === 'b-destroyed' ? D : -1;
  if (destroyed >= 0) {
    const gone = destroyed === A ? ua : ud;
    const units = [...gone.contact, ...gone.supporters];
    p.events?.push({ kind: 'destroyed', side: p.sides[destroyed]!, at: p.board.names[m.contact]!, units: units.map((x) => p.ids[x]!) });
    for (const x of units) removeStands(p, x, p.stands[x]!);
    res.allocating = res.allocating.filter((s) => s !== destroyed);
  }
  p.resolution = res;
}


/** After losses: who retreats (digest 10). */
function outcome(p: Position, r: PResolution): void {
  const A = p.attacker, D = 1 - A;
  const m = p.melees[p.current]!;
  let sides: number[] = [];
  if (r.result === 'withdrawal') sides = [A, D].filter((s) => m.mdi[s] === MDIS.indexOf('withdrawal'));
  else if (r.result === 'a-retreats') sides = [A];
  else if (r.result === 'b-retreats') sides = [D];
  else if (r.result === 'equal' && troopsIn(p, r.contact, A) && troopsIn(p, r.contact, D)) sides = [A, D];
  // Reading R-who-retreats: a side that retreats retreats whole, its units in the contact square and each of its
  // declared supporters, every one from its own square.
  r.retreat = [];
  for (const s of sides) {
    const { contact, supporters } = meleeUnits(p, m, s);
    r.retreat.push(...contact);
    if (ENGINE_READINGS.supportersRetreat) r.retreat.push(...supporters);
  }
  r.stage = RETREAT;
}

