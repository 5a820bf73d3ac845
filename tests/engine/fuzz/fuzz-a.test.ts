/** Fuzz/invariant suite, part a (the templates are split over two files so vitest runs them in parallel). */
import { expect, test } from 'vitest';
import { fuzzTemplate, PER_TEMPLATE } from './fuzz';

test.each(['open-field', 'two-divisions'])('fuzz: %s random legal games keep every invariant and replay exactly', (id) => {
  expect(fuzzTemplate(id, PER_TEMPLATE)).toBeGreaterThan(PER_TEMPLATE * 10);
}, 180_000);
