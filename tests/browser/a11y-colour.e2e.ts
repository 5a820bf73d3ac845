/**
 * Issue 13 item 8: the editor seen through colour-vision simulations (the Machado matrices of
 * tests/render/colourVision.ts as an SVG filter over the whole page) and greyscale. The screenshots land in
 * /tmp/a11y-*.png to be looked at; the colour pairs themselves are checked numerically in colourVision.test.ts.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { templateScenario } from '../../src/scenario';
import { feColorMatrixValues, type Vision } from '../render/colourVision';
import { browserSession } from './session';
import { importScenario } from './measure';
import { openApp } from './driver';

let page: Page;
const session = browserSession();

/** See the page as `vision` would (or normally, with null). */
async function seeAs(vision: Vision | null): Promise<void> {
  await page.evaluate(([values]) => {
    document.getElementById('cvd-sim')?.remove();
    document.documentElement.style.filter = '';
    if (!values) return;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.id = 'cvd-sim';
    svg.setAttribute('style', 'position:absolute;width:0;height:0');
    const filter = document.createElementNS(ns, 'filter');
    filter.id = 'cvd-filter';
    filter.setAttribute('color-interpolation-filters', 'linearRGB');
    const m = document.createElementNS(ns, 'feColorMatrix');
    m.setAttribute('type', 'matrix');
    m.setAttribute('values', values);
    filter.append(m);
    svg.append(filter);
    document.body.append(svg);
    document.documentElement.style.filter = 'url(#cvd-filter)';
  }, [vision ? feColorMatrixValues(vision) : null] as const);
}

describe('colour-vision simulation', { timeout: 90_000 }, () => {
  test('the editor with every terrain, both sides, an error and a warning, seen four ways', async () => {
    page = await session.fresh();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openApp(page, session.url());
    const s = templateScenario('river-crossing')!;
    s.meta.title = 'Colour check';
    s.terrain = { ...s.terrain, protected: [...(s.terrain?.protected ?? []), { at: 'D6', kind: 'village' }, { at: 'I7', kind: 'rocks' }], hills: [{ squares: ['J5', 'K5'] }] };
    const knights = s.sides[0]!.units.find((u) => u.type === 'knights' && u.at)!;
    knights.at = 'F8'; // outside its zone: an error
    const levy = s.sides[1]!.units.find((u) => u.type === 'levyInfantry' && u.at)!;
    levy.stands = 2; // below full strength: a warning
    await importScenario(page, s);
    expect(await page.locator('[data-error]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-warning]').count()).toBeGreaterThan(0);
    const normal = await page.screenshot({ path: '/tmp/a11y-normal.png' });
    for (const vision of ['deuteranopia', 'protanopia', 'tritanopia', 'greyscale'] as const) {
      await seeAs(vision);
      const seen = await page.screenshot({ path: `/tmp/a11y-${vision}.png` });
      expect(seen.equals(normal)).toBe(false);
    }
    await seeAs(null);
    await page.keyboard.press('k');
    await page.getByRole('dialog', { name: 'Map key' }).waitFor();
    for (const vision of ['deuteranopia', 'greyscale'] as const) {
      await seeAs(vision);
      await page.screenshot({ path: `/tmp/a11y-key-${vision}.png` });
    }
  });
});
