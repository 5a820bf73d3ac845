import { describe, expect, test } from 'vitest';
import {
  MAP_SCALES, PAPERS, PAPER_SIZES, buildPrintPdf, buildReferencePdf, tilePlanFor, DEFAULT_PRINT_OPTIONS, checkPrintOptions,
  type MapScale, type Paper, type PrintOptions,
} from '../../src/pdf';
import { TROOPS, divisionPoints, sidePoints, standsOf, FIRE_TABLES, hitOdds, type Scenario } from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { pdfText } from './pdf-text';

const options = (over: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, printedOn: '2026-11-22', ...over });
const byId = (id: string): Scenario => TEMPLATES.find((t) => t.id === id)!.scenario;
const cases = TEMPLATES.flatMap((t) => PAPERS.flatMap((paper) => MAP_SCALES.map((scale) => [t.id, paper, scale] as [string, Paper, MapScale])));

describe('map PDF', () => {
  test.each(cases)('%s map on %s at scale %s: labels, page count and page size', async (id, paper, scale) => {
    const scenario = byId(id);
    const bytes = await buildPrintPdf(scenario, options({ paper, scale, documents: ['map'] }));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pages, sizes } = await pdfText(bytes, 3);
    const size = PAPER_SIZES[paper];
    for (const [w, h] of sizes) expect([w, h].sort((a, b) => a - b)).toEqual([size.width, size.height].sort((a, b) => a - b));
    if (scale === 'fit') {
      expect(pages).toHaveLength(1);
      const text = pages[0]!;
      expect(text).toContain(scenario.meta.title);
      const columns = scenario.board.columns ?? 12;
      // Column letters and row numbers, each printed on both edges.
      const first = text.split(' ').filter((w) => w === 'A').length;
      expect(first).toBeGreaterThanOrEqual(2);
      expect(text).toContain(columns > 12 ? 'X' : 'L');
      for (const side of scenario.sides) expect(text).toContain(`${side.name ?? ''} set up here (${side.edge} edge`);
      expect(text).toMatch(/Rules: Turn limit \d+|Rules: No turn limit/);
      expect(text).toContain('Legend');
    } else {
      const plan = tilePlanFor(scenario, options({ paper, scale }));
      expect(pages).toHaveLength(1 + plan.tiles.length);
      expect(pages[0]).toContain('True-scale map, assembly index');
      expect(pages[0]).toContain(`${plan.tileRows} x ${plan.tileColumns} = ${plan.tiles.length}`);
      expect(pages[0]).toContain('Calibration: 6 inches');
      expect(pages[0]).toContain('Calibration: 150 mm');
      expect(pages[0]).toContain(scale === '15mm' ? '3 in squares' : '4 in squares');
      const t = plan.tiles[0]!;
      expect(pages[1]).toContain(`Tile ${t.label} of ${plan.tileRows} x ${plan.tileColumns} · squares ${t.squares}`);
      expect(pages[1]).toContain('A1');
      if (plan.tiles[1]) expect(pages[2]).toContain(`Tile ${plan.tiles[1].label}`);
    }
  });

  test('the correction percentage is printed and scales the true-scale square', async () => {
    const scenario = byId('open-field');
    const plan = tilePlanFor(scenario, options({ scale: '25mm', correction: 102 }));
    expect(plan.square).toBeCloseTo(293.76, 6);
    const { pages } = await pdfText(await buildPrintPdf(scenario, options({ scale: '25mm', correction: 102, documents: ['map'] })), 2);
    expect(pages[0]).toContain('corrected 102%');
    expect(pages[0]).toContain('293.76 pt');
  });
});

describe('rosters PDF', () => {
  test.each(TEMPLATES.flatMap((t) => PAPERS.map((p) => [t.id, p] as const)))('%s rosters on %s: every unit line and the points totals', async (id, paper) => {
    const scenario = byId(id);
    const { pages } = await pdfText(await buildPrintPdf(scenario, options({ paper, documents: ['rosters'] })));
    const text = pages.join(' ');
    for (const side of scenario.sides) {
      expect(text).toContain(`Roster: ${side.name}`);
      expect(text).toContain(`Total points ${sidePoints(side)} against ${divisionPoints(side.army, side.divisions ?? 1)}`);
      for (const u of side.units) {
        const stands = u.type === 'ballista' ? '1 engine' : `${standsOf(u)}/${TROOPS[u.type].stands}`;
        expect(text).toContain(`${u.id} ${TROOPS[u.type].name} ${stands} ${u.at ?? 'not deployed'}`);
      }
    }
    expect(text).toContain('Rules these troops use');
  });

  test('2D standard divisions: 215 Teutonic and 208 Russian points on the open-field rosters', async () => {
    const { pages } = await pdfText(await buildPrintPdf(byId('open-field'), options({ documents: ['rosters'] })));
    const text = pages.join(' ');
    expect(text).toContain('Total points 215 against 215');
    expect(text).toContain('Total points 208 against 208');
  });

  test('the rosters list the scenario warnings (river crossing: advice-terrain)', async () => {
    const { pages } = await pdfText(await buildPrintPdf(byId('river-crossing'), options({ documents: ['rosters'] })));
    expect(pages.join(' ')).toContain('Warning (advice-terrain)');
  });
});

describe('Nevsky reference sheet PDF', () => {
  test.each(PAPERS)('fits one sheet, both sides, on %s', async (paper) => {
    const { pages } = await pdfText(await buildReferencePdf({ paper, ink: 'color' }));
    expect(pages).toHaveLength(2);
    const text = pages.join(' ');
    for (const label of ['Troops', 'Sequence of play', 'Movement', 'Missile fire', 'Fire by crossbowmen', 'MDI superiority', 'Melee', 'Retreats', 'Other rules', 'Readings this program takes', 'Reading, ballista', 'Reading, line of fire', 'Reading, MDI table']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Points at full strength 215 208');
  });

  test('missile table cells carry the odds computed by hitOdds for a full-strength unit', async () => {
    const { pages } = await pdfText(await buildReferencePdf({ paper: 'a4', ink: 'saver' }));
    const text = pages.join(' ');
    const rule = FIRE_TABLES.crossbow.knights[1];
    const odds = hitOdds(rule, 3);
    expect(text).toContain(`${Math.round(odds.atLeastOne * 100)}% · ${odds.expected.toFixed(2)}`);
    expect(text).toContain('88% · 1.50');
  });

  test('9I worked examples are printed from the melee arithmetic', async () => {
    const { pages } = await pdfText(await buildReferencePdf({ paper: 'letter', ink: 'color' }));
    const text = pages.join(' ');
    expect(text).toContain('A square, B flanking: A loses 4, B loses 2; 7 against 5, B is weaker and retreats 2.');
    expect(text).toContain('B is destroyed');
  });
});

describe('print pack', () => {
  test('the combined PDF starts the reference sheet on an odd page', async () => {
    const { pages } = await pdfText(await buildPrintPdf(byId('open-field'), options({ documents: ['map', 'rosters', 'reference'] })));
    const first = pages.findIndex((p) => p.includes('Nevsky quick reference'));
    expect(first % 2).toBe(0);
    expect(pages.length - first).toBe(2);
  });

  test.each([
    [{ correction: 150 }, /correction 150% is outside 80-120%/],
    [{ documents: [] }, /at least one document/],
    [{ paper: 'a3' as Paper }, /paper "a3"/],
  ] as const)('bad options are named: %o', (over, message) => {
    expect(checkPrintOptions(options(over as Partial<PrintOptions>)).join('; ')).toMatch(message);
  });
});
