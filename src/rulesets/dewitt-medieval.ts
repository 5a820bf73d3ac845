/**
 * Dewitt's "Medieval Wargaming Rules": troop classes, points per figure with weapon modifiers, leaders' costs,
 * and the numbers the reference sheet prints. Decoded in ../shared/rules/other-rulesets.md (B).
 */
import {
  DW_CLASSES, DW_UNIT_KINDS, DW_WEAPONS, ROSTER_FORMAT, ROSTER_VERSION, type DwClass, type DwRoster, type DwUnit, type DwUnitKind,
  type DwWeapon, type RosterDiagnostic, type RosterLine, type RosterRules, type UnitKindInfo,
} from './types';
import { diagnostic, plural, unitLabel } from './diagnostics';

export const DW_ID = 'dewitt-medieval';

export const DW_KIND_NAMES: Readonly<Record<DwUnitKind, string>> = {
  cavalry: 'Cavalry', foot: 'Foot', commanderInChief: 'Commander-in-chief', general: 'General',
};
export const DW_CLASS_NAMES: Readonly<Record<DwClass, string>> = {
  light: 'Light', medium: 'Medium', heavy: 'Heavy', superHeavy: 'Superheavy',
};
export const DW_WEAPON_NAMES: Readonly<Record<DwWeapon, string>> = {
  twoHanded: 'two-handed weapon', pike: 'pike', mace: 'mace', spear: 'spear', crossbow: 'crossbow', sling: 'sling',
  longbow: 'longbow', bow: 'bow', shortSword: 'short sword', lance: 'lance', cutAndThrust: 'cut-and-thrust',
};

/** Leaders (kinds that are one figure with a fixed cost). */
export const DW_LEADERS: readonly DwUnitKind[] = ['commanderInChief', 'general'];
/** Leaders' costs in points. */
export const DW_LEADER_COST: Readonly<Record<'commanderInChief' | 'general', number>> = { commanderInChief: 100, general: 50 };

/** Points per figure by arm and class (the scan prints heavy foot as "a"; the digest reads 8). */
export const DW_FIGURE_COST: Readonly<Record<'cavalry' | 'foot', Readonly<Record<DwClass, number>>>> = {
  cavalry: { superHeavy: 19, heavy: 12, medium: 10, light: 8 },
  foot: { superHeavy: 12, heavy: 8, medium: 6, light: 4 },
};
/** Points per figure added by each weapon. */
export const DW_WEAPON_COST: Readonly<Record<DwWeapon, number>> = {
  twoHanded: 2, pike: 2, mace: 1, spear: 1, crossbow: 1, sling: 1, longbow: 2, bow: 2, shortSword: 2, lance: 2, cutAndThrust: 2,
};
/** Points per figure for troops without shields. */
export const DW_NO_SHIELD = -1;
/** The cost table grouped as the source prints it. */
export const DW_WEAPON_GROUPS: ReadonlyArray<{ weapons: readonly DwWeapon[]; cost: number }> = [
  { weapons: ['twoHanded', 'pike'], cost: 2 },
  { weapons: ['mace', 'spear'], cost: 1 },
  { weapons: ['crossbow', 'sling'], cost: 1 },
  { weapons: ['longbow', 'bow', 'shortSword'], cost: 2 },
  { weapons: ['lance', 'cutAndThrust'], cost: 2 },
];

export const DW_FIGURES_PER_STAND = 3;
export const DW_MIN_STANDS = 2;
export const DW_MAX_STANDS = 6;

/** Morale by hits taken (a unit with 4 hits is destroyed). A d10 roll above the morale fails. */
export const DW_MORALE: ReadonlyArray<{ hits: number; morale: number | null }> = [
  { hits: 0, morale: 8 }, { hits: 1, morale: 7 }, { hits: 2, morale: 6 }, { hits: 3, morale: 5 }, { hits: 4, morale: null },
];
export const DW_MORALE_MODIFIERS: ReadonlyArray<{ when: string; value: string }> = [
  { when: 'each impact', value: '-1' },
  { when: 'won a melee this player turn', value: '+2' },
  { when: 'each unit seen routed or eliminated', value: '-1' },
  { when: 'routers burst through the unit', value: '-1' },
];
/** Inches per movement impulse by class (+1" per impulse on roads). */
export const DW_MOVE_INCHES: Readonly<Record<DwClass, number>> = { light: 4, medium: 3, heavy: 3, superHeavy: 2 };
export const DW_ROAD_BONUS = 1;
export const DW_MOVE: ReadonlyArray<{ who: string; inches: number }> = [
  { who: 'Light', inches: DW_MOVE_INCHES.light }, { who: 'Medium', inches: DW_MOVE_INCHES.medium }, { who: 'Heavy', inches: DW_MOVE_INCHES.heavy },
  { who: 'Superheavy and artillery', inches: DW_MOVE_INCHES.superHeavy },
];
/** Melee troop points by class, and what kit adds or takes away. */
export const DW_TROOP_POINTS: Readonly<Record<DwClass, number>> = { light: 1, medium: 2, heavy: 3, superHeavy: 4 };
export const DW_TROOP_POINT_KIT = { lance: 1, noShield: -1, twoHanded: 1.5, oneFigureStand: -2 } as const;
const signedText = (n: number) => (n > 0 ? `+${n}` : String(n));
export const DW_MELEE_POINTS: ReadonlyArray<{ what: string; value: string }> = [
  ...DW_CLASSES.map((c) => ({ what: DW_CLASS_NAMES[c], value: String(DW_TROOP_POINTS[c]) })),
  { what: 'Lance', value: signedText(DW_TROOP_POINT_KIT.lance) }, { what: 'No shield', value: signedText(DW_TROOP_POINT_KIT.noShield) },
  { what: 'Two-handed weapon', value: signedText(DW_TROOP_POINT_KIT.twoHanded) }, { what: 'One-figure stand', value: signedText(DW_TROOP_POINT_KIT.oneFigureStand) },
];
/** Melee modifiers that come with a weapon: spear against light or medium, pike against cavalry, mace against superheavy. */
export const DW_WEAPON_MELEE = { spear: 1, pike: 2, mace: 1 } as const;
/** The weapons that shoot (their shooting values are not in the source). */
export const DW_MISSILE_WEAPONS: readonly DwWeapon[] = ['crossbow', 'sling', 'longbow', 'bow'];
export const DW_MELEE_MODIFIERS: ReadonlyArray<{ what: string; value: string }> = [
  { what: 'Charging or countercharging', value: '+1' },
  { what: 'Infantry caught moving by cavalry', value: '-2' },
  { what: 'Charging downhill', value: '+1' },
  { what: 'Charging uphill at defenders holding ground', value: '2 (sign as printed)' },
  { what: 'Spear against light or medium', value: signedText(DW_WEAPON_MELEE.spear) },
  { what: 'Pike or thrusting weapons against cavalry', value: signedText(DW_WEAPON_MELEE.pike) },
  { what: 'Defender behind stakes', value: '-1 infantry, -2 cavalry' },
  { what: 'Attacking a flank', value: '+1' },
  { what: 'Mace against superheavy', value: signedText(DW_WEAPON_MELEE.mace) },
];

/** True for a commander-in-chief or general. */
export function isLeader(unit: DwUnit): boolean {
  return DW_LEADERS.includes(unit.kind);
}

/** Figures in a troop unit. */
export function dwFigures(unit: DwUnit): number {
  return (unit.stands ?? 0) * (unit.figuresPerStand ?? DW_FIGURES_PER_STAND);
}

/** Points per figure of a troop unit: class cost + weapons, -1 without shield. */
export function dwFigureCost(unit: DwUnit): number {
  if (isLeader(unit) || unit.class === undefined) return 0;
  const arm = unit.kind === 'cavalry' ? 'cavalry' : 'foot';
  let cost = DW_FIGURE_COST[arm][unit.class];
  for (const w of unit.weapons ?? []) cost += DW_WEAPON_COST[w];
  if (unit.shield === false) cost += DW_NO_SHIELD;
  return cost;
}

/** Points of one roster entry: a leader's cost, or figures x points per figure. */
export function dwUnitPoints(unit: DwUnit): number {
  if (unit.kind === 'commanderInChief' || unit.kind === 'general') return DW_LEADER_COST[unit.kind];
  return dwFigures(unit) * dwFigureCost(unit);
}

/** "6 figures x (8 + 1 - 1) = 48". */
export function dwWorkings(unit: DwUnit): string {
  if (isLeader(unit)) return `fixed cost: ${dwUnitPoints(unit)}`;
  const arm = unit.kind === 'cavalry' ? 'cavalry' : 'foot';
  const terms = [String(unit.class ? DW_FIGURE_COST[arm][unit.class] : 0), ...(unit.weapons ?? []).map((w) => `+ ${DW_WEAPON_COST[w]}`)];
  if (unit.shield === false) terms.push(`- ${-DW_NO_SHIELD}`);
  return `${plural(dwFigures(unit), 'figure')} x (${terms.join(' ')}) = ${dwUnitPoints(unit)}`;
}

/** Total points of a roster. */
export function dwRosterPoints(roster: DwRoster): number {
  return roster.units.reduce((sum, u) => sum + dwUnitPoints(u), 0);
}

const TROOP_FIELDS = ['class', 'stands', 'figuresPerStand', 'weapons', 'shield'] as const;

/** Leaders, unit sizes and the agreed points limit. */
export function validateDewitt(roster: DwRoster): RosterDiagnostic[] {
  const out: RosterDiagnostic[] = [];
  roster.units.forEach((u, i) => {
    const path = `/units/${i}`;
    const label = unitLabel(DW_KIND_NAMES[u.kind], u);
    if (isLeader(u)) {
      const extra = TROOP_FIELDS.filter((f) => u[f] !== undefined);
      if (extra.length > 0) out.push(diagnostic('unit-fields', `${label} has ${extra.join(', ')}; a leader is one figure with a fixed cost and takes none of these.`, `${path}/${extra[0]}`));
      return;
    }
    if (u.class === undefined) out.push(diagnostic('unit-fields', `${label} has no class; troops are light, medium, heavy or superHeavy.`, path));
    if (u.stands === undefined) {
      out.push(diagnostic('unit-fields', `${label} has no number of stands.`, path));
    } else if (u.stands < DW_MIN_STANDS || u.stands > DW_MAX_STANDS) {
      out.push(diagnostic('unit-stands', `${label} has ${plural(u.stands, 'stand')}; units have ${DW_MIN_STANDS} to ${DW_MAX_STANDS} stands.`, `${path}/stands`));
    }
  });
  const chiefs = roster.units.filter((u) => u.kind === 'commanderInChief').length;
  if (chiefs > 1) out.push(diagnostic('leader-count', `The army has ${chiefs} commanders-in-chief; it has at most one (add the others as generals).`, '/units'));
  const limit = roster.options?.pointsLimit;
  const total = dwRosterPoints(roster);
  if (limit !== undefined && total > limit) {
    out.push(diagnostic('over-points', `The army costs ${total} points, ${total - limit} over the agreed ${limit}.`, '/options/pointsLimit'));
  }
  return out;
}

function describe(u: DwUnit): string {
  if (isLeader(u)) return DW_KIND_NAMES[u.kind];
  const kit = [...(u.weapons ?? []).map((w) => DW_WEAPON_NAMES[w]), ...(u.shield === false ? ['no shield'] : [])];
  const cls = u.class ? DW_CLASS_NAMES[u.class] : 'Unclassed';
  return `${cls} ${DW_KIND_NAMES[u.kind].toLowerCase()}, ${plural(u.stands ?? 0, 'stand')} of ${u.figuresPerStand ?? DW_FIGURES_PER_STAND}${kit.length ? `; ${kit.join(', ')}` : ''}`;
}

export const dewittRoster: RosterRules<DwRoster> = {
  validate: validateDewitt,
  lines: (roster) => roster.units.map((u): RosterLine => ({
    id: u.id, name: u.name ?? u.id, description: describe(u), points: dwUnitPoints(u), workings: dwWorkings(u),
  })),
  points: (roster) => {
    const limit = roster.options?.pointsLimit;
    return limit === undefined
      ? { total: dwRosterPoints(roster), limit: null }
      : { total: dwRosterPoints(roster), limit, limitLabel: 'agreed limit' };
  },
  blank: (title) => ({
    format: ROSTER_FORMAT, version: ROSTER_VERSION, ruleset: 'dewitt-medieval', meta: { title },
    units: [{ id: 'c-in-c', kind: 'commanderInChief' }],
  }),
};

export const DW_UNIT_KIND_INFO: readonly UnitKindInfo[] = DW_UNIT_KINDS.map((k) => ({
  id: k,
  name: DW_KIND_NAMES[k],
  ...(DW_LEADERS.includes(k)
    ? { note: `${DW_LEADER_COST[k as 'commanderInChief' | 'general']} points` }
    : { parts: Object.values(DW_CLASS_NAMES), note: `${DW_MIN_STANDS}-${DW_MAX_STANDS} stands of ${DW_FIGURES_PER_STAND} figures; weapons: ${DW_WEAPONS.map((w) => DW_WEAPON_NAMES[w]).join(', ')}` }),
}));
