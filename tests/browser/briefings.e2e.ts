/**
 * Issue 41 item 4 (and 44's "briefing and notes"): in play each side reads its own briefing and never the other's —
 * at hot-seat hand-overs, against the computer and at a distance — and the notes come with the plain line that the
 * program does not enforce them; the rules at hand explain objectives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { Scenario } from '../../src/rules';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { newFromTemplate, openApp } from './driver';
import { pdfText } from '../pdf/pdf-text';
import { TEMPLATES } from '../../src/scenario';
import { importScenario, screen, startGame, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

const ORDERS = {
  teutonic: 'Brothers, take the ford at E6 before vespers and hold it.',
  russian: 'Men of Novgorod, keep the Order off the ford until the bells ring.',
} as const;
const NOTES = 'The woods at F6 burn: no unit may end its move there in turn 1.';
const other = (side: 'teutonic' | 'russian'): 'teutonic' | 'russian' => (side === 'teutonic' ? 'russian' : 'teutonic');

function briefed(): Scenario {
  const s = smallScenario(3);
  s.version = 2;
  s.objectives = [{ id: 'ford', label: 'The ford', squares: ['E6', 'E7'], points: 15 }];
  s.notes = NOTES;
  s.sides[0]!.briefing = ORDERS.teutonic;
  s.sides[1]!.briefing = ORDERS.russian;
  return s;
}

/** Serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page's text, shown or folded away (closed <details> included): what a reader could open. */
const allText = (page: Page): Promise<string> => page.evaluate(() => document.body.textContent ?? '');

/** The side whose turn it is at a hot-seat hand-over, from its heading. */
async function handOverSide(page: Page): Promise<'teutonic' | 'russian'> {
  const h = await page.getByTestId('hand-over').locator('h2').textContent();
  return h!.includes('Teutonic') ? 'teutonic' : 'russian';
}

describe('each side reads its own briefing only', () => {
  test('hot-seat (axe on the hand-over and the play panel): every hand-over offers the next side its own orders, the play panel shows the seat\'s, never the other\'s', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, briefed());
    await startGame(page);
    const seen = new Set<string>();
    for (let guard = 0; guard < 40 && seen.size < 2; guard++) {
      const now = await screen(page);
      if (now === 'hand-over') {
        const next = await handOverSide(page);
        const text = await allText(page);
        expect(text).toContain(ORDERS[next]);
        expect(text).not.toContain(ORDERS[other(next)]);
        // Folded until the player opens it: the one passing the device does not read it at a glance.
        expect(await page.getByTestId('hand-over-briefing').getAttribute('open')).toBeNull();
        if (!seen.size) {
          await page.getByTestId('hand-over-briefing').locator('summary').click();
          await page.screenshot({ path: '/tmp/briefing-hand-over.png' });
          expect(await seriousViolations(page)).toEqual([]);
        }
        await page.getByRole('button', { name: /show my view/ }).click();
        await page.waitForSelector('[data-testid="play"]');
        const own = page.getByTestId('own-briefing');
        expect(await own.getAttribute('data-side')).toBe(next);
        expect(await own.textContent()).toContain(ORDERS[next]);
        const shown = await allText(page);
        expect(shown).not.toContain(ORDERS[other(next)]);
        expect(await page.getByTestId('not-enforced').textContent()).toContain('Not enforced by the program');
        expect(await page.getByTestId('scenario-notes-play').textContent()).toContain(NOTES);
        expect(await page.getByTestId('objectives-now').textContent()).toMatch(/The ford \(E6, E7\), 15 points: held by nobody/);
        if (!seen.size) {
          await page.screenshot({ path: '/tmp/briefing-play.png' });
          expect(await seriousViolations(page)).toEqual([]);
        }
        seen.add(next);
      }
      if ((await screen(page)) === 'play') await suggestAndConfirm(page);
    }
    expect([...seen].sort()).toEqual(['russian', 'teutonic']);
  }, 120_000);

  test('against the computer: only the human side\'s briefing is ever on the page; the rules at hand explain objectives', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, briefed());
    await startGame(page, { computer: 'teutonic' });
    await page.waitForSelector('[data-testid="own-briefing"]');
    expect(await page.getByTestId('own-briefing').getAttribute('data-side')).toBe('russian');
    // Open at the start of the game.
    expect(await page.getByTestId('scenario-briefing').getAttribute('open')).not.toBeNull();
    expect(await allText(page)).toContain(ORDERS.russian);
    expect(await allText(page)).not.toContain(ORDERS.teutonic);
    // Enter on the box's summary folds it, and confirms nothing (Enter is the play view's confirm key).
    const before = await page.getByTestId('play').getAttribute('data-step');
    await page.getByTestId('scenario-briefing').locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scenario-briefing').getAttribute('open')).toBeNull();
    expect(await page.getByTestId('play').getAttribute('data-step')).toBe(before);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scenario-briefing').getAttribute('open')).not.toBeNull();
    expect(await page.getByTestId('play').getAttribute('data-step')).toBe(before);
    const rule = page.getByTestId('objectives-rule');
    await rule.locator('summary').click();
    expect(await rule.textContent()).toMatch(/holds an objective when its troops stand on at least one of its squares and no enemy troops/);
    await page.screenshot({ path: '/tmp/briefing-computer.png' });
    // The keys go back to the play view (a focused summary keeps its Enter).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 4 && (await screen(page)) === 'play'; i++) {
      await suggestAndConfirm(page);
      expect(await allText(page)).not.toContain(ORDERS.teutonic);
    }
    // On a phone the box is in the controls sheet, reached by scrolling the sheet.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = page.getByTestId('scenario-briefing').locator('summary');
    await box.scrollIntoViewIfNeeded();
    expect(await box.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/briefing-phone.png' });
  });

  test('at a distance: each player sees its own side\'s briefing only', async () => {
    const a = await session.fresh();
    await openApp(a, session.url());
    await importScenario(a, briefed());
    await a.getByRole('button', { name: 'Play', exact: true }).click();
    await a.getByLabel('Play at a distance (by link or file)').check();
    await a.locator('input[name="distance-side"][value="russian"]').check();
    await a.getByRole('button', { name: 'Start the game' }).click();
    await a.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="outgoing-link"]')?.value.includes('#d='));
    const invitation = await a.getByTestId('outgoing-link').inputValue();
    expect(await allText(a)).not.toContain(ORDERS.teutonic);

    const b = await session.fresh();
    await b.goto(invitation);
    await b.waitForSelector('body[data-ready="true"]');
    await b.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="outgoing-link"]')?.value.includes('#d='));
    await b.screenshot({ path: '/tmp/briefing-distance-b.png' });
    await b.waitForSelector('[data-testid="own-briefing"]', { state: 'attached' });
    expect(await b.getByTestId('own-briefing').getAttribute('data-side')).toBe('teutonic');
    expect(await allText(b)).toContain(ORDERS.teutonic);
    expect(await allText(b)).not.toContain(ORDERS.russian);
    expect(await b.getByTestId('not-enforced').count()).toBe(1);
    await b.screenshot({ path: '/tmp/briefing-distance.png' });
    const answer = await b.getByTestId('outgoing-link').inputValue();

    await a.getByTestId('incoming-link').fill(answer);
    await a.getByRole('button', { name: 'Open', exact: true }).click();
    await a.waitForSelector('[data-testid="own-briefing"]', { state: 'attached' });
    expect(await a.getByTestId('own-briefing').getAttribute('data-side')).toBe('russian');
    expect(await allText(a)).toContain(ORDERS.russian);
    expect(await allText(a)).not.toContain(ORDERS.teutonic);
  });
});

describe('the print dialog offers the side briefings', { timeout: 120_000 }, () => {
  test('ticked for a scenario with briefings, planned at one page a side; the PDF carries each side\'s orders on its own page', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'The Ford and the Bridge');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    const byTest = (id: string) => page.locator(`[data-test="${id}"]`);
    const plan = byTest('plan');
    await plan.waitFor({ timeout: 30_000 });
    expect(await byTest('doc-briefings').isChecked()).toBe(true);
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('Side briefings: 2 pages');
    await page.screenshot({ path: '/tmp/briefing-print-dialog.png' });
    for (const d of ['map', 'rosters', 'reference']) await byTest(`doc-${d}`).uncheck();
    await expect.poll(() => plan.textContent(), { timeout: 30_000 }).toContain('the-ford-and-the-bridge-briefings.pdf');
    const [d] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), byTest('print').click()]) as [Download, void];
    const { pages } = await pdfText(new Uint8Array(readFileSync((await d.path())!)));
    const sides = TEMPLATES.find((t) => t.id === 'river-crossing')!.scenario.sides;
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(sides[0]!.briefing!.slice(0, 30));
    expect(pages[0]).not.toContain(sides[1]!.briefing!.slice(0, 30));
    expect(pages[1]).toContain(sides[1]!.briefing!.slice(0, 30));
  });

  test('not ticked for a scenario without side briefings', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Open Field');
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.locator('[data-test="plan"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-test="doc-briefings"]').isChecked()).toBe(false);
  });
});
