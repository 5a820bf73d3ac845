/** Issue 14 item 1: a damaged library entry opens the app in the Library, marked, instead of freezing every reload. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp } from './driver';

const session = browserSession();

/** Change the one stored entry in place, as a bug or a hand edit of the storage might. */
function poison(page: Page, stands: number): Promise<string> {
  return page.evaluate((n) => new Promise<string>((resolve, reject) => {
    const open = indexedDB.open('nevsky-studio');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('scenarios', 'readwrite');
      const store = tx.objectStore('scenarios');
      const req = store.getAll();
      req.onsuccess = () => {
        const entry = (req.result as Array<{ id: string; scenario: { sides: Array<{ units: Array<{ type: string; stands?: number }> }> } }>)[0]!;
        entry.scenario.sides[0]!.units.find((u) => u.type === 'knights')!.stands = n;
        store.put(entry);
        tx.oncomplete = () => { open.result.close(); resolve(entry.id); };
      };
    };
  }), stands);
}

describe('damaged entries', () => {
  test('an entry with 1e9 stands: the app starts in the Library with it marked; open as text, delete', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await page.waitForTimeout(200);
    const id = await poison(page, 1e9);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    const card = page.locator(`[data-entry="${id}"]`);
    await card.locator('[data-damaged]').waitFor();
    expect(await card.locator('[data-damaged]').textContent()).toMatch(/Damaged, cannot be opened: .*stands/);
    expect(await card.getByRole('button', { name: /^Open .* as text$/ }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/harden-damaged.png' });
    await card.getByRole('button', { name: /as text$/ }).click();
    expect(await page.getByTestId('entry-text').textContent()).toContain('"stands": 1000000000');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Export/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/-damaged\.json$/);
    await card.getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(() => page.locator(`[data-entry="${id}"]`).count()).toBe(0);
  });
});
