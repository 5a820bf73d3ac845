/**
 * Issue 45 item 4: every view has an address (hash history: `#/scenario/<id>`, `#/roster/<id>`, `#/game/<id>`, ...);
 * a reload lands back on it, the back button returns to the view before, the bare address opens the library (even
 * after a finished game), and share links sent before the router (`#s=...`) still open their scenario.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeShare, templateScenario } from '../../src/scenario';
import { DIST } from './harness';
import { browserSession } from './session';

const { url, fresh } = browserSession();

const hash = (page: Page) => page.evaluate(() => location.hash);
/** Wait until the address names a view whose path matches. */
async function at(page: Page, path: RegExp): Promise<string> {
  await page.waitForFunction((source) => new RegExp(source).test(location.hash.slice(1)), path.source);
  return (await hash(page)).slice(1);
}
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]');
}
async function reload(page: Page): Promise<void> {
  await page.reload();
  await ready(page);
}
const onLibrary = (page: Page) => page.getByRole('heading', { name: 'Your scenarios and rosters' }).waitFor();
const onEditor = (page: Page) => page.waitForSelector('[data-testid="board"] [data-square="A1"]');
const title = (page: Page) => page.getByTestId('scenario-title').textContent();

/** A fresh profile on the bare address, then a new scenario from a template: the editor and its address. */
async function newScenario(page: Page, template = 'Open Field'): Promise<string> {
  await page.goto(url());
  await ready(page);
  await onLibrary(page);
  await page.getByRole('button', { name: `New from template ${template}` }).click();
  await onEditor(page);
  return at(page, /^\/scenario\/[^/]+$/);
}

/** Play the open scenario hot-seat, past the first hand-over screen. */
async function startHotSeat(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await at(page, /^\/new-game\?from=/);
  await page.getByRole('button', { name: 'Start the game' }).click();
  const path = await at(page, /^\/game\/[^/]+$/);
  await page.waitForSelector('[data-testid="hand-over"], [data-testid="play"]');
  return path;
}

describe('views with addresses', () => {
  test('the bare address opens the library; an unknown address gives way to it', async () => {
    const page = await fresh();
    await page.goto(url());
    await ready(page);
    await onLibrary(page);
    expect(['', '#/']).toContain(await hash(page));
    // A first visit keeps the open-field template behind the library: "Back to map" opens it.
    await page.getByRole('button', { name: 'Back to map' }).click();
    await onEditor(page);
    expect(await title(page)).toBe('“Open Field”');
    for (const gone of ['#/no/such/view', '#/scenario/no-such-entry', '#/game/no-such-game', '#/new-game']) {
      await page.goto(`${url()}${gone}`);
      await page.reload();
      await ready(page);
      await onLibrary(page);
      expect(await at(page, /^\/$/), gone).toBe('/');
      expect(await page.getByTestId('board').count(), gone).toBe(0);
    }
  });

  test('a scenario in the editor: its address survives a reload, and an edit made before it is kept', async () => {
    const page = await fresh();
    const path = await newScenario(page, 'Two Hills');
    expect(await title(page)).toBe('“Two Hills”');
    await page.getByRole('tab', { name: 'Scenario' }).click();
    const field = page.getByLabel('Title', { exact: true });
    await field.fill('Two Hills, renamed');
    await field.blur();
    await page.waitForFunction(() => document.querySelector('[data-testid="scenario-title"]')?.textContent === '“Two Hills, renamed”');
    await reload(page);
    await onEditor(page);
    expect(await hash(page)).toBe(`#${path}`);
    expect(await title(page)).toBe('“Two Hills, renamed”');
  });

  test('the balance panel and a roster have their addresses; reload returns to each', async () => {
    const page = await fresh();
    const editorPath = await newScenario(page);
    await page.getByRole('tab', { name: 'Balance' }).click();
    expect(await at(page, /\/balance$/)).toBe(`${editorPath}/balance`);
    await reload(page);
    await onEditor(page);
    expect(await page.getByRole('tab', { name: 'Balance' }).getAttribute('aria-selected')).toBe('true');
    expect(await hash(page)).toBe(`#${editorPath}/balance`);

    await page.getByRole('button', { name: 'Library' }).click();
    await onLibrary(page);
    expect(await at(page, /^\/$/)).toBe('/');
    await page.getByRole('button', { name: 'New roster for A Splendid Victory!' }).click();
    await page.getByTestId('roster-view').waitFor();
    const rosterPath = await at(page, /^\/roster\/[^/]+$/);
    await reload(page);
    await page.getByTestId('roster-view').waitFor();
    expect(await hash(page)).toBe(`#${rosterPath}`);
    expect(await page.getByTestId('roster-ruleset').textContent()).toContain('A Splendid Victory!');
  });

  test('a game and its replay: reload returns to each; the back button steps back through the views', async () => {
    const page = await fresh();
    const editorPath = await newScenario(page);
    const gamePath = await startHotSeat(page);
    await reload(page);
    await page.waitForSelector('[data-testid="hand-over"], [data-testid="play"]');
    expect(await hash(page)).toBe(`#${gamePath}`);
    if (await page.getByTestId('hand-over').count()) await page.getByRole('button', { name: /show my view/ }).click();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay').waitFor();
    expect(await at(page, /\/replay$/)).toBe(`${gamePath}/replay`);
    await reload(page);
    await page.getByTestId('replay').waitFor();
    expect(await hash(page)).toBe(`#${gamePath}/replay`);

    // Back: the replay, then the game (the set-up that started it is not a step), then the editor, then the library.
    await page.goBack();
    await at(page, new RegExp(`^${gamePath}$`));
    await page.waitForSelector('[data-testid="hand-over"], [data-testid="play"]');
    expect(await page.getByTestId('replay').count()).toBe(0);
    await page.goBack();
    await at(page, new RegExp(`^${editorPath}$`));
    await onEditor(page);
    await page.goBack();
    await at(page, /^\/$/);
    await onLibrary(page);
    // And forward again.
    await page.goForward();
    await onEditor(page);
    expect(await hash(page)).toBe(`#${editorPath}`);
  });

  test('a new game\'s set-up: reload keeps it; Cancel returns to the editor, and Back then to the library', async () => {
    const page = await fresh();
    const editorPath = await newScenario(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const setup = await at(page, /^\/new-game\?from=/);
    await reload(page);
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(await hash(page)).toBe(`#${setup}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await onEditor(page);
    expect(await at(page, /^\/scenario\//)).toBe(editorPath);
    await page.goBack();
    await onLibrary(page);
    expect(await at(page, /^\/$/)).toBe('/');
  });

  test('after a finished game the bare address opens the library, not the result', async () => {
    const page = await fresh();
    await newScenario(page);
    await startHotSeat(page);
    if (await page.getByTestId('hand-over').count()) await page.getByRole('button', { name: /show my view/ }).click();
    await page.getByRole('button', { name: 'Concede…' }).click();
    await page.getByRole('button', { name: 'Really concede?' }).click();
    await page.getByTestId('result').waitFor();
    await page.goto(url());
    await ready(page);
    await onLibrary(page);
    expect(await page.getByTestId('result').count()).toBe(0);
    expect(['', '#/']).toContain(await hash(page));
    // The finished game is in the library, marked so.
    expect(await page.locator('[data-kind="game"] .kind').textContent()).toContain('finished');
  });

  test('an old share link (#s=...) still opens its scenario, and its address then names it', async () => {
    const page = await fresh();
    const ford = structuredClone(templateScenario('river-crossing')!);
    ford.meta.title = 'Shared Ford';
    await page.goto(`${url()}#${await encodeShare(ford)}`);
    await ready(page);
    await onEditor(page);
    expect(await title(page)).toBe('“Shared Ford”');
    const path = await at(page, /^\/scenario\/[^/]+$/);
    await reload(page);
    await onEditor(page);
    expect(await title(page)).toBe('“Shared Ford”');
    expect(await hash(page)).toBe(`#${path}`);
    // A link pasted into the open tab (only the fragment changes) opens too.
    const hills = structuredClone(templateScenario('hills')!);
    hills.meta.title = 'Pasted Hills';
    const fragment = await encodeShare(hills);
    await page.evaluate((f) => { location.hash = f; }, fragment);
    await page.waitForFunction(() => document.querySelector('[data-testid="scenario-title"]')?.textContent === '“Pasted Hills”');
    const pasted = await at(page, /^\/scenario\/[^/]+$/);
    expect(pasted).not.toBe(path);
  });

  test('from a sub-folder of a plain static host (no fallback to index.html): reload at a view, and offline', async () => {
    // Like a club's web space: the app in /club/nevsky/, anything else is 404; no rewrite of unknown paths.
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png' };
    const asked: string[] = [];
    const server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      asked.push(path);
      const file = path.startsWith('/club/nevsky/') ? normalize(join(DIST, path.slice('/club/nevsky/'.length) || 'index.html')) : '';
      if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const home = `http://127.0.0.1:${(server.address() as AddressInfo).port}/club/nevsky/`;
    try {
      const page = await fresh();
      await page.goto(home);
      await ready(page);
      await onLibrary(page);
      await page.getByRole('button', { name: 'New from template Roadside Village' }).click();
      await onEditor(page);
      const path = await at(page, /^\/scenario\/[^/]+$/);
      expect(page.url()).toBe(`${home}#${path}`);
      await reload(page);
      await onEditor(page);
      expect(await title(page)).toBe('“Roadside Village”');
      // Only the page and the files beside it were asked for: no view's path ever reaches the server.
      expect(asked.filter((p) => !p.startsWith('/club/nevsky/'))).toEqual([]);
      // (A view's path: /scenario/<id>. Chunk file names may hold the word, as the scenario validator's does.)
    expect(asked.filter((p) => p.includes('/scenario/'))).toEqual([]);

      // Offline, under the service worker: a reload at the view's address still opens it.
      await page.evaluate(async () => { await navigator.serviceWorker.ready; });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      await page.context().setOffline(true);
      await reload(page);
      await onEditor(page);
      expect(await hash(page)).toBe(`#${path}`);
      expect(await title(page)).toBe('“Roadside Village”');
      await page.context().setOffline(false);
    } finally {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    }
  }, 60_000);
});
