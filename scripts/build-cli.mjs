#!/usr/bin/env node
/**
 * Builds the `nevsky` command line into plain JavaScript with esbuild (`npm run build:cli`, also run by `npm run build`,
 * `prepare` and `prepack`): dist-cli/nevsky.mjs (every command) and dist-cli/balance-worker.mjs (the worker thread of
 * `nevsky balance`). Packages stay imports of node_modules (`packages: 'external'`); the project's own sources, the
 * templates and the generated validators are bundled in, so an installed copy needs no TypeScript and no tsx.
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist-cli`;

await rm(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { nevsky: 'src/cli/main.ts', 'balance-worker': 'src/workers/balance-node.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: '// Built by scripts/build-cli.mjs from src/: edit the sources, then run npm run build:cli.' },
});
process.stdout.write(`nevsky: command line built in ${out}\n`);
