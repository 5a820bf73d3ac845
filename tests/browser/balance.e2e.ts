/**
 * Issue 11: the Balance panel runs self-play games in Web Workers, shows rates with intervals, a verdict and a heat map.
 * Issue 29: competent players by default (search or simple, by the spare cores), the estimate live while games run, A/B against an earlier version.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { clickSquare, openApp, settle, tool } from './driver';

const session = browserSession();
let page: Page;

async function openBalance(): Promise<void> {
  await page.getByRole('tab', { name: 'Balance' }).click();
}

/** Run n games of the simple policy (fast; the default players are search players since issue 43). */
async function runGames(n: number, seed = 1): Promise<void> {
  await page.getByTestId('balance-policy').selectOption('simple');
  await page.getByTestId('balance-games').fill(String(n));
  await page.getByTestId('balance-games').press('Tab');
  await page.getByTestId('balance-seed').fill(String(seed));
  await page.getByTestId('balance-seed').press('Tab');
  await page.getByTestId('balance-run').click();
}

describe('balance panel', () => {
  test('runs games in workers, shows rates with intervals, a verdict and a heat map; edits mark it stale; it survives a reload', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await openBalance();
    await expect(page.getByTestId('balance-run').textContent()).resolves.toContain('1,000 games');
    await runGames(10, 4);
    await page.getByTestId('balance-progress').waitFor();
    await page.screenshot({ path: '/tmp/ai-balance-running.png' });
    await page.getByTestId('balance-result').waitFor({ timeout: 120_000 });
    const result = await page.getByTestId('balance-result').textContent();
    expect(result).toMatch(/Teutonic Order wins\s*\d+\.\d%\s*\d+\.\d% – \d+\.\d%/);
    expect(result).toMatch(/Draws/);
    expect(result).toMatch(/10 games, simple policy, seed 4/);
    expect(await page.getByTestId('balance-verdict').textContent()).toMatch(/^For simple-policy players: .*(favoured|Balanced|Too close to call|draw)/);
    expect(await page.locator('[data-heat]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('balance-heat-legend').textContent()).toMatch(/Darkest square [A-L]\d+: \d+ stands lost over 10 games/);
    await page.screenshot({ path: '/tmp/ai-balance-result.png' });
    await page.getByLabel('melees fought').check();
    expect(await page.locator('[data-heat]').count()).toBeGreaterThan(0);
    await page.getByLabel('off').check();
    expect(await page.locator('[data-heat]').count()).toBe(0);
    await page.getByLabel('stands lost').check();
    expect(await page.getByTestId('balance-stale').count()).toBe(0);

    // An edit makes the estimate stale; the estimate is kept with the library entry across a reload.
    await tool(page, 'Protected square');
    await clickSquare(page, 'F6');
    await openBalance();
    await page.getByTestId('balance-stale').waitFor();
    await settle(page);
    await page.reload();
    await page.waitForSelector('[data-square="A1"]');
    await openBalance();
    await page.getByTestId('balance-result').waitFor();
    await page.getByTestId('balance-stale').waitFor();
    expect(await page.getByTestId('balance-result').textContent()).toMatch(/10 games, simple policy, seed 4/);
    await page.screenshot({ path: '/tmp/ai-balance-stale.png' });
  }, 180_000);

  test('Cancel stops the run and shows no partial estimate', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await openBalance();
    await runGames(5000, 2);
    await page.getByTestId('balance-progress').waitFor();
    await page.waitForFunction(() => /[1-9]\d* \/ 5,000 games/.test(document.querySelector('[data-testid="balance-progress"]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await page.getByTestId('balance-cancel').click();
    await expect(page.getByTestId('balance-message').textContent()).resolves.toMatch(/Cancelled: no estimate from a partial run/);
    expect(await page.getByTestId('balance-result').count()).toBe(0);
    expect(await page.getByTestId('balance-progress').count()).toBe(0);
    expect(await page.locator('[data-heat]').count()).toBe(0);
    await page.screenshot({ path: '/tmp/ai-balance-cancel.png' });
    // The Run button is back and a new run can start.
    expect(await page.getByTestId('balance-run').isEnabled()).toBe(true);
  }, 120_000);

  test('the rates and verdict update while the games run; A/B against the version before the last edit', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await openBalance();
    expect(await page.getByTestId('balance-policy').inputValue()).toBe('search');
    expect(await page.getByTestId('balance-auto').isChecked()).toBe(true);
    await runGames(2000, 3);
    const live = page.getByTestId('balance-live');
    await live.waitFor({ timeout: 60_000 });
    const count = async () => Number((/So far \((\d[\d,]*) games\)/.exec((await live.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''));
    const first = await count();
    expect(first).toBeGreaterThan(0);
    expect(await live.textContent()).toMatch(/For simple-policy players: .*Teutonic Order wins\s*\d+\.\d%\s*\d+\.\d% – \d+\.\d%/);
    // The panel refreshes by itself (every quarter second) while games come in.
    await page.waitForFunction((n) => {
      const m = /So far \((\d[\d,]*) games\)/.exec(document.querySelector('[data-testid="balance-live"]')?.textContent ?? '');
      return m !== null && Number(m[1]!.replace(/,/g, '')) > n;
    }, first, { timeout: 60_000 });
    await page.screenshot({ path: '/tmp/ai-balance-live.png' });
    await page.getByTestId('balance-cancel').click();
    await page.getByTestId('balance-message').waitFor();

    // An edit gives the scenario an earlier version to compare with, on the same seeds and dice.
    await tool(page, 'Protected square');
    await clickSquare(page, 'F6');
    await openBalance();
    // Each version is named by the edit made after it (issue 43 item 4).
    const lastEdit = (await page.getByTestId('balance-compare-with').locator('option', { hasText: '(the last edit)' }).textContent())!;
    expect(lastEdit).toMatch(/^before: .*F6 added \(the last edit\)$/);
    await page.getByTestId('balance-compare-with').selectOption({ label: lastEdit });
    await page.getByTestId('balance-games').fill('10');
    await page.getByTestId('balance-games').press('Tab');
    await page.getByTestId('balance-compare-run').click();
    await page.getByTestId('balance-compare').waitFor({ timeout: 150_000 });
    expect(await page.getByTestId('balance-compare-verdict').textContent())
      .toMatch(/^Against before: .*F6 added \(the last edit\): Over 10 paired games \(same seeds and dice\), this version moves Teutonic Order from \d+% to \d+%, change [+-]?\d+ ± \d+ percentage points; Novgorod Host from/);
    expect(await page.getByTestId('balance-compare').textContent()).toMatch(/Teutonic Order wins\s*\d+\.\d%\s*\d+\.\d%\s*[+-]\d+\.\d \([+-]\d+\.\d to [+-]\d+\.\d\) percentage points/);
    await page.screenshot({ path: '/tmp/ai-balance-compare.png' });
  }, 300_000);

  test('the skill sweep shows the verdict at each level side by side and what comparing them says', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await openBalance();
    await page.getByTestId('balance-search-games').fill('10');
    await page.getByTestId('balance-search-games').press('Tab');
    await page.getByTestId('balance-games').fill('20');
    await page.getByTestId('balance-games').press('Tab');
    await page.getByTestId('balance-sweep-run').click();
    await page.getByTestId('balance-progress').waitFor();
    await page.getByTestId('balance-sweep').waitFor({ timeout: 240_000 });
    const table = page.getByTestId('balance-sweep').locator('tbody');
    expect(await table.locator('th').allTextContents()).toEqual(['random', 'simple', 'search']);
    for (const r of await table.locator('tr').allTextContents()) expect(r).toMatch(/\d+\.\d% \(\d+\.\d% – \d+\.\d%\)/);
    // The search level stops at its own cap (10 games here).
    expect(await table.locator('tr').nth(2).locator('td').nth(-2).textContent()).toBe('10');
    for (const v of await table.locator('tr td:last-child').allTextContents()) expect(v).toMatch(/^(Teutonic Order favoured|Novgorod Host favoured|balanced|too close to call)(; no fighting in \d+%)?$/);
    expect(await page.getByTestId('balance-sweep-verdict').textContent()).toMatch(/^(Skill-sensitive: strong players (favour|find it balanced).*Stronger play favours|Not skill-sensitive: |Too few settled verdicts)/);
    await page.screenshot({ path: '/tmp/ai-balance-sweep.png' });
  }, 300_000);

  test('the default players are never weaker than the strongest that settles a verdict in about a minute on one spare core; the panel says why', async () => {
    for (const [cores, policy, why] of [
      [2, 'search', /Search players are the default here: .* about 50 s on one spare core \(300 games; 1,000 take about 170 s on 1 spare core\)/],
      [8, 'search', /Search players are the default here: .* about 50 s on one spare core \(300 games; 1,000 take about 20 s on 7 spare cores\)/],
    ] as const) {
      page = await session.fresh();
      await page.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), cores);
      await openApp(page, session.url());
      await openBalance();
      expect(await page.getByTestId('balance-policy').inputValue(), `${cores} cores`).toBe(policy);
      expect(await page.getByTestId('balance-policy').locator('option:checked').textContent()).toMatch(/· default here$/);
      expect(await page.getByTestId('balance-default-why').textContent()).toMatch(why);
      await page.context().close();
    }
  });
});
