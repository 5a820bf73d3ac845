/** The first screen (issue 2 item 8): a template on the board, drawn with svg.js, and its diagnostics listed. */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './harness';
import { checkCodes, openApp, tab } from './driver';
import { validateScenario } from '../../src/rules';
import { templateScenario } from '../../src/scenario';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium(inject('chromium'));
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await openApp(page, inject('baseUrl'));
});
afterAll(async () => { await browser?.close(); });

describe('first screen', () => {
  test('opens on the open-field template with every square, zone and unit drawn', async () => {
    expect(await page.getByTestId('scenario-title').textContent()).toBe('“Open Field”');
    expect(await page.locator('[data-square]').count()).toBe(144);
    expect(await page.locator('[data-zone]').count()).toBe(2);
    // Every deployed unit of the template has its own group on the map.
    const ids = await page.locator('[data-unit]').evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
    expect(ids).toContain('t-knights-1');
    expect(ids).toContain('t-commander-1');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(30);
    expect(await page.locator('[data-protected="B6"][data-kind="woods"]').count()).toBe(1);
  });

  test('labels columns and rows on all four edges', async () => {
    const labels = await page.locator('svg text').allTextContents();
    expect(labels.filter((t) => t === 'A')).toHaveLength(2);
    expect(labels.filter((t) => t === 'L')).toHaveLength(2);
    expect(labels.filter((t) => t === '12')).toHaveLength(2);
  });

  test('lists the diagnostics with a count on the Checks tab', async () => {
    await tab(page, 'Checks');
    const expected = validateScenario(templateScenario('open-field')).map((d) => d.code).sort();
    const problems = expected.filter((c) => c !== 'advice-terrain');
    const tabText = await page.getByRole('tab', { name: /^Checks/ }).textContent();
    expect(tabText?.trim()).toBe(`Checks (${problems.length})`);
    expect((await checkCodes(page)).sort()).toEqual(expected);
  });
});

describe('top bar', () => {
  test('Print opens the print dialog for the open scenario and Close dismisses it', async () => {
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.locator('dialog.print-dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('dialog.print-dialog').count()).toBe(0);
  });
});
