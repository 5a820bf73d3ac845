/**
 * Pure edits of a roster (one function per edit, each returning a new roster or the same one when nothing
 * changes), used by the roster store's undo history. Checking stays with `validateRoster`: an edit may make an
 * army break a rule, and the builder shows it.
 */
import type { TroopType } from '../rules';
import {
  DW_FIGURES_PER_STAND, DW_LEADERS, SV_UNIT_STANDS,
  type DwClass, type DwUnit, type DwUnitKind, type DwWeapon, type NevskyRoster, type Roster, type RosterMeta,
  type SvStandKind, type SvUnit, type SvUnitKind, type DwRoster, type SvRoster,
} from '../rulesets';

/** The stands a new unit of each Splendid Victory kind starts with (a legal unit). */
export const SV_DEFAULT_STANDS: Readonly<Record<SvUnitKind, Partial<Record<SvStandKind, number>>>> = {
  pikeAndMusket: { pike: 1, musket: 3 }, foot: { handToHand: 4 }, dragoons: { dragoon: 3 }, cavalry: { cavalry: 4 },
  heavyCavalry: { heavyCavalry: 4 }, artillery: { lightGun: 1 }, command: { subCommander: 1 },
};

/** A new Dewitt troop unit's fields: medium class, 3 stands of 3 figures, shields, no weapons. */
export const DW_DEFAULT_TROOPS: Readonly<Pick<DwUnit, 'class' | 'stands'>> = { class: 'medium', stands: 3 };

/** An id not yet used in the roster: "cavalry-1", "cavalry-2", ... */
export function freshUnitId(roster: Roster, base: string): string {
  const slug = base.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  const used = new Set(roster.units.map((u) => u.id));
  let n = 1;
  while (used.has(`${slug}-${n}`)) n++;
  return `${slug}-${n}`;
}

function withUnits<R extends Roster>(roster: R, units: R['units']): R {
  return { ...roster, units } as R;
}

function svUnit(kind: SvUnitKind, id: string): SvUnit {
  return { id, kind, stands: { ...SV_DEFAULT_STANDS[kind] }, ...(kind === 'dragoons' ? { mounted: true } : {}) };
}

function dwUnit(kind: DwUnitKind, id: string): DwUnit {
  return DW_LEADERS.includes(kind) ? { id, kind } : { id, kind, ...DW_DEFAULT_TROOPS };
}

/** Add a unit of a kind of the roster's rule set at the end of the list. */
export function addRosterUnit(roster: Roster, kind: string): Roster {
  const id = freshUnitId(roster, kind);
  switch (roster.ruleset) {
    case 'splendid-victory': return withUnits(roster, [...roster.units, svUnit(kind as SvUnitKind, id)]);
    case 'dewitt-medieval': return withUnits(roster, [...roster.units, dwUnit(kind as DwUnitKind, id)]);
    case 'nevsky': return withUnits(roster, [...roster.units, { id, kind: kind as TroopType }]);
  }
}

/** Remove the unit at this index. */
export function removeRosterUnit(roster: Roster, index: number): Roster {
  if (index < 0 || index >= roster.units.length) return roster;
  return withUnits(roster, roster.units.filter((_, i) => i !== index) as Roster['units']);
}

/** Move a unit one place up (-1) or down (+1) in the list. */
export function moveRosterUnit(roster: Roster, index: number, by: -1 | 1): Roster {
  const to = index + by;
  if (index < 0 || to < 0 || index >= roster.units.length || to >= roster.units.length) return roster;
  const units = [...roster.units];
  [units[index], units[to]] = [units[to]!, units[index]!];
  return withUnits(roster, units as Roster['units']);
}

function mapUnit<R extends Roster>(roster: R, index: number, f: (u: R['units'][number]) => R['units'][number]): R {
  const unit = roster.units[index];
  if (!unit) return roster;
  const next = f(unit);
  return next === unit ? roster : withUnits(roster, roster.units.map((u, i) => (i === index ? next : u)) as R['units']);
}

/** Rename a unit (blank clears the name) or give it a new id (refused when blank or taken). */
export function setUnitLabel(roster: Roster, index: number, patch: { name?: string; id?: string }): Roster {
  return mapUnit(roster, index, (u) => {
    const next = { ...u };
    if (patch.name !== undefined) {
      const name = patch.name.trim().slice(0, 120);
      if (name) next.name = name; else delete next.name;
    }
    if (patch.id !== undefined) {
      const id = patch.id.trim().slice(0, 60);
      if (!id || roster.units.some((o, i) => i !== index && o.id === id)) return u;
      next.id = id;
    }
    return next.name === u.name && next.id === u.id ? u : next;
  });
}

/** Change a Splendid Victory unit's kind: its stands start again from the new kind's default. */
export function setSvKind(roster: SvRoster, index: number, kind: SvUnitKind): SvRoster {
  return mapUnit(roster, index, (u) => (u.kind === kind ? u : { ...svUnit(kind, u.id), ...(u.name ? { name: u.name } : {}) }));
}

/** Set how many stands of one kind a Splendid Victory unit has (0 removes the entry). */
export function setSvStands(roster: SvRoster, index: number, stand: SvStandKind, count: number): SvRoster {
  return mapUnit(roster, index, (u) => {
    if ((u.stands[stand] ?? 0) === count) return u;
    const stands = { ...u.stands };
    if (count > 0) stands[stand] = count; else delete stands[stand];
    return { ...u, stands };
  });
}

/** Dragoons: start mounted or dismounted. */
export function setSvMounted(roster: SvRoster, index: number, mounted: boolean): SvRoster {
  return mapUnit(roster, index, (u) => (u.kind !== 'dragoons' || (u.mounted ?? true) === mounted ? u : { ...u, mounted }));
}

/** The stand kinds a Splendid Victory unit's editor offers: its own kinds, and any it holds that it should not. */
export function svStandChoices(unit: SvUnit): SvStandKind[] {
  const own = SV_UNIT_STANDS[unit.kind];
  const stray = (Object.keys(unit.stands) as SvStandKind[]).filter((k) => !own.includes(k));
  return [...own, ...stray];
}

/** Change a Dewitt entry's kind: leaders lose the troop fields, troops gain defaults. */
export function setDwKind(roster: DwRoster, index: number, kind: DwUnitKind): DwRoster {
  return mapUnit(roster, index, (u) => {
    if (u.kind === kind) return u;
    const leader = DW_LEADERS.includes(kind);
    if (leader) return { id: u.id, kind, ...(u.name ? { name: u.name } : {}) };
    return DW_LEADERS.includes(u.kind) ? { ...u, kind, ...DW_DEFAULT_TROOPS } : { ...u, kind };
  });
}

export interface DwTroopPatch { class?: DwClass; stands?: number; figuresPerStand?: number; shield?: boolean }

/** Change a Dewitt troop unit's class, stands, figures per stand or shield (true shield is the default, so dropped). */
export function setDwTroops(roster: DwRoster, index: number, patch: DwTroopPatch): DwRoster {
  return mapUnit(roster, index, (u) => {
    if (DW_LEADERS.includes(u.kind)) return u;
    const next: DwUnit = { ...u, ...patch };
    if (next.shield === true) delete next.shield;
    if (next.figuresPerStand === DW_FIGURES_PER_STAND) delete next.figuresPerStand;
    return JSON.stringify(next) === JSON.stringify(u) ? u : next;
  });
}

/** Give or take a weapon from a Dewitt troop unit (kept in the rule set's weapon order). */
export function toggleDwWeapon(roster: DwRoster, index: number, weapon: DwWeapon, on: boolean, order: readonly DwWeapon[]): DwRoster {
  return mapUnit(roster, index, (u) => {
    const has = (u.weapons ?? []).includes(weapon);
    if (has === on || DW_LEADERS.includes(u.kind)) return u;
    const set = new Set(u.weapons ?? []);
    if (on) set.add(weapon); else set.delete(weapon);
    const weapons = order.filter((w) => set.has(w));
    const next: DwUnit = { ...u, weapons };
    if (weapons.length === 0) delete next.weapons;
    return next;
  });
}

/** Set a Nevsky unit's stands (undefined: full strength). */
export function setNevskyStands(roster: NevskyRoster, index: number, stands: number | undefined): NevskyRoster {
  return mapUnit(roster, index, (u) => {
    if (u.stands === stands) return u;
    const next = { ...u };
    if (stands === undefined) delete next.stands; else next.stands = stands;
    return next;
  });
}

/** Change a Nevsky unit's troop type (its stands go back to full strength). */
export function setNevskyKind(roster: NevskyRoster, index: number, kind: TroopType): NevskyRoster {
  return mapUnit(roster, index, (u) => (u.kind === kind ? u : { id: u.id, kind, ...(u.name ? { name: u.name } : {}) }));
}

/** Change the title, author or description (blank author/description are dropped; a blank title is refused). */
export function setRosterMeta(roster: Roster, patch: Partial<RosterMeta>): Roster {
  const meta: RosterMeta = { ...roster.meta, ...patch };
  meta.title = meta.title.trim().slice(0, 120);
  if (!meta.title) return roster;
  for (const k of ['author', 'description', 'created'] as const) if (!meta[k]) delete meta[k];
  return JSON.stringify(meta) === JSON.stringify(roster.meta) ? roster : { ...roster, meta };
}

/** Set the rule set's options (a value of undefined removes that option; no options left removes the field). */
export function setRosterOptions(roster: Roster, patch: Record<string, unknown>): Roster {
  const options: Record<string, unknown> = { ...(roster.options ?? {}), ...patch };
  for (const [k, v] of Object.entries(options)) if (v === undefined || v === false) delete options[k];
  if (JSON.stringify(options) === JSON.stringify(roster.options ?? {})) return roster;
  const next = { ...roster, options } as Roster & { options?: unknown };
  if (Object.keys(options).length === 0 && roster.ruleset !== 'nevsky') delete next.options;
  return next as Roster;
}
