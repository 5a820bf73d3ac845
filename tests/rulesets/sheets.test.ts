import { describe, expect, test } from 'vitest';
import {
  ANCIENTS_MELEE_HIT, ANCIENTS_RANGES, DW_FIGURE_COST, DW_LEADER_COST, DW_MELEE_MODIFIERS, DW_MELEE_POINTS, DW_MORALE,
  DW_MORALE_MODIFIERS, DW_MOVE, DW_WEAPON_GROUPS, DW_WEAPON_NAMES, ILLEGIBLE, RULESETS, SOURCE_ENDS, SV_ARTILLERY_DICE,
  SV_COMBAT_VALUES, SV_MOVES, SV_RANGES, getRuleset, rosterSheet, sheetText, standardRoster,
  type SheetBlock,
} from '../../src/rulesets';
import { parseRoster } from '../../src/rulesets';
import { READINGS, TROOPS, TROOP_TYPES, reading } from '../../src/rules';
import { readFileSync } from 'node:fs';

const textOf = (id: string) => sheetText(getRuleset(id)!.referenceSheet());
const tables = (id: string) => getRuleset(id)!.referenceSheet().blocks.filter((b): b is Extract<SheetBlock, { kind: 'table' }> => b.kind === 'table');
const rowText = (row: ReadonlyArray<string | { text: string }>) => row.map((c) => (typeof c === 'string' ? c : c.text));

describe('every rule set prints a reference sheet', () => {
  test.each(RULESETS.map((r) => ({ id: r.id })))('$id has a titled sheet with at least one table', ({ id }) => {
    const sheet = getRuleset(id)!.referenceSheet();
    expect(sheet.title.length).toBeGreaterThan(5);
    expect(tables(id).length).toBeGreaterThan(0);
    for (const t of tables(id)) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
  });
});

describe('A Splendid Victory! sheet holds its tables', () => {
  const text = textOf('splendid-victory');
  test.each(SV_MOVES.map((m) => ({ ...m })))('moves: $who $move/$double/$charge', ({ who, move, double, charge }) => {
    const row = tables('splendid-victory').find((t) => t.caption === 'Moves')!.rows.map(rowText).find((r) => r[0] === who);
    expect(row).toEqual([who, move === null ? 'may not move' : String(move), double === null ? 'no' : String(double), charge === null ? 'no' : String(charge)]);
  });
  test.each(SV_COMBAT_VALUES.map((c) => ({ ...c })))('combat value: $stand hits on $cv or less', ({ stand, cv }) => {
    expect(text).toContain(`${stand} | ${cv} or less`);
  });
  test('weapon ranges 7, 20, 40, 80 inches', () => {
    for (const [weapon, range] of [['Muskets', SV_RANGES.musket], ['Frame guns', SV_RANGES.frameGun], ['Light guns', SV_RANGES.lightGun], ['Heavy guns', SV_RANGES.heavyGun]]) {
      expect(text).toContain(`${weapon} | ${range}`);
    }
    expect(Object.values(SV_RANGES)).toEqual([7, 20, 40, 80]);
  });
  test('artillery: lost cells print as "illegible in source", the heavy gun at 10-20" as 2', () => {
    const artillery = tables('splendid-victory').find((t) => t.caption?.startsWith('Artillery'))!.rows.map(rowText);
    const lost = Object.values(SV_ARTILLERY_DICE).flat().filter((v) => v === null).length;
    expect(artillery.flat().filter((c) => c === ILLEGIBLE)).toHaveLength(lost);
    expect(artillery.find((r) => r[0] === 'Heavy gun')).toEqual(['Heavy gun', ILLEGIBLE, '2', ILLEGIBLE, ILLEGIBLE]);
  });
  test('odds aid: hit on 2 or less gives one third of a hit per die', () => {
    const odds = tables('splendid-victory').find((t) => t.caption?.startsWith('Odds aid'))!;
    expect(odds.caption).toContain('33% per die');
    for (const row of odds.rows.map(rowText)) expect(Number(row[1])).toBeCloseTo(Number(row[0]) / 3, 2);
  });
  test('tests pass on 3 or less, an even chance', () => {
    expect(text).toContain('Charge | 3 or less | 50%');
  });
});

describe('Dewitt sheet holds its tables', () => {
  const text = textOf('dewitt-medieval');
  test.each([
    ['Superheavy', 19, 12], ['Heavy', 12, 8], ['Medium', 10, 6], ['Light', 8, 4],
  ])('piece cost: %s cavalry %i, foot %i', (cls, cav, foot) => {
    expect(text).toContain(`${cls} | ${cav} | ${foot}`);
    const key = cls === 'Superheavy' ? 'superHeavy' : (cls as string).toLowerCase() as 'heavy' | 'medium' | 'light';
    expect([DW_FIGURE_COST.cavalry[key], DW_FIGURE_COST.foot[key]]).toEqual([cav, foot]);
  });
  test('weapon modifiers, shields and leaders', () => {
    for (const g of DW_WEAPON_GROUPS) expect(text).toContain(`${g.weapons.map((w) => DW_WEAPON_NAMES[w]).join(', ')} | +${g.cost}`);
    expect(text).toContain('no shield | -1');
    expect(text).toContain(`Commander-in-chief | ${DW_LEADER_COST.commanderInChief}`);
    expect(text).toContain(`General | ${DW_LEADER_COST.general}`);
  });
  test('morale by hits, with the d10 chance to pass', () => {
    for (const m of DW_MORALE) expect(text).toContain(m.morale === null ? `${m.hits} | destroyed` : `${m.hits} | ${m.morale} | ${m.morale * 10}%`);
    for (const m of DW_MORALE_MODIFIERS) expect(text).toContain(`${m.when} | ${m.value}`);
  });
  test('movement and melee tables', () => {
    for (const m of DW_MOVE) expect(text).toContain(`${m.who} | ${m.inches}`);
    for (const m of [...DW_MELEE_POINTS, ...DW_MELEE_MODIFIERS]) expect(text).toContain(`${m.what} | ${m.value}`);
  });
});

describe('Ancients quick-play sheet', () => {
  const text = textOf('ancients-quick');
  test('says where the source ends', () => {
    expect(text.toLowerCase()).toContain(SOURCE_ENDS);
    const blocks = getRuleset('ancients-quick')!.referenceSheet().blocks;
    expect(blocks[blocks.length - 1]).toMatchObject({ kind: 'note' });
  });
  test.each(ANCIENTS_MELEE_HIT.map((h) => ({ ...h })))('melee: $target hit on $hitOn or more', ({ target, hitOn }) => {
    expect(text).toContain(`${target} | ${hitOn === 6 ? '6' : `${hitOn}-6`} (${Math.round(((7 - hitOn) / 6) * 100)}% per die)`);
  });
  test('missile ranges 15" and 9"', () => {
    expect(text).toContain(`Bows and slings | ${ANCIENTS_RANGES.bowsAndSlings}`);
    expect(text).toContain(`Javelins | ${ANCIENTS_RANGES.javelins}`);
  });
  test('has no army lists', () => {
    expect(getRuleset('ancients-quick')!.roster).toBeNull();
  });
});

describe('Nevsky sheet is the full two-page reference', () => {
  test('holds the troop table', () => {
    const text = textOf('nevsky');
    for (const t of TROOP_TYPES) expect(text).toContain(`${TROOPS[t].name} | ${TROOPS[t].code}`);
  });
  test.each(READINGS.map((r) => ({ id: r.id, title: r.title })))('prints reading $id ($title) from the single READINGS list', ({ id }) => {
    const notes = getRuleset('nevsky')!.referenceSheet().blocks.filter((b) => b.kind === 'note').map((b) => (b.kind === 'note' ? b.text : ''));
    expect(notes.filter((n) => n.includes(reading(id).text))).toHaveLength(1);
  });
  test('every reading note on the sheet comes from READINGS (none written twice)', () => {
    const notes = getRuleset('nevsky')!.referenceSheet().blocks.filter((b) => b.kind === 'note');
    expect(notes).toHaveLength(READINGS.length);
    for (const n of notes) expect(READINGS.some((r) => n.kind === 'note' && n.text.endsWith(r.text))).toBe(true);
  });
});

describe('roster sheets', () => {
  test('a Dewitt roster sheet lists each unit with its points and the total', () => {
    const parsed = parseRoster(readFileSync(new URL('../../templates/rosters/dewitt-english-retinue.json', import.meta.url), 'utf8'));
    if (!parsed.ok) throw new Error('example roster did not parse');
    const text = sheetText(rosterSheet(parsed.roster));
    // Issue 44: each unit's profile, with its points (workings under them) and the running total.
    expect(text).toContain('Billmen (Foot) | Heavy foot, 2 x 3 = 6 figures | 8 | 3" an impulse (+1" on a road) | 2 | spear, no shield | 48 (6 figures x (8 + 1 - 1) = 48) | ');
    const table = rosterSheet(parsed.roster).blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows.map((r) => r.map((c) => (typeof c === 'string' ? c : c.text))) : [];
    const columns = table?.kind === 'table' ? table.columns : [];
    let sum = 0;
    for (const r of rows) { sum += Number(r[columns.indexOf('Points')]); expect(Number(r[columns.indexOf('Total so far')])).toBe(sum); }
    expect(sum).toBeGreaterThan(0);
    expect(text).toContain(`Total: ${sum} points`);
    expect(text).toMatch(/Total: \d+ points \(agreed limit 700\)/);
    expect(text).toContain('meets every composition rule');
  });
  test('an invalid roster says so on its sheet', () => {
    const r = standardRoster('russian');
    r.units[0]!.stands = 9;
    const sheet = rosterSheet(r);
    expect(sheet.subtitle).toContain('NOT VALID');
    expect(sheetText(sheet)).toMatch(/Error: Knights ".*" has 9 stands/);
  });
});
