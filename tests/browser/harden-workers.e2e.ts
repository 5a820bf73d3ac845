/**
 * Issue 31 item 7: a worker that dies or stops answering is noticed within a few seconds. The tests end the workers
 * on purpose from inside (Playwright's handle on each worker evaluates `close()` there), which fires no event in the
 * page: only the app's own watch can tell.
 */
import { describe, expect, test } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, screen, startGame, step, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

/** End a worker from inside; the evaluation itself may never answer once the worker is gone. */
function kill(w: Worker): Promise<void> {
  return Promise.race([w.evaluate(() => { (self as unknown as { close(): void }).close(); }).catch(() => undefined), new Promise<void>((ok) => setTimeout(ok, 500))]);
}

/** Workers the page starts whose script name contains `name`. */
function watchWorkers(page: Page, name: string): Worker[] {
  const found: Worker[] = [];
  page.on('worker', (w) => { if (w.url().includes(name)) found.push(w); });
  return found;
}

describe('the computer opponent', () => {
  test('a dead opponent worker is reported within seconds; Retry asks the same decision again and the game goes on', async () => {
    const page = await session.fresh();
    const workers = watchWorkers(page, 'opponent');
    let killed = 0;
    page.on('worker', (w) => { if (w.url().includes('opponent') && killed++ === 0) void kill(w); });
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page, { computer: 'russian' });
    const stalled = page.getByTestId('opponent-stalled');
    // Play on as the human until the computer's (killed) worker is asked for a decision and does not answer.
    let since = 0;
    for (let guard = 0; guard < 40 && (await stalled.count()) === 0; guard++) {
      const now = await screen(page);
      if (now === 'thinking') {
        since ||= Date.now();
        await page.waitForTimeout(200);
      } else if (now === 'play') {
        // The stall may be reported between the check above and this turn (the page then waits on the computer).
        if ((await stalled.count()) > 0) break;
        try {
          await suggestAndConfirm(page);
        } catch (err) {
          if ((await stalled.count()) === 0) throw err;
        }
      }
    }
    await stalled.waitFor({ timeout: 8000 });
    const waited = Date.now() - since;
    expect(await stalled.textContent()).toMatch(/The computer stopped answering/);
    expect(await page.getByTestId('thinking').count()).toBe(0);
    expect(waited).toBeLessThan(8000);
    const at = await step(page);
    await page.screenshot({ path: '/tmp/harden-opponent-stalled.png' });
    await page.waitForTimeout(500);
    expect(await step(page)).toBe(at);
    await stalled.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => step(page), { timeout: 15_000 }).toBeGreaterThan(at);
    expect(await stalled.count()).toBe(0);
    expect(workers.length).toBe(2);
  }, 90_000);
});

/** A fixed-count run of random games (the luck baseline: fast, and never stopping early). */
async function runBalance(page: Page, games: number, seed: number): Promise<void> {
  await page.getByTestId('balance-policy').selectOption('random');
  await page.getByTestId('balance-auto').uncheck();
  await page.getByTestId('balance-games').fill(String(games));
  await page.getByTestId('balance-games').press('Tab');
  await page.getByTestId('balance-seed').fill(String(seed));
  await page.getByTestId('balance-seed').press('Tab');
  await page.getByTestId('balance-run').click();
}

/** Games counted so far, read from the progress bar. */
async function counted(page: Page): Promise<number> {
  return Number(await page.locator('[data-testid="balance-progress"] progress').getAttribute('value'));
}

/** Start a run, wait for its first games, then end every balance worker; the panel must say so within seconds. */
async function stallBalance(page: Page, games: number): Promise<number> {
  const workers = watchWorkers(page, 'balance');
  await openApp(page, session.url());
  await page.getByRole('tab', { name: 'Balance' }).click();
  await runBalance(page, games, 3);
  await expect.poll(() => counted(page), { timeout: 15_000, interval: 20 }).toBeGreaterThan(0);
  await Promise.all(workers.map(kill));
  const killedAt = Date.now();
  const stalled = page.getByTestId('balance-stalled');
  await stalled.waitFor({ timeout: 10_000 });
  expect(Date.now() - killedAt).toBeLessThan(10_000);
  const done = await counted(page);
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(games);
  expect(await stalled.textContent()).toMatch(/stopped answering/);
  expect(await stalled.textContent()).toContain(`${done.toLocaleString('en')} of ${games.toLocaleString('en')} games`);
  return done;
}

describe('the balance workers', () => {
  test('a dead balance worker is reported with the games counted so far; Resume finishes with the numbers of an unbroken run', async () => {
    const page = await session.fresh();
    const done = await stallBalance(page, 600);
    await page.waitForTimeout(500);
    expect(await counted(page)).toBe(done); // nothing is counted while stalled, nothing is thrown away
    await page.screenshot({ path: '/tmp/harden-balance-stalled.png' });
    await page.getByTestId('balance-stalled').getByRole('button', { name: 'Resume' }).click();
    await page.getByTestId('balance-result').waitFor({ timeout: 60_000 });
    const resumed = await page.getByTestId('balance-result').textContent();
    expect(resumed).toMatch(/600 games, random policy, seed 3/);
    // The same run without a break gives the same estimate.
    await runBalance(page, 600, 3);
    await page.getByTestId('balance-progress').waitFor();
    await page.getByTestId('balance-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('balance-result').textContent()).toBe(resumed);
  }, 150_000);

  test('Cancel on a stalled run discards it and leaves the panel ready to run again', async () => {
    const page = await session.fresh();
    await stallBalance(page, 600);
    await page.getByTestId('balance-stalled').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('balance-message').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await page.getByTestId('balance-stalled').count()).toBe(0);
    expect(await page.getByTestId('balance-result').count()).toBe(0);
    await page.getByTestId('balance-run').waitFor();
  }, 90_000);
});
