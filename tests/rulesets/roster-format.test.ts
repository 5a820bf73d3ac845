import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import schema from '../../schemas/roster.schema.json';
import {
  ROSTER_CODES, parseRoster, rosterToSide, serializeRoster, sideToRoster, standardRoster, validateRoster,
  type NevskyRoster, type SvRoster,
} from '../../src/rulesets';

const dir = new URL('../../templates/rosters/', import.meta.url);
const examples = readdirSync(dir).filter((f) => f.endsWith('.json')).map((file) => ({ file, text: readFileSync(new URL(file, dir), 'utf8') }));

/** Every subschema reachable from the schema, with its path. */
function walk(node: unknown, path: string, visit: (n: Record<string, unknown>, path: string) => void) {
  if (Array.isArray(node)) { node.forEach((x, i) => walk(x, `${path}/${i}`, visit)); return; }
  if (typeof node !== 'object' || node === null) return;
  visit(node as Record<string, unknown>, path);
  for (const [k, v] of Object.entries(node)) walk(v, `${path}/${k}`, visit);
}

describe('roster schema', () => {
  test('every property has a title and a description', () => {
    const missing: string[] = [];
    walk(schema, '', (n, path) => {
      const props = n.properties as Record<string, Record<string, unknown>> | undefined;
      if (!props || path.endsWith('/properties')) return;
      for (const [k, p] of Object.entries(props)) if (!p.title || !p.description) missing.push(`${path}/properties/${k}`);
    });
    expect(missing).toEqual([]);
  });
  test('every object schema forbids fields it does not know', () => {
    const open: string[] = [];
    walk(schema, '', (n, path) => { if (n.type === 'object' && n.additionalProperties !== false && !n.$ref) open.push(path); });
    expect(open).toEqual([]);
  });
  test('the header fields are fixed: format "roster", a ruleset, version 1', () => {
    expect(schema.properties.format.const).toBe('roster');
    expect(schema.required).toEqual(expect.arrayContaining(['format', 'version', 'ruleset', 'meta', 'units']));
  });
});

describe('example rosters', () => {
  test('there is at least one Splendid Victory and one Dewitt example', () => {
    const rulesets = examples.map((e) => (JSON.parse(e.text) as { ruleset: string }).ruleset);
    expect(rulesets).toEqual(expect.arrayContaining(['splendid-victory', 'dewitt-medieval']));
  });
  test.each(examples)('$file is a valid roster', ({ text }) => {
    const result = parseRoster(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });
  test.each(examples)('$file survives serialize then parse unchanged', ({ text }) => {
    const first = parseRoster(text);
    if (!first.ok) throw new Error('example did not parse');
    const again = parseRoster(serializeRoster(first.roster));
    expect(again.ok && again.roster).toEqual(first.roster);
    expect(serializeRoster(first.roster).endsWith('}\n')).toBe(true);
  });
});

const svStand = fc.constantFrom('pike', 'musket', 'handToHand', 'lightHandToHand', 'cavalry', 'commander');
const svRoster = fc.record({
  title: fc.string({ minLength: 1, maxLength: 40 }),
  units: fc.array(fc.record({
    kind: fc.constantFrom('pikeAndMusket', 'foot', 'dragoons', 'cavalry', 'heavyCavalry', 'artillery', 'command'),
    stands: fc.dictionary(svStand, fc.integer({ min: 0, max: 9 })),
    name: fc.option(fc.string({ minLength: 1, maxLength: 30 }), { nil: undefined }),
  }), { maxLength: 12 }),
}).map(({ title, units }): SvRoster => ({
  format: 'roster', version: 1, ruleset: 'splendid-victory', meta: { title },
  units: units.map((u, i) => ({ id: `u${i}`, kind: u.kind as SvRoster['units'][number]['kind'], stands: u.stands, ...(u.name ? { name: u.name } : {}) })),
}));

describe('roster files: parse and serialize', () => {
  test('round trip: any schema-valid roster reads back equal', () => {
    fc.assert(fc.property(svRoster, (r) => {
      const back = parseRoster(serializeRoster(r));
      expect(back.ok).toBe(true);
      expect(back.ok && back.roster).toEqual(r);
    }), { numRuns: 60 });
  });
  test.each([
    { what: 'text that is not JSON', input: '{ "format": "roster",, }', code: 'json', says: /line 1, column/ },
    { what: 'an empty file', input: '', code: 'json', says: /empty/ },
    { what: 'a newer version', input: '{"format":"roster","version":2,"ruleset":"nevsky","meta":{"title":"x"},"units":[]}', code: 'version', says: /version 2.*newer/ },
    { what: 'the ancients sheet, which has no army lists', input: '{"format":"roster","version":1,"ruleset":"ancients-quick","meta":{"title":"x"},"units":[]}', code: 'ruleset', says: /no army lists/ },
    { what: 'an unknown rule set', input: '{"format":"roster","version":1,"ruleset":"warhammer","meta":{"title":"x"},"units":[]}', code: 'ruleset', says: /"warhammer" is not a rule set/ },
    { what: 'a scenario file', input: '{"format":"nevsky-scenario","version":1}', code: 'schema', says: /scenario file, not a roster/ },
    { what: 'a field the format does not know', input: '{"format":"roster","version":1,"ruleset":"dewitt-medieval","meta":{"title":"x"},"units":[{"id":"a","kind":"foot","armour":3}]}', code: 'schema', says: /units\[0\] has a field "armour"/i },
    { what: 'a Nevsky roster without its army', input: '{"format":"roster","version":1,"ruleset":"nevsky","meta":{"title":"x"},"units":[]}', code: 'schema', says: /missing the required field "options"/ },
    { what: 'two units with one id', input: '{"format":"roster","version":1,"ruleset":"dewitt-medieval","meta":{"title":"x"},"units":[{"id":"a","kind":"general"},{"id":"a","kind":"general"}]}', code: 'duplicate-id', says: /share the id "a"/ },
  ])('bad input is reported clearly: $what', ({ input, code, says }) => {
    const result = parseRoster(input);
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]?.code).toBe(code);
    expect(result.diagnostics[0]?.message).toMatch(says);
    expect(ROSTER_CODES).toContain(result.diagnostics[0]?.code);
  });
  test('validateRoster never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(Array.isArray(validateRoster(v))).toBe(true);
    }), { numRuns: 200 });
  });
});

describe('Nevsky rosters (a roster is a scenario side)', () => {
  const teutonic = standardRoster('teutonic');
  test('2D the standard division is valid and worth its standard points', () => {
    expect(validateRoster(teutonic)).toEqual([]);
  });
  test('2D a roster differing from the standard division gets a composition warning only', () => {
    const fewer: NevskyRoster = { ...teutonic, units: teutonic.units.filter((u) => u.id !== 'knights-1') };
    const found = validateRoster(fewer);
    expect(found.map((d) => [d.code, d.severity])).toEqual([['composition', 'warning']]);
    expect(found[0]?.message).toMatch(/3 knights units \(standard 4\)/);
  });
  test.each([0, 3])('1 stands run from 1 to full strength (knights with %i stands are refused)', (stands) => {
    const bad: NevskyRoster = { ...teutonic, units: teutonic.units.map((u) => (u.id === 'knights-1' ? { ...u, stands } : u)) };
    expect(validateRoster(bad).filter((d) => d.code === 'stands-invalid').map((d) => d.path)).toEqual(['/units/0/stands']);
  });
  test('a roster and a scenario side convert both ways', () => {
    const side = rosterToSide(teutonic, 'teutonic', 'north');
    expect(side.units).toHaveLength(teutonic.units.length);
    expect(sideToRoster(side, teutonic.meta.title)).toEqual(teutonic);
  });
});
