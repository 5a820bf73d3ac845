/** Pure deployment and roster edits: place, rotate, return to roster, add/remove units, stands, side fields. */
import { FACINGS, RESERVED_IDS, SIDE_FACINGS, TROOPS, boundedStands, fullStands, type Facing, type Scenario, type SideSpec, type Square, type TroopType, type UnitSpec } from '../rules';
import { nextUnitId } from '../scenario';

/** Where a unit is: side index and unit index, or null. */
export function findUnit(s: Scenario, unitId: string): { side: number; index: number; unit: UnitSpec } | null {
  for (let i = 0; i < s.sides.length; i++) {
    const j = s.sides[i]!.units.findIndex((u) => u.id === unitId);
    if (j >= 0) return { side: i, index: j, unit: s.sides[i]!.units[j]! };
  }
  return null;
}

function mapUnits(s: Scenario, side: number, fn: (units: UnitSpec[]) => UnitSpec[]): Scenario {
  return { ...s, sides: s.sides.map((sd, i) => (i === side ? { ...sd, units: fn(sd.units) } : sd)) };
}

/**
 * Deploy a unit to a square. A ballista brings along an undeployed crew of its side (or the crew that shared
 * its old square), so the engine is never placed without its crew by accident.
 */
export function placeUnit(s: Scenario, unitId: string, at: Square): Scenario {
  const hit = findUnit(s, unitId);
  if (!hit || hit.unit.at === at) return s;
  const from = hit.unit.at;
  return mapUnits(s, hit.side, (units) => {
    let crewMoved = false;
    const moved = units.map((u) => (u.id === unitId ? { ...u, at } : u));
    if (hit.unit.type !== 'ballista') return moved;
    return moved.map((u) => {
      if (crewMoved || u.type !== 'ballistarii') return u;
      if ((from && u.at === from) || (!from && !u.at && !moved.some((o) => o.type === 'ballistarii' && o.at === at))) {
        crewMoved = true;
        return { ...u, at };
      }
      return u;
    });
  });
}

/**
 * The side's next unplaced unit after `unitId` in roster order (wrapping round), or null when all are placed: where the
 * deployment tool goes after a placement (issue 44: one click a unit, not two).
 */
export function nextUnplaced(s: Scenario, unitId: string): string | null {
  const hit = findUnit(s, unitId);
  if (!hit) return null;
  const units = s.sides[hit.side]!.units;
  for (let k = 1; k <= units.length; k++) {
    const u = units[(hit.index + k) % units.length]!;
    if (!u.at) return u.id;
  }
  return null;
}

/** Return a unit to the roster (undeployed). */
export function unplaceUnit(s: Scenario, unitId: string): Scenario {
  const hit = findUnit(s, unitId);
  if (!hit || !hit.unit.at) return s;
  return mapUnits(s, hit.side, (units) => units.map((u) => {
    if (u.id !== unitId) return u;
    const { at: _at, ...rest } = u;
    return rest;
  }));
}

/** Turn a unit one facing clockwise (steps 1) or anticlockwise (-1); support type 1 troops turn by right angles. */
export function rotateUnit(s: Scenario, unitId: string, steps: 1 | -1, current: Facing): Scenario {
  const hit = findUnit(s, unitId);
  if (!hit) return s;
  const sideOnly = TROOPS[hit.unit.type].support === 1;
  const j = SIDE_FACINGS.indexOf(current);
  // Support type 1 steps through the side facings; from a corner (never valid for it) one step reaches a side.
  const facing = sideOnly && j >= 0
    ? SIDE_FACINGS[(j + steps + SIDE_FACINGS.length) % SIDE_FACINGS.length]!
    : FACINGS[(FACINGS.indexOf(current) + steps + FACINGS.length) % FACINGS.length]!;
  return mapUnits(s, hit.side, (units) => units.map((u) => (u.id === unitId ? { ...u, facing } : u)));
}

/** Add a fresh undeployed unit of a type to a side. */
export function addUnit(s: Scenario, side: number, type: TroopType): { scenario: Scenario; id: string } {
  const used = new Set(s.sides.flatMap((sd) => sd.units.map((u) => u.id)));
  const sd = s.sides[side]!;
  const id = nextUnitId(sd.id.slice(0, 1), type, used);
  return { scenario: mapUnits(s, side, (units) => [...units, { id, type }]), id };
}

/** Remove a unit from the scenario entirely. */
export function removeUnit(s: Scenario, unitId: string): Scenario {
  const hit = findUnit(s, unitId);
  if (!hit) return s;
  return mapUnits(s, hit.side, (units) => units.filter((u) => u.id !== unitId));
}

/** Set a unit's stands (full strength is written as no `stands` field). */
export function setStands(s: Scenario, unitId: string, stands: number): Scenario {
  const hit = findUnit(s, unitId);
  if (!hit || hit.unit.type === 'ballista') return s;
  const full = fullStands(hit.unit.type);
  const n = boundedStands(hit.unit.type, stands);
  return mapUnits(s, hit.side, (units) => units.map((u) => {
    if (u.id !== unitId) return u;
    const { stands: _st, ...rest } = u;
    return n === full ? rest : { ...rest, stands: n };
  }));
}

/** Change a side's own fields (name, army, divisions). */
export function updateSide(s: Scenario, side: number, patch: Partial<Pick<SideSpec, 'name' | 'army' | 'divisions'>>): Scenario {
  return { ...s, sides: s.sides.map((sd, i) => (i === side ? { ...sd, ...patch } : sd)) };
}

/** Give a side a new id; a first attacker naming the old id follows it. Unchanged when another side has that id. */
export function renameSide(s: Scenario, side: number, id: string): Scenario {
  const old = s.sides[side]?.id;
  // A name the program keeps for itself (RESERVED_IDS: ids are keys of objects) is refused, as Import refuses it.
  if (!old || old === id || id.length < 1 || id.length > 40 || RESERVED_IDS.includes(id) || s.sides.some((sd) => sd.id === id)) return s;
  const next: Scenario = { ...s, sides: s.sides.map((sd, i) => (i === side ? { ...sd, id } : sd)) };
  if (s.rules?.firstAttacker === old) next.rules = { ...s.rules, firstAttacker: id };
  // An objective scored by that side only follows the new id (never left naming no side).
  if (s.objectives?.some((o) => o.for === old)) next.objectives = s.objectives.map((o) => (o.for === old ? { ...o, for: id } : o));
  return next;
}

/** Swap which side deploys at the north edge. */
export function swapEdges(s: Scenario): Scenario {
  return { ...s, sides: s.sides.map((sd) => ({ ...sd, edge: sd.edge === 'north' ? 'south' : 'north' })) };
}

/** Replace a side's units with its standard division(s) for its army, undeployed. */
export function resetRoster(s: Scenario, side: number, units: UnitSpec[]): Scenario {
  return mapUnits(s, side, () => units);
}
