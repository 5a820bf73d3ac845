/**
 * Issue 13 item 8: axe-core on every screen (library, editor with each tab, dialogs, print dialog, roster view):
 * no serious or critical violations.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { openApp, tab } from './driver';
import { importScenario, screen, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

let page: Page;
const session = browserSession();

/** Serious and critical violations on the page as it is now, one line each (rule, impact, first targets). */
async function seriousViolations(): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

// axe takes some seconds per screen on a busy machine.
describe('accessibility (axe)', { timeout: 90_000 }, () => {
  test('the check is live: an unnamed button added to the page is reported', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.evaluate(() => { document.body.append(document.createElement('button')); });
    expect((await seriousViolations()).join('\n')).toMatch(/^button-name \(critical\)/m);
  });

  test('library page', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library' }).click();
    await page.locator('[data-entry]').first().waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  test.each(['Scenario', 'Sides', 'Checks'] as const)('editor with the %s tab', async (name) => {
    page = await session.fresh();
    await openApp(page, session.url());
    await tab(page, name);
    expect(await seriousViolations()).toEqual([]);
  });

  test('the shortcuts list and the map key', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.keyboard.press('Shift+Slash');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('k');
    await page.getByRole('dialog', { name: 'Map key' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  test('print dialog', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.locator('dialog.print-dialog').waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  test('roster view', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library' }).click();
    await page.locator('[data-new-roster]').first().getByRole('button').click();
    await page.getByTestId('roster-check-count').waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  test('phone-sized editor and an import problem list', async () => {
    page = await session.fresh();
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, session.url());
    expect(await seriousViolations()).toEqual([]);
    await page.getByTestId('import-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": 1}') });
    await page.getByTestId('import-problems').waitFor();
    expect(await seriousViolations()).toEqual([]);
  });

  test('balance tab', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await tab(page, 'Balance');
    expect(await seriousViolations()).toEqual([]);
  });

  test('play view: setup dialog, hand-over screen, a turn in play, and the result', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(await seriousViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Start the game' }).click();
    expect(await screen(page)).toBe('hand-over');
    expect(await seriousViolations()).toEqual([]);
    let seenPlay = false;
    for (let i = 0; i < 400; i++) {
      const now = await screen(page);
      if (now === 'result') break;
      if (now === 'hand-over') { await page.getByRole('button', { name: /show my view/ }).click(); continue; }
      if (!seenPlay) { expect(await seriousViolations()).toEqual([]); seenPlay = true; }
      await suggestAndConfirm(page);
    }
    expect(await screen(page)).toBe('result');
    expect(await seriousViolations()).toEqual([]);
  }, 240_000);
});
