/** Issue 14 item 8: the ajv validators are precompiled (no eval at run time) and the committed module matches the schemas. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { generateValidators, OUTPUT } from '../../scripts/gen-validators.mjs';
import { checkScenarioSchema } from '../../src/rules/schema';
import { checkRosterSchema } from '../../src/rulesets';
import { isSavedGame } from '../../src/rules';

describe('precompiled validators', () => {
  test('the committed module is what `npm run gen:validators` writes from the current schemas', () => {
    expect(readFileSync(OUTPUT as string, 'utf8')).toBe((generateValidators as () => string)());
  });
  test('no source compiles code at run time (ajv.compile, new Function, eval)', () => {
    const generated = readFileSync(OUTPUT as string, 'utf8');
    expect(generated).not.toMatch(/new Function|\beval\(|\brequire\(|^import /m);
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
    expect(isSavedGame({ format: 'nevsky-game', version: 1, scenario: s, seed: 1, actions: [] })).toBe(true);
    expect(isSavedGame({ format: 'nevsky-game', version: 1, scenario: { ...s, meta: {} }, seed: 1, actions: [] })).toBe(false);
  });
});
