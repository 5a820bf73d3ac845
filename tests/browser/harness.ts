/** Browser test harness: build the app, serve dist/ on a free localhost port, launch Debian's Chromium. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist');

/** The Chromium binary: $CHROMIUM_PATH or Debian's /usr/bin/chromium. Throws, naming the install command, when missing. */
export function chromiumPath(): string {
  const exe = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(exe)) {
    throw new Error(
      `Chromium was not found at ${exe}. The browser tests need it: on Debian/Ubuntu run "apt-get install chromium"; ` +
      'elsewhere run "npx playwright install chromium" and set CHROMIUM_PATH to the browser it installed.',
    );
  }
  return exe;
}

/** Build the app into dist/ with the project's Vite config. */
export async function buildApp(): Promise<void> {
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', configFile: join(ROOT, 'vite.config.ts') });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.png': 'image/png', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json',
};

/** Serve a built directory on 127.0.0.1 at a free port. */
export async function serveDist(dir = DIST): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); }) };
}

/** Headless Chromium with the flags the project uses everywhere. */
export function launchChromium(executablePath = chromiumPath()): Promise<Browser> {
  return chromium.launch({
    executablePath, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
