/** Editor speed (issue 4 item 11): edit-to-paint in Chromium on the largest template and a 48x24 four-division board. */
import { buildApp, launchChromium, serveDist } from '../browser/harness';
import { bigScenario, importScenario, largestTemplate, measureEdits, openGround, renderTimes } from '../browser/measure';
import { medianAndMax, type BenchRow, type BenchSection } from './harness';

export const section: BenchSection = {
  name: 'Editor edit-to-paint in Chromium (issue 4)',
  async run() {
    await buildApp();
    const server = await serveDist();
    const browser = await launchChromium();
    const rows: BenchRow[] = [];
    try {
      for (const [label, s] of [['largest template', largestTemplate()], ['48x24 4 div./side', bigScenario()]] as const) {
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        await page.goto(server.url);
        await page.waitForSelector('body[data-ready="true"]');
        await importScenario(page, s);
        const b = s.board as { columns: number; rows: number };
        const paint = medianAndMax(await measureEdits(page, openGround(b.columns, b.rows, 20)));
        const render = medianAndMax(await renderTimes(page));
        rows.push(
          { label: `${label}: paint median`, value: paint.median, unit: 'ms', note: 'edit-to-paint, 40 edits; a frame is 16.7 ms' },
          { label: `${label}: paint worst`, value: paint.max, unit: 'ms' },
          { label: `${label}: script median`, value: render.median, unit: 'ms', note: 'validate + redraw, before paint' },
          { label: `${label}: script worst`, value: render.max, unit: 'ms' },
        );
        await page.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
    return rows;
  },
};
