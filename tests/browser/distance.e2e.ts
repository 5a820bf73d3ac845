/** Play at a distance (issue 30): two browser profiles play a few turns by passing message links, as two homes would. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { readGame, replayGame } from '../../src/rules';
import { checkDistanceGame } from '../../src/distance';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

async function outgoing(page: Page, after: string | null): Promise<string> {
  await page.waitForFunction((old) => {
    const el = document.querySelector<HTMLInputElement>('[data-testid="outgoing-link"]');
    return !!el && el.value.includes('#d=') && el.value !== old;
  }, after);
  return page.getByTestId('outgoing-link').inputValue();
}

/** Open the other player's link in the reply box. */
async function openLink(page: Page, link: string): Promise<void> {
  await page.getByTestId('incoming-link').fill(link);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

/** Take suggested decisions (S, Enter) while this side may act, then send its turn. Returns how many it took. */
async function playOwnTurn(page: Page): Promise<number> {
  let n = 0;
  const play = page.getByTestId('distance-play');
  for (let guard = 0; guard < 100 && (await play.getAttribute('data-can-act')) === 'true'; guard++) {
    const before = await play.getAttribute('data-step');
    await page.locator('body').press('s');
    await page.locator('body').press('Enter');
    await page.waitForFunction((b) => {
      const el = document.querySelector('[data-testid="distance-play"]');
      return el?.getAttribute('data-step') !== b || el?.getAttribute('data-can-act') !== 'true';
    }, before);
    n++;
  }
  if (await page.getByTestId('send-turn').count()) await page.getByTestId('send-turn').click();
  return n;
}

describe('play at a distance', () => {
  test('two browsers play by links: invitation, join, turns both ways, a stale link refused, the export checks', async () => {
    const a = await session.fresh();
    await openApp(a, session.url());
    await importScenario(a, smallScenario(3));
    await a.getByRole('button', { name: 'Play', exact: true }).click();
    await a.getByLabel('Play at a distance (by link or file)').check();
    await a.locator('input[name="distance-side"][value="teutonic"]').check();
    await a.getByRole('button', { name: 'Start the game' }).click();
    let link = await outgoing(a, null);
    expect(link.length).toBeLessThan(2048);

    // The other player opens the invitation link in its own browser (another profile: its own library).
    const b = await session.fresh();
    await b.goto(link);
    await b.waitForSelector('body[data-ready="true"]');
    const pages = { a, b };
    let writer: 'a' | 'b' = 'b';
    link = await outgoing(b, null);
    const sent: Record<'a' | 'b', string | null> = { a: link, b: link };
    let actions = 0, exchanges = 0, secretChecked = false, stale: string | null = null;
    for (; exchanges < 24; exchanges++) {
      const reader: 'a' | 'b' = writer === 'a' ? 'b' : 'a';
      const page = pages[reader];
      if (exchanges === 0) {
        // The join travels as a file this time: downloaded by one browser, opened by the other.
        const [file] = await Promise.all([pages[writer].waitForEvent('download'), pages[writer].getByTestId('download-message').click()]);
        expect(file.suggestedFilename()).toMatch(/^nevsky-.+-1\.msg\.json$/);
        await page.getByTestId('message-file').setInputFiles((await file.path())!);
      } else {
        await openLink(page, link);
      }
      await expect.poll(() => page.getByTestId('distance-error').count()).toBe(0);
      await page.waitForSelector('[data-testid="distance-play"][data-step]:not([data-step="-1"])');
      if (!secretChecked && (await page.getByTestId('distance-play').getAttribute('data-phase')) === 'deploy' && reader === 'b') {
        // The Teutonic placement travels sealed: nothing of it is in the Russian player's page.
        expect(await page.content()).not.toContain('t-medium-inf-1');
        secretChecked = true;
      }
      actions += await playOwnTurn(page);
      const next = await outgoing(page, sent[reader]);
      stale ??= exchanges === 3 ? link : null;
      sent[reader] = link = next;
      writer = reader;
      if ((await page.getByTestId('distance-play').getAttribute('data-phase')) === 'over') break;
      if (exchanges >= 10 && /Turn [2-9]/.test((await page.locator('.banner .where').textContent()) ?? '')) break;
    }
    await a.screenshot({ path: '/tmp/distance-a.png' });
    console.log(`distance e2e: ${exchanges + 1} messages after the join, ${actions} actions, ${await a.locator('.banner .where').textContent()}`);
    expect(secretChecked).toBe(true);
    expect(actions).toBeGreaterThan(5);
    expect(await a.locator('.banner .where').textContent()).toMatch(/Turn [2-9]|Game over/);

    // An old link opened again is refused and changes nothing.
    const other = writer === 'a' ? b : a;
    const step = await other.getByTestId('distance-play').getAttribute('data-step');
    await openLink(other, stale!);
    await expect.poll(() => other.getByTestId('distance-error').textContent()).toMatch(/was already applied: nothing changed/);
    expect(await other.getByTestId('distance-play').getAttribute('data-step')).toBe(step);

    // Resend shows the last message again.
    await pages[writer].getByTestId('resend').click();
    expect(await pages[writer].getByTestId('outgoing-link').inputValue()).toBe(link);

    // The export is a saved game whose commitments check and which replays.
    const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('button', { name: 'Export game' }).click()]);
    const read = readGame(readFileSync((await download.path())!, 'utf8'));
    if (!read.ok) throw new Error(read.message);
    expect(await checkDistanceGame(read.game)).toMatchObject({ ok: true });
    expect(replayGame(read.game).turn).toBeGreaterThanOrEqual(1);

    // Issue 46: an export mid-game holds none of the exporter's unrevealed secrets (its dice secrets and sealed
    // choices are written only once the game is over), and opening it again in the exporter's own browser reopens
    // the game itself, which carries on where it was.
    const over = (await a.getByTestId('distance-play').getAttribute('data-phase')) === 'over';
    if (!over) expect(read.game.distance!.closing).toBeUndefined();
    const secrets = await a.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok, no) => { const r = indexedDB.open('nevsky-studio'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
      const all: unknown[] = [];
      for (const name of Array.from(db.objectStoreNames)) {
        all.push(...await new Promise<unknown[]>((ok) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => ok([]); }));
      }
      return JSON.stringify(all);
    });
    const exportedText = readFileSync((await download.path())!, 'utf8');
    const own = [...secrets.matchAll(/"secret":"([A-Za-z0-9_-]{16,64})"/g)].map((m) => m[1]!);
    expect(own.length).toBeGreaterThan(0);
    const revealed = read.game.distance!.messages.map((m) => m.reveal).filter(Boolean);
    for (const secret of own) if (!revealed.includes(secret) && !over) expect(exportedText).not.toContain(secret);
    const stepA = await a.getByTestId('distance-play').getAttribute('data-step');
    await a.getByTestId('import-input').setInputFiles({ name: 'mine.game.json', mimeType: 'application/json', buffer: Buffer.from(exportedText) });
    await expect.poll(() => a.locator('body').textContent()).toContain('your own copy of');
    expect(await a.getByTestId('distance-play').getAttribute('data-step')).toBe(stepA);
    await a.context().close();
  }, 240_000);
});
