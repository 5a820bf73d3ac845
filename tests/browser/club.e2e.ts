/**
 * The club library in the app (issue 39 items 3 and 4), against the real club server (PGlite in memory) serving the
 * built app: the organiser joins by the club's first invitation, invites a member and publishes a scenario; the member
 * joins from a second browser context and takes it into their local library; share links warn when loopback.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildServer, initClub, migrate, openPglite, type Db } from '../../src/server';
import { DIST, launchChromium } from './harness';

const SHOTS = process.env.SHOT_DIR ?? '/tmp/hclubui-shots';
let db: Db;
let app: FastifyInstance;
let url = '';
let firstToken = '';
let browser: Browser;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  firstToken = (await initClub(db.query, 'Pskov Wargamers')).token;
  ({ app } = await buildServer({ db, dist: DIST, version: 'test' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  browser = await launchChromium(inject('chromium'));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
});

async function page(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(8000);
  const p = await context.newPage();
  p.on('pageerror', (e) => { throw e; });
  return p;
}

async function join(p: Page, link: string, name: string, login: string): Promise<void> {
  await p.goto(link);
  await p.waitForSelector('body[data-ready="true"]');
  await p.getByRole('heading', { name: 'Join the club' }).waitFor();
  // The one-time token leaves the address at once (the router then shows the library's address).
  expect(p.url()).not.toContain('/join/');
  await p.getByTestId('club-name').fill(name);
  await p.getByTestId('club-user').fill(login);
  await p.getByTestId('club-password').fill('correct horse battery');
  await p.getByTestId('club-submit').click();
  await p.getByTestId('club-library').waitFor();
}

describe('the club library', () => {
  test('an organiser joins, invites a member and publishes; the member takes the scenario into their library', async () => {
    const organiser = await page();
    await join(organiser, `${url}#/join/${firstToken}`, 'Anna Organiser', 'anna');
    expect(await organiser.getByTestId('club-library').textContent()).toContain('Logged in as Anna Organiser (organiser)');

    await organiser.getByTestId('club-invite').click();
    const link = await organiser.getByTestId('club-invite-link').inputValue();
    expect(link.startsWith(`${url}#/join/`)).toBe(true);
    expect(await organiser.getByTestId('club-organiser').textContent()).toContain('expires');

    const title = (await organiser.getByTestId('scenario-title').textContent())!.replace(/[“”]/g, '');
    await organiser.getByTestId('club-summary').fill('First draft for Saturday');
    await organiser.getByTestId('club-publish').click();
    await expect.poll(() => organiser.getByTestId('club-notice').textContent()).toContain('Published');
    expect(await organiser.getByTestId('club-entries').textContent()).toContain(title);
    await organiser.screenshot({ path: `${SHOTS}/club-organiser.png` });

    const member = await page();
    await join(member, link, 'Boris Member', 'boris');
    const entries = member.getByTestId('club-entries');
    await expect.poll(() => entries.textContent()).toContain(title);
    expect(await entries.textContent()).toContain('Anna Organiser');
    expect(await member.getByTestId('club-organiser').count()).toBe(0);
    await member.screenshot({ path: `${SHOTS}/club-member.png` });

    // Versions: who, when, the summary.
    await member.getByTestId('club-versions').first().click();
    await expect.poll(() => member.getByTestId('club-version-list').textContent()).toContain('First draft for Saturday');

    await member.getByTestId('club-take').first().click();
    await member.getByTestId('club-library').waitFor({ state: 'detached' });
    // The member's library already holds a scenario of that title (the first-run template): the import asks, as for a file.
    await member.getByRole('button', { name: 'Keep both' }).click();
    await expect.poll(() => member.getByTestId('import-notice').textContent()).toContain('the club library');
    await member.screenshot({ path: `${SHOTS}/club-member-taken.png` });

    // The member saves a change back; the organiser's copy is now behind, and its save is refused, not overwriting.
    await member.getByTestId('club-open').click();
    await member.getByTestId('club-summary').fill('Boris looked at it');
    await member.getByTestId('club-save').click();
    await expect.poll(() => member.getByTestId('club-notice').textContent()).toContain('version 2');

    await organiser.getByTestId('club-save').click();
    await organiser.getByTestId('club-conflict').waitFor();
    expect(await organiser.getByTestId('club-conflict').textContent()).toContain('Someone else saved');
    await organiser.screenshot({ path: `${SHOTS}/club-conflict.png` });
    const rows = await db.query<{ revision: number }>('select revision from entries');
    expect(rows.map((r) => r.revision)).toEqual([2]);

    // A share link made here starts with the server's address, and warns that 127.0.0.1 only works on this computer.
    await organiser.getByTestId('club-close').click();
    await organiser.getByRole('button', { name: 'Share link' }).click();
    expect((await organiser.getByTestId('share-url').inputValue()).startsWith(url)).toBe(true);
    expect(await organiser.getByTestId('share-local').textContent()).toContain('only work on this computer');
    await organiser.screenshot({ path: `${SHOTS}/club-share.png` });
  }, 120_000);

  test('with no club server nothing changes, and the share dialog still warns of a loopback link', async () => {
    const p = await page();
    await p.goto(inject('baseUrl'));
    await p.waitForSelector('body[data-ready="true"]');
    expect(await p.getByTestId('club-login').count()).toBe(0);
    expect(await p.getByTestId('club-open').count()).toBe(0);
    await p.getByRole('button', { name: 'Share link' }).click();
    expect((await p.getByTestId('share-url').inputValue()).startsWith(inject('baseUrl'))).toBe(true);
    await p.getByTestId('share-local').waitFor();
    await p.screenshot({ path: `${SHOTS}/static-share.png` });
  });
});
