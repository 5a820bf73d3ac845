import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { validateScenario, type Scenario } from '../../src/rules';
import {
  blankScenario, decodeShare, encodeShare, migrateDocument, parseScenario, serializeScenario, standardUnits, TEMPLATES, MAX_SCENARIO_BYTES, templateScenario,
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
    expect(serializeScenario(s).startsWith('{\n  "format": "nevsky-scenario",\n  "version": 2,\n')).toBe(true);
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

describe('format version 2 (scenario-format.md, "Version 2: objectives, briefings, notes")', () => {
  const v2 = () => {
    const s = templateScenario('two-divisions')!;
    s.objectives = [{ id: 'ford', label: 'The ford', squares: ['B7', 'B8'], points: 20 }, { id: 'chapel', label: 'The chapel', squares: ['I8'], points: 15, for: s.sides[1]!.id }];
    s.notes = 'Fords may not be crossed by infantry in turn 1.';
    s.sides[0]!.briefing = 'Seize the ford.';
    return s;
  };
  test('a version 1 file opens unchanged apart from its version, and is written as version 2', () => {
    const v1 = { ...templateScenario('river-crossing')!, version: 1 };
    const open = parseScenario(serializeScenario(v1));
    expect(open.ok).toBe(true);
    expect(open.ok && open.scenario).toEqual({ ...v1, version: 2 });
    expect(serializeScenario(open.ok && open.scenario)).toMatch(/\n {2}"version": 2,\n/);
  });
  test('objectives, notes and briefings survive save, open and share links', async () => {
    const s = v2();
    const open = parseScenario(serializeScenario(s));
    expect(open.ok && open.scenario).toEqual(s);
    const back = await decodeShare('#' + (await encodeShare(s)));
    expect(back.ok && back.scenario).toEqual(s);
  });
  test('a version 1 share link opens as version 2', async () => {
    const v1 = { ...templateScenario('hills')!, version: 1 };
    const back = await decodeShare('#' + (await encodeShare(v1)));
    expect(back.ok && back.scenario).toEqual({ ...v1, version: 2 });
  });
  test.each([
    ['thirteen objectives', (s: Scenario) => { s.objectives = Array.from({ length: 13 }, (_, i) => ({ id: `o${i}`, label: 'O', squares: ['F6'], points: 1 })); }, '/objectives'],
    ['ten squares', (s: Scenario) => { s.objectives = [{ id: 'o', label: 'O', squares: ['A6', 'B6', 'C6', 'D6', 'E6', 'F6', 'G6', 'H6', 'I6', 'J6'], points: 1 }]; }, '/objectives/0/squares'],
    ['101 points', (s: Scenario) => { s.objectives = [{ id: 'o', label: 'O', squares: ['F6'], points: 101 }]; }, '/objectives/0/points'],
    ['a 61-character label', (s: Scenario) => { s.objectives = [{ id: 'o', label: 'x'.repeat(61), squares: ['F6'], points: 1 }]; }, '/objectives/0/label'],
    ['4001 characters of notes', (s: Scenario) => { s.notes = 'x'.repeat(4001); }, '/notes'],
    ['a 2001-character briefing', (s: Scenario) => { s.sides[1]!.briefing = 'x'.repeat(2001); }, '/sides/1/briefing'],
  ])('the schema refuses %s, naming where', (_name, spoil, path) => {
    const s = v2();
    spoil(s);
    const d = validateScenario(s);
    expect(d.map((x) => x.path)).toContain(path);
    expect(d.every((x) => x.code === 'schema')).toBe(true);
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
