/** Issue 14 items 3, 4 and 9: two tabs on one library, saving before a reload, and IndexedDB that never answers. */
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './harness';
import { openApp } from './driver';
import { serializeScenario, standardSide, templateScenario } from '../../src/scenario';

let browser: Browser;
let context: BrowserContext | undefined;
beforeAll(async () => { browser = await launchChromium(inject('chromium')); });
afterAll(async () => { await browser?.close(); });
afterEach(async () => { await context?.close(); context = undefined; });

/** A context (one profile, so one IndexedDB) with `n` pages on the app. */
async function tabs(n: number, init?: (page: Page, i: number) => Promise<void>): Promise<Page[]> {
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(8000);
  const pages: Page[] = [];
  for (let i = 0; i < n; i++) {
    const page = await context.newPage();
    page.on('pageerror', (e) => { throw e; });
    if (init) await init(page, i);
    await openApp(page, inject('baseUrl'));
    pages.push(page);
  }
  return pages;
}

/** Put a protected square at `square` with the keyboard (cursor starts at A1 after a click on A1). */
async function protect(page: Page, right: number, down: number): Promise<void> {
  await page.locator('[data-square="A1"]').click();
  await page.keyboard.press('p');
  for (let i = 0; i < right; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** Entries as stored in IndexedDB: id -> protected squares of the scenario. */
function stored(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => new Promise<Record<string, string[]>>((resolve, reject) => {
    const open = indexedDB.open('nevsky-studio');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction('scenarios').objectStore('scenarios').getAll();
      req.onsuccess = () => {
        const out: Record<string, string[]> = {};
        for (const r of req.result as Array<{ id: string; scenario?: { terrain?: { protected?: Array<{ at: string }> } } }>) {
          out[r.id] = (r.scenario?.terrain?.protected ?? []).map((p) => p.at).sort();
        }
        open.result.close();
        resolve(out);
      };
    };
  }));
}

const protectedOn = (page: Page, sq: string) => page.locator(`[data-protected="${sq}"]`);
const noChannel = async (page: Page, i: number) => { if (i === 1) await page.addInitScript(() => { (window as { BroadcastChannel?: unknown }).BroadcastChannel = undefined; }); };

describe('3: two tabs on one library', () => {
  test('a tab with nothing unsaved shows the version another tab just saved', async () => {
    const [a, b] = await tabs(2);
    await protect(a!, 3, 4); // D5
    await protectedOn(a!, 'D5').waitFor();
    await protectedOn(b!, 'D5').waitFor();
    expect(await b!.getByTestId('conflict').count()).toBe(0);
  });

  test('a tab that fell behind does not overwrite: it offers the newer version or keeps its own as a copy', async () => {
    // Tab b hears nothing from tab a (no BroadcastChannel): only the revision check protects a's edit.
    const [a, b] = await tabs(2, noChannel);
    const id = (Object.keys(await stored(a!)))[0]!;
    await protect(a!, 3, 4); // D5 in tab a
    await expect.poll(async () => (await stored(a!))[id]).toContain('D5');
    await protect(b!, 5, 6); // F7 in tab b, on the old version
    await b!.getByTestId('conflict').filter({ hasText: 'changed in another tab' }).waitFor();
    const afterConflict = await stored(a!);
    expect(afterConflict[id]).toContain('D5');
    expect(afterConflict[id]).not.toContain('F7');
    await b!.screenshot({ path: '/tmp/harden-conflict.png' });
    await b!.getByRole('button', { name: 'Keep mine as a copy' }).click();
    await expect.poll(async () => Object.keys(await stored(a!)).length).toBe(2);
    const both = await stored(a!);
    const copy = Object.keys(both).find((k) => k !== id)!;
    expect(both[copy]).toContain('F7');
    expect(both[copy]).not.toContain('D5');
    expect(both[id]).toContain('D5');
  });

  test('an entry deleted in one tab is not written back by another', async () => {
    const [a, b] = await tabs(2, noChannel);
    const id = (Object.keys(await stored(a!)))[0]!;
    await a!.getByRole('button', { name: 'Library' }).click();
    await a!.locator(`[data-entry="${id}"]`).getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(async () => Object.keys(await stored(a!))).toEqual([]);
    await protect(b!, 2, 5);
    await b!.getByTestId('conflict').filter({ hasText: 'deleted in another tab' }).waitFor();
    await b!.waitForTimeout(300);
    expect(Object.keys(await stored(a!))).toEqual([]);
  });

  test('with the channel, the other tab says at once that its entry was deleted', async () => {
    const [a, b] = await tabs(2);
    const id = (Object.keys(await stored(a!)))[0]!;
    await a!.getByRole('button', { name: 'Library' }).click();
    await a!.locator(`[data-entry="${id}"]`).getByRole('button', { name: /^Delete/ }).click();
    await b!.getByTestId('conflict').filter({ hasText: 'deleted in another tab' }).waitFor();
  });
});

describe('4: an edit is saved before a reload can lose it', () => {
  test('a large scenario edited and reloaded at once keeps the edit', async () => {
    const [page] = await tabs(1);
    const s = templateScenario('empty-board')!;
    s.meta.title = 'Large';
    s.board = { columns: 48, rows: 24 };
    s.sides = [standardSide('teutonic', 'teutonic', 'north', 4), standardSide('russian', 'russian', 'south', 4)];
    s.terrain = { roads: Array.from({ length: 12 }, (_, i) => ({ path: [`A${i * 2 + 1}`, `AV${i * 2 + 1}`] })), hills: [{ squares: ['C10', 'C11', 'D10'] }] };
    await page!.getByTestId('import-input').setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(serializeScenario(s)) });
    await page!.getByTestId('scenario-title').filter({ hasText: 'Large' }).waitFor();
    // Build up some history, then one more edit and an immediate reload.
    for (let i = 0; i < 10; i++) await protect(page!, 30 + i, 12);
    await protect(page!, 20, 13); // U14
    await page!.reload();
    await page!.waitForSelector('body[data-ready="true"]');
    await page!.getByTestId('scenario-title').filter({ hasText: 'Large' }).waitFor();
    expect(await protectedOn(page!, 'U14').count()).toBe(1);
    expect(await protectedOn(page!, 'AN13').count()).toBe(1);
  });
});

describe('9: IndexedDB that never answers', () => {
  test('the app still opens within a few seconds and says edits are not being saved', async () => {
    const [page] = await tabs(0);
    void page;
    const p = await context!.newPage();
    // Every open of the library gets a request that is blocked for ever by a connection that never closes.
    await p.addInitScript(() => {
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory) {
        open.call(this, 'hang', 1);
        return open.call(this, 'hang', 2);
      } as typeof IDBFactory.prototype.open;
    });
    const started = Date.now();
    await p.goto(inject('baseUrl'));
    await p.waitForSelector('body[data-ready="true"]', { timeout: 8000 });
    const opened = Date.now() - started;
    await p.getByRole('alert').filter({ hasText: 'edits will not be saved' }).waitFor();
    await p.waitForSelector('[data-square="A1"]');
    await p.screenshot({ path: '/tmp/harden-nodb.png' });
    expect(opened).toBeLessThan(8000);
  });
});
