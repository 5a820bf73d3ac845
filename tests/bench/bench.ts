/** `npm run bench`: every section's figures, single core. Add a section by importing it below. */
import type { BenchSection } from './harness';
import { section as validation } from './validate.bench';
import { section as rosters } from './rosters.bench';
import { section as print } from './print.bench';
import { section as engine } from './engine.bench';
import { section as engineAb } from './engine-ab.bench';
import { section as editor } from './editor.bench';
import { section as limits } from './limits.bench';
import { section as ai } from './ai.bench';
import { section as balance } from './balance.bench';
import { section as caches } from './caches.bench';
import { section as tactics } from './tactics.bench';
import { section as caps } from './caps.bench';
import { section as firstLoad } from './first-load.bench';
import { section as playouts } from './playouts.bench';
import { section as ladder } from './ladder.bench';
import { section as server } from './server.bench';
import { section as jobs } from './jobs.bench';

const SECTIONS: BenchSection[] = [validation, engine, engineAb, caches, print, rosters, editor, limits, ai, playouts, ladder, balance, tactics, caps, firstLoad, server, jobs];

const only = process.argv.slice(2);
for (const s of SECTIONS) {
  // A section runs when a word of its name starts with an argument ("ai" must not pick "paint").
  if (only.length > 0 && !only.some((o) => new RegExp(`\\b${o.replace(/[^\w-]/g, '')}`, 'i').test(s.name))) continue;
  console.log(`\n${s.name}`);
  for (const row of await s.run()) {
    const value = row.value >= 100 ? Math.round(row.value).toLocaleString('en') : row.value.toFixed(2);
    console.log(`  ${row.label.padEnd(44)} ${value.padStart(12)} ${row.unit}${row.note ? `  (${row.note})` : ''}`);
  }
}
