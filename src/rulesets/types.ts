/**
 * The shapes every rule set shares: roster documents, roster diagnostics, points, and the small RuleSet
 * interface the registry, the CLI, the app and the print module talk to.
 */
import type { Army, Severity, TroopType } from '../rules';
import type { Sheet, SheetCell } from './sheet';

export const RULESET_IDS = ['nevsky', 'splendid-victory', 'dewitt-medieval', 'ancients-quick'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];
/** The rule sets that have army lists (and so roster files). */
export const ROSTER_RULESET_IDS = ['nevsky', 'splendid-victory', 'dewitt-medieval'] as const;
export type RosterRulesetId = (typeof ROSTER_RULESET_IDS)[number];

export const ROSTER_FORMAT = 'roster';
export const ROSTER_VERSION = 1;

/** Roster diagnostic codes (tests and the UI key on them). */
export const ROSTER_CODES = [
  // reading the file
  'json', 'schema', 'version', 'ruleset', 'duplicate-id',
  // A Splendid Victory! composition
  'unit-stands', 'stand-kind', 'commander-count', 'sub-commander-count', 'pike-and-musket-vs-foot',
  'foot-vs-mounted', 'heavy-cavalry-ratio', 'uniform-cavalry',
  // Dewitt
  'unit-fields', 'leader-count', 'over-points',
  // Nevsky (same meaning as the scenario codes)
  'stands-invalid', 'composition',
] as const;
export type RosterCode = (typeof ROSTER_CODES)[number];

/** One finding about a roster; `path` is a JSON pointer into the document. */
export interface RosterDiagnostic {
  code: RosterCode;
  severity: Severity;
  message: string;
  path?: string;
}

export interface RosterMeta { title: string; author?: string; description?: string; created?: string }

// ---- A Splendid Victory! ------------------------------------------------------------------------------

export const SV_UNIT_KINDS = ['pikeAndMusket', 'foot', 'dragoons', 'cavalry', 'heavyCavalry', 'artillery', 'command'] as const;
export type SvUnitKind = (typeof SV_UNIT_KINDS)[number];
export const SV_STAND_KINDS = [
  'pike', 'musket', 'handToHand', 'lightHandToHand', 'dragoon', 'cavalry', 'heavyCavalry',
  'frameGun', 'lightGun', 'heavyGun', 'commander', 'subCommander',
] as const;
export type SvStandKind = (typeof SV_STAND_KINDS)[number];

export interface SvUnit {
  id: string;
  name?: string;
  kind: SvUnitKind;
  /** Stands by kind, e.g. { "pike": 2, "musket": 4 }. */
  stands: Partial<Record<SvStandKind, number>>;
  /** Dragoons: start the game mounted (default true). */
  mounted?: boolean;
}
export interface SvRoster {
  $schema?: string;
  format: typeof ROSTER_FORMAT;
  version: number;
  ruleset: 'splendid-victory';
  meta: RosterMeta;
  /** Both sides agreed to a second sub-commander. */
  options?: { secondSubCommander?: boolean };
  units: SvUnit[];
}

// ---- Dewitt ---------------------------------------------------------------------------------------------

export const DW_UNIT_KINDS = ['cavalry', 'foot', 'commanderInChief', 'general'] as const;
export type DwUnitKind = (typeof DW_UNIT_KINDS)[number];
export const DW_CLASSES = ['light', 'medium', 'heavy', 'superHeavy'] as const;
export type DwClass = (typeof DW_CLASSES)[number];
export const DW_WEAPONS = [
  'twoHanded', 'pike', 'mace', 'spear', 'crossbow', 'sling', 'longbow', 'bow', 'shortSword', 'lance', 'cutAndThrust',
] as const;
export type DwWeapon = (typeof DW_WEAPONS)[number];

export interface DwUnit {
  id: string;
  name?: string;
  kind: DwUnitKind;
  /** Troops only: armour class. */
  class?: DwClass;
  /** Troops only: stands in the unit (2-6). */
  stands?: number;
  /** Troops only: figures on each stand (default 3). */
  figuresPerStand?: number;
  /** Troops only: weapons carried; each adds its cost per figure. */
  weapons?: DwWeapon[];
  /** Troops only: false for troops without shields (-1 per figure). Default true. */
  shield?: boolean;
}
export interface DwRoster {
  $schema?: string;
  format: typeof ROSTER_FORMAT;
  version: number;
  ruleset: 'dewitt-medieval';
  meta: RosterMeta;
  /** The points agreed for the game: a roster above it is invalid. */
  options?: { pointsLimit?: number };
  units: DwUnit[];
}

// ---- Nevsky ---------------------------------------------------------------------------------------------

export interface NevskyRosterUnit { id: string; name?: string; kind: TroopType; stands?: number }
export interface NevskyRoster {
  $schema?: string;
  format: typeof ROSTER_FORMAT;
  version: number;
  ruleset: 'nevsky';
  meta: RosterMeta;
  /** The army and its number of standard divisions (the roster is one scenario side). */
  options: { army: Army; divisions?: number };
  units: NevskyRosterUnit[];
}

export type Roster = SvRoster | DwRoster | NevskyRoster;

// ---- The interface ----------------------------------------------------------------------------------

/** A kind of unit (or stand) a rule set knows, for pickers and printed lists. */
export interface UnitKindInfo {
  id: string;
  name: string;
  /** What stands (or classes) a unit of this kind is made of, when the rules say. */
  parts?: readonly string[];
  note?: string;
}

/** One unit of a roster as a printable line. */
export interface RosterLine {
  id: string;
  name: string;
  /** What the unit is, e.g. "Pike and musket: 2 pike, 4 musket". */
  description: string;
  /** The unit's points, or null in a rule set without points. */
  points: number | null;
  /** How the points were reached, e.g. "6 figures x (8 + 1 - 1)". */
  workings?: string;
}

/** Points of a roster: every unit's line and the running total (null total: no points system). */
export interface RosterPoints {
  total: number;
  /** Points the rules compare the roster against (a standard division, an agreed limit), or null. */
  limit: number | null;
  limitLabel?: string;
}

/**
 * What a roster sheet prints for each unit, as BattleScribe or Army Forge print a list: the unit's profile (its
 * numbers in the rules), tick boxes for its casualties, and the rules its kind of unit uses in our own words.
 */
export interface RosterProfile {
  /** Profile columns after the unit's name. */
  columns: string[];
  /** Relative widths of the casualty, unit and profile columns. */
  widths: number[];
  /** One row per unit, in the roster's order: how many tick boxes, and the profile cells. */
  rows: Array<{ casualties: number; cells: Array<string | SheetCell> }>;
  /** What a tick box stands for (a stand lost, a hit taken). */
  casualtyNote: string;
  /** For each kind of unit in the roster: its name, the units of that kind and its rules in our own words. */
  rules: Array<{ kind: string; units: string[]; text: string[] }>;
}

/** What a rule set with army lists does with a roster of its own kind. */
export interface RosterRules<R extends Roster = Roster> {
  /** Rules beyond the schema (composition, leaders, points limit): errors make the roster invalid. */
  validate(roster: R): RosterDiagnostic[];
  /** The roster's units as printable lines with their points. */
  lines(roster: R): RosterLine[];
  /** Total points, or null when the rules define no points. */
  points(roster: R): RosterPoints | null;
  /** An empty roster of this rule set, ready to fill. */
  blank(title: string): R;
}

/** One rule set: what it is, its unit kinds, its roster rules (null when it has no army lists), its sheet. */
export interface RuleSet<R extends Roster = Roster> {
  id: RulesetId;
  name: string;
  /** Period and edition, shown under the name. */
  subtitle: string;
  unitKinds: readonly UnitKindInfo[];
  roster: RosterRules<R> | null;
  /** The quick-reference sheet, in the project's own words. */
  referenceSheet(): Sheet;
}
