/**
 * Dewitt roster units as printed: each unit's profile (class, figures, morale, move, troop points in melee,
 * weapons), four hit boxes (the fourth destroys it), and the rules its weapons and arm bring, in our own words,
 * from the numbers in ./dewitt-medieval.ts (the same tables the reference sheet prints).
 */
import {
  DW_CLASS_NAMES, DW_FIGURES_PER_STAND, DW_KIND_NAMES, DW_LEADER_COST, DW_MISSILE_WEAPONS, DW_MORALE, DW_MOVE_INCHES, DW_ROAD_BONUS,
  DW_TROOP_POINTS, DW_TROOP_POINT_KIT, DW_WEAPON_MELEE, DW_WEAPON_NAMES, dwFigures, dwUnitPoints, dwWorkings, isLeader,
} from './dewitt-medieval';
import type { DwRoster, DwUnit, RosterProfile } from './types';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
/** Hits a unit can take: the last one destroys it. */
export const DW_HITS = DW_MORALE.findIndex((m) => m.morale === null);

/** Troop points in melee: the class's points, +lance, -no shield, +two-handed weapon, -a one-figure stand. */
export function dwTroopPoints(u: DwUnit): number | null {
  if (isLeader(u) || !u.class) return null;
  let p = DW_TROOP_POINTS[u.class];
  if (u.weapons?.includes('lance')) p += DW_TROOP_POINT_KIT.lance;
  if (u.weapons?.includes('twoHanded')) p += DW_TROOP_POINT_KIT.twoHanded;
  if (u.shield === false) p += DW_TROOP_POINT_KIT.noShield;
  if ((u.figuresPerStand ?? DW_FIGURES_PER_STAND) === 1) p += DW_TROOP_POINT_KIT.oneFigureStand;
  return p;
}

const MORALE = `Morale: throw a d10; more than the morale fails. Morale starts at ${DW_MORALE[0]!.morale} and drops by one with each hit (${DW_MORALE.slice(1, DW_HITS).map((m) => m.morale).join(', ')}); hit ${DW_HITS} destroys the unit.`;
const MELEE = 'Melee: strength = morale + troop points + a d10, each stand in contact against the one it pairs off with; +1 when charging or countercharging.';

/** The rules every troop unit uses, in our own words. */
export const DW_TROOP_RULES: readonly string[] = [MORALE, MELEE];

/** The rules a unit's arm and kit bring beyond those, in our own words. */
export function dwUnitRules(u: DwUnit): string[] {
  if (isLeader(u)) return [`A leader is one figure at a fixed cost (commander-in-chief ${DW_LEADER_COST.commanderInChief}, general ${DW_LEADER_COST.general} points).`];
  const out: string[] = [];
  out.push(u.kind === 'cavalry' ? 'Cavalry move as many impulses as both average dice together show.' : 'Foot move as many impulses as the first average die shows.');
  const w = u.weapons ?? [];
  if (w.includes('spear')) out.push(`Spear: ${signed(DW_WEAPON_MELEE.spear)} in melee against light or medium troops.`);
  if (w.includes('pike')) out.push(`Pike: ${signed(DW_WEAPON_MELEE.pike)} in melee against cavalry.`);
  if (w.includes('mace')) out.push(`Mace: ${signed(DW_WEAPON_MELEE.mace)} in melee against superheavy troops.`);
  if (w.includes('lance')) out.push(`Lance: ${signed(DW_TROOP_POINT_KIT.lance)} troop point.`);
  if (w.includes('twoHanded')) out.push(`Two-handed weapon: ${signed(DW_TROOP_POINT_KIT.twoHanded)} troop points.`);
  if (u.shield === false) out.push(`No shield: ${signed(DW_TROOP_POINT_KIT.noShield)} troop point.`);
  const missiles = w.filter((x) => DW_MISSILE_WEAPONS.includes(x));
  if (missiles.length) {
    out.push(`Shooting (${missiles.map((x) => DW_WEAPON_NAMES[x]).join(', ')}): points = weapon value x men shooting x impulses spent shooting / 10; a d10 of the points or less is an impact. Our source lacks the weapon values: agree them before play.`);
  }
  return out;
}

/** "Heavy foot, 3 stands of 3". */
function troopsCell(u: DwUnit): string {
  if (isLeader(u)) return 'one figure';
  return `${u.class ? DW_CLASS_NAMES[u.class] : 'Unclassed'} ${DW_KIND_NAMES[u.kind].toLowerCase()}, ${u.stands ?? 0} x ${u.figuresPerStand ?? DW_FIGURES_PER_STAND} = ${dwFigures(u)} figures`;
}

/** The printed roster's profile of every unit. */
export function dewittProfile(roster: DwRoster): RosterProfile {
  const rules = new Map<string, { kind: string; units: string[]; text: string[] }>();
  const troops = roster.units.filter((u) => !isLeader(u));
  if (troops.length) rules.set('troops', { kind: 'Every troop unit', units: troops.map((u) => u.name ?? u.id), text: [...DW_TROOP_RULES] });
  for (const u of roster.units) {
    const text = dwUnitRules(u);
    const key = text.join('\n');
    const entry = rules.get(key) ?? { kind: isLeader(u) ? 'Leaders' : `${u.class ? DW_CLASS_NAMES[u.class] : ''} ${DW_KIND_NAMES[u.kind].toLowerCase()}`.trim(), units: [], text };
    entry.units.push(u.name ?? u.id);
    rules.set(key, entry);
  }
  return {
    columns: ['Troops', 'Morale', 'Move', 'Troop points', 'Weapons', 'Points'],
    widths: [1.5, 2.2, 2.4, 0.9, 1.3, 1, 1.8, 1.2],
    rows: roster.units.map((u) => {
      const leader = isLeader(u);
      const tp = dwTroopPoints(u);
      const kit = [...(u.weapons ?? []).map((w) => DW_WEAPON_NAMES[w]), ...(u.shield === false ? ['no shield'] : [])];
      return {
        casualties: leader ? 0 : DW_HITS,
        cells: [
          { text: u.name ?? u.id, strong: true, note: DW_KIND_NAMES[u.kind] }, troopsCell(u),
          leader ? '-' : String(DW_MORALE[0]!.morale),
          leader || !u.class ? '-' : { text: `${DW_MOVE_INCHES[u.class]}" an impulse`, note: `+${DW_ROAD_BONUS}" on a road` },
          tp === null ? '-' : String(tp), leader ? '-' : kit.join(', ') || 'none',
          { text: String(dwUnitPoints(u)), note: dwWorkings(u) },
        ],
      };
    }),
    casualtyNote: `Tick a box for each hit: morale drops by one with each; the ${DW_HITS}th destroys the unit.`,
    rules: [...rules.values()],
  };
}
