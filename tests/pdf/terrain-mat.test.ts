/** Issue 44, deliver 4: a terrain-only mat (the true-scale map always printed the units). */
import { describe, expect, test } from 'vitest';
import { buildPrintPdf, DEFAULT_PRINT_OPTIONS, documentFileName, printPlan, type PrintOptions } from '../../src/pdf';
import { TROOPS, type Scenario } from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { pdfText } from './pdf-text';

const scenario = (): Scenario => TEMPLATES.find((t) => t.id === 'open-field')!.scenario;
const options = (over: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, documents: ['map'], ...over });
const ids = scenario().sides.flatMap((s) => s.units.map((u) => u.id));

describe('terrain-only mat', { timeout: 60_000 }, () => {
  test('at table scale the tiles carry the unit ids, the terrain-only mat none; it says what it is', async () => {
    const withUnits = (await pdfText(await buildPrintPdf(scenario(), options({ scale: '15mm' })))).pages.join(' ');
    const mat = (await pdfText(await buildPrintPdf(scenario(), options({ scale: '15mm', terrainOnly: true })))).pages;
    expect(ids.filter((id) => withUnits.includes(id)).length).toBeGreaterThan(10);
    expect(ids.filter((id) => mat.join(' ').includes(id))).toEqual([]);
    expect(mat[0]).toContain('True-scale mat (terrain only, no units)');
    // Squares are still named on every tile: the mat is for setting up from the rosters.
    expect(mat[1]).toMatch(/\bA1\b/);
  });

  test('the fit map without units: no troop codes on the board, a note to set up from the rosters', async () => {
    const codes = Object.values(TROOPS).map((t) => t.code);
    const count = (text: string) => text.split(' ').filter((w) => codes.includes(w)).length;
    const map = (await pdfText(await buildPrintPdf(scenario(), options({})))).pages[0]!;
    const mat = (await pdfText(await buildPrintPdf(scenario(), options({ terrainOnly: true })))).pages[0]!;
    expect(count(map)).toBeGreaterThan(10);
    // The legend's sample counters are the only codes left.
    expect(count(mat)).toBeLessThanOrEqual(2);
    expect(mat).toContain('Terrain only: set the units up from the rosters.');
  });

  test('its file is named as a mat, and the plan says it has no units', () => {
    expect(documentFileName('ford', 'map', { scale: '25mm', terrainOnly: true })).toBe('ford-mat-25mm.pdf');
    expect(documentFileName('ford', 'map', { scale: '25mm' })).toBe('ford-map-25mm.pdf');
    const plan = printPlan(scenario(), options({ scale: '25mm', terrainOnly: true }), 'ford');
    expect(plan.entries[0]!.note).toContain('terrain only, no units');
    expect(plan.packFileName).toBe('ford-mat-25mm.pdf');
  });
});
