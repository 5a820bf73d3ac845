/** Helpers that play a game through the play view like a user would (keyboard: S suggests, Enter confirms). */
import type { Page } from 'playwright-core';
import type { Scenario } from '../../src/rules';

/** Import a scenario file through the top bar's file input; it opens in the editor. */
export async function importScenario(page: Page, scenario: Scenario): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({ name: 'skirmish.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await page.waitForFunction((t) => document.querySelector('[data-testid="scenario-title"]')?.textContent?.includes(t), scenario.meta.title);
}

/** Press Play in the top bar and start a game with the setup dialog. */
export async function startGame(page: Page, how: { computer?: string } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  if (how.computer) {
    await page.getByLabel('Against the computer').check();
    await page.locator(`input[name="computer-side"][value="${how.computer}"]`).check();
  }
  await page.getByRole('button', { name: 'Start the game' }).click();
}

export type Screen = 'hand-over' | 'play' | 'result' | 'thinking';

/** Which screen is up now. */
export async function screen(page: Page): Promise<Screen> {
  await page.waitForSelector('[data-testid="hand-over"], [data-testid="play"]');
  if (await page.getByTestId('hand-over').count()) return 'hand-over';
  if (await page.getByTestId('result').count()) return 'result';
  if ((await page.getByTestId('play').getAttribute('data-thinking')) === 'true') return 'thinking';
  return 'play';
}

export async function step(page: Page): Promise<number> {
  return Number(await page.getByTestId('play').getAttribute('data-step'));
}

/** Take the suggested decision with the keyboard (S, then Enter) and wait for it to be applied. */
export async function suggestAndConfirm(page: Page): Promise<void> {
  const before = await step(page);
  await page.locator('body').press('s');
  await page.locator('body').press('Enter');
  await page.waitForFunction((n) => {
    const el = document.querySelector('[data-testid="play"]');
    return !el || Number(el.getAttribute('data-step')) !== n || document.querySelector('[data-testid="hand-over"]');
  }, before).catch(async (err: unknown) => {
    await page.screenshot({ path: '/tmp/play-stuck.png' });
    throw err;
  });
}

/** The page's HTML without the MDI picker and the MDI tables (the six buttons and the tables' rows name every MDI). */
export function htmlWithoutPicker(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.mdi-grid, [data-testid="mdi-table"], [data-testid="mdi-outcomes"]').forEach((e) => e.remove());
    return copy.outerHTML;
  });
}
