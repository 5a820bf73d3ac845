import { describe, expect, test } from 'vitest';
import { PAPERS, buildReferencePdf, renderSheet } from '../../src/pdf';
import { createDoc, finishDoc } from '../../src/pdf/pdfkit';
import { TROOPS, TROOP_TYPES } from '../../src/rules';
import type { Sheet } from '../../src/rulesets';
import { pdfText } from './pdf-text';

async function render(sheet: Sheet, columns: 1 | 2 = 1): Promise<string[]> {
  const doc = createDoc({ title: sheet.title });
  renderSheet(doc, sheet, { paper: 'a4', ink: 'color', columns, fontSize: 8 });
  return (await pdfText(await finishDoc(doc))).pages;
}

describe('sheet renderer: words never break inside a table cell', () => {
  test.each(PAPERS)('the Nevsky troop table headers and troop names print whole on %s', async (paper) => {
    const text = (await pdfText(await buildReferencePdf({ paper, ink: 'color' }))).pages.join(' ');
    expect(text).toContain('Troop Code Move Melee Sup Range Pts Stands');
    for (const t of TROOP_TYPES) expect(text).toContain(`${TROOPS[t].name} ${TROOPS[t].code}`);
  });

  test('a column too narrow for its longest word takes width from the others', async () => {
    const pages = await render({
      title: 'Widths', blocks: [{ kind: 'table', columns: ['Extraordinarily', 'B'], widths: [0.05, 10], rows: [['Crossbowmen', 'x']] }],
    });
    expect(pages[0]).toContain('Extraordinarily B Crossbowmen x');
  });

  test('a table with more words than width shrinks the font instead of cutting a word', async () => {
    const long = 'Crossbowmen';
    const pages = await render({ title: 'Shrink', blocks: [{ kind: 'table', columns: Array.from({ length: 7 }, () => long), rows: [] }] }, 2);
    expect(pages[0]!.split(' ').filter((w) => w === long)).toHaveLength(7);
  });
});

describe('sheet renderer: keep with next', () => {
  test.each([1, 5, 9])('a heading is never left alone at the bottom of a page (filler %i)', async (filler) => {
    const para = 'Filler text for the page, long enough to wrap over a few lines of a single column. '.repeat(filler);
    const blocks: Sheet['blocks'] = [];
    for (let i = 0; i < 60; i++) blocks.push({ kind: 'paragraph', text: `${i}: ${para}` });
    for (let i = 0; i < 8; i++) blocks.push({ kind: 'heading', text: `Heading number ${i}` }, { kind: 'note', text: `Boxed note ${i}: ${para}` });
    const pages = await render({ title: 'Keep', blocks });
    expect(pages.length).toBeGreaterThan(1);
    for (let i = 0; i < 8; i++) {
      const page = pages.findIndex((p) => p.includes(`Heading number ${i}`));
      expect(page).toBeGreaterThanOrEqual(0);
      expect(pages[page]).toContain(`Boxed note ${i}:`);
    }
  });
});

describe('Nevsky reference odds', () => {
  test('odds under 1% print as "<1%", never "0%" for a possible hit; average hits never "0.00"', async () => {
    const text = (await pdfText(await buildReferencePdf({ paper: 'a4', ink: 'color' }))).pages.join(' ');
    expect(text).toContain('triple 1 <1% · <0.01');
    // The only 0% left is the truly impossible cell.
    expect(text.match(/\b0% · /g) ?? []).toHaveLength((text.match(/no hit possible 0% · 0\.00/g) ?? []).length);
    expect(text).not.toMatch(/(?<!no hit possible )0% · 0\.00/);
  });
});
