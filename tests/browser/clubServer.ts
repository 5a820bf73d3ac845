/**
 * The club server for browser tests: the real server (PGlite in memory) serving the built app, its club made with
 * the first organiser's one-time invitation, and Chromium to open members' pages in (club, club-games, club-record).
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildServer, initClub, migrate, openPglite, type Db } from '../../src/server';
import { DIST, launchChromium } from './harness';

export interface ClubServer {
  db: Db;
  /** The server's address, ending in /. */
  url: string;
  /** The first organiser's one-time invitation token. */
  firstToken: string;
  browser: Browser;
  /** A member's page in a context of its own (as another person on another machine); page errors fail the test. */
  page(timeoutMs?: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startClubServer(shots: string): Promise<ClubServer> {
  const db = await openPglite();
  await migrate(db);
  const firstToken = (await initClub(db.query, 'Pskov Wargamers')).token;
  const { app } = await buildServer({ db, dist: DIST, version: 'test' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  const browser = await launchChromium(inject('chromium'));
  mkdirSync(shots, { recursive: true });
  return {
    db, url, firstToken, browser,
    async page(timeoutMs = 8000) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      context.setDefaultTimeout(timeoutMs);
      const p = await context.newPage();
      p.on('pageerror', (e) => { throw e; });
      return p;
    },
    async close() {
      await browser.close();
      await app.close();
      await db.close();
    },
  };
}

/** Open an invitation link and wait for the app to be ready (the join form then shows). */
export async function openInvitation(p: Page, link: string): Promise<void> {
  await p.goto(link);
  await p.waitForSelector('body[data-ready="true"]');
}

/** Fill in the join form and wait for the club library. */
export async function submitJoin(p: Page, name: string, login: string): Promise<void> {
  await p.getByTestId('club-name').fill(name);
  await p.getByTestId('club-user').fill(login);
  await p.getByTestId('club-password').fill('correct horse battery');
  await p.getByTestId('club-submit').click();
  await p.getByTestId('club-library').waitFor();
}
