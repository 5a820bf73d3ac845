/**
 * The club library in the app (issue 39 items 3 and 4), against the real club server (PGlite in memory) serving the
 * built app: the organiser joins by the club's first invitation, invites a member and publishes a scenario; the member
 * joins from a second browser context and takes it into their local library; share links warn when loopback.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openInvitation, startClubServer, submitJoin, type ClubServer } from './clubServer';

const SHOTS = process.env.SHOT_DIR ?? '/tmp/hclubui-shots';
let club: ClubServer;
let db: ClubServer['db'];
let url = '';
let firstToken = '';
/** The two members' pages, kept open from one test to the next (as two people would). */
let anna: Page, boris: Page;
let title = '';

beforeAll(async () => {
  club = await startClubServer(SHOTS);
  ({ db, url, firstToken } = club);
});
afterAll(async () => { await club?.close(); });

const page = (): Promise<Page> => club.page(8000);

async function join(p: Page, link: string, name: string, login: string): Promise<void> {
  await openInvitation(p, link);
  await p.getByRole('heading', { name: 'Join the club' }).waitFor();
  // The one-time token leaves the address at once (the router then shows the library's address).
  expect(p.url()).not.toContain('/join/');
  await submitJoin(p, name, login);
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

    anna = organiser;
    title = (await organiser.getByTestId('scenario-title').textContent())!.replace(/[“”]/g, '');
    await organiser.getByTestId('club-summary').fill('First draft for Saturday');
    await organiser.getByTestId('club-publish').click();
    await expect.poll(() => organiser.getByTestId('club-notice').textContent()).toContain('Published');
    expect(await organiser.getByTestId('club-entries').textContent()).toContain(title);
    await organiser.screenshot({ path: `${SHOTS}/club-organiser.png` });

    const member = await page();
    boris = member;
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
    // His copy was kept beside the template as "<title> (imported <date>)" in his library only: saved back, the club
    // entry keeps its own title.
    expect(await member.getByTestId('scenario-title').textContent()).toContain('(imported ');
    await member.getByTestId('club-save').click();
    await expect.poll(() => member.getByTestId('club-notice').textContent()).toContain(`Saved “${title}” to the club (version 2)`);
    expect(await db.query('select title, revision from entries')).toEqual([{ title, revision: 2 }]);

    // Anna, with the library open, hears of Boris's save at once: her copy is behind.
    await organiser.getByTestId('club-updated').waitFor();
    expect(await organiser.getByTestId('club-updated').textContent()).toContain(`Boris Member saved “${title}” to the club since you took it (it is now at version 2; your copy is from version 1)`);
    await organiser.screenshot({ path: `${SHOTS}/club-updated-live.png` });
    await organiser.getByTestId('club-save').click();
    await organiser.getByTestId('club-conflict').waitFor();
    expect(await organiser.getByTestId('club-conflict').textContent()).toContain('Someone else saved');
    await organiser.screenshot({ path: `${SHOTS}/club-conflict.png` });
    const rows = await db.query<{ revision: number }>('select revision from entries');
    expect(rows.map((r) => r.revision)).toEqual([2]);

    // Keep both: Anna's copy becomes an entry of its own, named after her; Boris's stays exactly as he saved it.
    await organiser.getByTestId('club-keep-both').click();
    await expect.poll(() => organiser.getByTestId('club-notice').textContent()).toContain(`Kept both: your copy is now “${title} (Anna Organiser's version)” in the club`);
    expect(await db.query('select title, revision from entries order by created_at')).toEqual([{ title, revision: 2 }, { title: `${title} (Anna Organiser's version)`, revision: 1 }]);
    await organiser.screenshot({ path: `${SHOTS}/club-keep-both.png` });
    // Her open copy is now linked to her own entry: saving it goes there, not over Boris's.
    await organiser.getByTestId('club-summary').fill('Anna again');
    await organiser.getByTestId('club-save').click();
    await expect.poll(() => organiser.getByTestId('club-notice').textContent()).toContain(`Saved “${title} (Anna Organiser's version)” to the club (version 2)`);
    expect(await db.query('select title, revision from entries order by created_at')).toEqual([{ title, revision: 2 }, { title: `${title} (Anna Organiser's version)`, revision: 2 }]);

    // A share link made here starts with the server's address, and warns that 127.0.0.1 only works on this computer.
    await organiser.getByTestId('club-close').click();
    await organiser.getByRole('button', { name: 'Share link' }).click();
    expect((await organiser.getByTestId('share-url').inputValue()).startsWith(url)).toBe(true);
    expect(await organiser.getByTestId('share-local').textContent()).toContain('only work on this computer');
    await organiser.screenshot({ path: `${SHOTS}/club-share.png` });
  }, 120_000);

  test('a member sees a warning in the top bar when someone else saves the club entry they have open', async () => {
    // Boris has his copy (version 2) open, the library closed. Anna saves version 3 of it through the API.
    await boris.getByTestId('club-close').click();
    const [entry] = await db.query<{ id: string }>('select id from entries where title = $1', [title]);
    const doc = (await (await anna.request.get(`${url}api/library/${entry!.id}`)).json() as { doc: { meta: Record<string, unknown> } }).doc;
    doc.meta.description = 'Anna made the river deeper.';
    const saved = await anna.request.put(`${url}api/library/${entry!.id}`, { data: { base: 2, doc, summary: 'Deeper river' } });
    expect(saved.status()).toBe(200);
    const banner = boris.getByTestId('club-updated-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`Anna Organiser saved “${title}” to the club (version 3); your open copy is from version 2.`);
    await boris.screenshot({ path: `${SHOTS}/club-updated-banner.png` });
    await banner.getByRole('button', { name: 'Open the club library' }).click();
    await boris.getByTestId('club-updated').waitFor();
  }, 60_000);

  test('compare two versions, then restore one: a new version with the old document', async () => {
    const [entry] = await db.query<{ id: string }>('select id from entries where title = $1', [title]);
    const row = boris.locator(`[data-entry="${entry!.id}"]`);
    await row.getByTestId('club-versions').click();
    const list = boris.getByTestId('club-version-list');
    await expect.poll(() => list.locator('[data-revision]').count()).toBe(3);
    await list.getByLabel('First version').selectOption('1');
    await list.getByLabel('Second version').selectOption('3');
    await list.getByTestId('club-compare').click();
    const diff = boris.getByTestId('club-differences');
    await expect.poll(() => diff.textContent()).toContain('description');
    expect(await diff.textContent()).toContain('Anna made the river deeper.');
    await boris.screenshot({ path: `${SHOTS}/club-compare.png` });
    // Comparing a version with itself says so.
    await list.getByLabel('Second version').selectOption('1');
    await list.getByTestId('club-compare').click();
    await expect.poll(() => diff.textContent()).toContain('The two versions are the same.');

    await list.locator('[data-revision="1"]').getByTestId('club-restore').click();
    await expect.poll(() => boris.getByTestId('club-notice').textContent()).toContain('Version 1 is the club\'s current version again (version 4).');
    const versions = await db.query<{ revision: number; summary: string; doc: unknown }>('select revision, summary, doc from versions where entry_id = $1 order by revision', [entry!.id]);
    expect(versions.map((v) => [v.revision, v.summary])).toEqual([[1, 'First draft for Saturday'], [2, 'Boris looked at it'], [3, 'Deeper river'], [4, 'Restored version 1']]);
    expect(versions[3]!.doc).toEqual(versions[0]!.doc);
    await expect.poll(() => list.locator('[data-revision]').count()).toBe(4);
    await boris.screenshot({ path: `${SHOTS}/club-restored.png` });
  }, 60_000);

  test('an organiser revokes a member: the member\'s page is logged out at once and cannot log in again', async () => {
    // Anna comes back to the page later (her session is kept): the members list is read afresh.
    await anna.reload();
    await anna.waitForSelector('body[data-ready="true"]');
    await anna.getByTestId('club-open').click();
    const row = anna.locator('[data-member="boris"]');
    await row.getByTestId('club-revoke').click();
    await anna.screenshot({ path: `${SHOTS}/club-revoke-ask.png` });
    await row.getByTestId('club-revoke-confirm').click();
    await expect.poll(() => row.textContent()).toContain('revoked');
    expect(await row.getByTestId('club-revoke').count()).toBe(0);
    const [m] = await db.query<{ revoked_at: Date | null }>("select revoked_at from members where login = 'boris'");
    expect(m!.revoked_at).not.toBeNull();
    expect(await db.query("select 1 from sessions s join members m on m.id = s.member_id where m.login = 'boris'")).toEqual([]);
    await anna.screenshot({ path: `${SHOTS}/club-revoked.png` });
    // Boris's page hears its live stream end and finds its session gone: it shows "Log in" again.
    await boris.getByTestId('club-login').waitFor({ timeout: 15_000 });
    await boris.screenshot({ path: `${SHOTS}/club-revoked-member.png` });
    await boris.getByTestId('club-login').click();
    await boris.getByTestId('club-user').fill('boris');
    await boris.getByTestId('club-password').fill('correct horse battery');
    await boris.getByTestId('club-submit').click();
    await expect.poll(() => boris.getByTestId('club-error').textContent()).toContain('That login and password do not match a member.');
  }, 60_000);

  test('Log out is in the club dialog; logged in, the top bar is one row at 1280 pixels', async () => {
    await anna.setViewportSize({ width: 1280, height: 800 });
    await anna.getByTestId('club-close').click();
    const bar = anna.locator('header.topbar');
    const buttons = await bar.locator(':scope > button').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(buttons).size).toBe(1);
    expect(await bar.getByTestId('club-logout').count()).toBe(0);
    await anna.getByTestId('club-open').click();
    await anna.getByTestId('club-logout').click();
    await anna.getByTestId('club-login').waitFor();
    expect(await anna.getByTestId('club-library').count()).toBe(0);
    expect(await db.query("select 1 from sessions s join members m on m.id = s.member_id where m.login = 'anna'")).toEqual([]);
  }, 60_000);

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
