/** The scenario document (format version 2) as plain data, and its defaults. */
import type { Facing, Square } from './coords';
import type { Army, TroopType } from './troops';
import { ARMY_NAMES } from './troops';

export const SCENARIO_FORMAT = 'nevsky-scenario';
export const SCENARIO_VERSION = 2;

export const PROTECTED_KINDS = ['woods', 'buildings', 'rocks', 'village'] as const;
export type ProtectedKind = (typeof PROTECTED_KINDS)[number];
export const CROSSING_KINDS = ['ford', 'bridge'] as const;
export type CrossingKind = (typeof CROSSING_KINDS)[number];
export const EDGES = ['north', 'south'] as const;
export type BoardEdge = (typeof EDGES)[number];

export type Edge = [Square, Square];

export interface ScenarioMeta { title: string; author?: string; description?: string; created?: string }
export interface ProtectedSquare { at: Square; kind: ProtectedKind }
export interface Road { path: Square[] }
export interface River { edges: Edge[] }
export interface Crossing { edge: Edge; kind: CrossingKind }
export interface Hill { squares: Square[] }
export interface Terrain {
  protected?: ProtectedSquare[];
  roads?: Road[];
  rivers?: River[];
  crossings?: Crossing[];
  hills?: Hill[];
}
export interface HillRules { banned?: TroopType[]; movePenalty?: number; protected?: boolean; meleePenalty?: boolean }
export interface ScenarioRules {
  turnLimit?: number | null;
  firstAttacker?: string;
  fractions?: 'roll' | 'ledger';
  hills?: HillRules;
}
export interface UnitSpec { id: string; type: TroopType; stands?: number; at?: Square; facing?: Facing }
export interface SideSpec {
  id: string;
  army: Army;
  name?: string;
  edge: BoardEdge;
  divisions?: number;
  /** What this side knows and must do (format version 2); shown to that side only in hidden play. */
  briefing?: string;
  units: UnitSpec[];
}
/** Squares worth points to the side holding them at the end (format version 2; rule: objectives.ts). */
export interface Objective { id: string; label: string; squares: Square[]; points: number; for?: string }
export interface Scenario {
  $schema?: string;
  format: typeof SCENARIO_FORMAT;
  version: number;
  meta: ScenarioMeta;
  ruleset: 'nevsky';
  board: { columns?: number; rows?: number };
  terrain?: Terrain;
  rules?: ScenarioRules;
  /** Format version 2: squares worth points (R-objectives). */
  objectives?: Objective[];
  /** Format version 2: the organiser's special rules, shown and printed, never enforced. */
  notes?: string;
  sides: SideSpec[];
}

/** Hill options in force when a scenario says nothing (3F, 9F). */
export const DEFAULT_HILL_RULES: Required<HillRules> = {
  banned: ['knights', 'turcopoles', 'lightCavalry', 'ballista', 'commander'],
  movePenalty: 1,
  protected: true,
  meleePenalty: false,
};

/** The turn limit of a scenario that sets none (and the one the editor offers when "No turn limit" is unticked). */
export const DEFAULT_TURN_LIMIT = 12;

/** Rules options in force when a scenario says nothing. */
export const DEFAULT_RULES = {
  turnLimit: DEFAULT_TURN_LIMIT as number | null,
  firstAttacker: 'roll',
  fractions: 'roll' as 'roll' | 'ledger',
  hills: DEFAULT_HILL_RULES,
};

export interface ResolvedRules {
  turnLimit: number | null;
  firstAttacker: string;
  fractions: 'roll' | 'ledger';
  hills: Required<HillRules>;
}

/** The rules options of a scenario with every default filled in. */
export function resolveRules(rules: ScenarioRules | undefined): ResolvedRules {
  const r = rules ?? {};
  return {
    turnLimit: r.turnLimit === undefined ? DEFAULT_RULES.turnLimit : r.turnLimit,
    firstAttacker: r.firstAttacker ?? DEFAULT_RULES.firstAttacker,
    fractions: r.fractions ?? DEFAULT_RULES.fractions,
    hills: { ...DEFAULT_HILL_RULES, ...(r.hills ?? {}), banned: [...(r.hills?.banned ?? DEFAULT_HILL_RULES.banned)] },
  };
}

/**
 * Self-play needs an end: a scenario with no turn limit is played to this many turns (the default limit) when the
 * machine plays both sides for an estimate (`nevsky play`, the balance runs). Human play, replays and distance games
 * honour "no turn limit" as it is.
 */
export const SELF_PLAY_TURN_CAP = DEFAULT_TURN_LIMIT;

/** The turn limit machine self-play uses for a scenario: its own, or SELF_PLAY_TURN_CAP when it has none. */
export function machineTurnLimit(scenario: Pick<Scenario, 'rules'>): number {
  return resolveRules(scenario.rules).turnLimit ?? SELF_PLAY_TURN_CAP;
}

/** The note machine self-play adds when it cuts a game with no turn limit (`what` it is for), or null when the scenario has one. */
export function turnCapNote(scenario: Pick<Scenario, 'rules'>, what = 'this estimate'): string | null {
  return resolveRules(scenario.rules).turnLimit === null ? `no turn limit: games cut at ${SELF_PLAY_TURN_CAP} turns for ${what}` : null;
}

/** Board size with the 12x12 default. */
export function resolveBoard(board: Scenario['board'] | undefined): { columns: number; rows: number } {
  return { columns: board?.columns ?? 12, rows: board?.rows ?? 12 };
}

/** A side's display name: its own, else the army's. */
export function sideName(side: SideSpec): string {
  return side.name ?? ARMY_NAMES[side.army];
}

/** Facing of a unit with no facing given: towards the enemy edge. */
export function defaultFacing(edge: BoardEdge): Facing {
  return edge === 'north' ? 'S' : 'N';
}

/** Rows (zero-based, inclusive) a side deploys in: its back (R-6)/2 rows, front lines six apart (4). */
export function deploymentRows(edge: BoardEdge, rows: number): { from: number; to: number } {
  const depth = Math.max(1, Math.floor((rows - 6) / 2));
  return edge === 'north' ? { from: 0, to: depth - 1 } : { from: rows - depth, to: rows - 1 };
}
