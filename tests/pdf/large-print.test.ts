/** Issue 44, deliver 1 and 4: the large-print quick reference, and sheet headers that stay on the page. */
import { beforeAll, describe, expect, test } from 'vitest';
import { buildReferencePdf, buildRosterPdf, type PdfFonts, type ReferencePdfOptions } from '../../src/pdf';
import { printFonts } from '../../src/cli/print-fonts';
import { getRuleset, parseRoster, RULESET_IDS, sheetText } from '../../src/rulesets';
import { readFileSync, readdirSync } from 'node:fs';
import { textBoxes } from './pdf-boxes';

const MARGIN = 32;
/** DejaVu Sans, as the app and the command line print (wider than the standard Helvetica). */
let fonts: PdfFonts;
beforeAll(async () => { fonts = await printFonts(); });
const reference = (o: Partial<ReferencePdfOptions>) => buildReferencePdf({ paper: 'a4', ink: 'color', printedOn: '2026-11-29', ...o });

describe('large-print reference: at least 8 pt everywhere, notes included', { timeout: 60_000 }, () => {
  test.each(RULESET_IDS)('%s: every text on every page is 8 pt or more, and the sheet says all it says in standard print', async (ruleset) => {
    const { boxes, pages } = await textBoxes(await reference({ ruleset, print: 'large', fonts }));
    expect(boxes.length).toBeGreaterThan(50);
    const small = boxes.filter((b) => b.size < 8 - 1e-6).map((b) => `${b.str} (${b.size.toFixed(2)} pt, page ${b.page})`);
    expect(small).toEqual([]);
    // Same content as the standard sheet: every heading of the sheet prints.
    const text = boxes.map((b) => b.str).join(' ');
    for (const block of getRuleset(ruleset)!.referenceSheet().blocks) if (block.kind === 'heading') expect(text).toContain(block.text);
    expect(pages.length).toBeGreaterThanOrEqual(1);
  });

  test('the standard Nevsky sheet keeps its two pages and its small print; large print takes more pages', async () => {
    const standard = await textBoxes(await reference({}));
    const large = await textBoxes(await reference({ print: 'large' }));
    expect(standard.pages).toHaveLength(2);
    expect(Math.min(...standard.boxes.map((b) => b.size))).toBeLessThan(6);
    expect(large.pages.length).toBeGreaterThan(2);
    // Larger body text: the most common size is at least 11 pt.
    const sizes = new Map<number, number>();
    for (const b of large.boxes) sizes.set(Math.round(b.size), (sizes.get(Math.round(b.size)) ?? 0) + 1);
    const common = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    expect(common).toBeGreaterThanOrEqual(11);
    expect(sheetText(getRuleset('nevsky')!.referenceSheet()).length).toBeGreaterThan(1000);
  });
});

/** Text items that run past the right margin (or off the page). */
function offPage(boxes: Awaited<ReturnType<typeof textBoxes>>): string[] {
  return boxes.boxes.filter((b) => b.x1 > boxes.pages[b.page - 1]!.width - MARGIN + 0.5).map((b) => `"${b.str}" ends at ${b.x1.toFixed(1)} on page ${b.page}`);
}

describe('sheet headers fit the page (issue 44: the Dewitt subtitle ran off it)', { timeout: 60_000 }, () => {
  test.each(RULESET_IDS.flatMap((r) => [[r, 'standard'], [r, 'large']] as const))('%s reference in %s print: no text past the right margin', async (ruleset, print) => {
    expect(offPage(await textBoxes(await reference({ ruleset, print, fonts })))).toEqual([]);
  });

  test.each(readdirSync('templates/rosters'))('roster %s: no text past the right margin', async (file) => {
    const parsed = parseRoster(readFileSync(`templates/rosters/${file}`, 'utf8'));
    if (!parsed.ok) throw new Error(`${file} does not read`);
    expect(offPage(await textBoxes(await buildRosterPdf(parsed.roster, { paper: 'a4', printedOn: '2026-11-29', fonts })))).toEqual([]);
  });
});
