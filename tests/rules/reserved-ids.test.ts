/**
 * Issue 31 item 3: ids can never collide with the language's own object keys. The schemas refuse __proto__,
 * constructor and prototype with a clear message; every other name an object has (toString, valueOf,
 * hasOwnProperty...) plays like any id: whole games, their results and points, the result screen's figures, the
 * battle report and `nevsky balance`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { battleReportPdf, type PdfFonts } from '../../src/pdf';
import {
  applyAction, createGame, emptyHeat, gamePoints, playBalanceGame, playOut, randomPolicy, RESERVED_IDS, saveGame, simplePolicy, validateScenario,
  type Scenario,
} from '../../src/rules';
import { parseRoster } from '../../src/rulesets';
import { parseScenario, serializeScenario, templateScenario } from '../../src/scenario';
import { endReason, pointsBreakdown, sideName } from '../../src/play/describe';
import { plainProblem } from '../../src/components/plainMessages';
import { main } from '../../src/cli/main';
import { printFonts } from '../../src/cli/print-fonts';
import { pdfText } from '../pdf/pdf-text';

const dir = mkdtempSync(join(tmpdir(), 'nevsky-ids-'));
/** Names every JavaScript object has, and ordinary ids. */
const OBJECT_NAMES = ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__'];
const ORDINARY = ['teutonic', 'russian', 'north-host', 'u1'];
const BAD_TEXT = ['[object Object]', 'NaN', 'undefined', 'function'];

let fonts: PdfFonts;
beforeAll(async () => { fonts = await printFonts(); }, 60_000);

/** Open Field with its side ids and its first few unit ids replaced (firstAttacker follows the first side). */
function renamed(sideIds: [string, string], unitIds: string[]): Scenario {
  const s = templateScenario('open-field')!;
  const [a, b] = s.sides as [Scenario['sides'][0], Scenario['sides'][0]];
  a.id = sideIds[0];
  b.id = sideIds[1];
  s.rules = { ...s.rules, firstAttacker: sideIds[0] };
  const units = [...a.units, ...b.units];
  unitIds.forEach((id, i) => { units[i * 3]!.id = id; });
  return s;
}

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('reserved names are refused by the schemas', () => {
  test('every id of the scenario and roster schemas refuses exactly RESERVED_IDS', () => {
    const refusals = (file: string): unknown[] => {
      const found: unknown[] = [];
      const walk = (node: unknown, key: string): void => {
        if (!node || typeof node !== 'object') return;
        const n = node as Record<string, unknown>;
        if (key === 'id' && 'type' in n) found.push((n.not as { enum?: unknown } | undefined)?.enum);
        for (const [k, v] of Object.entries(n)) walk(v, k);
      };
      walk(JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), 'utf8')), '');
      return found;
    };
    // Side, unit and (format 2) objective ids.
    expect(refusals('scenario.schema.json')).toEqual([RESERVED_IDS, RESERVED_IDS, RESERVED_IDS]);
    expect(refusals('roster.schema.json')).toEqual([RESERVED_IDS, RESERVED_IDS, RESERVED_IDS]);
  });

  test.each(RESERVED_IDS.map((id) => [id]))('a side id %s: one schema error at its pointer, in plain words', (id) => {
    const s = renamed([id, 'russian'], []);
    const errors = validateScenario(s).filter((d) => d.severity === 'error');
    expect(errors).toEqual([expect.objectContaining({ code: 'schema', path: '/sides/0/id' })]);
    expect(errors[0]!.message).toBe(`Sides[0].id is "${id}", which is not allowed as an id (__proto__, constructor and prototype are names the program keeps for itself).`);
    expect(plainProblem(errors[0]!).text).toBe(`The id of the first side is "${id}", which is not allowed as an id (__proto__, constructor and prototype are names the program keeps for itself).`);
    const parsed = parseScenario(serializeScenario(s));
    expect(parsed.ok).toBe(false);
  });

  test.each(RESERVED_IDS.map((id) => [id]))('a unit id %s is refused where it stands', (id) => {
    const errors = validateScenario(renamed(['teutonic', 'russian'], ['a', id])).filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.path])).toEqual([['schema', '/sides/0/units/3/id']]);
    expect(errors[0]!.message).toContain('not allowed as an id');
  });

  test.each(RESERVED_IDS.map((id) => [id]))('a roster unit id %s is refused', (id) => {
    const roster = { format: 'nevsky-roster', version: 1, ruleset: 'nevsky', meta: { title: 'r' }, units: [{ id, kind: 'knights', stands: 2 }] };
    const read = parseRoster(JSON.stringify(roster));
    expect(read.ok).toBe(false);
    expect(read.diagnostics.map((d) => d.message).join(' ')).toContain(`"${id}", which is not allowed as an id`);
  });
});

describe('any other name plays like an ordinary id', () => {
  const pool = [...OBJECT_NAMES, ...ORDINARY];
  const names = fc.uniqueArray(fc.constantFrom(...pool, ...RESERVED_IDS), { minLength: 4, maxLength: 4 });

  test('whole games: consistent result and points, screen figures, battle report, balance', { timeout: 240_000 }, async () => {
    let played = 0, refused = 0;
    await fc.assert(fc.asyncProperty(names, fc.nat(1000), fc.boolean(), async (ids, seed, random) => {
      const s = renamed([ids[0]!, ids[1]!], [ids[2]!, ids[3]!]);
      const errors = validateScenario(s).filter((d) => d.severity === 'error');
      const reserved = ids.filter((id) => RESERVED_IDS.includes(id));
      if (reserved.length > 0) {
        refused++;
        expect(errors.length).toBe(reserved.length);
        for (const e of errors) expect(e.message).toMatch(/which is not allowed as an id \(__proto__, constructor and prototype/);
        return;
      }
      expect(errors).toEqual([]);
      played++;
      const end = playOut(createGame(s, { seed, turnLimit: 3 }), random ? randomPolicy(seed) : simplePolicy(seed), applyAction);
      const r = end.result!;
      expect(r).not.toBeNull();
      // Points: an own, finite number for each side and nothing else, as gamePoints counts them.
      expect(Object.keys(r.points).sort()).toEqual([ids[0]!, ids[1]!].sort());
      for (const id of [ids[0]!, ids[1]!]) {
        expect(Object.hasOwn(r.points, id)).toBe(true);
        expect(Number.isFinite(r.points[id])).toBe(true);
      }
      expect({ ...gamePoints(end) }).toEqual({ ...r.points });
      const [pa, pb] = [r.points[ids[0]!]!, r.points[ids[1]!]!];
      if (r.reason === 'turn-limit') expect(r.winner).toBe(pa > pb ? ids[0] : pb > pa ? ids[1] : null);
      else expect(r.winner === null || r.winner === ids[0] || r.winner === ids[1]).toBe(true);
      // The result screen's figures.
      const rows = pointsBreakdown(end);
      expect(rows.map((x) => [x.side, x.total])).toEqual([[ids[0], pa], [ids[1], pb]]);
      expect(rows.map((x) => x.name)).toEqual(end.sides.map((x) => x.name));
      const screen = [sideName(end, r.winner), endReason(end), ...rows.flatMap((x) => [x.name, String(x.total)])].join(' ');
      for (const bad of BAD_TEXT) expect(screen).not.toContain(bad);
      // The battle report.
      const text = (await pdfText(await battleReportPdf(saveGame(end), { paper: 'a4', fonts }), 1)).pages.join(' ');
      for (const bad of BAD_TEXT) expect(text).not.toContain(bad);
      const result = r.winner ? `${sideName(end, r.winner)} wins` : 'A draw';
      expect(text).toContain(`${result} after ${end.turn} turn`);
      for (const row of rows) expect(text).toContain(`${row.name} `);
    }), { numRuns: 12, seed: 31 });
    expect(played).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  test.each([[['toString', 'valueOf']], [['hasOwnProperty', 'isPrototypeOf']]])('nevsky balance on sides %j works', async (sideIds) => {
    const file = join(dir, `${sideIds.join('-')}.json`);
    writeFileSync(file, serializeScenario(renamed(sideIds as [string, string], ['valueOf', 'toString'])));
    const r = await run(['balance', file, '--games', '10', '--workers', '1']);
    // Only the progress lines a run longer than five seconds writes (its rates so far), never an error.
    expect(r.err.split('\n').filter((l) => l !== '' && !/^\d+\/\d+ games, [\d.]+ games\/s|^starting the workers/.test(l))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Teutonic Order wins +\d+\.\d%/);
    expect(r.out).toMatch(/Novgorod Host wins +\d+\.\d%/);
    for (const bad of BAD_TEXT) expect(r.out).not.toContain(bad);
  });
});

describe('past the schema, records keyed by side id have no prototype to collide with', () => {
  // createGame is handed the scenario directly (no validation), as a test or a future caller might.
  test.each([[['__proto__', 'russian']], [['teutonic', '__proto__']], [['constructor', 'prototype']]])('sides %j: points kept, report and balance sound', { timeout: 60_000 }, async (sideIds) => {
    const s = renamed(sideIds as [string, string], []);
    const end = playOut(createGame(s, { seed: 3, turnLimit: 3 }), simplePolicy(3), applyAction);
    const r = end.result!;
    expect(Object.keys(r.points).sort()).toEqual([...sideIds].sort());
    for (const id of sideIds) expect(typeof r.points[id]).toBe('number');
    expect(pointsBreakdown(end).map((x) => typeof x.total)).toEqual(['number', 'number']);
    const text = (await pdfText(await battleReportPdf(saveGame(end), { paper: 'a4', fonts }), 1)).pages.join(' ');
    for (const bad of BAD_TEXT) expect(text).not.toContain(bad);
    const game = playBalanceGame(s, 0, { policy: 'random', seed: 1 }, emptyHeat());
    expect(Object.keys(game.points).sort()).toEqual([...sideIds].sort());
  });
});
