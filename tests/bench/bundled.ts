/**
 * A tree's engine as the app ships it, for the benches that compare trees (engine-ab): the tree's src/rules and
 * src/scenario entry points bundled by esbuild into one ES module, scope-hoisted as Vite's build is, and imported from
 * a temporary folder. Through tsx instead (which runs the CLI and `npm run bench`), each file stays a module of its
 * own and every function is given its name as it is made (a property definition each time a closure is created):
 * not what the app and its workers run.
 */
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The engine and the scenario templates of the tree at `dir` (a checkout with node_modules), bundled. */
export async function bundledTree(dir: string): Promise<Record<string, unknown>> {
  const out = mkdtempSync(join(tmpdir(), 'nevsky-bench-'));
  const entry = join(out, 'entry.ts');
  const rules = JSON.stringify(resolve(dir, 'src/rules/index.ts')), scenario = JSON.stringify(resolve(dir, 'src/scenario/index.ts'));
  writeFileSync(entry, `export * from ${rules};\nexport { templateScenario } from ${scenario};\n`);
  await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: join(out, 'engine.mjs'), absWorkingDir: resolve(dir), logLevel: 'warning' });
  return (await import(pathToFileURL(join(out, 'engine.mjs')).href)) as Record<string, unknown>;
}
