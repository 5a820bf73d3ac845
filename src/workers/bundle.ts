/**
 * Node worker threads from TypeScript sources. The built command line (scripts/build-cli.mjs) ships each worker
 * prebuilt beside itself; run from the sources, the worker is bundled once per process with esbuild (as Vite bundles
 * the app's workers). Loading the sources through tsx works too, but tsx keeps every function's name by wrapping each
 * closure as it is made, which costs the engine's inner loops about a fifth of their speed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<URL>>();

/**
 * The worker to start for `entry`: `prebuilt` when that file exists (the built command line), else a data: URL of
 * `entry` bundled with everything it imports; `fallback` if bundling fails (esbuild is a development dependency).
 */
export function bundledWorker(entry: URL, fallback: URL, prebuilt?: URL): Promise<URL> {
  if (prebuilt && existsSync(fileURLToPath(prebuilt))) return Promise.resolve(prebuilt);
  let url = bundles.get(entry.href);
  if (!url) {
    url = import('esbuild')
      .then(({ build }) => build({ entryPoints: [fileURLToPath(entry)], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' }))
      .then((r) => new URL(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0]!.contents).toString('base64')}`))
      .catch(() => fallback);
    bundles.set(entry.href, url);
  }
  return url;
}
