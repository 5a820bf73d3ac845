/** Defaults and builders: standard divisions as unit lists, a blank scenario. */
import {
  ARMY_NAMES, DIVISION, SCENARIO_FORMAT, SCENARIO_VERSION, TROOP_TYPES, defaultFacing, resolveBoard, resolveRules,
  boundedStands, type Army, type BoardEdge, type Facing, type ResolvedRules, type Scenario, type SideSpec, type TroopType, type UnitSpec,
} from '../rules';


const SLUG: Record<TroopType, string> = {
  knights: 'knights', turcopoles: 'turcopoles', lightCavalry: 'light-cavalry', armoredInfantry: 'armored-inf',
  mediumInfantry: 'medium-inf', levyInfantry: 'levy', javelinmen: 'javelins', longbowmen: 'longbows',
  crossbowmen: 'crossbows', ballista: 'ballista', ballistarii: 'crew', commander: 'commander',
};

/** A fresh unit id for a type, unique against the ids already used: "t-knights-3". */
export function nextUnitId(prefix: string, type: TroopType, used: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${prefix}-${SLUG[type]}-${n}`;
    if (!used.has(id)) return id;
  }
}

/** The units of `divisions` standard divisions of an army (2D), undeployed, ids prefixed. */
export function standardUnits(army: Army, divisions = 1, prefix = army === 'teutonic' ? 't' : 'r'): UnitSpec[] {
  const units: UnitSpec[] = [];
  const used = new Set<string>();
  for (const type of TROOP_TYPES) {
    for (let i = 0; i < DIVISION[army][type] * divisions; i++) {
      const id = nextUnitId(prefix, type, used);
      used.add(id);
      units.push({ id, type });
    }
  }
  return units;
}

/** A side with its standard division(s), undeployed. */
export function standardSide(id: string, army: Army, edge: BoardEdge, divisions = 1): SideSpec {
  return { id, army, name: ARMY_NAMES[army], edge, divisions, units: standardUnits(army, divisions, id.slice(0, 1)) };
}

/** A new scenario: an empty 12x12 board with both standard divisions waiting to be deployed. */
export function blankScenario(title = 'New scenario', created?: string): Scenario {
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    meta: { title, ...(created ? { created } : {}) },
    ruleset: 'nevsky',
    board: { columns: 12, rows: 12 },
    sides: [standardSide('teutonic', 'teutonic', 'north'), standardSide('russian', 'russian', 'south')],
  };
}

/** A unit with every default filled in. */
export interface ResolvedUnit { id: string; type: TroopType; stands: number; at: string | null; facing: Facing }

/** Fill a unit's defaults: full stands, facing towards the enemy edge, null when undeployed. */
export function resolveUnit(u: UnitSpec, edge: BoardEdge): ResolvedUnit {
  return { id: u.id, type: u.type, stands: boundedStands(u.type, u.stands), at: u.at ?? null, facing: u.facing ?? defaultFacing(edge) };
}

/** A scenario with every optional field resolved, for the engine and printing. */
export interface ResolvedScenario {
  scenario: Scenario;
  board: { columns: number; rows: number };
  rules: ResolvedRules;
  sides: Array<{ id: string; army: Army; name: string; edge: BoardEdge; divisions: number; units: ResolvedUnit[] }>;
}

/** Resolve all defaults of a (valid) scenario. */
export function resolveScenario(s: Scenario): ResolvedScenario {
  return {
    scenario: s,
    board: resolveBoard(s.board),
    rules: resolveRules(s.rules),
    sides: s.sides.map((side) => ({
      id: side.id, army: side.army, name: side.name ?? ARMY_NAMES[side.army], edge: side.edge, divisions: side.divisions ?? 1,
      units: side.units.map((u) => resolveUnit(u, side.edge)),
    })),
  };
}
