/**
 * First load (issue 27 item 9, issue 45 item 5): the gzipped script the page needs before anything opens (the entry
 * chunk and every chunk it imports statically: index.html's module script and its modulepreload links; the budget is
 * 100 KB) and the time from navigation to an interactive first screen, cold, in Chromium. The bare address opens the
 * library (issue 45 item 4): the page is marked ready and the library's cards are listed (its thumbnails draw after).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, DIST, launchChromium, serveDist } from '../browser/harness';
import { medianAndMax, type BenchRow, type BenchSection } from './harness';

/** The first-load budget (issue 45 item 5), KB gzipped. */
export const FIRST_LOAD_BUDGET_KB = 100;

/** The scripts of the first load, from the built index.html, with their gzipped sizes (zlib level 9, as Vite reports). */
export function firstLoadScripts(dist = DIST): Array<{ file: string; gzip: number }> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script type="module"[^>]*src="\/?([^"]+\.js)"|<link rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]!);
  return files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
}

export const section: BenchSection = {
  name: 'First load in Chromium (issue 27)',
  async run() {
    await buildApp();
    const scripts = firstLoadScripts();
    const total = scripts.reduce((a, s) => a + s.gzip, 0) / 1024;
    const rows: BenchRow[] = [
      {
        label: 'first-load script, gzipped', value: total, unit: 'KB',
        note: `${scripts.length} files: the entry and its static imports; ${total <= FIRST_LOAD_BUDGET_KB ? 'within' : 'OVER'} the ${FIRST_LOAD_BUDGET_KB} KB budget`,
      },
    ];
    for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 6)) {
      rows.push({ label: `  ${s.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')}`, value: s.gzip / 1024, unit: 'KB' });
    }
    const server = await serveDist();
    const browser = await launchChromium();
    const times: number[] = [];
    const marks: number[] = [];
    try {
      for (let i = 0; i < 7; i++) {
        // A fresh context each time: nothing cached, no service worker yet, an empty library (the first screen is the
        // library, with the open-field template kept behind it).
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        // The moment the app marks itself ready, as the page saw it (the selector below is seen a little later, once
        // the main thread is free: the work just after counts there).
        await page.addInitScript(() => {
          new MutationObserver(() => {
            const w = window as unknown as { readyAt?: number };
            if (document.body?.dataset.ready && w.readyAt === undefined) w.readyAt = performance.now();
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
        });
        await page.goto(server.url);
        await page.waitForSelector('body[data-ready="true"] main.library [data-template="open-field"]');
        times.push(await page.evaluate(() => performance.now()));
        marks.push(await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt));
        await context.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
    const t = medianAndMax(times.slice(1));
    const m = medianAndMax(marks.slice(1));
    rows.push(
      { label: 'navigation to interactive library, median', value: t.median, unit: 'ms', note: 'cold cache, 6 runs after a warm-up; cards listed, page ready' },
      { label: 'navigation to interactive library, worst', value: t.max, unit: 'ms' },
      { label: 'navigation to the page marked ready, median', value: m.median, unit: 'ms', note: 'the same runs, timed in the page' },
    );
    return rows;
  },
};
