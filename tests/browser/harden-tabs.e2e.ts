/**
 * Issue 14 items 3, 4 and 9: two tabs on one library, saving before a reload, and IndexedDB that never answers.
 * Issue 31 items 2 and 9: two tabs on one game; an edit survives a reload at any moment.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './harness';
import { openApp } from './driver';
import { serializeScenario, standardSide, templateScenario } from '../../src/scenario';
import { importScenario, screen, startGame, step, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

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
  for (let i = 0; i < n; i++) pages.push(await tab(i, init));
  return pages;
}

/** One more page on the app in the current context (the `i`th tab). */
async function tab(i: number, init?: (page: Page, i: number) => Promise<void>): Promise<Page> {
  const page = await context!.newPage();
  page.on('pageerror', (e) => { throw e; });
  if (init) await init(page, i);
  await openApp(page, inject('baseUrl'));
  return page;
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

/** Game entries as stored in IndexedDB: id -> the number of actions played. */
function storedGames(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => new Promise<Record<string, number>>((resolve, reject) => {
    const open = indexedDB.open('nevsky-studio');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction('scenarios').objectStore('scenarios').getAll();
      req.onsuccess = () => {
        const out: Record<string, number> = {};
        for (const r of req.result as Array<{ id: string; kind?: string; game?: { actions: unknown[] } }>) if (r.kind === 'game') out[r.id] = r.game!.actions.length;
        open.result.close();
        resolve(out);
      };
    };
  }));
}

/** Past the hand-over screen (if up), then take the suggested decision once. */
async function decide(page: Page): Promise<void> {
  if ((await screen(page)) === 'hand-over') await page.getByRole('button', { name: /show my view/ }).click();
  await suggestAndConfirm(page);
}

/** Each decision is one action here: forced decisions wait for a click instead of making themselves (a setting). */
const oneActionADecision = (page: Page) => page.addInitScript(() => { localStorage.setItem('nss-play-auto-forced', 'off'); });

/** Tab a starts a hot-seat game and takes two decisions; tab b then opens (on that game, the last one opened). */
async function twoTabsOnOneGame(init?: (page: Page, i: number) => Promise<void>): Promise<{ a: Page; b: Page; id: string }> {
  const [a] = await tabs(1, async (page, i) => { await oneActionADecision(page); if (init) await init(page, i); });
  await importScenario(a!, smallScenario());
  await startGame(a!);
  await decide(a!);
  await decide(a!);
  await expect.poll(async () => Object.values(await storedGames(a!))).toEqual([2]);
  const id = Object.keys(await storedGames(a!))[0]!;
  const b = await context!.newPage();
  b.on('pageerror', (e) => { throw e; });
  await oneActionADecision(b);
  if (init) await init(b, 1);
  // The second tab opens the game by its address (the bare address opens the library: issue 45).
  await b.goto(`${inject('baseUrl')}#/game/${id}`);
  await b.waitForSelector('body[data-ready="true"]');
  if ((await screen(b)) === 'hand-over') await b.getByRole('button', { name: /show my view/ }).click();
  expect(await step(b)).toBe(2);
  return { a: a!, b, id };
}

const gameConflict = (page: Page, text: string) => page.getByTestId('game-conflict').filter({ hasText: text });

describe('31.2: two tabs on one game', () => {
  test('a tab that fell behind does not overwrite the game: it offers the newer game and loads it', async () => {
    // Tab b hears nothing from tab a (no BroadcastChannel): only the revision check protects a's decision.
    const { a, b, id } = await twoTabsOnOneGame(noChannel);
    await decide(a);
    await expect.poll(async () => (await storedGames(a))[id]).toBe(3);
    await decide(b); // b's own third decision, on the game as it was before a's
    await gameConflict(b, 'played on in another tab').waitFor();
    await b.waitForTimeout(300);
    expect(await storedGames(a)).toEqual({ [id]: 3 });
    await b.screenshot({ path: '/tmp/harden-game-conflict.png' });
    await b.getByRole('button', { name: 'Load the newer game' }).click();
    await expect.poll(() => gameConflict(b, '').count()).toBe(0);
    if ((await screen(b)) === 'hand-over') await b.getByRole('button', { name: /show my view/ }).click();
    expect(await step(b)).toBe(3);
    await decide(b);
    await expect.poll(async () => (await storedGames(a))[id]).toBe(4);
  });

  test('with the channel, the other tab offers the newer game as soon as it is saved', async () => {
    const { a, b, id } = await twoTabsOnOneGame();
    await decide(a);
    await gameConflict(b, 'played on in another tab').waitFor();
    expect(await storedGames(b)).toEqual({ [id]: 3 });
  });

  test('a game deleted in one tab is not written back by another', async () => {
    const { a, b } = await twoTabsOnOneGame(noChannel);
    await a.getByRole('button', { name: 'Library' }).click();
    await a.locator('[data-kind="game"]').getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(async () => Object.keys(await storedGames(a))).toEqual([]);
    await decide(b);
    await gameConflict(b, 'deleted in another tab').waitFor();
    await b.waitForTimeout(300);
    expect(Object.keys(await storedGames(a))).toEqual([]);
    // Keeping b's game makes it a new entry, with b's decision in it, and b plays on there.
    await b.getByRole('button', { name: 'Keep mine as a new game' }).click();
    await expect.poll(async () => Object.values(await storedGames(a))).toEqual([3]);
    expect(await gameConflict(b, '').count()).toBe(0);
    await decide(b);
    await expect.poll(async () => Object.values(await storedGames(a))).toEqual([4]);
  });
});

describe('31.9: an edit survives a reload at any moment', () => {
  test('an edit followed by a reload after 0, 5 or 10 ms is kept, 100 times out of 100', async () => {
    const [page] = await tabs(1);
    const lost: string[] = [];
    for (let trial = 0; trial < 100; trial++) {
      const delay = [0, 5, 10][trial % 3]!;
      const title = `Trial ${trial} after ${delay} ms`;
      const loaded = page!.waitForEvent('load');
      // The edit (a new title, committed by the field's change event as when the user leaves it) and the reload are
      // both made in the page, so the delay between them is what it says.
      await page!.evaluate(([t, ms]) => {
        const input = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith('Title'))!.querySelector('input')!;
        input.value = t;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        setTimeout(() => location.reload(), ms);
      }, [title, delay] as const);
      await loaded;
      await page!.waitForSelector('body[data-ready="true"]');
      const shown = await page!.getByTestId('scenario-title').textContent();
      if (shown !== `“${title}”`) lost.push(`${title}: ${shown}`);
    }
    expect(lost).toEqual([]);
  }, 240_000);
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
