/** Issue 12, item 3: counters sized to the map's squares, measured in the PDF from where their codes print. */
import { beforeAll, describe, expect, test } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  buildPrintPdf, COUNTER_MODES, DEFAULT_PRINT_OPTIONS, layoutCounters, MAP_SCALES, mapSquarePt, PT_PER_MM, standsPerRow, TRUE_SQUARE_PT, UNIT_SHARE,
  type PdfFonts, type PrintOptions,
} from '../../src/pdf';
import { printFonts } from '../../src/cli/print-fonts';
import { faceOf } from '../../src/pdf/counters';
import { createDoc } from '../../src/pdf/pdfkit';
import { textBoxes } from './pdf-boxes';
import { TROOPS, type Scenario } from '../../src/rules';
import { resolveScenario, TEMPLATES } from '../../src/scenario';

const scenario = (): Scenario => TEMPLATES.find((t) => t.id === 'open-field')!.scenario;
const options = (over: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, documents: ['counters'], ...over });
const CODES = new Set(Object.values(TROOPS).map((t) => t.code));

/** x positions (points) of the troop codes on the first page, by text row. */
async function codePositions(bytes: Uint8Array): Promise<{ rows: Map<number, number[]>; pages: number; text: string }> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const rows = new Map<number, number[]>();
  let text = '';
  for (const it of content.items) {
    if (!('str' in it)) continue;
    text += `${it.str} `;
    if (!CODES.has(it.str.trim())) continue;
    const y = Math.round(it.transform[5] as number);
    rows.set(y, [...(rows.get(y) ?? []), (it.transform[4] as number) + it.width / 2]);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { rows, pages, text };
}

describe('3 counter sheet', { timeout: 30_000 }, () => {
  test.each([['15mm', 1], ['25mm', 1], ['15mm', 1.04], ['25mm', 0.96]] as const)('unit counters at %s, correction x%s, are 0.9 of a square wide: they fit its squares', async (scale, k) => {
    const square = TRUE_SQUARE_PT[scale] * k;
    const { rows, text } = await codePositions(await buildPrintPdf(scenario(), options({ scale, correction: k * 100 })));
    // Full-width counters sit side by side: the distance between neighbouring codes is one counter's width.
    const gaps = [...rows.values()].flatMap((xs) => xs.slice(1).map((x, i) => x - xs[i]!)).filter((g) => g > square * 0.6 && g < square);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    for (const g of gaps) expect(g).toBeCloseTo(square * UNIT_SHARE.width, 0);
    expect(text).toContain('Knights');
    expect(text).toContain('t-knights-1');
  });

  test('one counter per stand: every stand of every unit, a unit\'s stands together within 90% x 50% of a square', () => {
    const rs = resolveScenario(scenario());
    const layout = layoutCounters(rs, options({ scale: '25mm', counters: 'stand' }));
    const all = layout.pages.flatMap((p) => p.counters);
    const stands = rs.sides.flatMap((s) => s.units).reduce((n, u) => n + (u.type === 'ballista' ? 1 : u.stands), 0);
    expect(all).toHaveLength(stands);
    for (const c of all) {
      const full = TROOPS[c.unit.type].stands;
      const perRow = full === 3 ? 3 : Math.min(full, 2);
      expect(c.width * perRow).toBeLessThanOrEqual(288 * UNIT_SHARE.width + 0.01);
      expect(c.height * Math.ceil(full / perRow)).toBeLessThanOrEqual(288 * UNIT_SHARE.depth + 0.01);
      // Counters stay inside the page's printable area.
      expect(c.x + c.width).toBeLessThanOrEqual(layout.width - 29.99);
      expect(c.y + c.height).toBeLessThanOrEqual(layout.height - 29.99);
    }
  });

  test('both sides get their counters, each side starting its own row', () => {
    const layout = layoutCounters(resolveScenario(scenario()), options({ scale: 'fit' }));
    const all = layout.pages.flatMap((p) => p.counters);
    const firstSouth = all.findIndex((c) => c.edge === 'south');
    expect(firstSouth).toBeGreaterThan(0);
    expect(all[firstSouth]!.x).toBe(30);
    expect(new Set(all.map((c) => c.unit.id)).size).toBe(resolveScenario(scenario()).sides.flatMap((s) => s.units).length);
  });
});

/** Issue 44, deliver 2: every counter fits the square it names, and its code, name and id never overlap. */
describe('counters fit their squares; the lines on a counter never overlap (measured in the PDF)', { timeout: 60_000 }, () => {
  let fonts: PdfFonts;
  beforeAll(async () => { fonts = await printFonts(); });

  const cases = MAP_SCALES.flatMap((scale) => COUNTER_MODES.map((counters) => [scale, counters] as const));
  test.each(cases)('%s map, one counter per %s', async (scale, counters) => {
    const o = options({ scale, counters, fonts });
    const rs = resolveScenario(scenario());
    const layout = layoutCounters(rs, o);
    const square = mapSquarePt(rs, o);
    if (scale === 'fit') expect(square).toBeLessThanOrEqual(15.5 * PT_PER_MM);
    const { boxes } = await textBoxes(await buildPrintPdf(scenario(), o));
    const measure = createDoc({ title: 'measure', fonts });
    const problems: string[] = [];
    layout.pages.forEach((page, i) => {
      const onPage = boxes.filter((b) => b.page === i + 1);
      for (const c of page.counters) {
        // A unit's counter, or its stands side by side, within 90% x 50% of the square: room to spare all round.
        const perRow = c.stand ? standsPerRow(TROOPS[c.unit.type].stands) : 1;
        expect(c.width * perRow).toBeLessThanOrEqual(square * UNIT_SHARE.width + 0.01);
        expect(c.height).toBeLessThanOrEqual(square * UNIT_SHARE.depth + 0.01);
        const mine = onPage.filter((b) => (b.x0 + b.x1) / 2 > c.x && (b.x0 + b.x1) / 2 < c.x + c.width && (b.top + b.bottom) / 2 > c.y && (b.top + b.bottom) / 2 < c.y + c.height);
        const label = `${c.unit.id}${c.stand ? ` stand ${c.stand}` : ''}`;
        if (!mine.some((b) => b.str === TROOPS[c.unit.type].code)) problems.push(`${label}: no code`);
        // Inside the white panel, clear of the side's patterned band.
        const p = faceOf(measure, c).panel;
        for (const b of mine) {
          if (b.x0 < p.x - 0.2 || b.x1 > p.x + p.w + 0.2 || b.top < p.y - 0.2 || b.bottom > p.y + p.h + 0.2) problems.push(`${label}: "${b.str}" sticks out of the panel`);
        }
        mine.forEach((a, k) => mine.slice(k + 1).forEach((b) => {
          const overlapX = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
          const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (overlapX > 0.2 && overlapY > 0.2) problems.push(`${label}: "${a.str}" and "${b.str}" overlap by ${overlapY.toFixed(2)} pt`);
        }));
      }
    });
    expect(problems).toEqual([]);
  });

  test('the fit map of the largest board (48 x 24): tiny counters still fit, their lines never overlap', async () => {
    const big = structuredClone(scenario());
    big.board = { columns: 48, rows: 24 };
    const o = options({ scale: 'fit', fonts });
    const rs = resolveScenario(big);
    const layout = layoutCounters(rs, o);
    const square = mapSquarePt(rs, o);
    const { boxes } = await textBoxes(await buildPrintPdf(big, o));
    const problems: string[] = [];
    for (const c of layout.pages[0]!.counters) {
      expect(c.width).toBeLessThanOrEqual(square * UNIT_SHARE.width + 0.01);
      const mine = boxes.filter((b) => b.page === 1 && (b.x0 + b.x1) / 2 > c.x && (b.x0 + b.x1) / 2 < c.x + c.width && (b.top + b.bottom) / 2 > c.y && (b.top + b.bottom) / 2 < c.y + c.height);
      if (mine.length === 0) problems.push(`${c.unit.id}: nothing printed`);
      const p = faceOf(createDoc({ title: 'measure', fonts }), c).panel;
      for (const b of mine) if (b.x0 < p.x - 0.2 || b.x1 > p.x + p.w + 0.2 || b.top < p.y - 0.2 || b.bottom > p.y + p.h + 0.2) problems.push(`${c.unit.id}: "${b.str}" sticks out of the panel`);
      if (mine.length > 1) problems.push(`${c.unit.id}: ${mine.length} lines on a tiny counter`);
    }
    expect(problems).toEqual([]);
  });

  test('on table-scale counters the name and the id print in full; on compact ones the sheet keys every code', async () => {
    const big = (await textBoxes(await buildPrintPdf(scenario(), options({ scale: '15mm', fonts })))).boxes.map((b) => b.str);
    expect(big).toContain('Armored Infantry');
    expect(big).toContain('t-armored-inf-1');
    const compact = (await textBoxes(await buildPrintPdf(scenario(), options({ scale: 'fit', fonts })))).boxes.map((b) => b.str).join(' ');
    expect(compact).toContain('t-armored-inf-1');
    expect(compact).toMatch(/Codes: .*AI Armored Infantry/);
  });
});
