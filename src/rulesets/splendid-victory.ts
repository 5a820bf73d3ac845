/**
 * "A Splendid Victory!" (English Civil War): unit kinds, the army composition rules, and the numbers the
 * reference sheet prints (ranges, moves, combat values, fire dice). Decoded in ../shared/rules/other-rulesets.md (A).
 * The rules measure in inches and define no points.
 */
import {
  ROSTER_FORMAT, ROSTER_VERSION, SV_UNIT_KINDS, type RosterDiagnostic, type RosterLine, type RosterRules,
  type SvRoster, type SvStandKind, type SvUnit, type SvUnitKind, type UnitKindInfo,
} from './types';
import { diagnostic, plural, unitLabel } from './diagnostics';

export const SV_ID = 'splendid-victory';

/** Display names of the unit kinds. */
export const SV_UNIT_NAMES: Readonly<Record<SvUnitKind, string>> = {
  pikeAndMusket: 'Pike and musket', foot: 'Foot', dragoons: 'Dragoons', cavalry: 'Cavalry',
  heavyCavalry: 'Heavy cavalry', artillery: 'Artillery', command: 'Command',
};

/** Display names of the stand kinds. */
export const SV_STAND_NAMES: Readonly<Record<SvStandKind, string>> = {
  pike: 'pike', musket: 'musket', handToHand: 'hand-to-hand', lightHandToHand: 'light hand-to-hand',
  dragoon: 'dragoon', cavalry: 'cavalry', heavyCavalry: 'heavy cavalry', frameGun: 'frame gun',
  lightGun: 'light gun', heavyGun: 'heavy gun', commander: 'commander', subCommander: 'sub-commander',
};

/** The stands a unit of each kind may be made of. */
export const SV_UNIT_STANDS: Readonly<Record<SvUnitKind, readonly SvStandKind[]>> = {
  pikeAndMusket: ['pike', 'musket'],
  foot: ['handToHand', 'lightHandToHand'],
  dragoons: ['dragoon'],
  cavalry: ['cavalry', 'heavyCavalry'],
  heavyCavalry: ['cavalry', 'heavyCavalry'],
  artillery: ['frameGun', 'lightGun', 'heavyGun'],
  command: ['commander', 'subCommander'],
};

/** Unit kinds that are a single stand; every other unit has MIN to MAX stands. */
export const SV_SINGLE_STAND: readonly SvUnitKind[] = ['artillery', 'command'];
export const SV_MIN_STANDS = 2;
export const SV_MAX_STANDS = 6;
/** Mounted unit kinds for the composition ratios (dragoons count as mounted). */
export const SV_MOUNTED: readonly SvUnitKind[] = ['dragoons', 'cavalry', 'heavyCavalry'];
/** Foot unit kinds for the composition ratios. */
export const SV_FOOT: readonly SvUnitKind[] = ['pikeAndMusket', 'foot'];
/** At most one heavy cavalry unit per this many mounted units. */
export const SV_MOUNTED_PER_HEAVY = 15;

/** Weapon ranges in inches. */
export const SV_RANGES = { musket: 7, frameGun: 20, lightGun: 40, heavyGun: 80 } as const;

/** Moves in inches: move, double-time, charge (null: may not); `kind`: the unit kind whose ordinary move a row is. */
export const SV_MOVES: ReadonlyArray<{ who: string; move: number | null; double: number | null; charge: number | null; kind?: SvUnitKind }> = [
  { who: 'Pike and musket', move: 4, double: 8, charge: 4, kind: 'pikeAndMusket' },
  { who: 'Foot', move: 5, double: 10, charge: 6, kind: 'foot' },
  { who: 'Foot in defensive mass', move: null, double: null, charge: null },
  { who: 'Foot stepping back', move: 2, double: 4, charge: null },
  { who: 'Foot side-stepping', move: 2, double: 4, charge: null },
  { who: 'Mounted dragoons', move: 18, double: 36, charge: 14, kind: 'dragoons' },
  { who: 'Cavalry', move: 14, double: 28, charge: 18, kind: 'cavalry' },
  { who: 'Heavy cavalry', move: 10, double: 20, charge: 22, kind: 'heavyCavalry' },
  { who: 'Commanders', move: 22, double: 44, charge: null, kind: 'command' },
  { who: 'Frame gun prolonging', move: 3, double: null, charge: null },
  { who: 'Light gun prolonging', move: 2, double: null, charge: null },
  { who: 'Heavy gun prolonging', move: 1, double: null, charge: null },
  { who: 'Limbered artillery', move: 4, double: null, charge: null, kind: 'artillery' },
];
/** Double-time is allowed only with no enemy this close (inches). */
export const SV_DOUBLE_TIME_CLEAR = 18;

/** Combat values: a die showing the CV or less scores a hit in hand-to-hand combat; `kinds`: the stands that fight so. */
export const SV_COMBAT_VALUES: ReadonlyArray<{ stand: string; cv: number; kinds: readonly SvStandKind[] }> = [
  { stand: 'Light hand-to-hand (also musket stands and artillery)', cv: 1, kinds: ['lightHandToHand', 'musket', 'frameGun', 'lightGun', 'heavyGun'] },
  { stand: 'Hand-to-hand', cv: 2, kinds: ['handToHand'] },
  { stand: 'Pikes', cv: 3, kinds: ['pike'] },
  { stand: 'Mounted dragoons', cv: 2, kinds: ['dragoon'] },
  { stand: 'Cavalry', cv: 3, kinds: ['cavalry'] },
  { stand: 'Heavy cavalry', cv: 4, kinds: ['heavyCavalry'] },
  { stand: 'Any command stand', cv: 5, kinds: ['commander', 'subCommander'] },
];

/** A stand's combat value (dismounted dragoons fight as musket stands). */
export function svCombatValue(stand: SvStandKind, mounted = true): number {
  const kind = stand === 'dragoon' && !mounted ? 'musket' : stand;
  return SV_COMBAT_VALUES.find((c) => c.kinds.includes(kind))!.cv;
}

/** A die showing this or less hits with musket or artillery fire. */
export const SV_FIRE_HIT = 2;
/** A die showing this or less passes a charge, join-in or intercept test. */
export const SV_TEST_PASS = 3;
/** Command ranges in inches. */
export const SV_COMMAND_RANGE = { commander: 6, subCommander: 3 } as const;

export interface SvFireTarget { mass?: boolean; mounted?: boolean; singleStand?: boolean }

/** Dice modifiers of musket and artillery fire for the target: +1 mass, +1 mounted, -1 single stand. */
export function fireModifier(target: SvFireTarget): number {
  return (target.mass ? 1 : 0) + (target.mounted ? 1 : 0) - (target.singleStand ? 1 : 0);
}

/** Dice thrown by a musket unit: one per eligible stand, modified for the target (never below 0). */
export function musketDice(stands: number, target: SvFireTarget = {}): number {
  return Math.max(0, stands + fireModifier(target));
}

export const SV_GUNS = ['frameGun', 'lightGun', 'heavyGun'] as const;
export type SvGun = (typeof SV_GUNS)[number];
/** Artillery range bands: upper limits in inches and names. */
export const SV_RANGE_BANDS: ReadonlyArray<{ upTo: number; label: string }> = [
  { upTo: 10, label: 'up to 10": point-blank grape' },
  { upTo: 20, label: '10-20": close grape' },
  { upTo: 40, label: '20-40": medium round shot' },
  { upTo: 80, label: '40-80": long round shot' },
];
/** Base artillery dice by gun and range band; null where the scan lost the cell. */
export const SV_ARTILLERY_DICE: Readonly<Record<SvGun, ReadonlyArray<number | null>>> = {
  frameGun: [null, null, null, null],
  lightGun: [null, null, null, null],
  heavyGun: [null, 2, null, null],
};

/**
 * Dice thrown by a gun at a distance: the base dice for the range band, modified for the target; 'out-of-range'
 * beyond the gun's range, 'illegible' where the source lost the base number.
 */
export function artilleryDice(gun: SvGun, distance: number, target: SvFireTarget = {}): number | 'illegible' | 'out-of-range' {
  if (distance > SV_RANGES[gun]) return 'out-of-range';
  const band = SV_RANGE_BANDS.findIndex((b) => distance <= b.upTo);
  const base = SV_ARTILLERY_DICE[gun][band];
  if (base === null || base === undefined) return 'illegible';
  return Math.max(0, base + fireModifier(target));
}

/** Total stands of a unit. */
export function svStandCount(unit: SvUnit): number {
  return Object.values(unit.stands).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** "2 pike, 4 musket". */
export function svStandsText(unit: SvUnit): string {
  const parts = Object.entries(unit.stands)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([k, n]) => `${n} ${SV_STAND_NAMES[k as SvStandKind]}`);
  return parts.length > 0 ? parts.join(', ') : 'no stands';
}

function countKinds(roster: SvRoster, kinds: readonly SvUnitKind[]): number {
  return roster.units.filter((u) => kinds.includes(u.kind)).length;
}

function standTotal(roster: SvRoster, stand: SvStandKind): number {
  return roster.units.reduce((sum, u) => sum + (u.kind === 'command' ? u.stands[stand] ?? 0 : 0), 0);
}

/** The composition rules; each broken rule is an error that makes the roster invalid. */
export function validateSplendidVictory(roster: SvRoster): RosterDiagnostic[] {
  const out: RosterDiagnostic[] = [];
  roster.units.forEach((u, i) => {
    const path = `/units/${i}`;
    const label = unitLabel(SV_UNIT_NAMES[u.kind], u);
    const allowed = SV_UNIT_STANDS[u.kind];
    const wrong = Object.entries(u.stands).filter(([k, n]) => (n ?? 0) > 0 && !allowed.includes(k as SvStandKind));
    for (const [k] of wrong) {
      out.push(diagnostic('stand-kind', `${label} has ${SV_STAND_NAMES[k as SvStandKind]} stands; a ${SV_UNIT_NAMES[u.kind].toLowerCase()} unit is made of ${allowed.map((s) => SV_STAND_NAMES[s]).join(' or ')} stands.`, `${path}/stands/${k}`));
    }
    const n = svStandCount(u);
    if (SV_SINGLE_STAND.includes(u.kind)) {
      if (n !== 1) out.push(diagnostic('unit-stands', `${label} has ${plural(n, 'stand')}; ${SV_UNIT_NAMES[u.kind].toLowerCase()} units are a single stand.`, `${path}/stands`));
    } else if (n < SV_MIN_STANDS || n > SV_MAX_STANDS) {
      out.push(diagnostic('unit-stands', `${label} has ${plural(n, 'stand')}; units other than artillery and command have ${SV_MIN_STANDS} to ${SV_MAX_STANDS} stands.`, `${path}/stands`));
    }
    if (u.kind === 'cavalry' || u.kind === 'heavyCavalry') {
      const other = u.kind === 'cavalry' ? 'heavyCavalry' : 'cavalry';
      if ((u.stands[other] ?? 0) > 0) {
        out.push(diagnostic('uniform-cavalry', `${label} has ${svStandsText(u)} stands; a cavalry unit's stands are all cavalry, and a heavy cavalry unit's all heavy cavalry.`, `${path}/stands/${other}`));
      }
    }
  });

  const commanders = standTotal(roster, 'commander');
  if (commanders !== 1) {
    out.push(diagnostic('commander-count', `The army has ${plural(commanders, 'commander')}; it must have exactly one.`, '/units'));
  }
  const subs = standTotal(roster, 'subCommander');
  const second = roster.options?.secondSubCommander === true;
  if (subs < 1 || subs > (second ? 2 : 1)) {
    out.push(diagnostic('sub-commander-count', second
      ? `The army has ${plural(subs, 'sub-commander')}; with the agreed second sub-commander it has one or two.`
      : `The army has ${plural(subs, 'sub-commander')}; it has exactly one (a second one only when both sides agree: set options.secondSubCommander).`, '/units'));
  }

  const pikeAndMusket = countKinds(roster, ['pikeAndMusket']);
  const foot = countKinds(roster, ['foot']);
  if (pikeAndMusket <= foot) {
    out.push(diagnostic('pike-and-musket-vs-foot', `The army has ${plural(pikeAndMusket, 'pike and musket unit')} and ${plural(foot, 'foot unit')}; it needs more pike and musket units than foot units.`, '/units'));
  }
  const allFoot = countKinds(roster, SV_FOOT);
  const mounted = countKinds(roster, SV_MOUNTED);
  if (allFoot <= mounted) {
    out.push(diagnostic('foot-vs-mounted', `The army has ${plural(allFoot, 'foot unit')} (pike and musket and foot) and ${plural(mounted, 'mounted unit')} (dragoons and cavalry); it needs more foot than mounted.`, '/units'));
  }
  const heavy = countKinds(roster, ['heavyCavalry']);
  const heavyAllowed = Math.floor(mounted / SV_MOUNTED_PER_HEAVY);
  if (heavy > heavyAllowed) {
    out.push(diagnostic('heavy-cavalry-ratio', `The army has ${plural(heavy, 'heavy cavalry unit')} among ${plural(mounted, 'mounted unit')}; it may have one per ${SV_MOUNTED_PER_HEAVY} mounted units (dragoons count), so at most ${heavyAllowed}.`, '/units'));
  }
  return out;
}

/** A roster's units as printable lines (no points in this rule set). */
export function splendidVictoryLines(roster: SvRoster): RosterLine[] {
  return roster.units.map((u) => ({
    id: u.id,
    name: u.name ?? u.id,
    description: `${SV_UNIT_NAMES[u.kind]}: ${svStandsText(u)}${u.kind === 'dragoons' ? (u.mounted === false ? ' (start dismounted)' : ' (start mounted)') : ''}`,
    points: null,
  }));
}

export const splendidVictoryRoster: RosterRules<SvRoster> = {
  validate: validateSplendidVictory,
  lines: splendidVictoryLines,
  points: () => null,
  blank: (title) => ({
    format: ROSTER_FORMAT, version: ROSTER_VERSION, ruleset: 'splendid-victory', meta: { title },
    units: [
      { id: 'commander', kind: 'command', stands: { commander: 1 } },
      { id: 'sub-commander', kind: 'command', stands: { subCommander: 1 } },
    ],
  }),
};

/** Unit kinds for pickers, with the stands each may hold. */
export const SV_UNIT_KIND_INFO: readonly UnitKindInfo[] = SV_UNIT_KINDS.map((k) => ({
  id: k,
  name: SV_UNIT_NAMES[k],
  parts: SV_UNIT_STANDS[k].map((s) => SV_STAND_NAMES[s]),
  note: SV_SINGLE_STAND.includes(k) ? '1 stand' : `${SV_MIN_STANDS}-${SV_MAX_STANDS} stands`,
}));
