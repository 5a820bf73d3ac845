/** Vitest global setup for the browser suite: check Chromium (fail loudly), build, serve, and shut down after. */
import type { TestProject } from 'vitest/node';
import { buildApp, chromiumPath, serveDist } from './harness';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string; chromium: string }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const exe = chromiumPath();
  await buildApp();
  const server = await serveDist();
  project.provide('baseUrl', server.url);
  project.provide('chromium', exe);
  return server.close;
}
