#!/usr/bin/env node
// The `nevsky` command. An installed copy runs the built bundle (dist-cli/nevsky.mjs: plain JavaScript). In a
// checkout whose sources are newer than the bundle (or with no bundle yet), it runs the TypeScript sources through tsx
// instead, so a developer never runs a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist-cli/nevsky.mjs', import.meta.url));
const sources = fileURLToPath(new URL('../src/', import.meta.url));
const templates = fileURLToPath(new URL('../templates/', import.meta.url));

/** The newest modification time of any file under `dir` (0 when there is none). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function fail(message) {
  process.stderr.write(`nevsky: ${message}\n`);
  process.exitCode = 2;
}

async function load() {
  const haveSources = existsSync(sources);
  if (existsSync(bundle) && (!haveSources || statSync(bundle).mtimeMs >= Math.max(newest(sources), newest(templates)))) return import(bundle);
  if (!haveSources) return null;
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    return null;
  }
  return import('../src/cli/main.ts');
}

// Output piped into a command that stops reading (`nevsky roster x | head`) ends the program quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => { if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw err; });
}

try {
  const cli = await load();
  if (!cli) fail('the command line is not built: run "npm run build:cli" in the project folder');
  else process.exitCode = await cli.main(process.argv.slice(2));
} catch (err) {
  // Never a stack trace: one line saying what failed.
  fail(`failed: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
  process.exitCode = 1;
}
