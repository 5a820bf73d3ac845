/** The turn sequence (digest 6): createGame, legalActions, applyAction, end and scoring (digest 11). */
import type { Scenario } from './scenario';
import { compareMdi, meleeLosses } from './melee';
import { actionKey, type Action } from './actions';
import { RuleError } from './readings';
import { rollDie } from './random';
import { applyBallistaHits, resolveBallistaFire, resolveMissileFire, removeStands, firingBallistas, missileUnits } from './firing';
import { allocate, allocationChoices, facingOf, meleeUnits, meleeValue, stepBetween } from './combat';
import { doRetreat, retreatOptions } from './retreat';
import { checkRetirement, retireMove, updateBallistas } from './aftermath';
import { moveTrail } from './core/moves';
import { allowedFacings, candidates, nextToDeploy } from './legal';
import { allPoints, cloneState, createGameState, workingStates, type EndReason, otherSide, troopsAt, unitById, unitsAt, type GameState, type UnitState } from './state';
import { addUnit, draftState, drafting, own } from './draft';

/** A new game: undeployed units wait for hidden deployment; then the first-attacker roll and turn 1. */
export function createGame(scenario: Scenario, options: { seed: number; turnLimit?: number | null }): GameState {
  const s = createGameState(scenario, options);
  drafting(() => {
    // Set up from the scenario: a commander placed with a unit of its side faces as the unit does (4).
    for (const u of s.units) if (u.type === 'commander' && u.at !== null) alignCommanders(s, u.at, u.side);
    advance(s);
  });
  return s;
}

/**
 * Legal actions by state object. A state is never changed once made (applyAction copies), so a list computed for a
 * state object cannot go stale: the policy's call and applyAction's check share one computation.
 */
const legalCache = new WeakMap<GameState, readonly Action[]>();

/** A private copy of a state for a simulation to change with applyInPlace (never hand it to callers who keep states). */
export function workingCopy(state: GameState): GameState {
  const s = cloneState(state);
  workingStates.add(s);
  return s;
}

/**
 * Apply an action to a working copy in place (simulations: no copy per action). The action must be one that
 * legalActions or sampleAction gave for this very position: it is not checked again.
 */
export function applyInPlace(s: GameState, action: Action): void {
  if (!workingStates.has(s)) throw new Error('applyInPlace changes only a workingCopy');
  if (s.phase === 'over') throw new RuleError('game-over', 'The game is over.');
  s.events = [];
  step(s, action, true);
}

/** The one way an action changes a state (a draft, or a working copy in place): the action, then the automatic steps. */
function step(s: GameState, action: Action, inPlace: boolean): void {
  drafting(() => {
    perform(s, action);
    s.log.push(action);
    updateBallistas(s);
    advance(s);
  }, inPlace);
}

function cachedLegal(state: GameState): readonly Action[] {
  if (workingStates.has(state)) return candidates(state);
  let list = legalCache.get(state);
  if (!list) legalCache.set(state, (list = candidates(state)));
  return list;
}

/** Every legal action of the side to act; empty when the game is over. (A fresh array: callers may change it.) */
export function legalActions(state: GameState): Action[] {
  return cachedLegal(state).slice();
}

/** The action sampleAction last drew for a state object (legal by construction: applyAction need not check it again). */
const sampled = new WeakMap<GameState, Action>();

/** Record that `action` was drawn as legal for `state` (sampleAction). */
export function vouch(state: GameState, action: Action): Action {
  if (!workingStates.has(state)) sampled.set(state, action);
  return action;
}

/**
 * Declaring missile fire changes no unit and no target (fire is resolved when both sides have declared), so while the
 * same side goes on declaring, the next list is this one without the unit that just declared.
 */
function inheritMissileList(state: GameState, s: GameState, action: Action): void {
  if (state.phase !== 'missile' || s.phase !== 'missile' || s.toAct !== state.toAct || (action.type !== 'fire' && action.type !== 'hold')) return;
  const list = legalCache.get(state);
  if (!list || s.units.length !== state.units.length || s.units.some((u, i) => u !== state.units[i])) return;
  legalCache.set(s, list.filter((a) => a.type === 'concede' || (a as { unit?: string }).unit !== action.unit));
}

const UNIT_ACTIONS = new Set(['move', 'face', 'support', 'ballistaFire', 'ballistaHold', 'fire', 'hold']);

/** Apply one action to a copy of the state (the input is never changed); throws RuleError when illegal. */
export function applyAction(state: GameState, action: Action): GameState {
  if (state.phase === 'over') throw new RuleError('game-over', 'The game is over.');
  if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string') {
    throw new RuleError('bad-action', 'An action is an object with a "type".');
  }
  if (action.side !== state.toAct) throw new RuleError('not-your-turn', `It is ${state.toAct}'s turn to act, not ${String(action.side)}'s.`);
  const unit = UNIT_ACTIONS.has(action.type) ? (action as { unit?: string }).unit : undefined;
  // The very object legalActions handed out is legal (listed objects are interned: one object per action);
  // any other is compared field by field against this unit's and type's actions.
  const listed = legalCache.get(state);
  const legal = listed?.includes(action) || sampled.get(state) === action ? null : action.type === 'concede' ? candidates(state) : candidates(state, unit, action.type);
  const key = legal === null || legal.includes(action) ? null : actionKey(action);
  if (legal !== null && key !== null && !legal.some((a) => actionKey(a) === key)) {
    const wrongPhase = !candidates(state).some((a) => a.type === action.type);
    const code = wrongPhase ? 'wrong-phase' : action.type === 'move' ? 'illegal-move' : 'illegal-action';
    throw new RuleError(code, `${action.type} is not legal now (${state.phase} phase, turn ${state.turn})${unit ? ` for ${unit}` : ''}.`);
  }
  const s = draftState(state);
  step(s, action, false);
  inheritMissileList(state, s, action);
  return s;
}

function perform(s: GameState, a: Action): void {
  switch (a.type) {
    case 'deploy': {
      const u = own(s, unitById(s, a.unit));
      u.at = a.at;
      u.facing = a.facing;
      // A commander deployed with a unit, or a unit deployed onto its commander: the commander faces as the unit (4).
      alignCommanders(s, a.at, u.side);
      s.events.push({ kind: 'deploy', side: a.side, unit: u.id, text: `${u.id} deploys at ${a.at} facing ${a.facing}` });
      break;
    }
    case 'ballistaFire': s.shots.push({ unit: a.unit, target: a.target }); s.decided.push(a.unit); break;
    case 'fire': s.fires.push({ unit: a.unit, target: a.target }); s.decided.push(a.unit); break;
    case 'ballistaHold': case 'hold': s.decided.push(a.unit); break;
    case 'ballistaLoss': s.hits.find((h) => h.unit === null)!.unit = a.unit; break;
    case 'move': doMove(s, a); break;
    case 'face': {
      const u = own(s, unitById(s, a.unit));
      u.facing = a.facing;
      if (s.phase === 'melee') s.resolution!.survivors = s.resolution!.survivors.filter((id) => id !== u.id);
      alignCommanders(s, u.at!, u.side);
      break;
    }
    case 'endFacing': s.resolution!.facing.shift(); break;
    case 'support': declareSupport(s, a.side, a.unit, a.contact); break;
    case 'endMove': s.phase = 'support'; break;
    case 'endSupport': s.phase = 'melee'; break;
    case 'fight': s.current = s.melees.findIndex((m) => m.contact === a.contact && !m.fought); break;
    case 'mdi': s.melees[s.current!]!.mdi[a.side] = a.mdi; break;
    case 'allocate': {
      const r = s.resolution!;
      r.loss[a.side] = allocate(s, a.side, unitById(s, a.unit), r.loss[a.side] ?? 0, a.half === true);
      break;
    }
    case 'retreat': {
      const r = s.resolution!;
      doRetreat(s, unitById(s, a.unit), a.to, r.marked);
      r.retreat.shift();
      break;
    }
    case 'destroyBallista': {
      const b = own(s, unitById(s, a.unit));
      b.status = 'destroyed';
      s.events.push({ kind: 'ballista-destroyed', side: a.side, unit: b.id, text: `${a.side} destroys ${b.id}` });
      break;
    }
    case 'endTurn': s.decided.push(a.side); break;
    case 'concede':
      s.conceded = a.side;
      s.events.push({ kind: 'concede', side: a.side, text: `${a.side} concedes` });
      finish(s);
      break;
  }
}

/** A commander joined to a unit faces as the unit does (4, 6L): it turns with the unit and takes its facing on joining. */
function alignCommanders(s: GameState, sq: string, side: string): void {
  const here = troopsAt(s, sq, side);
  const unit = here.find((x) => x.type !== 'commander');
  if (!unit) return;
  for (const c of here) if (c.type === 'commander' && c.facing !== unit.facing) own(s, c).facing = unit.facing;
}

/** A support declaration (9E): an attacking supporter is done moving and turns to the contact square. */
function declareSupport(s: GameState, side: string, unit: string, contact: string): void {
  const u = own(s, unitById(s, unit));
  const m = s.melees.find((x) => x.contact === contact)!;
  m.supports.push({ unit: u.id, side });
  if (side === s.attacker) {
    u.moved = true;
    const dir = stepBetween(u.at!, contact)!;
    if (u.type !== 'commander') u.facing = facingOf(dir[0], dir[1]);
  }
  s.events.push({ kind: 'support', side, unit: u.id, text: `${u.id} supports the melee at ${contact}` });
}

function doMove(s: GameState, a: Extract<Action, { type: 'move' }>): void {
  let u = own(s, unitById(s, a.unit));
  const from = u.at!;
  if (a.split) {
    const ids = new Set(s.units.map((x) => x.id));
    let n = 2;
    while (ids.has(`${u.id}~${n}`)) n++;
    const part: UnitState = { ...u, id: `${u.id}~${n}`, stands: 1, half: u.half > 1 ? 1 : 0, trail: null };
    u.stands -= 1;
    u.half -= part.half;
    addUnit(s, part);
    s.events.push({ kind: 'split', side: a.side, unit: part.id, text: `${u.id} splits off ${part.id}` });
    u = part;
  }
  const enemy = troopsAt(s, a.to).filter((x) => x.side !== u.side);
  if (a.runOver) {
    for (const e of enemy) removeStands(s, e, e.stands);
    s.events.push({ kind: 'run-over', side: a.side, unit: u.id, text: `${u.id} rides over ${enemy.map((e) => e.id).join(', ')} at ${a.to}` });
  }
  if (a.carry) {
    const b = own(s, unitsAt(s, from).find((x) => x.type === 'ballista' && x.controller === u.side)!);
    b.at = a.to;
    b.moved = true;
  }
  // The squares the path came through (a charge's own path, which avoids protected squares): an attacker retreats
  // back along them (9L reading R-retreat).
  u.trail = moveTrail(s, { ...u, at: from }, a.carry === true, a.to, a.charge === true) ?? [from];
  const step = stepBetween(u.trail[0] ?? from, a.to) ?? [0, 0];
  u.at = a.to;
  u.moved = true;
  if (a.charge) u.chargedTurn = s.turn;
  const f = facingOf(step[0], step[1]);
  u.facing = allowedFacings(u).includes(f) ? f : facingOf(0, step[1] || step[0]);
  if (!allowedFacings(u).includes(u.facing)) u.facing = facingOf(step[0], 0);
  alignCommanders(s, a.to, u.side);
  let text = `${u.id} ${a.charge ? 'charges' : 'moves'} ${from} -> ${a.to}${a.carry ? ' with its ballista' : ''}`;
  if (!a.runOver && enemy.length > 0) {
    if (!s.melees.some((m) => m.contact === a.to)) {
      s.melees.push({ contact: a.to, supports: [], mdi: Object.fromEntries(s.sides.map((x) => [x.id, null])), fought: false });
    }
    text += ` and leads a melee against ${enemy.map((e) => e.id).join(', ')}`;
  }
  s.events.push({ kind: 'move', side: a.side, unit: u.id, text });
  if (a.supporter) declareSupport(s, a.side, a.supporter, a.to);
}

/**
 * Close the game (digest 11, reading R-end): a side that concedes loses; a side with no troops left on the board
 * loses (both gone: a draw); only at the turn limit do points decide (equal points draw). Points are reported for
 * every ending.
 */
function finish(s: GameState): void {
  const points = allPoints(s);
  const gone = s.sides.filter((side) => !hasTroopsOnBoard(s, side.id)).map((side) => side.id);
  let winner: string | null;
  let why: string;
  let reason: EndReason;
  if (s.conceded !== null) { winner = otherSide(s, s.conceded); why = `${s.conceded} conceded`; reason = 'conceded'; }
  else if (gone.length > 0) {
    winner = gone.length === 1 ? otherSide(s, gone[0]!) : null;
    why = `${gone.join(' and ')} ha${gone.length === 1 ? 's' : 've'} no troops left on the board`;
    reason = 'no-troops';
  } else {
    reason = 'turn-limit';
    const best = Math.max(...Object.values(points));
    const leaders = Object.keys(points).filter((k) => points[k] === best);
    winner = leaders.length === 1 ? leaders[0]! : null;
    why = 'the turn limit is reached';
  }
  s.result = { winner, points, reason };
  s.phase = 'over';
  s.toAct = null;
  s.events.push({ kind: 'end', text: `Game over after turn ${s.turn} (${why}): ${Object.entries(points).map(([k, v]) => `${k} ${v}`).join(', ')}; ${winner ? `${winner} wins` : 'a draw'}` });
}

function startTurn(s: GameState, turn: number, attacker: string): void {
  s.turn = turn;
  s.attacker = attacker;
  for (const record of s.units) {
    if (!record.moved) continue;
    own(s, record).moved = false;
  }
  s.melees = [];
  s.current = null;
  s.resolution = null;
  s.shots = [];
  s.fires = [];
  s.decided = [];
  s.phase = 'ballista';
  s.events.push({ kind: 'turn', side: attacker, text: `Turn ${turn}: ${attacker} attacks` });
}

function firstAttacker(s: GameState): string {
  const fixed = s.rules.firstAttacker;
  if (fixed !== 'roll' && s.sides.some((x) => x.id === fixed)) return fixed;
  for (;;) {
    const rolls = s.sides.map(() => rollDie(s.rng, 6));
    s.events.push({ kind: 'first-attacker', dice: rolls, text: `First attacker roll: ${s.sides.map((x, i) => `${x.id} ${rolls[i]}`).join(', ')}` });
    const hi = Math.max(...rolls);
    if (rolls.filter((r) => r === hi).length === 1) return s.sides[rolls.indexOf(hi)]!.id;
  }
}

/** Does the side still have troops (not ballistas) on the board? */
export function hasTroopsOnBoard(s: GameState, side: string): boolean {
  return s.units.some((u) => u.side === side && u.status === 'active' && u.at !== null && u.type !== 'ballista');
}

function destroyedSide(s: GameState): boolean {
  return s.sides.some((side) => !hasTroopsOnBoard(s, side.id));
}

/** Run the automatic steps until a side must decide or the game ends. */
function advance(s: GameState): void {
  for (let guard = 0; guard < 10000; guard++) {
    if (s.phase === 'over') return;
    if (s.phase !== 'deploy' && destroyedSide(s)) { finish(s); return; }
    const A = s.attacker!, D = A ? otherSide(s, A) : '';
    switch (s.phase) {
      case 'deploy': {
        const side = s.sides.find((x) => nextToDeploy(s, x.id));
        if (side) {
          if (candidates({ ...s, toAct: side.id }).length === 0) {
            const u = own(s, nextToDeploy(s, side.id)!);
            u.status = 'off';
            s.events.push({ kind: 'deploy', side: side.id, unit: u.id, text: `${u.id} finds no room to deploy and stays off the board` });
            continue;
          }
          s.toAct = side.id;
          return;
        }
        startTurn(s, 1, firstAttacker(s));
        continue;
      }
      case 'ballista': {
        const next = [A, D].find((side) => firingBallistas(s, side).some((b) => !s.decided.includes(b.id)));
        if (next) { s.toAct = next; return; }
        if (s.shots.length > 0) { resolveBallistaFire(s); s.shots = []; }
        const choosing = s.hits.find((h) => h.unit === null);
        if (choosing) { s.toAct = choosing.side; return; }
        applyBallistaHits(s);
        s.decided = [];
        checkRetirement(s); updateBallistas(s);
        s.phase = 'missile';
        continue;
      }
      case 'missile': {
        const next = [A, D].find((side) => missileUnits(s, side).some((u) => !s.decided.includes(u.id)));
        if (next) { s.toAct = next; return; }
        if (s.fires.length > 0) resolveMissileFire(s);
        s.fires = []; s.decided = [];
        checkRetirement(s); updateBallistas(s);
        s.phase = 'move';
        for (const u of s.units) if (u.side === A && u.retiring && u.status === 'active' && u.at) retireMove(s, u);
        updateBallistas(s);
        if (destroyedSide(s)) continue;
        s.toAct = A;
        return;
      }
      case 'move': s.toAct = A; return;
      case 'support':
        if (s.melees.length === 0) { s.phase = 'endTurn'; continue; }
        s.toAct = D;
        return;
      case 'melee':
        if (stepMelee(s)) return;
        continue;
      case 'endTurn': {
        const next = [A, D].find((side) => !s.decided.includes(side) && s.units.some((b) => b.type === 'ballista' && b.status === 'active' && b.controller === side));
        if (next) { s.toAct = next; return; }
        if (s.rules.turnLimit !== null && s.turn >= s.rules.turnLimit) { finish(s); return; }
        startTurn(s, s.turn + 1, D);
        continue;
      }
    }
  }
  throw new Error('engine did not settle');
}

/** One automatic step of the melee phase; true when a side must act. */
function stepMelee(s: GameState): boolean {
  const A = s.attacker!, D = otherSide(s, A);
  const r = s.resolution;
  if (r) {
    const m = s.melees[s.current!]!;
    if (r.stage === 'allocate') {
      const side = r.allocating[0];
      if (side !== undefined) {
        if ((r.loss[side] ?? 0) > 1e-9 && allocationChoices(s, m, side, r.loss[side]!).length > 0) { s.toAct = side; return true; }
        r.allocating.shift();
        return false;
      }
      outcome(s, m.contact, r);
      return false;
    }
    const id = r.retreat[0];
    if (id !== undefined) {
      const u = unitById(s, id);
      if (u.status !== 'active' || u.at !== m.contact) { r.retreat.shift(); return false; }
      const opts = retreatOptions(s, u);
      if (opts.length === 0) {
        removeStands(s, u, u.stands);
        s.events.push({ kind: 'retreat', side: u.side, unit: u.id, text: `${u.id} cannot retreat from ${m.contact} and is destroyed` });
        r.retreat.shift();
        return false;
      }
      if (opts.length === 1) { doRetreat(s, u, opts[0]!, r.marked); r.retreat.shift(); return false; }
      s.toAct = u.side;
      return true;
    }
    if (r.stage === 'retreat') {
      // Free facing changes for the survivors of both sides, retreaters included (6L, 9N).
      r.stage = 'facing';
      // A commander still joined to a unit faces as that unit does (4); one left on its own turns by itself.
      r.survivors = r.survivors.filter((id) => { const u = unitById(s, id); return u.status === 'active' && u.at !== null && !joinedCommander(s, u); });
      r.facing = [A, D].filter((side) => r.survivors.some((id) => unitById(s, id).side === side));
    }
    if (r.facing.length > 0) { s.toAct = r.facing[0]!; return true; }
    m.fought = true;
    s.resolution = null;
    s.current = null;
    updateBallistas(s);
    checkRetirement(s);
    return false;
  }
  if (s.current !== null) {
    const m = s.melees[s.current]!;
    if (!m.mdi[A]) { s.toAct = A; return true; }
    if (!m.mdi[D]) { s.toAct = D; return true; }
    resolveMelee(s, s.current);
    return false;
  }
  const open = s.melees.map((m, i) => ({ m, i })).filter((x) => !x.m.fought);
  if (open.length === 0) { s.phase = 'endTurn'; s.decided = []; return false; }
  if (open.length === 1) { s.current = open[0]!.i; return false; }
  s.toAct = A;
  return true;
}

function resolveMelee(s: GameState, index: number): void {
  const A = s.attacker!, D = otherSide(s, A);
  const m = s.melees[index]!;
  const va = meleeValue(s, m, A), vd = meleeValue(s, m, D);
  const ma = m.mdi[A]!, md = m.mdi[D]!;
  const r = meleeLosses({ value: va, mdi: ma }, { value: vd, mdi: md });
  s.events.push({ kind: 'melee', side: A, at: m.contact, mdis: [ma, md], text: `Melee at ${m.contact}: ${A} ${va} (${ma}) vs ${D} ${vd} (${md}): ${compareMdi(ma, md)}, losses ${r.a.loss} / ${r.b.loss}, ${r.result}` });
  // Joined commanders too: whether one turns on its own is settled once losses and retreats are done (see stepMelee).
  const survivors = [A, D].flatMap((side) => { const x = meleeUnits(s, m, side); return [...x.contact, ...x.supporters]; }).map((u) => u.id);
  const res: NonNullable<GameState['resolution']> = { contact: m.contact, loss: { [A]: r.a.loss, [D]: r.b.loss }, result: r.result, allocating: [A, D], stage: 'allocate', retreat: [], marked: true, survivors, facing: [] };
  if (r.result === 'withdrawal') {
    res.allocating = [];
    res.marked = false;
  }
  // Three-times rule: the weaker's contact units are destroyed at no further cost; it allocates nothing.
  const destroyed = r.result === 'a-destroyed' ? A : r.result === 'b-destroyed' ? D : null;
  if (destroyed) {
    for (const u of meleeUnits(s, m, destroyed).contact) removeStands(s, u, u.stands);
    res.allocating = res.allocating.filter((x) => x !== destroyed);
    s.events.push({ kind: 'destroyed', side: destroyed, text: `${destroyed}'s troops at ${m.contact} are destroyed (three times weaker)` });
  }
  s.resolution = res;
}

/** A commander sharing its square with another unit of its side (joined to it, 4). */
function joinedCommander(s: GameState, u: UnitState): boolean {
  return u.type === 'commander' && troopsAt(s, u.at!, u.side).some((o) => o.id !== u.id);
}

/** After losses: who retreats (digest 10). */
function outcome(s: GameState, contact: string, r: NonNullable<GameState['resolution']>): void {
  const A = s.attacker!, D = otherSide(s, A);
  const m = s.melees[s.current!]!;
  const here = (side: string) => troopsAt(s, contact, side).map((u) => u.id);
  let sides: string[] = [];
  if (r.result === 'withdrawal') sides = [A, D].filter((x) => m.mdi[x] === 'withdrawal');
  else if (r.result === 'a-retreats') sides = [A];
  else if (r.result === 'b-retreats') sides = [D];
  else if (r.result === 'equal' && here(A).length > 0 && here(D).length > 0) sides = [A, D];
  r.retreat = sides.flatMap(here);
  r.stage = 'retreat';
}
