/**
 * A Splendid Victory! roster units as printed: each unit's profile (moves, hand-to-hand combat values, fire), a
 * tick box per stand, and the rules its kind of unit uses, in our own words, all from the numbers in
 * ./splendid-victory.ts (the same tables the reference sheet prints).
 */
import type { SheetCell } from './sheet';
import {
  SV_COMMAND_RANGE, SV_DOUBLE_TIME_CLEAR, SV_FIRE_HIT, SV_MOVES, SV_RANGES, SV_STAND_NAMES, SV_TEST_PASS,
  SV_UNIT_NAMES, svCombatValue, svStandCount, svStandsText,
} from './splendid-victory';
import type { RosterProfile, SvRoster, SvStandKind, SvUnit, SvUnitKind } from './types';

const GUNS = ['frameGun', 'lightGun', 'heavyGun'] as const;
const dash = (v: number | null | undefined): string => (v === null || v === undefined ? 'no' : `${v}"`);
const inches = (kind: SvUnitKind) => SV_MOVES.find((m) => m.kind === kind)!;

/** Does the unit fight and move as pike and musket (pike and musket, dismounted dragoons)? */
function onFoot(u: SvUnit): boolean {
  return u.kind === 'pikeAndMusket' || (u.kind === 'dragoons' && u.mounted === false);
}

/** "4 / 8 / 4" (move, double-time, charge in inches) for the unit as it starts. */
function moveCell(u: SvUnit): string {
  const m = inches(onFoot(u) ? 'pikeAndMusket' : u.kind);
  return `${dash(m.move)} / ${dash(m.double)} / ${dash(m.charge)}`;
}

/** "pike 3, musket 1": each kind of stand's combat value (a die of that or less hits). */
function combatCell(u: SvUnit): string {
  return Object.entries(u.stands).filter(([, n]) => (n ?? 0) > 0)
    .map(([k]) => `${SV_STAND_NAMES[k as SvStandKind]} ${svCombatValue(k as SvStandKind, u.mounted !== false)}`).join(', ') || '-';
}

/** What the unit shoots with: muskets (one die per musket stand) or its gun's range; "-" when it never fires. */
function fireCell(u: SvUnit): string | SheetCell {
  const muskets = u.kind === 'dragoons' ? (u.mounted === false ? svStandCount(u) : 0) : u.stands.musket ?? 0;
  if (muskets > 0) return { text: `${SV_RANGES.musket}"`, note: `${muskets} ${muskets === 1 ? 'die' : 'dice'}, hit on ${SV_FIRE_HIT} or less` };
  const gun = GUNS.find((g) => (u.stands[g] ?? 0) > 0);
  if (gun) return { text: `${SV_RANGES[gun]}"`, note: `dice by range, hit on ${SV_FIRE_HIT} or less` };
  return u.kind === 'dragoons' ? { text: '-', note: 'dismount to fire' } : '-';
}

const TESTS = `Charge, join-in and intercept tests: 1d6, ${SV_TEST_PASS} or less passes.`;
const IN_COMMAND = `A unit within command range (commander ${SV_COMMAND_RANGE.commander}", sub-commander ${SV_COMMAND_RANGE.subCommander}") passes them without throwing.`;
const LOSSES = 'Hand to hand, one die per stand: a die of the stand\'s combat value or less is a hit. Every 2 hits take off a stand in the remove-losses phase.';
const ONE_STAND = 'Down to one stand while touching the enemy, the unit withdraws from the game at the end of the remove-losses phase.';
const DOUBLE = `Double-time (twice the move) only with no enemy within ${SV_DOUBLE_TIME_CLEAR}".`;
const FIRE = `Fire: one die per stand that can shoot; a die of ${SV_FIRE_HIT} or less hits. One die more against a target in (defensive) mass, one more against mounted troops, one fewer against a single stand.`;

/** The rules each kind of unit uses, in our own words. */
export const SV_KIND_RULES: Readonly<Record<SvUnitKind, readonly string[]>> = {
  pikeAndMusket: [`Muskets shoot up to ${SV_RANGES.musket}"; pikes never shoot. Musket stands fight hand to hand as light hand-to-hand.`, FIRE, LOSSES, TESTS, IN_COMMAND, DOUBLE, ONE_STAND],
  foot: ['Never shoots: fights hand to hand only.', LOSSES, TESTS, IN_COMMAND, DOUBLE, ONE_STAND],
  dragoons: [
    'Mounted: moves as mounted dragoons and fights hand to hand only. Dismounted: moves, shoots and fights as pike and musket (muskets). The whole unit mounts or dismounts, never while touching the enemy.',
    FIRE, LOSSES, TESTS, IN_COMMAND, DOUBLE, ONE_STAND,
  ],
  cavalry: ['Never shoots or dismounts: fights hand to hand only.', LOSSES, TESTS, IN_COMMAND, DOUBLE, ONE_STAND],
  heavyCavalry: ['Never shoots or dismounts: fights hand to hand only. Always counts as in command, and need not withdraw when down to one stand.', LOSSES, TESTS, DOUBLE],
  artillery: [
    `Shoots up to ${SV_RANGES.frameGun}" (frame gun), ${SV_RANGES.lightGun}" (light) or ${SV_RANGES.heavyGun}" (heavy); its dice depend on the range band (the reference sheet's table).`,
    FIRE, 'Limbered it moves; unlimbered it only prolongs (moves a little while staying ready to fire).', LOSSES,
  ],
  command: [`Commander: units within ${SV_COMMAND_RANGE.commander}" are in command; sub-commander: within ${SV_COMMAND_RANGE.subCommander}". Always counts as in command and need not withdraw.`, LOSSES],
};

/** The printed roster's profile of every unit. */
export function splendidVictoryProfile(roster: SvRoster): RosterProfile {
  const kinds = [...new Set(roster.units.map((u) => u.kind))];
  return {
    columns: ['Stands', 'Move / double / charge', 'Hand to hand (hit on)', 'Fire'],
    widths: [1.6, 2.2, 2.2, 1.7, 2.2, 1.6],
    rows: roster.units.map((u) => ({
      casualties: svStandCount(u),
      cells: [{ text: u.name ?? u.id, strong: true, note: SV_UNIT_NAMES[u.kind] }, svStandsText(u) + (u.kind === 'dragoons' ? (u.mounted === false ? ', dismounted' : ', mounted') : ''), moveCell(u), combatCell(u), fireCell(u)],
    })),
    casualtyNote: 'Tick a box for each stand taken off (one for every 2 hits).',
    rules: kinds.map((k) => ({ kind: SV_UNIT_NAMES[k], units: roster.units.filter((u) => u.kind === k).map((u) => u.name ?? u.id), text: [...SV_KIND_RULES[k]] })),
  };
}
