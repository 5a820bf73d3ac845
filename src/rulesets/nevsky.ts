/**
 * Nevsky registered beside the other rule sets: its troop kinds and standard division come from src/rules, and
 * a Nevsky roster is one scenario side (army, divisions, units) checked with the scenario's own rules.
 */
import {
  ARMY_NAMES, DIVISION, TROOP_TYPES, TROOPS, compositionDifferences, divisionPoints, fullStands, sidePoints, unitPoints,
  type Army, type SideSpec, type UnitSpec,
} from '../rules';
import type { Sheet } from './sheet';
import { diagnostic, plural } from './diagnostics';
import {
  ROSTER_FORMAT, ROSTER_VERSION, type NevskyRoster, type RosterDiagnostic, type RosterLine, type RosterRules, type UnitKindInfo,
} from './types';

export const NEVSKY_ID = 'nevsky';

/** The roster as a scenario side (undeployed), for the scenario editor and the scenario rules. */
export function rosterToSide(roster: NevskyRoster, id = roster.options.army, edge: SideSpec['edge'] = 'north'): SideSpec {
  return {
    id, army: roster.options.army, name: roster.meta.title, edge, divisions: roster.options.divisions ?? 1,
    units: roster.units.map((u): UnitSpec => (u.stands === undefined ? { id: u.id, type: u.kind } : { id: u.id, type: u.kind, stands: u.stands })),
  };
}

/** A scenario side as a roster (deployment dropped). */
export function sideToRoster(side: SideSpec, title = side.name ?? ARMY_NAMES[side.army]): NevskyRoster {
  return {
    format: ROSTER_FORMAT, version: ROSTER_VERSION, ruleset: 'nevsky', meta: { title },
    options: { army: side.army, ...(side.divisions !== undefined ? { divisions: side.divisions } : {}) },
    units: side.units.map((u) => (u.stands === undefined ? { id: u.id, kind: u.type } : { id: u.id, kind: u.type, stands: u.stands })),
  };
}

/** Stands within 1..full strength (error), and differences from the standard division(s) (warning). */
export function validateNevskyRoster(roster: NevskyRoster): RosterDiagnostic[] {
  const out: RosterDiagnostic[] = [];
  roster.units.forEach((u, i) => {
    const full = fullStands(u.kind);
    if (u.stands !== undefined && (u.stands < 1 || u.stands > full || (u.kind === 'ballista' && u.stands !== 1))) {
      out.push(diagnostic('stands-invalid', `${TROOPS[u.kind].name} "${u.name ?? u.id}" has ${plural(u.stands, 'stand')}; it may have 1 to ${full}.`, `/units/${i}/stands`));
    }
  });
  const differences = compositionDifferences(rosterToSide(roster));
  if (differences.length > 0) {
    const divisions = roster.options.divisions ?? 1;
    out.push(diagnostic('composition', `Differs from ${divisions === 1 ? 'the standard division' : `${divisions} standard divisions`} of the ${ARMY_NAMES[roster.options.army]}: ${differences.join(', ')}.`, '/units'));
  }
  return out;
}

export const nevskyRoster: RosterRules<NevskyRoster> = {
  validate: validateNevskyRoster,
  lines: (roster) => roster.units.map((u): RosterLine => {
    const stands = u.kind === 'ballista' ? 1 : u.stands ?? fullStands(u.kind);
    return {
      id: u.id, name: u.name ?? u.id,
      description: u.kind === 'ballista' ? TROOPS.ballista.name : `${TROOPS[u.kind].name}, ${plural(stands, 'stand')}`,
      points: unitPoints(u.kind, stands),
      workings: u.kind === 'ballista' ? `engine: ${TROOPS.ballista.cost}` : `${plural(stands, 'stand')} x ${TROOPS[u.kind].cost}`,
    };
  }),
  points: (roster) => ({
    total: sidePoints(rosterToSide(roster)),
    limit: divisionPoints(roster.options.army, roster.options.divisions ?? 1),
    limitLabel: 'standard',
  }),
  blank: (title) => standardRoster('teutonic', title),
};

/** A roster holding the standard division(s) of an army at full strength. */
export function standardRoster(army: Army, title: string = ARMY_NAMES[army], divisions = 1): NevskyRoster {
  const units: NevskyRoster['units'] = [];
  for (const kind of TROOP_TYPES) {
    for (let n = 1; n <= DIVISION[army][kind] * divisions; n++) units.push({ id: `${kind}-${n}`, kind });
  }
  return { format: ROSTER_FORMAT, version: ROSTER_VERSION, ruleset: 'nevsky', meta: { title }, options: { army, divisions }, units };
}

export const NEVSKY_UNIT_KIND_INFO: readonly UnitKindInfo[] = TROOP_TYPES.map((k) => ({
  id: k, name: TROOPS[k].name,
  note: k === 'ballista' ? `one engine, ${TROOPS[k].cost} points` : `${plural(TROOPS[k].stands, 'stand')}, ${TROOPS[k].cost} points each`,
}));

/** A stand-in sheet (the troop table from src/rules) until the full sheet is wired in; see nevskyReferenceSheet. */
function interimNevskySheet(): Sheet {
  const dash = (v: number | null) => (v === null ? '-' : String(v));
  return {
    title: 'Nevsky: troop table',
    subtitle: 'Sweet House Rules, 2nd edition',
    blocks: [
      { kind: 'table', caption: 'Troops', columns: ['Troop', 'Code', 'Move', 'Charge', 'Melee', 'Charge value', 'Support', 'Range', 'Points', 'Stands'],
        rows: TROOP_TYPES.map((k) => {
          const t = TROOPS[k];
          return [t.name, t.code, dash(t.move), dash(t.charge), dash(t.meleeValue), dash(t.chargeValue), dash(t.support), dash(t.range), String(t.cost), String(t.stands)];
        }) },
      { kind: 'table', caption: 'Standard division (units)', columns: ['Troop', ARMY_NAMES.teutonic, ARMY_NAMES.russian],
        rows: TROOP_TYPES.map((k) => [TROOPS[k].name, String(DIVISION.teutonic[k]), String(DIVISION.russian[k])]) },
      { kind: 'paragraph', text: `A standard division is worth ${divisionPoints('teutonic')} points (Teutonic) or ${divisionPoints('russian')} (Russian).` },
    ],
  };
}

/**
 * MERGE POINT: the Nevsky reference sheet is built in ./nevsky-reference.ts (owned by the print engineer). When
 * that file lands, point this at its builder; every caller (registry, CLI, app) goes through this one name.
 */
export const nevskyReferenceSheet: () => Sheet = interimNevskySheet;
