/**
 * The club record in the app (issue 40 item 3), against the real club server serving the built app: Anna enters a
 * table game against Boris, Boris confirms it from his browser, and the club table, the scenario's record and a
 * round-robin league's standings come from it. Boris can name only games he played (the form offers only others).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openInvitation, startClubServer, submitJoin, type ClubServer } from './clubServer';

const SHOTS = process.env.SHOT_DIR ?? '/tmp/hclubui-shots';
let club: ClubServer;
let db: ClubServer['db'];
let url = '';
let firstToken = '';

beforeAll(async () => {
  club = await startClubServer(SHOTS);
  ({ db, url, firstToken } = club);
});
afterAll(async () => { await club?.close(); });

async function join(link: string, name: string, login: string): Promise<Page> {
  const p = await club.page();
  await openInvitation(p, link);
  await submitJoin(p, name, login);
  return p;
}

describe('the club record', () => {
  test('a table game entered by one player and confirmed by the other makes the record, the ratings and a league table', async () => {
    const anna = await join(`${url}#/join/${firstToken}`, 'Anna', 'anna');
    await anna.getByTestId('club-invite').click();
    const boris = await join(await anna.getByTestId('club-invite-link').inputValue(), 'Boris', 'boris');

    await anna.getByTestId('club-close').click();
    await anna.getByTestId('club-open').click();
    await anna.getByTestId('club-record-open').click();
    const form = anna.getByTestId('record-enter');
    await form.getByTestId('record-title').fill('Open Field');
    await form.getByTestId('record-side-a').fill('Teutonic Order');
    await form.getByTestId('record-side-b').fill('Novgorod Host');
    await expect.poll(() => form.getByTestId('record-opponent').locator('option').allTextContents()).toEqual(['Boris']);
    await form.getByTestId('record-opponent').selectOption({ label: 'Boris' });
    await form.getByTestId('record-points-a').fill('14');
    await form.getByTestId('record-points-b').fill('6');
    await form.getByTestId('record-submit').click();
    await expect.poll(() => anna.getByTestId('record-notice').textContent()).toContain('Boris confirms it, then it counts.');
    // Not counted until Boris confirms.
    expect(await anna.getByTestId('record-scenarios').textContent()).toContain('No confirmed games yet.');

    await boris.getByTestId('club-record-open').click();
    const waiting = boris.getByTestId('record-waiting');
    await expect.poll(() => waiting.textContent()).toContain('Open Field: Anna (Teutonic Order) 14 – 6 Boris (Novgorod Host), Anna won');
    await boris.screenshot({ path: `${SHOTS}/record-confirm.png` });
    await waiting.getByTestId('record-confirm').click();
    await expect.poll(() => boris.getByTestId('record-notice').textContent()).toContain('Confirmed');
    expect(await boris.getByTestId('record-scenarios').textContent()).toContain('Teutonic Order 1; Novgorod Host 0; draws 0');
    const table = boris.getByTestId('record-ratings');
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows[0]).toMatch(/^1Anna1[5-9]\d\d ± \d+1 \(1–0–0\)/);
    expect(rows[1]).toMatch(/^2Boris1[0-4]\d\d ± \d+1 \(0–0–1\)/);
    await boris.screenshot({ path: `${SHOTS}/record-ratings.png` });

    // Anna, an organiser, makes a round-robin league of the two.
    await anna.getByTestId('record-close').click();
    await anna.getByTestId('club-record-open').click();
    const league = anna.getByTestId('record-new-league');
    await league.getByTestId('record-league-name').fill('Winter season');
    await league.getByLabel('Anna').check();
    await league.getByLabel('Boris').check();
    await league.getByTestId('record-league-make').click();
    const shown = anna.getByTestId('record-league');
    await expect.poll(() => shown.textContent()).toContain('Winter season');
    expect(await shown.textContent()).toContain('Round 1: ');
    expect(await shown.textContent()).toContain('(to play)');
    await anna.screenshot({ path: `${SHOTS}/record-league.png` });
    expect(await boris.getByTestId('record-new-league').count()).toBe(0);
    const [g] = await db.query<{ status: string; player_a: string }>('select status, player_a from record_games');
    expect(g!.status).toBe('confirmed');
  }, 120_000);
});
