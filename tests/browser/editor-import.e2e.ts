/** Issue 13 item 5: import and share confirm what they added, ask when the scenario is already there, and speak plainly. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { browserSession } from './session';
import { exportedScenario, openApp, protectedSquares } from './driver';

let page: Page;
const session = browserSession({ clipboard: true });

async function fresh(): Promise<void> {
  page = await session.fresh();
  await openApp(page, session.url());
}

async function importText(name: string, text: string): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function libraryTitles(): Promise<string[]> {
  await page.getByRole('button', { name: 'Library' }).click();
  const titles = (await page.locator('[data-entry] h3').allTextContents()).sort();
  await page.getByRole('button', { name: /^Back to/ }).click();
  return titles;
}

const title = () => page.getByTestId('scenario-title').textContent();
const ford = templateScenario('river-crossing')!;

describe('import and share', () => {
  test('a new scenario is added with a confirmation naming it', async () => {
    await fresh();
    await importText('ford.json', serializeScenario(ford));
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toContain('Added “The Ford and the Bridge” to your library from ford.json.');
    expect(await title()).toBe('“The Ford and the Bridge”');
    expect(await libraryTitles()).toEqual(['Open Field', 'The Ford and the Bridge']);
  });

  test('the same scenario again: open the existing one, replace it (one Undo away) or keep both, told apart', async () => {
    await fresh();
    // The library has "Open Field"; a changed copy of it arrives.
    const changed = templateScenario('open-field')!;
    changed.terrain = { protected: [{ at: 'F5', kind: 'rocks' }] };
    const text = serializeScenario(changed);
    const dialog = page.getByRole('dialog', { name: '“Open Field” is already in your library' });

    await importText('club.json', text);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('The two differ.');
    await page.screenshot({ path: '/tmp/editor-import-choice.png' });
    await dialog.getByRole('button', { name: 'Open the existing one' }).click();
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toContain('Opened “Open Field”, already in your library');
    expect(await protectedSquares(page)).not.toContain('F5');
    expect(await libraryTitles()).toEqual(['Open Field']);

    await importText('club.json', text);
    await dialog.getByRole('button', { name: 'Replace it' }).click();
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toContain('Replaced “Open Field” with the scenario from club.json');
    await expect.poll(() => protectedSquares(page)).toEqual(['F5']);
    expect(await libraryTitles()).toEqual(['Open Field']);
    await page.keyboard.press('Control+Z');
    expect(await protectedSquares(page)).not.toContain('F5');
    await page.keyboard.press('Control+Y');

    await importText('club.json', text);
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    const today = new Date().toISOString().slice(0, 10);
    await expect.poll(title).toBe(`“Open Field (imported ${today})”`);
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toContain(`Added “Open Field (imported ${today})”`);
    await importText('club.json', text);
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    expect(await libraryTitles()).toEqual(['Open Field', `Open Field (imported ${today} 2)`, `Open Field (imported ${today})`].sort());
  });

  test('a share link of a scenario already in the library asks too', async () => {
    await fresh();
    await page.getByRole('button', { name: 'Share link' }).click();
    const link = await page.getByTestId('share-url').inputValue();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.goto(link);
    await page.waitForSelector('body[data-ready="true"]');
    const dialog = page.getByRole('dialog', { name: '“Open Field” is already in your library' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('from a share link');
    expect(await dialog.textContent()).toContain('The two are identical.');
    await dialog.getByRole('button', { name: 'Open the existing one' }).click();
    expect(await libraryTitles()).toEqual(['Open Field']);
    expect((await exportedScenario(page)).meta).toEqual(templateScenario('open-field')!.meta);
  });

  test('a broken file is explained in plain English with the technical pointer beside it', async () => {
    await fresh();
    const s = JSON.parse(serializeScenario(ford)) as { terrain: { protected?: Array<{ kind: unknown }> } };
    s.terrain.protected = [{ at: 'C4', kind: 7 } as unknown as { kind: unknown }];
    await importText('odd.json', JSON.stringify(s));
    const list = page.getByTestId('import-problems');
    await list.waitFor();
    const plain = await page.getByTestId('plain-problem').allTextContents();
    expect(plain).toContain('The kind of the first protected square should be text, but the file has 7.');
    expect(plain.join(' ')).not.toContain('Terrain.protected[0]');
    expect(await list.textContent()).toContain('/terrain/protected/0/kind');
    await page.getByText('Technical messages').click();
    expect(await page.locator('details.technical').textContent()).toContain('Terrain.protected[0].kind must be string, not 7.');
    await page.screenshot({ path: '/tmp/editor-import-problems.png' });
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await libraryTitles()).toEqual(['Open Field']);
  });
});
