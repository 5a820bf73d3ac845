/**
 * Issue 29 items 5 and 6 in the browser: What matters on a short scenario lists its largest effects and numbers them on
 * the map (clicking a row highlights it); What to change suggests an edit that one click applies and Undo takes back.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp, tab } from './driver';

const session = browserSession();
let page: Page;

async function setNumber(testId: string, n: number): Promise<void> {
  await page.getByTestId(testId).fill(String(n));
  await page.getByTestId(testId).press('Tab');
}

describe('what matters and what to change', () => {
  test('rows with intervals, marks and a highlight on the map; a suggested edit applied and undone', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    // A short scenario: open field in two turns (the Order wins it every time with these seeds).
    await tab(page, 'Scenario');
    await page.getByRole('spinbutton', { name: 'Turn limit' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Turn limit' }).press('Tab');
    await tab(page, 'Balance');
    await setNumber('balance-seed', 2);
    await setNumber('balance-matters-games', 10);
    await page.getByTestId('balance-matters-run').click();
    await page.getByTestId('balance-progress').waitFor();
    // Progress over the whole job: the scenario and its 37 valid removals, 10 games each.
    await page.waitForFunction(() => /What matters: .* \/ 380 games/.test(document.querySelector('[data-testid="balance-progress"]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await page.getByTestId('balance-matters').waitFor({ timeout: 240_000 });

    const rows = page.getByTestId('balance-matters-row');
    expect(await rows.count()).toBe(5);
    const first = await rows.first().textContent();
    expect(first).toMatch(/^1(Remove|Teutonic Order: without|Novgorod Host: without).*[+-]\d+\.\d \([+-]\d+\.\d to [+-]\d+\.\d\)/);
    // The five largest effects are numbered on the map, their squares outlined.
    expect(await page.locator('[data-matters-rank]').count()).toBe(5);
    expect(await page.locator('[data-matters]').count()).toBeGreaterThanOrEqual(5);
    expect(await page.getByTestId('balance-matters').textContent()).toMatch(/Skipped, Teutonic Order: without ballistarii t-crew-1 \(F1\): Ballista/);

    // Clicking a row highlights its feature or unit.
    const rank1 = await page.locator('[data-matters="1"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')));
    await rows.first().getByRole('button').click();
    const lit = await page.locator('[data-highlight]').evaluateAll((els) => els.map((e) => e.getAttribute('data-highlight')));
    expect(lit).toEqual(rank1);
    expect(lit.length).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/b29-what-matters.png' });

    // What to change: a suggestion, applied with one click, undone with Undo.
    await setNumber('balance-screen-games', 2);
    await setNumber('balance-confirm-games', 10);
    await page.getByTestId('balance-change-run').click();
    await page.getByTestId('balance-change').waitFor({ timeout: 240_000 });
    // Suggestions are confirmed by the strongest balance players (issue 43), so which edit comes first is theirs to
    // say: the test reads it and follows it through Apply and Undo.
    expect(await page.getByTestId('balance-change-verdict').textContent()).toMatch(/^(Edits that bring the estimate inside 45-55%:|No single small edit brought the estimate inside 45-55%\. The closest:)$/);
    const suggestion = page.getByTestId('balance-suggestion').first();
    const suggested = (await suggestion.textContent())!;
    const read = /^(.+?): Teutonic Order \d+\.\d% of decisive games \(10 games\); Teutonic Order [-+]\d+\.\d \(/.exec(suggested);
    expect(read, suggested).not.toBeNull();
    const label = read![1]!;
    await page.getByTestId('balance-change').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/b29-what-to-change.png' });
    await suggestion.getByTestId('balance-apply').click();
    await expect(page.getByTestId('balance-message').textContent()).resolves.toBe(`Applied: ${label}. Undo takes it back.`);
    expect(await page.getByTestId('balance-change').textContent()).toMatch(/Stale: the scenario changed/);
    // The map marks hide once the scenario changed.
    expect(await page.locator('[data-matters-rank]').count()).toBe(0);
    if (label.startsWith('Turn limit')) {
      await tab(page, 'Scenario');
      expect(await page.getByRole('spinbutton', { name: 'Turn limit' }).inputValue()).toBe('3');
    }
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    if (label.startsWith('Turn limit')) expect(await page.getByRole('spinbutton', { name: 'Turn limit' }).inputValue()).toBe('2');
    await tab(page, 'Balance');
    expect(await page.getByTestId('balance-change').textContent()).not.toMatch(/Stale/);
    expect(await page.locator('[data-matters-rank]').count()).toBe(5);
  }, 600_000);
});
