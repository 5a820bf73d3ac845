/** One Chromium per test file and a fresh browser profile (empty IndexedDB) per test; registers the vitest hooks. */
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './harness';

export interface BrowserSession {
  /** The served app's address. */
  url(): string;
  /** A new page in a new profile: 1400x900, downloads accepted, a page error fails the test. */
  fresh(): Promise<Page>;
}

export function browserSession(options: { clipboard?: boolean } = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const url = () => inject('baseUrl');
  beforeAll(async () => { browser = await launchChromium(inject('chromium')); });
  afterAll(async () => { await browser?.close(); });
  afterEach(async () => { await context?.close(); context = undefined; });
  return {
    url,
    async fresh() {
      context = await browser!.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
      if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url().replace(/\/$/, '') });
      context.setDefaultTimeout(5000);
      const page = await context.newPage();
      page.on('pageerror', (e) => { throw e; });
      return page;
    },
  };
}
