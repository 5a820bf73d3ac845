/**
 * Issue 44, deliver 4: A Splendid Victory! and Dewitt rosters print each unit's profile, its rules in our own words
 * and casualty boxes (as BattleScribe, New Recruit and Army Forge print a list). The expected numbers are the digest's
 * (../shared/rules/other-rulesets.md), written out here so a wrong lookup in the code shows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildRosterPdf } from '../../src/pdf';
import {
  dewittProfile, parseRoster, rosterProfile, rosterSheet, splendidVictoryProfile, svStandCount,
  type DwRoster, type DwUnit, type SvRoster, type SvUnit,
} from '../../src/rulesets';
import { pdfText } from '../pdf/pdf-text';

const read = <R>(file: string): R => {
  const parsed = parseRoster(readFileSync(`templates/rosters/${file}`, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} does not read`);
  return parsed.roster as R;
};
const sv = (units: SvUnit[]): SvRoster => ({ format: 'roster', version: 1, ruleset: 'splendid-victory', meta: { title: 't' }, units });
const dw = (units: DwUnit[]): DwRoster => ({ format: 'roster', version: 1, ruleset: 'dewitt-medieval', meta: { title: 't' }, units });

describe('A Splendid Victory! roster profile (digest A: moves, combat values, fire)', () => {
  test.each([
    ['pike and musket', { id: 'a', kind: 'pikeAndMusket', stands: { pike: 2, musket: 4 } }, '4" / 8" / 4"', 'pike 3, musket 1', '7"'],
    ['foot', { id: 'a', kind: 'foot', stands: { handToHand: 2, lightHandToHand: 1 } }, '5" / 10" / 6"', 'hand-to-hand 2, light hand-to-hand 1', '-'],
    ['mounted dragoons', { id: 'a', kind: 'dragoons', stands: { dragoon: 3 } }, '18" / 36" / 14"', 'dragoon 2', '-'],
    ['dismounted dragoons (as pike and musket)', { id: 'a', kind: 'dragoons', stands: { dragoon: 3 }, mounted: false }, '4" / 8" / 4"', 'dragoon 1', '7"'],
    ['cavalry', { id: 'a', kind: 'cavalry', stands: { cavalry: 4 } }, '14" / 28" / 18"', 'cavalry 3', '-'],
    ['heavy cavalry', { id: 'a', kind: 'heavyCavalry', stands: { heavyCavalry: 2 } }, '10" / 20" / 22"', 'heavy cavalry 4', '-'],
    ['command', { id: 'a', kind: 'command', stands: { commander: 1 } }, '22" / 44" / no', 'commander 5', '-'],
    ['heavy gun (limbered move)', { id: 'a', kind: 'artillery', stands: { heavyGun: 1 } }, '4" / no / no', 'heavy gun 1', '80"'],
  ] as const)('%s: move %s, hand to hand %s, fire %s; a tick box per stand', (_, unit, move, cv, fire) => {
    const p = splendidVictoryProfile(sv([unit as SvUnit]));
    const [row] = p.rows;
    expect(row!.casualties).toBe(svStandCount(unit as SvUnit));
    const cells = row!.cells.map((c) => (typeof c === 'string' ? c : c.text));
    expect(cells.slice(2)).toEqual([move, cv, fire]);
    expect(p.rules).toHaveLength(1);
    expect(p.rules[0]!.units).toEqual(['a']);
    expect(p.rules[0]!.text.length).toBeGreaterThan(0);
  });

  test('musket fire counts the musket stands: 4 musket stands throw 4 dice, hitting on 2 or less', () => {
    const cell = splendidVictoryProfile(sv([{ id: 'a', kind: 'pikeAndMusket', stands: { pike: 2, musket: 4 } }])).rows[0]!.cells[4];
    expect(cell).toEqual({ text: '7"', note: '4 dice, hit on 2 or less' });
  });
});

describe('Dewitt roster profile (digest B: morale by hits, move per impulse, melee troop points)', () => {
  test.each([
    ['superheavy foot, two-handed, no shield', { id: 'a', kind: 'foot', class: 'superHeavy', stands: 3, weapons: ['twoHanded'], shield: false }, '2"', '4.5'],
    ['heavy foot with spears, no shield', { id: 'a', kind: 'foot', class: 'heavy', stands: 2, weapons: ['spear'], shield: false }, '3"', '2'],
    ['light foot longbowmen, no shield', { id: 'a', kind: 'foot', class: 'light', stands: 6, weapons: ['longbow'], shield: false }, '4"', '0'],
    ['heavy cavalry with lances', { id: 'a', kind: 'cavalry', class: 'heavy', stands: 2, weapons: ['lance'] }, '3"', '4'],
    ['medium foot, one-figure stands', { id: 'a', kind: 'foot', class: 'medium', stands: 2, figuresPerStand: 1 }, '3"', '0'],
  ] as const)('%s: morale 8, four hit boxes, %s an impulse, troop points %s', (_, unit, move, troopPoints) => {
    const row = dewittProfile(dw([unit as DwUnit])).rows[0]!;
    const cells = row.cells.map((c) => (typeof c === 'string' ? c : c.text));
    expect(row.casualties).toBe(4);
    expect(cells[2]).toBe('8');
    expect(cells[3]).toBe(`${move} an impulse`);
    expect(cells[4]).toBe(troopPoints);
  });

  test('leaders: no hit boxes, fixed cost; the rules name each weapon\'s effect', () => {
    const p = dewittProfile(read<DwRoster>('dewitt-english-retinue.json'));
    const king = p.rows[0]!;
    expect(king.casualties).toBe(0);
    expect(p.rules.find((r) => r.kind === 'Leaders')!.units).toEqual(['The King', 'Duke of York']);
    const text = p.rules.flatMap((r) => r.text).join(' ');
    expect(text).toContain('Spear: +1 in melee against light or medium troops.');
    expect(text).toContain('Two-handed weapon: +1.5 troop points.');
    expect(text).toMatch(/Shooting \(longbow\)/);
    expect(p.rules[0]!.kind).toBe('Every troop unit');
    expect(p.rules[0]!.text.join(' ')).toContain('Morale starts at 8 and drops by one with each hit (7, 6, 5); hit 4 destroys the unit.');
  });
});

describe('the printed rosters of the three rule sets', { timeout: 30_000 }, () => {
  test.each([
    ['splendid-victory-eastern-association.json', true],
    ['dewitt-english-retinue.json', true],
    ['nevsky-teutonic-division.json', false],
  ] as const)('%s: profile table with casualty boxes and the units\' rules (%s)', async (file, profiled) => {
    const roster = read<SvRoster | DwRoster>(file);
    const sheet = rosterSheet(roster);
    const table = sheet.blocks.find((b) => b.kind === 'table')!;
    expect(table.kind === 'table' && table.columns[0] === 'Casualties').toBe(profiled);
    expect(rosterProfile(roster) !== null).toBe(profiled);
    const text = (await pdfText(await buildRosterPdf(roster, { paper: 'a4' }))).pages.join(' ');
    expect(text.includes('Rules for these units')).toBe(profiled);
    for (const u of roster.units) expect(text).toContain(u.name ?? u.id);
  });
});
