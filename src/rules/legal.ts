/** legalActions: every action the side to act may take now. applyAction accepts exactly these. */
import { FACINGS, SIDE_FACINGS, type Facing, type Square } from './coords';
import { TROOPS } from './troops';
import { MDIS } from './melee';
import type { Action } from './actions';
import { deploymentRows } from './scenario';
import { parseSquare, allSquares } from './coords';
import { ballistaTargets, firingBallistas, hitChoices, missileTargets, missileUnits } from './firing';
import { stackingAllows } from './movement';
import { allocationChoices } from './combat';
import { retreatOptions } from './retreat';
import { otherSide, sideOf, withOccupancy, terrainIndex, troopsAt, unitById, unitsAt, type GameState, type UnitState } from './state';
import type { Occupancy } from './core/occupancy';
import { moveActions, reachOf, supportActions, unitMoves } from './core/moves';
import { moveContext } from './core/moverules';

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

/** A missile unit's choices this phase (9): fire at each target it may, or hold. */
export function missileActions(state: GameState, u: UnitState, out: Action[]): void {
  for (const t of missileTargets(state, u)) out.push({ type: 'fire', side: u.side, unit: u.id, target: t.id });
  out.push({ type: 'hold', side: u.side, unit: u.id });
}

/**
 * Every legal action of the side to act (empty when the game is over). `onlyUnit` narrows to one unit's actions,
 * `onlyType` to one type of action (applyAction checks an action against just these).
 */
export function candidates(state: GameState, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  if (state.phase === 'move' && state.toAct !== null && onlyUnit === undefined && onlyType === undefined) return allMoves(state);
  return withOccupancy(state, (occ) => generate(state, occ, onlyUnit, onlyType));
}

/** The move phase's whole list: worked out afresh on the integer table (src/rules/core/moves.ts), then conceding. */
function allMoves(state: GameState): Action[] {
  const actions = withOccupancy(state, (occ) => moveActions(moveContext(state, occ), state.toAct!));
  actions.push({ type: 'concede', side: state.toAct! });
  return actions;
}

function generate(state: GameState, occ: Occupancy, onlyUnit?: string, onlyType?: Action['type']): Action[] {
  const side = state.toAct;
  if (state.phase === 'over' || side === null) return [];
  let out: Action[] = [];
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
        missileActions(state, u, out);
      }
      break;
    case 'move': out = moveActions(moveContext(state, occ), side, onlyUnit, onlyType); break;
    case 'support':
      out.push(...supportActions(moveContext(state, occ), side, onlyUnit));
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
  return withOccupancy(state, (occ) => {
    const ctx = moveContext(state, occ);
    const x = state.units.indexOf(u);
    const r = reachOf(ctx, x, false);
    const costs = new Map<Square, number>();
    for (let k = 0; k < r.count; k++) costs.set(occ.board.names[r.square[k]!]!, r.cost[k]! / 2);
    const moves: Action[] = [];
    unitMoves(ctx, x, moves);
    for (const a of moves) {
      if (a.type !== 'move' || a.carry || a.split || a.runOver) continue;
      out[a.to] = costs.get(a.to)!;
    }
    return out;
  });
}
