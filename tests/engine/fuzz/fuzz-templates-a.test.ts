/** Fuzz suite over the templates, part a (two files so vitest runs them in parallel): full-length random games (see fuzz.ts). */
import { expect, test } from 'vitest';
import { TEMPLATES } from '../../../src/scenario';
import { FUZZ_TIMEOUT, fuzzTemplate, PART_A, PER_TEMPLATE } from './fuzz';

test.each(TEMPLATES.map((t) => t.id).filter((id) => PART_A.includes(id)))('fuzz: %s full-length random games keep every invariant, reach no dead end and replay exactly', (id) => {
  expect(fuzzTemplate(id, PER_TEMPLATE)).toBeGreaterThan(PER_TEMPLATE * 50);
}, FUZZ_TIMEOUT);

test('fuzz: the invariants catch a broken state (two sides sharing a square outside a melee, stands out of range)', async () => {
  const { createGame } = await import('../../../src/rules');
  const { templateScenario } = await import('../../../src/scenario');
  const { invariants, troopPoints } = await import('./fuzz');
  const s = createGame(templateScenario('open-field')!, { seed: 1 });
  const points = troopPoints(s);
  expect(invariants(s, points)).toBeNull();
  const [a, b] = [s.units.find((u) => u.side === s.sides[0]!.id && u.type === 'knights')!, s.units.find((u) => u.side === s.sides[1]!.id && u.type === 'knights')!];
  expect(invariants({ ...s, units: s.units.map((u) => (u.id === b.id ? { ...u, at: a.at } : u)) }, points)).toMatch(/two sides/);
  expect(invariants({ ...s, units: s.units.map((u) => (u.id === a.id ? { ...u, stands: 3 } : u)) }, points)).toMatch(/3 stands/);
});
