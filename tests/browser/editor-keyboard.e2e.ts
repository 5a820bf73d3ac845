/** Issue 13 item 6: keyboard shortcuts to the map, the tools and each side tab; the "?" list; the map key. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SHORTCUT_GROUPS } from '../../src/composables/shortcutList';
import { mapKeyEntries } from '../../src/components/mapKey';
import { browserSession } from './session';
import { openApp } from './driver';

let page: Page;
const session = browserSession();
const focused = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.id || el?.getAttribute('data-testid') || el?.getAttribute('aria-label') || el?.tagName || '';
});

describe('keyboard', () => {
  test('one key each to the map, the tools and every side tab, even with the panel collapsed', async () => {
    page = await session.fresh();
    await page.setViewportSize({ width: 800, height: 600 });
    await openApp(page, session.url());
    expect(await page.getByRole('tabpanel').count()).toBe(0);
    await page.keyboard.press('Alt+4');
    expect(await focused()).toBe('tab-sides');
    expect(await page.getByRole('tab', { name: 'Sides' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').waitFor();
    await page.keyboard.press('Alt+1');
    expect(await focused()).toBe('board');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('cursor-square').textContent()).toBe('B1');
    await page.keyboard.press('Alt+2');
    expect(await focused()).toBe('Select and deploy');
    await page.keyboard.press('Alt+5');
    expect(await focused()).toBe('tab-checks');
    await page.keyboard.press('Alt+3');
    expect(await focused()).toBe('tab-scenario');
    // From a text field too: Alt+1 leaves it for the map.
    await page.getByLabel('Title').focus();
    await page.keyboard.press('Alt+1');
    expect(await focused()).toBe('board');
  });

  test('"?" lists every shortcut; Esc closes it', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    for (const g of SHORTCUT_GROUPS) for (const s of g.items) {
      expect(text).toContain(s.keys);
      expect(text).toContain(s.does);
    }
    for (const k of ['V', 'P', 'D', 'W', 'F', 'B', 'H', 'E', 'N', 'Alt+1', 'Alt+5', 'Ctrl+Z']) expect(text).toContain(k);
    await page.screenshot({ path: '/tmp/editor-help.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The button in the top bar opens it too.
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await dialog.waitFor();
  });

  test('K shows the map key: each symbol drawn by the map renderer with its meaning', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await page.keyboard.press('k');
    const dialog = page.getByRole('dialog', { name: 'Map key' });
    await dialog.waitFor();
    for (const e of mapKeyEntries()) {
      expect(await dialog.textContent()).toContain(e.label);
      expect(await dialog.locator(`[data-key-symbol="${e.id}"] svg`).count()).toBe(1);
    }
    const sym = (id: string, sel: string) => dialog.locator(`[data-key-symbol="${id}"] ${sel}`).count();
    expect(await sym('commander', 'polygon')).toBeGreaterThan(0); // the star
    expect(await sym('ballista', 'path')).toBeGreaterThan(0); // the engine's bow
    expect(await sym('pips', 'g[data-side] circle')).toBe(2); // two stands, two pips
    expect(await sym('river', '[data-edge]')).toBe(3);
    expect(await sym('ford', '[data-kind="ford"]')).toBe(1);
    expect(await sym('error', '[data-error]')).toBe(1);
    expect(await dialog.textContent()).toContain('Ballistarii');
    // The map's own markers stay unique while the key is open.
    expect(await page.locator('[data-square="B5"]').count()).toBe(1);
    await page.screenshot({ path: '/tmp/editor-key.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
