/** The game state (plain JSON) and its first form (createGame reads it into the core's position). */
import type { BoardSize, Facing, Square } from './coords';
import { resolveBoard, resolveRules, defaultFacing, type BoardEdge, type ResolvedRules, type Scenario } from './scenario';
import { boundedStands, type Army, type TroopType } from './troops';
import type { Mdi } from './melee';
import type { GameEvent } from './events';
import { createRng, type RngState } from './random';
import type { Action } from './actions';

export type { GameEvent } from './events';
export type { EndReason, SideId } from './vocabulary';
import type { EndReason, SideId } from './vocabulary';


export interface UnitState {
  id: string;
  side: SideId;
  type: TroopType;
  /** Stands left (1 for a ballista engine). */
  stands: number;
  /** How many of those stands are half-killed (knights and commanders only). */
  half: number;
  at: Square | null;
  facing: Facing;
  status: 'active' | 'off' | 'destroyed';
  /** Ballistas only: the side in control, or null when abandoned. */
  controller?: SideId | null;
  moved: boolean;
  chargedTurn: number | null;
  retreatedTurn: number | null;
  retiring: boolean;
  levyRolled: boolean;
  /** The squares the unit's last move came through, nearest first (at most 2): an attacker retreats back along them (9L). */
  trail: Square[] | null;
}

export interface SideState { id: SideId; army: Army; name: string; edge: BoardEdge }

export interface Melee {
  contact: Square;
  /** Units of each side in the contact square when it was fought. */
  supports: Array<{ unit: string; side: SideId }>;
  mdi: Record<SideId, Mdi | null>;
  fought: boolean;
}

export interface Resolution {
  contact: Square;
  /** Points of loss still to allocate per side. */
  loss: Record<SideId, number>;
  /** meleeLosses' result for the attacker (a) against the defender (b). */
  result: string;
  /** Sides still to allocate losses, in order (the attacker first). */
  allocating: SideId[];
  stage: 'allocate' | 'retreat' | 'facing';
  /** Units still to retreat, in order. */
  retreat: string[];
  /** False after a successful withdrawal: those retreats do not stop the next turn's move or support. */
  marked: boolean;
  /** Survivors of the melee (both sides, retreaters too), who may turn once each before it closes (6L, 9N). */
  survivors: string[];
  /** Sides still to finish their facing changes, in order. */
  facing: SideId[];
}


export type PhaseName = 'deploy' | 'ballista' | 'missile' | 'move' | 'support' | 'melee' | 'endTurn' | 'over';

export interface GameState {
  format: 'nevsky-game';
  scenario: Scenario;
  seed: number;
  board: BoardSize;
  rules: ResolvedRules;
  sides: SideState[];
  units: UnitState[];
  turn: number;
  attacker: SideId | null;
  phase: PhaseName;
  toAct: SideId | null;
  /** Ballista shots declared this phase. */
  shots: Array<{ unit: string; target: Square }>;
  /**
   * The missile phase's volley (R-fire-order): each missile unit able to fire when the phase began, with the stands it
   * had then (it fires with them); `target` the square it has shot at; `losses` while its side chooses what that shot
   * destroys there (R-two-types: each unit that would lose stands, the default first).
   */
  fires: Array<{ unit: string; stands: number; target?: Square; losses?: Array<{ unit: string; stands: number }> }>;
  /**
   * Ballista fire's results waiting to apply (7): a ballista wrecked (`engine`) and/or a stand lost from `unit` at
   * `at` ('' none; null while the shooting side chooses which unit). `ownOnly`: a stray shot outside the cone, which
   * hits only the shooter's own troops (R-ballista-stray). `either`: troops and a ballista stand where it landed and the
   * shooter still chooses a stand or the ballista (R-stand-or-engine).
   */
  hits: Array<{ side: SideId; at: Square; unit: string | null; engine: string | null; ownOnly?: true; either?: true }>;
  decided: string[];
  melees: Melee[];
  /** Index into melees of the one being fought, or null while the attacker chooses. */
  current: number | null;
  resolution: Resolution | null;
  /** Fractions ledger (9K, reading R-ledger): the side whose turn it is to lose the next odd fraction; null until the first is rolled. */
  ledger: SideId | null;
  rng: RngState;
  /** How the game ended (10G): who won (null: a draw), the points (reported for every ending) and why it ended. */
  result: { winner: SideId | null; points: Record<SideId, number>; reason: EndReason } | null;
  conceded: SideId | null;
  /** Events of the last action as data (src/rules/events.ts), for logs and the play view: narrate.ts says them in words. */
  events: GameEvent[];
  /** Every action applied since createGame: with scenario and seed, the whole game. */
  log: Action[];
}

/** A fresh game from a valid scenario. Units without a square wait for hidden deployment. */
export function createGameState(scenario: Scenario, options: { seed: number; turnLimit?: number | null }): GameState {
  const rules = resolveRules(scenario.rules);
  if (options.turnLimit !== undefined) rules.turnLimit = options.turnLimit;
  const units: UnitState[] = [];
  for (const side of scenario.sides) {
    for (const u of side.units) {
      // copyUnit gives the record its shape (a ballista's has a controller): no spread, which makes a slow object.
      units.push(copyUnit({
        id: u.id, side: side.id, type: u.type, stands: boundedStands(u.type, u.stands), half: 0,
        at: u.at ?? null, facing: u.facing ?? defaultFacing(side.edge), status: 'active',
        controller: u.type === 'ballista' ? side.id : undefined,
        moved: false, chargedTurn: null, retreatedTurn: null, retiring: false, levyRolled: false, trail: null,
      }));
    }
  }
  return {
    format: 'nevsky-game', scenario, seed: options.seed, board: resolveBoard(scenario.board), rules,
    sides: scenario.sides.map((s) => ({ id: s.id, army: s.army, name: s.name ?? s.army, edge: s.edge })),
    units, turn: 0, attacker: null, phase: 'deploy', toAct: null, shots: [], fires: [], hits: [], decided: [], melees: [], current: null,
    resolution: null, ledger: null, rng: createRng(options.seed),
    result: null, conceded: null, events: [], log: [],
  };
}

/** A unit record copied field by field (one object shape for every unit: much faster than a spread). */
export function copyUnit(u: UnitState): UnitState {
  const trail = u.trail ? u.trail.slice() : null;
  // Same field order as createGameState (state hashes are over the JSON text).
  return u.controller !== undefined
    ? {
      id: u.id, side: u.side, type: u.type, stands: u.stands, half: u.half, at: u.at, facing: u.facing, status: u.status,
      controller: u.controller, moved: u.moved, chargedTurn: u.chargedTurn, retreatedTurn: u.retreatedTurn,
      retiring: u.retiring, levyRolled: u.levyRolled, trail,
    }
    : {
      id: u.id, side: u.side, type: u.type, stands: u.stands, half: u.half, at: u.at, facing: u.facing, status: u.status,
      moved: u.moved, chargedTurn: u.chargedTurn, retreatedTurn: u.retreatedTurn,
      retiring: u.retiring, levyRolled: u.levyRolled, trail,
    };
}

/** Copy of a state safe to change (a view's): units and phase records are copied, the scenario is shared (never changed). */
export function cloneState(s: GameState): GameState {
  // Field by field in createGameState's order (state hashes are over the JSON text): much faster than a spread.
  return {
    format: s.format, scenario: s.scenario, seed: s.seed, board: s.board, rules: s.rules, sides: s.sides,
    units: s.units.map(copyUnit),
    turn: s.turn, attacker: s.attacker, phase: s.phase, toAct: s.toAct,
    shots: s.shots.map((x) => ({ ...x })),
    fires: s.fires.map((x) => ({ ...x, ...(x.losses ? { losses: x.losses.map((l) => ({ ...l })) } : {}) })),
    hits: s.hits.map((x) => ({ ...x })),
    decided: [...s.decided],
    melees: s.melees.map((m) => ({ ...m, supports: m.supports.map((x) => ({ ...x })), mdi: { ...m.mdi } })),
    current: s.current,
    resolution: s.resolution ? { ...s.resolution, loss: { ...s.resolution.loss }, retreat: [...s.resolution.retreat], allocating: [...s.resolution.allocating], survivors: [...s.resolution.survivors], facing: [...s.resolution.facing] } : null,
    ledger: s.ledger,
    rng: { s: s.rng.s, ...(s.rng.script ? { script: [...s.rng.script] } : {}) },
    result: s.result ? { winner: s.result.winner, points: { ...s.result.points }, reason: s.result.reason } : null,
    conceded: s.conceded,
    events: [],
    log: [...s.log],
  };
}
