/**
 * Issue 27 item 9 in Chromium: the editor opens without the play, replay, roster and balance views and
 * without the rules engine (and so the AI); each loads when first opened.
 * Issue 45 item 5: the first screen is the library; its first load (index.html's script and modulepreloads) holds
 * no view but the library's, and of the validators only the scenario's (the library keeps a scenario open behind it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DIST } from './harness';
import { firstLoadScripts } from '../bench/first-load.bench';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp } from './driver';

const session = browserSession();
const LAZY = /\/(PlayView|ReplayView|RosterView|BalancePanel)-[\w-]+\.js$/;
/** A message of the engine's own (src/engine/turn.ts): in the script that carries the engine, whatever the minifier does. */
const ENGINE_MARK = 'engine did not settle';

/** Every script the page fetched so far, with its text. */
function scriptsOf(page: Page): Array<{ url: string; text: Promise<string> }> {
  const seen: Array<{ url: string; text: Promise<string> }> = [];
  page.on('response', (r) => { if (r.url().endsWith('.js')) seen.push({ url: r.url(), text: r.text().catch(() => '') }); });
  return seen;
}

describe('first load', () => {
  test('the first load carries the library, not the other views, the drawing code or the other validators', () => {
    const files = firstLoadScripts().map((s) => s.file);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => /(EditorView|PlayView|ReplayView|RosterView|BalancePanel|BoardThumbnail|BookletDialog|usePrint|comlink|rulesets|messageLink)-/.test(f))).toEqual([]);
    const text = files.map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    // Each generated validator names its own schema's $id; the library itself is there.
    expect(text).toContain('schemas/scenario.schema.json');
    for (const other of ['game', 'roster', 'message']) expect(text, other).not.toContain(`https://nevsky-studio.example/schemas/${other}.schema.json`);
    expect(text).toContain('Your scenarios and rosters');
    // svg.js (the thumbnails and the map) comes after the first screen.
    expect(text).not.toContain('svgjs:data');
  });

  test('the editor is interactive without the lazy views or the engine; Play and Balance bring theirs', async () => {
    const page = await session.fresh();
    const scripts = scriptsOf(page);
    await openApp(page, session.url());
    // Interactive: a tool click paints (the editor is usable before anything lazy arrives).
    await page.getByRole('tab', { name: /^Checks/ }).click();
    const first = scripts.map((s) => s.url);
    expect(first.filter((u) => LAZY.test(u))).toEqual([]);
    for (const s of scripts) expect((await s.text).includes(ENGINE_MARK), `the engine is in ${s.url}`).toBe(false);

    await page.getByRole('tab', { name: 'Balance' }).click();
    await page.waitForFunction(() => !!document.querySelector('[role="tabpanel"]')?.textContent?.length);
    expect(scripts.some((s) => /\/BalancePanel-/.test(s.url))).toBe(true);

    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(scripts.some((s) => /\/PlayView-/.test(s.url))).toBe(true);
    const texts = await Promise.all(scripts.map((s) => s.text));
    expect(texts.some((t) => t.includes(ENGINE_MARK))).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);
});
