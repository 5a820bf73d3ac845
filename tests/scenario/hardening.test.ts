/** Issue 14: hostile scenario files are refused with a clear message, never opened, never a stack overflow. */
import { describe, expect, test } from 'vitest';
import { boundedStands, jsonFault, parseJson, type Scenario } from '../../src/rules';
import { parseRoster } from '../../src/rulesets';
import { parseScenario, resolveScenario, serializeScenario, templateScenario } from '../../src/scenario';

function withKnights(stands: number): string {
  const s = templateScenario('open-field')!;
  const unit = s.sides[0]!.units.find((u) => u.type === 'knights')!;
  unit.stands = stands;
  return serializeScenario(s);
}

describe('1: stands bounded by the troop table', () => {
  test.each([
    ['far above full strength', 1e9],
    ['just above full strength', 3],
    ['zero', 0],
    ['negative', -2],
    ['fractional', 1.5],
  ])('a unit with stands %s (%d) cannot be opened', (_label, stands) => {
    const r = parseScenario(withKnights(stands));
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.path?.endsWith('/stands') && (d.code === 'schema' || d.code === 'stands-invalid'))).toBe(true);
  });
  test('a reduced unit (1 of 2 stands) still opens with its warning', () => {
    const r = parseScenario(withKnights(1));
    expect(r.ok).toBe(true);
    expect(r.diagnostics.map((d) => d.code)).toContain('reduced-unit');
  });
  test('drawing, printing and the engine read stands bounded to 1..full', () => {
    expect([1e9, -5, 0, 2.7, Number.NaN, undefined].map((n) => boundedStands('knights', n))).toEqual([2, 1, 1, 2, 2, 2]);
    expect(boundedStands('ballista', 7)).toBe(1);
    const s = JSON.parse(withKnights(1e9)) as Scenario;
    const knights = resolveScenario(s).sides[0]!.units.find((u) => u.type === 'knights')!;
    expect(knights.stands).toBe(2);
  });
});

describe('10: lists bounded by limits stated in the schema', () => {
  test('a 50,000-point road is refused naming the limit', () => {
    const s = templateScenario('empty-board')!;
    s.terrain = { roads: [{ path: Array.from({ length: 50_000 }, (_, i) => (i % 2 ? 'A1' : 'A2')) }] };
    const r = parseScenario(serializeScenario(s));
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toMatch(/Terrain\.roads\[0\]\.path must have at most 200 item/);
  });
  test('25,000 protected squares are refused naming the limit', () => {
    const s = templateScenario('empty-board')!;
    s.terrain = { protected: Array.from({ length: 25_000 }, () => ({ at: 'C4', kind: 'woods' as const })) };
    const r = parseScenario(serializeScenario(s));
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toMatch(/Terrain\.protected must have at most 1152 item/);
  });
});

describe('6: deep or unbalanced JSON, byte-order marks, the byte limit', () => {
  const deep = [
    ['100,000 unclosed "["', '['.repeat(100_000), /line 1, column 65: arrays and objects are nested more than 64 deep/],
    ['30 unclosed "["', '['.repeat(30), /line 1, column 31: a "\]" is missing at the end/],
    ['100,000 balanced "[]"', '['.repeat(100_000) + ']'.repeat(100_000), /line 1, column 65: arrays and objects are nested more than 64 deep/],
    ['50,000 nested objects', '{"a":'.repeat(50_000), /line 1, column 321: arrays and objects are nested more than 64 deep/],
  ] as const;
  test.each(deep)('%s: "not valid JSON at line, column" for scenarios and rosters alike', (_label, text, message) => {
    const scenario = parseScenario(text);
    expect(scenario.ok).toBe(false);
    expect(scenario.diagnostics).toHaveLength(1);
    expect(scenario.diagnostics[0]!.message).toMatch(/^This is not valid JSON at line \d+, column \d+/);
    expect(scenario.diagnostics[0]!.message).toMatch(message);
    const roster = parseRoster(text);
    expect(roster.ok).toBe(false);
    expect(roster.diagnostics[0]!.message).toBe(scenario.diagnostics[0]!.message);
  });
  test.each([
    ['{"a": 1,}', 1, 9], ['{"a" 1}', 1, 6], ['[1, 2\n, ]', 2, 3], ['{"a": "x\u0001"}', 1, 7], ['[01]', 1, 3], ['[1] x', 1, 5],
  ])('%j is faulted at line %d, column %d', (text, line, column) => {
    const parsed = parseJson(text);
    expect('error' in parsed && parsed.error.message).toMatch(new RegExp(`at line ${line}, column ${column}:`));
  });
  test('the scanner agrees with JSON.parse on valid text', () => {
    for (const text of ['{}', '[]', '0', '-1.5e+3', '"\\u00e9\\n"', '{"a":[true,false,null,{"b":[]}]}', serializeScenario(templateScenario('hills')!)]) {
      expect(jsonFault(text)).toBeNull();
      expect(parseJson(text)).toEqual({ value: JSON.parse(text) as unknown });
    }
  });
  test('a byte-order mark is accepted', () => {
    expect(parseScenario(`\uFEFF${serializeScenario(templateScenario('hills')!)}`).ok).toBe(true);
  });
  test('the 1 MB limit counts bytes, not characters', () => {
    const s = templateScenario('empty-board')!;
    s.meta.description = 'x';
    const base = serializeScenario(s);
    // 400,000 three-byte characters: 0.4 M characters but 1.2 MB of UTF-8.
    const text = base.replace('"x"', JSON.stringify('\u20ac'.repeat(400_000)));
    expect(text.length).toBeLessThan(1024 * 1024);
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toMatch(/limited to 1 MB \(1048576 bytes\)/);
  });
});
