/**
 * Issue 14 item 8: the ajv validators are precompiled (no eval at run time) and the committed modules match the schemas.
 * Issue 45 item 5: one module per schema, each imported only by the module that checks that kind of document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { generatedFiles, OUTPUT_DIR, SCHEMAS } from '../../scripts/gen-validators.mjs';
import { checkScenarioSchema } from '../../src/rules/schema';
import { checkRosterSchema } from '../../src/rulesets';
import { isSavedGame } from '../../src/rules';

describe('precompiled validators', () => {
  const files = (generatedFiles as () => Record<string, string>)();
  test('the committed modules are what `npm run gen:validators` writes from the current schemas, and nothing else', () => {
    expect(Object.keys(files).length).toBe(2 * Object.keys(SCHEMAS as Record<string, string>).length);
    for (const [path, text] of Object.entries(files)) expect(readFileSync(path, 'utf8'), `${path}: run npm run gen:validators`).toBe(text);
    // A module left behind by a schema that is gone (or renamed) fails too.
    expect(readdirSync(OUTPUT_DIR as string).map((f) => `${OUTPUT_DIR as string}/${f}`).sort()).toEqual(Object.keys(files).sort());
  });
  test('one module per schema, each exporting its own validator only', () => {
    for (const name of Object.keys(SCHEMAS as Record<string, string>)) {
      const text = files[`${OUTPUT_DIR as string}/${name}.generated.js`]!;
      expect([...text.matchAll(/^export const (\w+)/gm)].map((m) => m[1])).toEqual([name]);
    }
  });
  test('each validator is imported where its kind of document is checked, and only there', () => {
    const importers: Record<string, string> = {
      scenario: 'src/rules/schema.ts', game: 'src/rules/gameSchema.ts', roster: 'src/rulesets/roster.ts', message: 'src/distance/message.ts',
    };
    const sources = (readdirSync('src', { recursive: true }) as string[]).filter((f) => /\.(ts|vue|js|mjs)$/.test(f) && !f.includes('.generated.'));
    for (const [name, file] of Object.entries(importers)) {
      const users = sources.filter((f) => new RegExp(`validators/${name}\\.generated\\.js'`).test(readFileSync(`src/${f}`, 'utf8')));
      expect(users.map((f) => `src/${f.replaceAll('\\', '/')}`), name).toEqual([file]);
    }
  });
  test('no source compiles code at run time (ajv.compile, new Function, eval)', () => {
    for (const [path, generated] of Object.entries(files)) {
      if (path.endsWith('.js')) expect(generated, path).not.toMatch(/new Function|\beval\(|\brequire\(|^import /m);
    }
    for (const file of ['src/rules/schema.ts', 'src/rules/gameSchema.ts', 'src/rulesets/roster.ts']) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/ajv\.compile|new Ajv|from 'ajv\/dist\/2020/);
    }
  });
  test('the validators still check: a good and a bad document each', () => {
    const s = JSON.parse(readFileSync('templates/hills.json', 'utf8')) as Record<string, unknown>;
    expect(checkScenarioSchema(s)).toBe(true);
    expect(checkScenarioSchema({ ...s, version: 'one' })).toBe(false);
    expect(checkScenarioSchema.errors?.[0]?.instancePath).toBe('/version');
    expect(checkRosterSchema(JSON.parse(readFileSync('templates/rosters/dewitt-english-retinue.json', 'utf8')))).toBe(true);
    expect(isSavedGame({ format: 'nevsky-game', version: 3, scenario: s, seed: 1, actions: [] })).toBe(true);
    expect(isSavedGame({ format: 'nevsky-game', version: 3, scenario: { ...s, meta: {} }, seed: 1, actions: [] })).toBe(false);
  });
});
