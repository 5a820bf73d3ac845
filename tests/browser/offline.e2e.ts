/** Issue 13 item 7: offline and installable. After one visit the app loads, edits and prints with no network. */
import { describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { pdfText } from '../pdf/pdf-text';
import { browserSession } from './session';
import { clickSquare, openApp, protectedSquares, tool } from './driver';

let page: Page;
const session = browserSession();

describe('offline', { timeout: 90_000 }, () => {
  test('the manifest makes the app installable: name, start URL, standalone display, 192 and 512 px icons', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href!) as {
      name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest.name).toBe('Nevsky Scenario Studio');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBeTruthy();
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon).toBeDefined();
      const ok = await page.evaluate(async (src) => (await fetch(src)).ok, icon!.src);
      expect(ok).toBe(true);
    }
  });

  test('after the first visit: go offline, reload, edit and print', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    // The service worker installs, precaches the build and takes control of the page.
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

    await page.context().setOffline(true);
    // Anything not in the cache fails now.
    expect(await page.evaluate(() => fetch(`/not-cached-${Date.now()}`).then(() => 'online', () => 'offline'))).toBe('offline');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('[data-square="A1"]');
    // Still offline after the reload: the page came from the service worker's cache. (A network request is the
    // test, not navigator.onLine, which some Chromium releases leave true under emulated offline after a reload.)
    expect(await page.evaluate(() => fetch(`/not-cached-${Date.now()}`).then(() => 'online', () => 'offline'))).toBe('offline');

    await tool(page, 'Protected square');
    await clickSquare(page, 'F6');
    expect(await protectedSquares(page)).toContain('F6');

    // Printing loads the PDF code on demand: it must come from the cache too.
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.locator('dialog.print-dialog');
    await dialog.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), dialog.locator('[data-test="print"]').click()]) as [Download, void];
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(path!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(new Uint8Array(bytes))).pages.join(' ');
    expect(text).toContain('Open Field');
    await page.context().setOffline(false);
  });
});
