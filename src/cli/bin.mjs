#!/usr/bin/env node
// The `nevsky` command: runs the TypeScript sources directly through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
try {
  const { main } = await import('./main.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  // Never a stack trace: one line saying what failed.
  process.stderr.write(`nevsky: failed: ${String(err instanceof Error ? err.message : err).split('\n')[0]}\n`);
  process.exitCode = 1;
}
