/** legalActions: every action the side to act may take now. applyAction accepts exactly these. */
import { FACINGS, SIDE_FACINGS, type Facing, type Square } from './coords';
import { TROOPS } from './troops';
import { MDIS } from './melee';
import type { Action } from './actions';
import { deploymentRows } from './scenario';
import { parseSquare, allSquares } from './coords';
import { ballistaTargets, firingBallistas, hitChoices, missileTargets, missileUnits } from './firing';
import { enemyHeld, mayLead, moveOptions, needsBacking, runOverTarget, stackingAllows } from './movement';
import { allocationChoices, canSupport, stepBetween, supportGeometry } from './combat';
import { retreatOptions } from './retreat';
import { otherSide, passCached, sideOf, withOccupancy, terrainIndex, troopsAt, unitById, unitsAt, type GameState, type UnitState } from './state';

/** Facings a unit may take: support type 1 units only the four sides (4). */
export function allowedFacings(u: UnitState): readonly Facing[] {
  return TROOPS[u.type].support === 1 ? SIDE_FACINGS : FACINGS;
}

/**
 * The unit a side deploys next: scenario order, except that a ballista waits until ballistarii of its side stand
 * without an engine to take it (4: a ballista always deploys in its crew's square, whatever the listed order).
 */
export function nextToDeploy(state: GameState, side: string): UnitState | undefined {
  const waiting = state.units.filter((u) => u.side === side && u.status === 'active' && u.at === null);
  const first = waiting[0];
  if (!first || first.type !== 'ballista' || crewSquares(state, side).length > 0) return first;
  return waiting.find((u) => u.type !== 'ballista') ?? first;
}

/** Squares holding ballistarii of a side but no ballista: where a ballista of that side deploys (4). */
function crewSquares(state: GameState, side: string): Square[] {
  const out: Square[] = [];
  for (const u of state.units) {
    if (u.side === side && u.type === 'ballistarii' && u.status === 'active' && u.at !== null
      && !unitsAt(state, u.at).some((b) => b.type === 'ballista') && !out.includes(u.at)) out.push(u.at);
  }
  return out;
}

function deployActions(state: GameState, side: string): Action[] {
  const u = nextToDeploy(state, side);
  if (!u) return [];
  const rows = deploymentRows(sideOf(state, side).edge, state.board.rows);
  const t = terrainIndex(state.scenario);
  const uncrewed = state.units.find((b) => b.type === 'ballista' && b.side === side && b.at !== null
    && !troopsAt(state, b.at, side).some((x) => x.type === 'ballistarii'));
  const crews = u.type === 'ballista' ? crewSquares(state, side) : [];
  const out: Action[] = [];
  for (const sq of allSquares(state.board)) {
    const row = parseSquare(sq)!.row;
    if (row < rows.from || row > rows.to) continue;
    if (u.type === 'ballistarii' && uncrewed && uncrewed.at !== sq) continue;
    if (crews.length > 0 && !crews.includes(sq)) continue;
    if (u.type === 'ballista' && t.protected.has(sq)) continue;
    if (t.hill.has(sq) && state.rules.hills.banned.includes(u.type)) continue;
    if (!stackingAllows(state, u, sq)) continue;
    // A commander joining a unit faces as the unit does (4): its one facing is the unit's.
    const joined = u.type === 'commander' ? troopsAt(state, sq, side).find((x) => x.type !== 'commander') : undefined;
    for (const facing of joined ? [joined.facing] : allowedFacings(u)) out.push({ type: 'deploy', side, unit: u.id, at: sq, facing });
  }
  return out;
}

/** Can the unit still move this turn (not moved, not retreated last turn, not retiring)? */
export function canMove(state: GameState, u: UnitState): boolean {
  return u.status === 'active' && u.at !== null && u.type !== 'ballista' && !u.moved && !u.retiring
    && !(u.retreatedTurn !== null && state.turn - u.retreatedTurn <= 1);
}

/** Would a charge ending on `sq` fight (lead there, or support a melee already started)? */
function chargeFights(state: GameState, u: UnitState, sq: Square): boolean {
  if (enemyHeld(state, u.side, sq)) return true;
  if (state.melees.length === 0) return false;
  const moved = { ...u, at: sq };
  return state.melees.some((m) => stepBetween(sq, m.contact) !== null && canSupport(state, moved, m, true));
}

type MoveAction = Extract<Action, { type: 'move' }>;
type MoveTag = '' | 'charge' | 'runOver' | 'carry' | 'split' | 'charge carry' | 'charge split' | 'supporter';

/**
 * Interned move and face actions: one frozen object per distinct action, shared by every state that lists it
 * (fields in the order the engine always wrote them, so logs and state hashes are unchanged). Looked up by
 * numbers, not by building a key string: a table per (side, unit), a slot per (square, tag).
 */
interface ActionTable { moves: MoveAction[]; faces: Map<Facing, Action>; supported: Map<string, MoveAction> }
const TAGS: readonly MoveTag[] = ['', 'charge', 'runOver', 'carry', 'split', 'charge carry', 'charge split'];
const tagIndex = new Map<MoveTag, number>(TAGS.map((t, i) => [t, i]));
const squareIds = new Map<Square, number>();
const tables = new Map<string, Map<string, ActionTable>>();
const TABLE_LIMIT = 10_000;
let tableCount = 0;

function tableOf(side: string, unit: string): ActionTable {
  let bySide = tables.get(side);
  if (!bySide) tables.set(side, (bySide = new Map()));
  let t = bySide.get(unit);
  if (!t) {
    if (++tableCount > TABLE_LIMIT) { tables.clear(); tableCount = 1; tables.set(side, (bySide = new Map())); }
    bySide.set(unit, (t = { moves: [], faces: new Map(), supported: new Map() }));
  }
  return t;
}

function makeMove(side: string, unit: string, to: Square, tag: MoveTag, supporter: string): MoveAction {
  switch (tag) {
    case '': return { type: 'move', side, unit, to };
    case 'charge': return { type: 'move', side, unit, to, charge: true };
    case 'runOver': return { type: 'move', side, unit, to, runOver: true };
    case 'carry': return { type: 'move', side, unit, to, carry: true };
    case 'split': return { type: 'move', side, unit, to, split: true };
    case 'charge carry': return { type: 'move', side, unit, to, charge: true, carry: true };
    case 'charge split': return { type: 'move', side, unit, to, charge: true, split: true };
    case 'supporter': return { type: 'move', side, unit, to, supporter };
  }
}

function moveAction(t: ActionTable, side: string, unit: string, to: Square, tag: MoveTag, supporter = ''): MoveAction {
  if (tag === 'supporter') {
    const key = `${to}|${supporter}`;
    let a = t.supported.get(key);
    if (!a) t.supported.set(key, (a = Object.freeze(makeMove(side, unit, to, tag, supporter))));
    return a;
  }
  let sq = squareIds.get(to);
  if (sq === undefined) squareIds.set(to, (sq = squareIds.size));
  const slot = sq * TAGS.length + tagIndex.get(tag)!;
  return (t.moves[slot] ??= Object.freeze(makeMove(side, unit, to, tag, supporter)));
}

function faceAction(t: ActionTable, side: string, unit: string, facing: Facing): Action {
  let a = t.faces.get(facing);
  if (!a) t.faces.set(facing, (a = Object.freeze<Action>({ type: 'face', side, unit, facing })));
  return a;
}

/**
 * Facings a unit may turn to in the move phase (6L): any allowed facing but its own, as often as wished. A ballista
 * faces where the troops of its side with it could (a corner only when one of them may face a corner); a joined
 * commander turns with its unit, not on its own; a declared supporter keeps facings that still support (6G).
 */
export function moveFacings(state: GameState, u: UnitState): Facing[] {
  let allowed = allowedFacings(u);
  if (u.type === 'ballista') {
    const crew = troopsAt(state, u.at!, u.controller ?? '');
    if (u.controller !== state.toAct || crew.length === 0) return [];
    allowed = crew.some((x) => allowedFacings(x) === FACINGS) ? FACINGS : SIDE_FACINGS;
  } else if (u.type === 'commander' && joinedTo(state, u)) return [];
  const m = supportedMelee(state, u);
  const dir = m && stepBetween(u.at!, m.contact);
  return allowed.filter((f) => f !== u.facing && (!dir || supportGeometry(u.type, f, dir)));
}

/** The unit a commander is joined to: another troop of its side in its square (4), or undefined. */
export function joinedTo(state: GameState, c: UnitState): UnitState | undefined {
  return troopsAt(state, c.at!, c.side).find((x) => x.id !== c.id);
}

/** The unfought melee a unit is a declared supporter of, if any. */
export function supportedMelee(state: GameState, u: UnitState): GameState['melees'][number] | undefined {
  return state.melees.find((m) => !m.fought && m.supports.some((x) => x.unit === u.id));
}

export function faceActions(state: GameState, u: UnitState): Action[] {
  // A ballista is turned by the side controlling it, which need not be the side that fielded it (9M capture).
  const side = u.type === 'ballista' ? u.controller ?? u.side : u.side;
  const t = tableOf(side, u.id);
  return moveFacings(state, u).map((f) => faceAction(t, side, u.id, f));
}

/** Move actions of one unit (normal, charge, carrying its ballista, splitting knights, running over). */
export function unitMoves(state: GameState, u: UnitState): Action[] {
  const side = u.side;
  const out: Action[] = [];
  const table = tableOf(side, u.id);
  const variants: Array<'' | 'carry' | 'split'> = [''];
  const engine = unitsAt(state, u.at!).find((b) => b.type === 'ballista' && b.controller === side && !b.moved);
  if (engine) variants.push('carry');
  if (u.type === 'knights' && u.stands === 2) variants.push('split');
  for (const v of variants) {
    const carry = v === 'carry';
    const mover = v === 'split' ? { ...u, stands: 1, half: 0 } : u;
    for (const o of moveOptions(state, u, carry).values()) {
      const here = unitsAt(state, o.to);
      if (here.length === 0) {
        // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
        if (o.normal) out.push(moveAction(table, side, u.id, o.to, v));
        if (o.charge && !carry && state.melees.length > 0 && chargeFights(state, mover, o.to)) out.push(moveAction(table, side, u.id, o.to, v === 'split' ? 'charge split' : 'charge'));
        continue;
      }
      const enemy = here.some((x) => x.type !== 'ballista' && x.side !== side);
      if (enemy) {
        if (carry) continue;
        const ro = v === 'split' ? null : runOverTarget(state, u, o.to);
        if (ro && o.normal) out.push(moveAction(table, side, u.id, o.to, 'runOver'));
        if (!mayLead(state, mover, o.to)) {
          // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
          if (o.normal && needsBacking(mover) && mayLead(state, mover, o.to, true)) {
            for (const id of backers(state, mover, o.to)) out.push(moveAction(table, side, u.id, o.to, 'supporter', id));
          }
          continue;
        }
      } else if (!stackingAllows(state, mover, o.to, mover.stands, carry ? engine : undefined)) continue;
      if (o.normal) out.push(moveAction(table, side, u.id, o.to, v));
      if (o.charge && !carry && chargeFights(state, mover, o.to)) out.push(moveAction(table, side, u.id, o.to, v === 'split' ? 'charge split' : 'charge'));
    }
  }
  // Only a move into a waiting charger's own square can take its fight away (joining a charging commander, say):
  // leaving a square or starting a melee only adds ways to fight, and units in contact squares have moved.
  const idle = passCached(state, 'idle', () => idleChargers(state)).filter((c) => c.id !== u.id);
  return idle.length === 0 ? out : out.filter((a) => a.type !== 'move' || !idle.some((c) => c.at === a.to) || keepsChargersFighting(state, u, a.to, idle));
}

/**
 * No dead ends (6G reading): would every charger still waiting to fight still have a melee to fight in once `u`
 * stands on `to`? (A unit joining a charging commander's square, say, can leave the commander unable to support.)
 */
function keepsChargersFighting(state: GameState, u: UnitState, to: Square, idle: UnitState[]): boolean {
  const moved = { ...u, at: to };
  const trial: GameState = {
    ...state, units: state.units.map((x) => (x.id === u.id ? moved : x)),
    melees: enemyHeld(state, u.side, to) && !state.melees.some((m) => m.contact === to)
      ? [...state.melees, { contact: to, supports: [], mdi: {}, fought: false }] : state.melees,
  };
  return idle.every((c) => chargeFights(trial, c, c.at!));
}

/**
 * Units of the mover's side that could support a melee the mover would start at `sq` (9E, judged as if the mover
 * stood there): the supporters a 1-stand missile unit may declare with its move (6J).
 */
export function backers(state: GameState, mover: UnitState, sq: Square): string[] {
  const moved = { ...mover, at: sq };
  const after: GameState = {
    ...state, units: state.units.map((x) => (x.id === mover.id ? moved : x)),
    melees: [...state.melees, { contact: sq, supports: [], mdi: {}, fought: false }],
  };
  const m = after.melees[after.melees.length - 1]!;
  return after.units.filter((x) => x.side === mover.side && x.id !== mover.id && canSupport(after, x, m, true)).map((x) => x.id);
}

/** Charged units that would fight in no melee (then movement may not end, 6G reading). */
export function idleChargers(state: GameState): UnitState[] {
  return state.units.filter((u) => u.side === state.attacker && u.status === 'active' && u.chargedTurn === state.turn
    && !state.melees.some((m) => m.contact === u.at || m.supports.some((s) => s.unit === u.id)));
}

export function supportActions(state: GameState, side: string, onlyUnit?: string): Action[] {
  const out: Action[] = [];
  const attacker = side === state.attacker;
  for (const u of state.units) {
    if (u.side !== side || (onlyUnit && u.id !== onlyUnit)) continue;
    for (const m of state.melees) if (canSupport(state, u, m, attacker)) out.push({ type: 'support', side, unit: u.id, contact: m.contact });
  }
  return out;
}

function moveActions(state: GameState, side: string, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  const out: Action[] = [];
  const want = (t: Action['type']) => onlyType === undefined || onlyType === t;
  for (const u of state.units) {
    if ((u.type === 'ballista' ? u.controller !== side : u.side !== side) || (onlyUnit && u.id !== onlyUnit)) continue;
    if (want('move') && canMove(state, u)) for (const a of unitMoves(state, u)) out.push(a);
    if (want('face') && u.status === 'active' && u.at !== null && !u.retiring) for (const a of faceActions(state, u)) out.push(a);
  }
  if (want('support')) out.push(...supportActions(state, side, onlyUnit));
  if (want('endMove') && !onlyUnit && idleChargers(state).length === 0) out.push({ type: 'endMove', side });
  return out;
}

/**
 * Every legal action of the side to act (empty when the game is over). `onlyUnit` narrows to one unit's actions,
 * `onlyType` to one type of action (applyAction checks an action against just these).
 */
export function candidates(state: GameState, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  return withOccupancy(state, () => generate(state, onlyUnit, onlyType));
}

function generate(state: GameState, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  const side = state.toAct;
  if (state.phase === 'over' || side === null) return [];
  const out: Action[] = [];
  switch (state.phase) {
    case 'deploy': out.push(...deployActions(state, side)); break;
    case 'ballista': {
      const choosing = state.hits.find((h) => h.unit === null);
      if (choosing) {
        for (const u of hitChoices(state, choosing.at)) if (!onlyUnit || u.id === onlyUnit) out.push({ type: 'ballistaLoss', side, unit: u.id });
        break;
      }
      for (const b of firingBallistas(state, side)) {
        if (state.decided.includes(b.id) || (onlyUnit && b.id !== onlyUnit)) continue;
        for (const target of ballistaTargets(state, b)) out.push({ type: 'ballistaFire', side, unit: b.id, target });
        out.push({ type: 'ballistaHold', side, unit: b.id });
      }
      break;
    }
    case 'missile':
      for (const u of missileUnits(state, side)) {
        if (state.decided.includes(u.id) || (onlyUnit && u.id !== onlyUnit)) continue;
        for (const t of missileTargets(state, u)) out.push({ type: 'fire', side, unit: u.id, target: t.id });
        out.push({ type: 'hold', side, unit: u.id });
      }
      break;
    case 'move': out.push(...moveActions(state, side, onlyUnit, onlyType)); break;
    case 'support':
      out.push(...supportActions(state, side, onlyUnit));
      if (!onlyUnit) out.push({ type: 'endSupport', side });
      break;
    case 'melee': {
      const r = state.resolution;
      if (r && r.stage === 'allocate') {
        const m = state.melees[state.current!]!;
        for (const c of allocationChoices(state, m, side, r.loss[side] ?? 0)) out.push({ type: 'allocate', side, ...c });
      } else if (r && r.stage === 'retreat') {
        const u = unitById(state, r.retreat[0]!);
        for (const to of retreatOptions(state, u)) out.push({ type: 'retreat', side, unit: u.id, to });
      } else if (r && r.stage === 'facing') {
        for (const id of r.survivors) {
          const u = unitById(state, id);
          if (u.side !== side || (onlyUnit && u.id !== onlyUnit)) continue;
          for (const f of allowedFacings(u)) if (f !== u.facing) out.push({ type: 'face', side, unit: u.id, facing: f });
        }
        if (!onlyUnit) out.push({ type: 'endFacing', side });
      } else if (state.current !== null) {
        for (const mdi of MDIS) out.push({ type: 'mdi', side, mdi });
      } else {
        for (const m of state.melees) if (!m.fought) out.push({ type: 'fight', side, contact: m.contact });
      }
      break;
    }
    case 'endTurn':
      for (const b of state.units) {
        if (b.type === 'ballista' && b.status === 'active' && b.controller === side) out.push({ type: 'destroyBallista', side, unit: b.id });
      }
      out.push({ type: 'endTurn', side });
      break;
  }
  if (!onlyUnit && state.phase !== 'deploy') out.push({ type: 'concede', side });
  return out;
}

export { otherSide };

/**
 * reachableSquares (public API): every square where the unit could end a move from where it stands,
 * ignoring whose phase it is, mapped to the movement used. Its own square is not included.
 */
export function reachable(state: GameState, unitId: string): Record<Square, number> {
  const u = state.units.find((x) => x.id === unitId);
  const out: Record<Square, number> = {};
  if (!u || u.status !== 'active' || !u.at || u.type === 'ballista') return out;
  const costs = moveOptions(state, u);
  for (const a of unitMoves(state, u)) {
    if (a.type !== 'move' || a.carry || a.split || a.runOver) continue;
    out[a.to] = costs.get(a.to)!.cost;
  }
  return out;
}
