/** Issue 14 item 5: the editor only writes files its own Import accepts; its field limits come from the schema. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, test } from 'vitest';
import { FACINGS, PROTECTED_KINDS, squareName, TROOP_TYPES, type Square } from '../../src/rules';
import { fieldLimits, parseScenario, serializeScenario, templateScenario } from '../../src/scenario';
import { COMMANDS, type EditCommand } from '../../src/stores/commands';
import { useScenarioStore } from '../../src/stores/scenario';

// Squares of the largest board and a little beyond, so shrinking the board leaves some outside.
const square = fc.tuple(fc.nat(50), fc.nat(26)).map(([c, r]) => squareName(c, r) as Square);
const squares = fc.array(square, { minLength: 1, maxLength: 6 });
const edge = square.chain((a) => fc.constantFrom<[number, number]>([1, 0], [0, 1]).map(([dc, dr]) => {
  const m = /^([A-Z]+)(\d+)$/.exec(a)!;
  const col = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return [a, squareName(col + dc, Number(m[2]) - 1 + dr)] as [Square, Square];
}));
const anyText = fc.string({ maxLength: 5000, unit: 'grapheme' });
const anyNumber = fc.oneof(fc.integer({ min: -100, max: 200 }), fc.double({ noNaN: false }), fc.constant(1e9));
const unitId = fc.constantFrom('t-knights-1', 't-crossbows-1', 't-ballista-1', 'r-levy-1', 'r-commander-1', 'nobody');
const side = fc.constantFrom(0, 1);
const mirror = fc.boolean();

type Step = { command: EditCommand<unknown>; args: unknown };
const step = <A>(command: EditCommand<A>, args: fc.Arbitrary<A>): fc.Arbitrary<Step> => args.map((a) => ({ command: command as EditCommand<unknown>, args: a }));

const edits: fc.Arbitrary<Step> = fc.oneof(
  step(COMMANDS.paintProtected, fc.record({ squares, kind: fc.constantFrom(...PROTECTED_KINDS), mirror })),
  step(COMMANDS.road, fc.record({ squares, mirror })),
  step(COMMANDS.river, fc.record({ edges: fc.array(edge, { minLength: 1, maxLength: 4 }), mirror })),
  step(COMMANDS.crossing, fc.record({ edge, kind: fc.constantFrom('ford' as const, 'bridge' as const), mirror })),
  step(COMMANDS.hill, fc.record({ squares, mirror })),
  step(COMMANDS.erase, fc.record({ squares, mirror })),
  step(COMMANDS.placeUnit, fc.record({ unitId, at: square })),
  step(COMMANDS.unplaceUnit, fc.record({ unitId })),
  step(COMMANDS.rotateUnit, fc.record({ unitId, steps: fc.constantFrom(1 as const, -1 as const), current: fc.constantFrom(...FACINGS) })),
  step(COMMANDS.addUnit, fc.record({ side, type: fc.constantFrom(...TROOP_TYPES) })),
  step(COMMANDS.removeUnit, fc.record({ unitId })),
  step(COMMANDS.setStands, fc.record({ unitId, stands: anyNumber })),
  step(COMMANDS.updateSide, fc.record({ side, patch: fc.record({ name: anyText, army: fc.constantFrom('teutonic' as const, 'russian' as const), divisions: anyNumber }, { requiredKeys: [] }) })),
  step(COMMANDS.renameSide, fc.record({ side, id: anyText })),
  step(COMMANDS.swapEdges, fc.constant(null)),
  step(COMMANDS.setMeta, fc.record({ title: anyText, author: anyText, description: anyText, created: fc.oneof(fc.constant('2026-02-03'), anyText) }, { requiredKeys: [] })),
  step(COMMANDS.setBoard, fc.record({ columns: anyNumber, rows: anyNumber })),
  step(COMMANDS.setRules, fc.record({
    turnLimit: fc.oneof(anyNumber, fc.constant(null)), firstAttacker: fc.oneof(fc.constant('roll'), fc.constant('teutonic'), anyText),
    fractions: fc.constantFrom('roll' as const, 'ledger' as const),
    hills: fc.record({ movePenalty: anyNumber, protected: fc.boolean(), meleePenalty: fc.boolean() }),
  }, { requiredKeys: [] })),
);

describe('5: random edit sequences export files that Import accepts', () => {
  test('export, then import back: opened, and equal to what was edited', () => {
    fc.assert(fc.property(fc.array(edits, { maxLength: 25 }), (sequence) => {
      setActivePinia(createPinia());
      const store = useScenarioStore();
      store.load({ scenario: templateScenario('river-crossing')!, past: [], future: [] });
      for (const { command, args } of sequence) store.run(command, args);
      const text = serializeScenario(store.scenario);
      const back = parseScenario(text);
      if (!back.ok) throw new Error(`Import refused the export: ${back.diagnostics.map((d) => `${d.code} ${d.message}`).join('; ')}`);
      expect(back.scenario).toEqual(JSON.parse(JSON.stringify(store.scenario)));
    }), { numRuns: 300 });
  });
});

describe('5: field limits come from the schema', () => {
  test.each([
    ['meta.title', { minLength: 1, maxLength: 120 }],
    ['meta.author', { maxLength: 120 }],
    ['meta.description', { maxLength: 4000 }],
    ['board.columns', { minimum: 8, maximum: 48, step: 1 }],
    ['board.rows', { minimum: 8, maximum: 24, step: 1 }],
    ['rules.turnLimit', { minimum: 1, maximum: 99, step: 1 }],
    ['rules.hills.movePenalty', { minimum: 0, maximum: 6, step: 0.5 }],
    ['sides.name', { minLength: 1, maxLength: 80 }],
    ['sides.id', { minLength: 1, maxLength: 40 }],
    ['sides.divisions', { minimum: 1, maximum: 4, step: 1 }],
    ['sides.units.stands', { minimum: 1, maximum: 4, step: 1 }],
  ])('%s', (path, limits) => {
    expect(fieldLimits(path)).toEqual(limits);
  });
  test('an unknown field is an error, not a silent "no limit"', () => {
    expect(() => fieldLimits('meta.subtitle')).toThrow(/no field "meta.subtitle"/);
  });
});

describe('5: the editor panels take their limits from the schema', () => {
  test.each(['src/components/ScenarioPanel.vue', 'src/components/SidesPanel.vue'])('%s has no hand-written length or range limit', (file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).not.toMatch(/\smaxlength="\d+"/);
    expect(source).not.toMatch(/\smax="\d+"/);
    expect(source).toMatch(/fieldLimits\(/);
  });
});

describe('5: a side is never renamed to a name the program keeps for itself', () => {
  test.each(['__proto__', 'constructor', 'prototype'])('renaming a side to %s changes nothing (Import would refuse the file)', (id) => {
    const s = templateScenario('open-field')!;
    expect(COMMANDS.renameSide.perform(s, { side: 0, id })).toBe(s);
  });
});
