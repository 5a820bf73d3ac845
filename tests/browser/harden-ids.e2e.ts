/**
 * Issue 31 items 4 and 10 in the page: an imported game whose scenario has set-up errors is refused with the message
 * every way in gives (readGame), and nothing is added; text from a file is shown with its control and
 * right-to-left override characters escaped, as the CLI prints it.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createGame, formatJson, saveGame } from '../../src/rules';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { browserSession } from './session';
import { openApp, tab } from './driver';

let page: Page;
const session = browserSession();

async function importText(name: string, text: string): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function libraryTitles(): Promise<string[]> {
  await page.getByRole('button', { name: 'Library' }).click();
  await page.locator('[data-entry] h3').first().waitFor();
  const titles = (await page.locator('[data-entry] h3').allTextContents()).sort();
  await page.getByRole('button', { name: /^Back to/ }).click();
  return titles;
}

describe('files that must not come in as they are', () => {
  test('a game whose two sides share one id is refused with the message, and nothing is added', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    const game = saveGame(createGame(templateScenario('open-field')!, { seed: 1 }));
    game.scenario.sides[1]!.id = 'teutonic';
    await importText('same-ids.game.json', formatJson(game));
    const dialog = page.getByRole('alertdialog', { name: 'Could not open same-ids.game.json' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('import-refusal').textContent())
      .toBe('The game\'s scenario has set-up errors and cannot be played: both sides have the id "teutonic".');
    expect(await dialog.getByTestId('plain-problem').first().textContent()).toBe('Both sides have the id "teutonic".');
    expect(await dialog.textContent()).toContain('Nothing was added to the library.');
    await page.screenshot({ path: '/tmp/harden-ids-refused.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('scenario-title').textContent()).toBe('“Open Field”');
    expect(await libraryTitles()).toEqual(['Open Field']);
    // Nor after a reload: no game entry was written.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await libraryTitles()).toEqual(['Open Field']);
  });

  test('a title and a side name with a right-to-left override and control characters are shown escaped', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    const scenario = templateScenario('open-field')!;
    scenario.meta.title = 'Ford\u202e at Uzmen\u0007\u001b[31m';
    scenario.sides[0]!.name = 'Order\u202e\u2066 of\u009b';
    await importText('rlo.json', serializeScenario(scenario));
    const escapedTitle = 'Ford\\u202e at Uzmen\\u0007\\u001b[31m';
    await expect.poll(() => page.getByTestId('scenario-title').textContent()).toBe(`“${escapedTitle}”`);
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toContain(`Added “${escapedTitle}” to your library`);
    await tab(page, 'Sides');
    expect(await page.locator('[data-side="teutonic"] h3').textContent()).toContain('Order\\u202e\\u2066 of\\u009b');
    expect(await libraryTitles()).toEqual(['Open Field', escapedTitle].sort());
    await page.screenshot({ path: '/tmp/harden-ids-escaped.png' });
    // Nowhere on the page (text, not the editable fields) is a raw override or control character.
    const raw = await page.evaluate(() => document.body.innerText);
    // eslint-disable-next-line no-control-regex -- the characters looked for
    const found = [...raw.matchAll(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g)].map((m) => JSON.stringify(raw.slice(Math.max(0, m.index - 40), m.index + 5)));
    expect(found).toEqual([]);
  });
});
