import { beforeEach, describe, expect, test } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  DW_WEAPONS, dewittRoster, dwRosterPoints, rosterIsValid, splendidVictoryRoster, standardRoster, validateRoster,
  type DwRoster, type Roster, type SvRoster, type SvUnitKind,
} from '../../src/rulesets';
import {
  addRosterUnit, freshUnitId, moveRosterUnit, removeRosterUnit, setDwKind, setDwTroops, setNevskyStands, setRosterMeta,
  setRosterOptions, setSvKind, setSvStands, setUnitLabel, svStandChoices, toggleDwWeapon, SV_DEFAULT_STANDS,
} from '../../src/stores/rosterEdits';
import { diagnosticUnit, useRosterStore } from '../../src/stores/roster';

const sv = (): SvRoster => splendidVictoryRoster.blank('Test army');
const dw = (): DwRoster => dewittRoster.blank('Test retinue');

describe('roster edits', () => {
  test.each(Object.keys(SV_DEFAULT_STANDS) as SvUnitKind[])('a new Splendid Victory %s unit starts with legal stands', (kind) => {
    const r = addRosterUnit(sv(), kind) as SvRoster;
    const i = r.units.length - 1;
    const own = validateRoster(r).filter((d) => diagnosticUnit(d) === i);
    expect(own).toEqual([]);
    expect(r.units[i]!.kind).toBe(kind);
  });

  test('fresh ids never repeat and read like the kind', () => {
    let r: Roster = sv();
    r = addRosterUnit(r, 'pikeAndMusket');
    r = addRosterUnit(r, 'pikeAndMusket');
    expect(r.units.map((u) => u.id).slice(2)).toEqual(['pike-and-musket-1', 'pike-and-musket-2']);
    expect(freshUnitId(r, 'pikeAndMusket')).toBe('pike-and-musket-3');
  });

  test('stands set to 0 are removed, and a kind change resets the stands', () => {
    let r = addRosterUnit(sv(), 'pikeAndMusket') as SvRoster;
    r = setSvStands(r, 2, 'pike', 0);
    expect(r.units[2]!.stands).toEqual({ musket: 3 });
    r = setSvKind(r, 2, 'cavalry');
    expect(r.units[2]!.stands).toEqual({ cavalry: 4 });
    expect(svStandChoices({ id: 'x', kind: 'cavalry', stands: { pike: 1 } })).toEqual(['cavalry', 'heavyCavalry', 'pike']);
  });

  test('an edit that changes nothing returns the same roster (no undo step)', () => {
    const r = sv();
    expect(setSvStands(r, 0, 'commander', 1)).toBe(r);
    expect(setUnitLabel(r, 0, { id: 'sub-commander' })).toBe(r);
    expect(setRosterMeta(r, { title: '   ' })).toBe(r);
    expect(removeRosterUnit(r, 9)).toBe(r);
    expect(moveRosterUnit(r, 0, -1)).toBe(r);
  });

  test('Dewitt troops: weapons keep the rule set order and shields default to true', () => {
    let r = addRosterUnit(dw(), 'foot') as DwRoster;
    r = toggleDwWeapon(r, 1, 'longbow', true, DW_WEAPONS);
    r = toggleDwWeapon(r, 1, 'spear', true, DW_WEAPONS);
    expect(r.units[1]!.weapons).toEqual(['spear', 'longbow']);
    r = setDwTroops(r, 1, { shield: false, class: 'heavy', stands: 4 });
    expect(r.units[1]).toMatchObject({ class: 'heavy', stands: 4, shield: false });
    expect(setDwTroops(r, 1, { shield: true }).units[1]!.shield).toBeUndefined();
    // 12 figures x (heavy foot 8 + spear 1 + longbow 2 - no shield 1), plus the commander-in-chief's 100
    expect(dwRosterPoints(r)).toBe(100 + 12 * (8 + 1 + 2 - 1));
  });

  test('a Dewitt leader drops troop fields; troops regain defaults', () => {
    let r = addRosterUnit(dw(), 'foot') as DwRoster;
    r = setDwKind(r, 1, 'general');
    expect(r.units[1]).toEqual({ id: 'foot-1', kind: 'general' });
    r = setDwKind(r, 1, 'cavalry');
    expect(r.units[1]).toMatchObject({ kind: 'cavalry', class: 'medium', stands: 3 });
    expect(rosterIsValid(validateRoster(r))).toBe(true);
  });

  test('options: a cleared option is removed, and an emptied options object too', () => {
    let r: DwRoster = setRosterOptions(dw(), { pointsLimit: 500 }) as DwRoster;
    expect(r.options).toEqual({ pointsLimit: 500 });
    r = setRosterOptions(r, { pointsLimit: undefined }) as DwRoster;
    expect(r.options).toBeUndefined();
  });

  test('Nevsky stands: full strength is written as no stands', () => {
    const r = setNevskyStands(standardRoster('teutonic'), 0, 2);
    expect(r.units[0]!.stands).toBe(2);
    expect(setNevskyStands(r, 0, undefined).units[0]!.stands).toBeUndefined();
  });
});

describe('roster store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  test('every edit is one undo step and the checks follow it', () => {
    const store = useRosterStore();
    store.load({ roster: sv(), past: [], future: [] });
    expect(store.diagnostics.map((d) => d.code)).toContain('pike-and-musket-vs-foot');
    store.run('Add unit', (r) => addRosterUnit(r, 'pikeAndMusket'));
    expect(store.diagnostics.map((d) => d.code)).not.toContain('pike-and-musket-vs-foot');
    expect(store.past).toHaveLength(1);
    store.undo();
    expect(store.roster.units).toHaveLength(2);
    store.redo();
    expect(store.roster.units).toHaveLength(3);
    expect(store.run('Nothing', (r) => r)).toBe(false);
    expect(store.past).toHaveLength(1);
  });

  test('points and lines follow a Dewitt roster', () => {
    const store = useRosterStore();
    store.load({ roster: dw(), past: [], future: [] });
    store.run('Add unit', (r) => addRosterUnit(r, 'general'));
    expect(store.points?.total).toBe(150);
    expect(store.lines.map((l) => l.points)).toEqual([100, 50]);
  });

  test.each([
    ['/units/3/stands', 3], ['/units/12', 12], ['/units', null], ['/options/pointsLimit', null],
  ])('diagnosticUnit reads %s as %s', (path, index) => {
    expect(diagnosticUnit({ code: 'unit-stands', severity: 'error', message: '', path })).toBe(index);
  });
});
