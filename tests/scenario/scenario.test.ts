import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { validateScenario } from '../../src/rules';
import {
  blankScenario, decodeShare, encodeShare, migrateDocument, parseScenario, serializeScenario, standardUnits, TEMPLATES, MAX_SCENARIO_BYTES,
} from '../../src/scenario';
import { divisionPoints, unitPoints } from '../../src/rules';
import { scenarioArb } from '../fixtures/arbitraries';

describe('serialize / parse', () => {
  test('generated scenarios pass the schema', () => {
    fc.assert(fc.property(scenarioArb, (s) => validateScenario(s).every((d) => d.code !== 'schema')), { numRuns: 200 });
  });
  test('parse(serialize(s)) equals s for generated valid scenarios', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const text = serializeScenario(s);
      expect(JSON.parse(text)).toEqual(s);
      return true;
    }), { numRuns: 300 });
  });
  test('serialisation is stable: key order does not depend on the input order', () => {
    const s = blankScenario('Order test');
    const shuffled = JSON.parse(JSON.stringify({ sides: s.sides, board: s.board, ruleset: s.ruleset, meta: s.meta, version: s.version, format: s.format }));
    expect(serializeScenario(shuffled)).toBe(serializeScenario(s));
    expect(serializeScenario(s).startsWith('{\n  "format": "nevsky-scenario",\n  "version": 1,\n')).toBe(true);
  });
  test('2-space indent and a trailing newline', () => {
    const text = serializeScenario(TEMPLATES[0]!.scenario);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toMatch(/^ {2}"/);
  });
  test('templates on disk are byte-for-byte what the serialiser writes', async () => {
    const { readFile } = await import('node:fs/promises');
    for (const t of TEMPLATES) expect(await readFile(`templates/${t.id}.json`, 'utf8')).toBe(serializeScenario(t.scenario));
  });
  test('parseScenario refuses files over 1 MB before parsing', () => {
    const r = parseScenario(' '.repeat(MAX_SCENARIO_BYTES + 1));
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toMatch(/1 MB/);
  });
  test('parseScenario opens a scenario with set-up errors but refuses schema errors', () => {
    const s = blankScenario('x');
    s.sides[0]!.units[0]!.at = 'E7';
    const open = parseScenario(serializeScenario(s));
    expect(open.ok).toBe(true);
    expect(open.diagnostics.map((d) => d.code)).toContain('deploy-outside-zone');
    const bad = parseScenario(serializeScenario({ ...s, board: { columns: 4 } }));
    expect(bad.ok).toBe(false);
  });
});

describe('migration hook', () => {
  test('documents at the current version pass unchanged', () => {
    const s = blankScenario();
    expect(migrateDocument(s)).toBe(s);
  });
  test('registered migrations run in order up to the target version', () => {
    const migrations = { 1: (d: Record<string, unknown>) => ({ ...d, a: 1 }), 2: (d: Record<string, unknown>) => ({ ...d, b: (d.a as number) + 1 }) };
    expect(migrateDocument({ version: 1 }, migrations, 3)).toEqual({ version: 3, a: 1, b: 2 });
    expect(migrateDocument({ version: 4 }, migrations, 3)).toEqual({ version: 4 });
  });
});

describe('share links', () => {
  test('round trip through deflate-raw and base64url', async () => {
    const s = TEMPLATES.find((t) => t.id === 'two-divisions')!.scenario;
    const fragment = await encodeShare(s);
    expect(fragment).toMatch(/^s=[A-Za-z0-9_-]+$/);
    expect(fragment.length).toBeLessThan(4096);
    const back = await decodeShare('#' + fragment);
    expect(back.ok && back.scenario).toEqual(s);
  });
  test('a damaged link is reported, not thrown', async () => {
    const r = await decodeShare('#s=not-really-deflate');
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]!.message).toMatch(/damaged/);
  });
});

describe('2D standard divisions', () => {
  test.each([['teutonic', 215], ['russian', 208]] as const)('%s division is %d points at full strength', (army, pts) => {
    expect(divisionPoints(army)).toBe(pts);
    expect(standardUnits(army).reduce((n, u) => n + unitPoints(u.type), 0)).toBe(pts);
    expect(divisionPoints(army, 2)).toBe(pts * 2);
  });
  test('standard unit ids are unique', () => {
    const ids = standardUnits('teutonic', 3).map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('templates', () => {
  test.each(TEMPLATES.map((t) => [t.id, t] as const))('%s validates with no error and has a real title and description', (_id, t) => {
    expect(validateScenario(t.scenario).filter((d) => d.severity === 'error')).toEqual([]);
    expect(t.scenario.meta.title.length).toBeGreaterThan(5);
    expect((t.scenario.meta.description ?? '').length).toBeGreaterThan(60);
  });
  test('the set covers the kinds the issue lists', () => {
    const all = TEMPLATES.map((t) => t.scenario);
    expect(all.some((s) => s.terrain?.crossings?.some((c) => c.kind === 'ford') && s.terrain.crossings.some((c) => c.kind === 'bridge'))).toBe(true);
    expect(all.some((s) => (s.terrain?.hills?.length ?? 0) > 0)).toBe(true);
    expect(all.some((s) => s.board.columns === 24 && s.sides.every((sd) => sd.divisions === 2))).toBe(true);
    expect(all.some((s) => s.sides.every((sd) => sd.units.length > 0 && sd.units.every((u) => u.at === undefined)))).toBe(true);
  });
});
