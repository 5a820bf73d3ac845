/** Fuzz suite over the templates, part b (two files so vitest runs them in parallel): full-length random games (see fuzz.ts). */
import { expect, test } from 'vitest';
import { TEMPLATES } from '../../../src/scenario';
import { FUZZ_TIMEOUT, fuzzTemplate, PART_A, PER_TEMPLATE } from './fuzz';

test.each(TEMPLATES.map((t) => t.id).filter((id) => !PART_A.includes(id)))('fuzz: %s full-length random games keep every invariant, reach no dead end and replay exactly', (id) => {
  expect(fuzzTemplate(id, PER_TEMPLATE)).toBeGreaterThan(PER_TEMPLATE * 50);
}, FUZZ_TIMEOUT);
