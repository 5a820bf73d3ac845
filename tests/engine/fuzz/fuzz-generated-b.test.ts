/** Fuzz suite over generated valid scenarios (part b; two files so vitest runs them in parallel). */
import { expect, test } from 'vitest';
import { FUZZ_TIMEOUT, fuzzGenerated, GENERATED } from './fuzz';

const HALF = Math.ceil(GENERATED / 2);

test('fuzz: full-length random games over generated valid scenarios (part b) keep every invariant and reach no dead end', () => {
  expect(fuzzGenerated(HALF, HALF)).toBeGreaterThan(HALF * 20);
}, FUZZ_TIMEOUT);
