import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { PAPERS, PAPER_SIZES, buildReferencePdf, buildRosterPdf } from '../../src/pdf';
import {
  ANCIENTS_RANGES, DW_FIGURE_COST, DW_LEADER_COST, DW_MORALE, ILLEGIBLE, RULESET_IDS, SOURCE_ENDS, SV_ARTILLERY_DICE, SV_MOVES,
  SV_RANGES, getRuleset, parseRoster, rosterLines, rosterPoints, standardRoster, svStandsText, type Roster, type SvRoster,
} from '../../src/rulesets';
import { pdfText } from './pdf-text';

const example = (name: string): Roster => {
  const parsed = parseRoster(readFileSync(new URL(`../../templates/rosters/${name}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(`${name} did not parse`);
  return parsed.roster;
};
// A cell may wrap after a hyphen ("men-at- arms" in the extracted text): join those back.
const textOf = async (bytes: Uint8Array) => (await pdfText(bytes)).pages.join(' ').replace(/([a-z])-\s+([a-z])/g, '$1-$2');
const readPdf = (file: string) => new Uint8Array(readFileSync(file));
const dir = mkdtempSync(join(tmpdir(), 'ruleset-pdfs-'));
function capture() {
  const out: string[] = [], err: string[] = [];
  return { io: { out: (t: string) => { out.push(t); }, err: (t: string) => { err.push(t); } }, out, err };
}

describe('roster PDFs from roster files', () => {
  test('Dewitt: each unit with its workings, points and running total; 6 heavy foot with spear, no shield cost 48', async () => {
    const roster = example('dewitt-english-retinue.json');
    const text = await textOf(await buildRosterPdf(roster, { paper: 'a4', printedOn: '2026-11-22' }));
    expect(text).toContain('English retinue, 1415');
    expect(text).toContain(`48 6 figures x (${DW_FIGURE_COST.foot.heavy} + 1 - 1) = 48`);
    let running = 0;
    for (const l of rosterLines(roster)) {
      running += l.points ?? 0;
      // Issue 44: the unit's profile replaced the one-line description; its workings end in its points, then the running total.
      expect(text).toContain(l.name);
      expect(text).toContain(`${l.workings} ${running}`);
    }
    expect(text).toContain(`Total: ${rosterPoints(roster)!.total} points (agreed limit 700)`);
    expect(text).toContain(`Commander-in-chief`);
    expect(text).toContain(`fixed cost: ${DW_LEADER_COST.commanderInChief}`);
    expect(text).toContain('The army meets every composition rule.');
    expect(text).toContain('printed 2026-11-22');
  });

  test('Splendid Victory: every unit with its stands, and no points', async () => {
    const roster = example('splendid-victory-eastern-association.json') as SvRoster;
    const text = await textOf(await buildRosterPdf(roster, { paper: 'letter' }));
    for (const u of roster.units) {
      expect(text).toContain(u.name ?? u.id);
      expect(text).toContain(svStandsText(u));
    }
    expect(text).toContain(`${roster.units.length} units. These rules have no points system.`);
  });

  test.each(PAPERS)('a roster with errors still prints on %s, marked not valid, its errors listed', async (paper) => {
    const roster = standardRoster('russian', 'Broken host');
    roster.units[0]!.stands = 9;
    const { pages, sizes } = await pdfText(await buildRosterPdf(roster, { paper }));
    expect(sizes[0]).toEqual([PAPER_SIZES[paper].width, PAPER_SIZES[paper].height]);
    expect(pages.join(' ')).toContain('(NOT VALID)');
    expect(pages.join(' ')).toMatch(/Error: Knights ".*" has 9 stands/);
  });
});

describe('reference PDFs of the other rule sets', () => {
  test.each(RULESET_IDS.flatMap((id) => PAPERS.map((paper) => [id, paper] as const)))('%s on %s: title, paper size, page count', async (ruleset, paper) => {
    const { pages, sizes } = await pdfText(await buildReferencePdf({ ruleset, paper }));
    expect(pages).toHaveLength(ruleset === 'nevsky' ? 2 : 1);
    for (const s of sizes) expect(s).toEqual([PAPER_SIZES[paper].width, PAPER_SIZES[paper].height]);
    expect(pages[0]).toContain(getRuleset(ruleset)!.referenceSheet().title);
  });

  test('Splendid Victory: moves, ranges, and the lost artillery cells as "illegible in source"', async () => {
    const text = await textOf(await buildReferencePdf({ ruleset: 'splendid-victory', paper: 'a4' }));
    for (const m of SV_MOVES) expect(text).toContain(m.who);
    expect(text).toContain(`Muskets ${SV_RANGES.musket}`);
    expect(text).toContain(`Heavy guns ${SV_RANGES.heavyGun}`);
    const lost = Object.values(SV_ARTILLERY_DICE).flat().filter((v) => v === null).length;
    // Each lost cell prints the phrase; the note under the table names it once more.
    expect(text.split(ILLEGIBLE).length - 1).toBe(lost + 1);
    expect(text).toContain(`Heavy gun ${ILLEGIBLE} 2 ${ILLEGIBLE}`);
    expect(text).toContain('Odds aid: hit on 2 or less (33% per die)');
  });

  test('Dewitt: points per figure, leaders and morale with its d10 chances', async () => {
    const text = await textOf(await buildReferencePdf({ ruleset: 'dewitt-medieval', paper: 'letter' }));
    expect(text).toContain(`Heavy ${DW_FIGURE_COST.cavalry.heavy} ${DW_FIGURE_COST.foot.heavy}`);
    expect(text).toContain(`Commander-in-chief ${DW_LEADER_COST.commanderInChief}`);
    for (const m of DW_MORALE) if (m.morale !== null) expect(text).toContain(`${m.hits} ${m.morale} ${m.morale * 10}%`);
    expect(text).toContain('6 x (8 + 1 - 1) = 48');
  });

  test('Ancients: ranges, melee hits and where the source ends', async () => {
    const text = await textOf(await buildReferencePdf({ ruleset: 'ancients-quick', paper: 'a4' }));
    expect(text).toContain(`Bows and slings ${ANCIENTS_RANGES.bowsAndSlings}`);
    expect(text).toContain(`Javelins ${ANCIENTS_RANGES.javelins}`);
    expect(text).toContain('Skirmishers 4-6 50% per die');
    expect(text.toLowerCase()).toContain(SOURCE_ENDS);
  });
});

describe('CLI: nevsky reference --ruleset, nevsky roster --pdf', () => {
  test.each(RULESET_IDS.map((id) => [id]))('reference --ruleset %s writes its sheet and exits 0', async (id) => {
    const out = join(dir, `${id}.pdf`);
    const c = capture();
    expect(await main(['reference', '--ruleset', id, '--paper', 'letter', '--out', out], c.io)).toBe(0);
    const { pages, sizes } = await pdfText(readPdf(out));
    expect(pages[0]).toContain(getRuleset(id)!.referenceSheet().title);
    expect(sizes[0]).toEqual([612, 792]);
  });
  test('reference without --ruleset is the Nevsky sheet', async () => {
    const out = join(dir, 'default.pdf');
    expect(await main(['reference', '--out', out], capture().io)).toBe(0);
    expect((await pdfText(readPdf(out), 1)).pages[0]).toContain('Nevsky quick reference');
  });
  test('an unknown rule set exits 2 naming the valid ids, and writes nothing', async () => {
    const out = join(dir, 'unknown.pdf');
    const c = capture();
    expect(await main(['reference', '--ruleset', 'warhammer', '--out', out], c.io)).toBe(2);
    expect(c.err.join('\n')).toContain(`--ruleset must be one of ${RULESET_IDS.join(', ')} (got "warhammer")`);
    expect(existsSync(out)).toBe(false);
  });
  test('roster --pdf on a valid roster exits 0 and writes the roster sheet', async () => {
    const out = join(dir, 'dw.pdf');
    const c = capture();
    expect(await main(['roster', new URL('../../templates/rosters/dewitt-english-retinue.json', import.meta.url).pathname, '--pdf', out], c.io)).toBe(0);
    expect(await textOf(readPdf(out))).toContain('Billmen');
  });
  test('roster --pdf on a roster with errors exits 1 and still writes it, errors listed', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'roster', version: 1, ruleset: 'dewitt-medieval', meta: { title: 'Too dear' }, options: { pointsLimit: 10 }, units: [{ id: 'g', kind: 'general' }] }));
    const out = join(dir, 'bad.pdf');
    expect(await main(['roster', bad, '--pdf', out, '--paper', 'letter'], capture().io)).toBe(1);
    const text = await textOf(readPdf(out));
    expect(text).toContain('(NOT VALID)');
    expect(text).toContain('Error: The army costs 50 points, 40 over');
  });
  test('roster --pdf on an unreadable file exits 1 and writes no PDF', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "format": ');
    const out = join(dir, 'broken.pdf');
    const c = capture();
    expect(await main(['roster', broken, '--pdf', out], c.io)).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(c.err.join('\n')).toContain('no PDF written');
  });
  test('roster --pdf with a bad --paper exits 2', async () => {
    const c = capture();
    expect(await main(['roster', 'x.json', '--pdf', join(dir, 'y.pdf'), '--paper', 'a3'], c.io)).toBe(2);
    expect(c.err.join('\n')).toContain('--paper must be one of a4, letter');
  });
});
