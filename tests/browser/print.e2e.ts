/** Issue 12 end to end: a Cyrillic title prints as typed, the dialog shows pages and file names first, counters, and a booklet from the Library. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { browserSession } from './session';
import { newFromTemplate, openApp, tab } from './driver';
import { pdfText } from '../pdf/pdf-text';
import { textBoxes } from '../pdf/pdf-boxes';

let page: Page;
const session = browserSession();

async function download(click: () => Promise<void>): Promise<{ name: string; bytes: Uint8Array }> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]) as [Download, void];
  return { name: d.suggestedFilename(), bytes: new Uint8Array(readFileSync((await d.path())!)) };
}

/** The dialogs mark their controls with data-test. */
const byTest = (id: string) => page.locator(`[data-test="${id}"]`);

async function setTitle(title: string): Promise<void> {
  await tab(page, 'Scenario');
  const input = page.getByLabel('Title', { exact: true });
  await input.fill(title);
  await input.press('Tab');
}

describe('printing in any language', { timeout: 120_000 }, () => {
  test('a Cyrillic title: pages and file name before building, the PDF carries the title as typed', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Open Field');
    await setTitle('Ледовое побоище');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const plan = byTest('plan');
    await plan.waitFor({ timeout: 30_000 });
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('ледовое-побоище-pack.pdf');
    expect(await plan.textContent()).toMatch(/\d+ A4 pages/);
    // True scale on A4: the 12x12 board is 35 tiles plus the assembly page.
    await byTest('scale').selectOption('25mm');
    await byTest('doc-rosters').uncheck();
    await byTest('doc-reference').uncheck();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('36 A4 pages');
    expect(await plan.textContent()).toContain('ледовое-побоище-map-25mm.pdf');
    await page.screenshot({ path: '/tmp/print-dialog.png' });
    await byTest('scale').selectOption('fit');
    await byTest('doc-counters').check();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('Counters');
    const { name, bytes } = await download(() => byTest('print').click());
    expect(name).toBe('ледовое-побоище-pack.pdf');
    const { pages } = await pdfText(bytes);
    expect(pages[0]).toContain('Ледовое побоище');
    expect(pages.some((p) => p.includes('Counters: Ледовое побоище'))).toBe(true);
  });

  test('a booklet of two scenarios ticked in the Library', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Open Field');
    await newFromTemplate(page, 'Two Hills');
    await page.getByRole('button', { name: 'Library' }).click();
    await page.getByRole('checkbox', { name: 'Add Open Field to an event booklet' }).first().check();
    await page.getByRole('checkbox', { name: 'Add Two Hills to an event booklet' }).check();
    await byTest('make-booklet').click();
    await byTest('booklet-event').fill('Dzień klubowy');
    await expect.poll(() => byTest('booklet-pages').textContent(), { timeout: 30_000 }).toMatch(/\d+ A4 pages/);
    await page.screenshot({ path: '/tmp/print-booklet.png' });
    const { name, bytes } = await download(() => byTest('booklet-make').click());
    expect(name).toBe('dzień-klubowy-booklet.pdf');
    const { pages } = await pdfText(bytes);
    expect(pages[0]).toContain('Dzień klubowy');
    expect(pages[1]).toContain('Contents');
  });
});

describe('issue 44: the print dialog\'s choices', { timeout: 120_000 }, () => {
  test('the map scale is chosen for counters alone; large print and a terrain-only mat are offered and planned', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Open Field');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const plan = byTest('plan');
    await plan.waitFor({ timeout: 30_000 });
    // Only Counters ticked: the scale picker sizes them, so it stays enabled.
    await byTest('doc-map').uncheck();
    await byTest('doc-rosters').uncheck();
    await byTest('doc-reference').uncheck();
    await byTest('doc-counters').check();
    expect(await byTest('scale').isEnabled()).toBe(true);
    await byTest('scale').selectOption('15mm');
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toMatch(/Counters: 3 pages/);
    // Large print: the plan says so and counts more than the standard sheet's two pages.
    await byTest('doc-counters').uncheck();
    await byTest('doc-reference').check();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('Nevsky quick reference: 2 pages');
    await byTest('reference-print').selectOption('large');
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toMatch(/Nevsky quick reference: \d+ pages \(large print/);
    // Terrain only: the map's file is a mat.
    await byTest('doc-reference').uncheck();
    await byTest('doc-map').check();
    await byTest('terrain-only').check();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('open-field-mat-15mm.pdf');
    await page.screenshot({ path: '/tmp/hprint-shots/print-dialog.png' });
  });
});

describe('issue 44: the roster builder prints the reference in large print', { timeout: 120_000 }, () => {
  test('a Dewitt roster: its PDF has the units\' profiles and rules; "Large print" gives a reference with nothing under 8 pt', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library' }).click();
    await page.getByRole('button', { name: 'New roster from example English retinue, 1415' }).click();
    await page.getByTestId('roster-view').waitFor();
    const roster = await download(() => page.getByRole('button', { name: 'Roster PDF' }).click());
    const text = (await pdfText(roster.bytes)).pages.join(' ');
    expect(text).toContain('Casualties Unit Troops Morale Move');
    expect(text).toContain('Rules for these units');
    await byTest('roster-large-print').check();
    const ref = await download(() => page.getByRole('button', { name: 'Reference sheet PDF' }).click());
    expect(ref.name).toBe('dewitt-medieval-reference-large.pdf');
    const { boxes } = await textBoxes(ref.bytes);
    expect(boxes.filter((b) => b.size < 8)).toEqual([]);
    expect(boxes.map((b) => b.str).join(' ')).toContain('Dewitt Medieval Wargaming Rules: quick reference');
  });
});
