import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DIAGNOSTIC_CODES, severityOf, validateScenario } from '../../src/rules';
import { FIXTURES, baseScenario, fixtureInput } from '../fixtures/diagnostics';

describe('scenario-format diagnostics: a failing and a passing fixture for every code', () => {
  test('every code has a fixture', () => {
    const covered = new Set(FIXTURES.map((f) => f.code));
    expect(DIAGNOSTIC_CODES.filter((c) => !covered.has(c))).toEqual([]);
  });
  test.each(FIXTURES.map((f, i) => [f.code, i, f] as const))('%s (fixture %d) fails, its fix passes', (code, _i, f) => {
    const failing = validateScenario(fixtureInput(f.fail));
    const hit = failing.find((d) => d.code === code);
    expect(hit, JSON.stringify(failing)).toBeDefined();
    expect(hit!.severity).toBe(severityOf(code));
    expect(hit!.message.length).toBeGreaterThan(10);
    if (f.squares) expect(hit!.squares).toEqual(f.squares);
    if (f.path) expect(hit!.path).toBe(f.path);
    const passing = validateScenario(fixtureInput(f.pass));
    expect(passing.filter((d) => d.code === code)).toEqual([]);
  });
});

describe('validateScenario behaviour', () => {
  test('json errors give line and column', () => {
    const [d] = validateScenario('{\n  "format": "nevsky-scenario",\n  "version": 1,\n}\n');
    expect(d!.code).toBe('json');
    expect(d!.message).toMatch(/line 4, column 1/);
  });
  test('one schema diagnostic per violation, each with its pointer', () => {
    const s = baseScenario() as unknown as Record<string, unknown>;
    (s.meta as Record<string, unknown>).title = '';
    (s.board as Record<string, unknown>).columns = 60;
    s.colour = 'red';
    const d = validateScenario(s);
    expect(d.map((x) => [x.code, x.path])).toEqual([['schema', ''], ['schema', '/meta/title'], ['schema', '/board/columns']]);
    expect(d[0]!.message).toMatch(/"colour"/);
  });
  test('a newer version is refused without guessing', () => {
    const d = validateScenario({ ...baseScenario(), version: 7, somethingNew: true });
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toMatch(/version 7/);
  });
  test('text and parsed value give the same diagnostics', () => {
    const s = baseScenario();
    s.sides[0]!.units[0]!.at = 'B5';
    expect(validateScenario(JSON.stringify(s))).toEqual(validateScenario(s));
  });
  test('messages name the troop, the square and the reason', () => {
    const s = baseScenario();
    s.sides[0]!.units.find((u) => u.id === 't-knights-1')!.facing = 'SE';
    const d = validateScenario(s).find((x) => x.code === 'facing-invalid')!;
    expect(d.message).toBe('Knights "t-knights-1" at E2 faces SE: knights can only face a side of the square (N, E, S or W).');
  });
  test('the standard divisions are worth 215 and 208 and draw no composition warning', () => {
    expect(validateScenario(baseScenario())).toEqual([]);
  });
});

describe('validateScenario never throws', () => {
  test('on arbitrary JSON values', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => Array.isArray(validateScenario(v))), { numRuns: 500 });
  });
  test('on arbitrary strings', () => {
    fc.assert(fc.property(fc.string(), (v) => Array.isArray(validateScenario(v))), { numRuns: 300 });
  });
  test('on anything at all, including odd objects', () => {
    fc.assert(fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withDate: true }), (v) => Array.isArray(validateScenario(v))), { numRuns: 300 });
  });
  test('on valid scenarios with one field replaced by junk', () => {
    const paths = [['meta'], ['board'], ['terrain'], ['rules'], ['sides'], ['sides', 0], ['sides', 0, 'units'], ['sides', 0, 'units', 0], ['sides', 1, 'units', 3, 'at']];
    fc.assert(fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, junk) => {
      const s = baseScenario() as unknown as Record<string | number, unknown>;
      let obj: Record<string | number, unknown> = s;
      for (const k of path.slice(0, -1)) obj = obj[k] as Record<string | number, unknown>;
      obj[path[path.length - 1]!] = junk;
      return Array.isArray(validateScenario(s));
    }), { numRuns: 500 });
  });
  test('on a cyclic object', () => {
    const s = baseScenario() as unknown as Record<string, unknown>;
    (s.meta as Record<string, unknown>).title = s;
    expect(validateScenario(s)[0]!.code).toBe('schema');
  });
});
