/** The browser suite (`npm run test:browser`): Playwright driving Debian's Chromium against the built app. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/browser/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/browser/setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
