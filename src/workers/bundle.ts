/**
 * Node worker threads from TypeScript sources, bundled once per process with esbuild (as Vite bundles the app's
 * workers). Loading the sources through tsx works too, but tsx keeps every function's name by wrapping each closure
 * as it is made, which costs the engine's inner loops about a fifth of their speed.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<URL>>();

/** A data: URL of `entry` bundled with everything it imports (for `new Worker(url)`); `fallback` if bundling fails. */
export function bundledWorker(entry: URL, fallback: URL): Promise<URL> {
  let url = bundles.get(entry.href);
  if (!url) {
    url = build({ entryPoints: [fileURLToPath(entry)], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' })
      .then((r) => new URL(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0]!.contents).toString('base64')}`))
      .catch(() => fallback);
    bundles.set(entry.href, url);
  }
  return url;
}
