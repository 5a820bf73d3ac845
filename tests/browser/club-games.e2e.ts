/**
 * Games at a distance through the club server (issue 40 items 1 and 2), in two browsers against the real server
 * (PGlite in memory) serving the built app: a member challenges another from a club library scenario; the other hears
 * of it live (the page's title and notice), accepts, and they play turns with no link or file passed; the play screen
 * has the local one's tools and names both players; a reload, and another device given the games key, lose nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openInvitation, startClubServer, submitJoin, type ClubServer } from './clubServer';

const SHOTS = process.env.SHOT_DIR ?? '/tmp/club-games-shots';
let club: ClubServer;
let url = '';
let firstToken = '';

beforeAll(async () => {
  club = await startClubServer(SHOTS);
  ({ url, firstToken } = club);
});
afterAll(async () => { await club?.close(); });

const page = (): Promise<Page> => club.page(10_000);

async function join(p: Page, link: string, name: string, login: string): Promise<void> {
  await openInvitation(p, link);
  await submitJoin(p, name, login);
}

/** The page whose player may act or must send, once one of them may. */
async function whoseTurn(pages: Page[]): Promise<Page> {
  let found: Page | null = null;
  await expect.poll(async () => {
    for (const p of pages) {
      const play = p.getByTestId('distance-play');
      if ((await play.count()) && ((await play.getAttribute('data-can-act')) === 'true' || (await p.getByTestId('send-turn').count()))) { found = p; return true; }
    }
    return false;
  }, { timeout: 20_000 }).toBe(true);
  return found!;
}

/** Take suggested decisions (S, Enter) while this side may act, then send its turn. */
async function playOwnTurn(p: Page): Promise<number> {
  let n = 0;
  const play = p.getByTestId('distance-play');
  for (let guard = 0; guard < 100 && (await play.getAttribute('data-can-act')) === 'true'; guard++) {
    const before = await play.getAttribute('data-step');
    await p.locator('body').press('s');
    await p.locator('body').press('Enter');
    await p.waitForFunction((b) => {
      const el = document.querySelector('[data-testid="distance-play"]');
      return el?.getAttribute('data-step') !== b || el?.getAttribute('data-can-act') !== 'true';
    }, before);
    n++;
  }
  if (await p.getByTestId('send-turn').count()) await p.getByTestId('send-turn').click();
  return n;
}

describe('games at a distance through the club server', () => {
  test('a challenge from the club library, accepted and played with no link or file; reload and another device lose nothing', async () => {
    const anna = await page();
    await join(anna, `${url}#/join/${firstToken}`, 'Anna Organiser', 'anna');
    await anna.getByTestId('club-invite').click();
    const link = await anna.getByTestId('club-invite-link').inputValue();
    // The scenario is published to the club library (as the library's Publish does).
    const doc = JSON.parse(readFileSync(new URL('../../templates/open-field.json', import.meta.url), 'utf8')) as unknown;
    expect(await anna.evaluate(async (d) => (await fetch('api/library', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'scenario', doc: d }) })).status, doc)).toBe(201);
    await anna.getByTestId('club-close').click();

    const boris = await page();
    await join(boris, link, 'Boris <b>Member</b>', 'boris');
    await boris.getByTestId('club-close').click();
    await anna.reload();
    await anna.waitForSelector('body[data-ready="true"]');

    // Anna challenges Boris to the club's scenario, 2 days a move.
    await anna.getByTestId('games-open').click();
    await anna.getByTestId('challenge-entry').selectOption({ index: 1 });
    await expect.poll(() => anna.getByTestId('challenge-side').locator('option').count()).toBe(2);
    await anna.getByTestId('challenge-opponent').selectOption({ label: 'Boris <b>Member</b>' });
    await anna.getByTestId('challenge-days').fill('2');
    await anna.getByTestId('challenge-send').click();
    await anna.getByTestId('distance-play').waitFor();
    expect(await anna.getByTestId('distance-status').textContent()).toContain('Waiting for Boris <b>Member</b>');
    expect(await anna.getByTestId('relay-note').count()).toBe(1);
    expect(await anna.getByTestId('outgoing-link').count()).toBe(0);

    // Boris hears of it live: the title and the notice say it is his turn.
    await expect.poll(() => boris.title(), { timeout: 15_000 }).toMatch(/^\(1\) Your turn · /);
    await boris.getByTestId('turn-notice').waitFor();
    expect(await boris.getByTestId('turn-notice').textContent()).toContain('against Anna Organiser');
    await boris.screenshot({ path: `${SHOTS}/club-games-notice.png` });
    await boris.getByTestId('games-open').click();
    expect(await boris.getByTestId('games-list').textContent()).toContain('Your turn: accept the challenge');
    // The name is text, never markup.
    expect(await anna.locator('b').count()).toBe(0);
    await boris.getByTestId('game-play').click();
    await boris.getByTestId('distance-play').waitFor();

    let actions = 0, messages = 0;
    for (; messages < 16; messages++) {
      const p = await whoseTurn([anna, boris]);
      actions += await playOwnTurn(p);
      const where = (await p.locator('.banner .where').textContent()) ?? '';
      if (/Game over/.test(where) || (messages >= 6 && /Turn [2-9]/.test(where))) break;
    }
    expect(actions).toBeGreaterThan(5);
    for (const p of [anna, boris]) expect(await p.getByTestId('distance-error').count()).toBe(0);

    // The full play screen: both players named, the rules at hand (MDI table, Quick reference), Replay.
    const writer = await whoseTurn([anna, boris]);
    const players = (await writer.getByTestId('distance-players').textContent())!;
    expect(players).toContain('Anna Organiser');
    expect(players).toContain('Boris <b>Member</b>');
    expect(await writer.getByTestId('rules-at-hand').count()).toBe(1);
    expect(await writer.getByTestId('mdi-table').count()).toBe(1);
    await writer.screenshot({ path: `${SHOTS}/club-games-play.png` });
    await writer.getByTestId('open-reference').click();
    await writer.getByTestId('reference').waitFor();
    await writer.getByTestId('reference').getByRole('button', { name: 'Close' }).click();
    await writer.getByTestId('distance-replay').click();
    await writer.getByRole('button', { name: 'Close the replay' }).waitFor();
    await writer.screenshot({ path: `${SHOTS}/club-games-replay.png` });
    await writer.getByRole('button', { name: 'Close the replay' }).click();
    await writer.getByTestId('distance-play').waitFor();

    // A reload loses nothing: the game opens again at the same step.
    const step = await boris.getByTestId('distance-play').getAttribute('data-step');
    await boris.reload();
    await boris.waitForSelector('body[data-ready="true"]');
    await boris.getByTestId('games-open').click();
    await boris.locator('[data-testid="games-list"] [data-testid="game-play"]').first().click();
    await expect.poll(() => boris.getByTestId('distance-play').getAttribute('data-step')).toBe(step);

    // Another device: Boris logs in elsewhere; without his games key the game does not open, with it at the same step.
    await boris.getByTestId('games-open').click();
    await boris.getByTestId('key-show').click();
    const key = await boris.getByTestId('key-text').inputValue();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const phone = await page();
    await phone.goto(url);
    await phone.waitForSelector('body[data-ready="true"]');
    await phone.getByTestId('club-login').click();
    await phone.getByTestId('club-user').fill('boris');
    await phone.getByTestId('club-password').fill('correct horse battery');
    await phone.getByTestId('club-submit').click();
    await phone.getByTestId('club-library').waitFor();
    await phone.getByTestId('club-close').click();
    await phone.getByTestId('games-open').click();
    await phone.getByTestId('game-play').first().click();
    await expect.poll(() => phone.getByTestId('games-error').textContent()).toContain('games key');
    await phone.getByTestId('key-input').fill(key);
    await phone.getByRole('button', { name: 'Use this key' }).click();
    await phone.getByTestId('game-play').first().click();
    await expect.poll(() => phone.getByTestId('distance-play').getAttribute('data-step')).toBe(step);
    await phone.screenshot({ path: `${SHOTS}/club-games-device.png` });
  }, 180_000);
});
