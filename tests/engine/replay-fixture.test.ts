/** Replay determinism across the speed work (issue 3): the engine reproduces the fingerprints recorded before it. */
import { expect, test } from 'vitest';
import { fingerprint, type GameFingerprint } from './replay-record';
import recorded from './replay-fixture.json';

const games = recorded as GameFingerprint[];

test('the fixture covers every template with full-length games', () => {
  expect(new Set(games.map((g) => g.template)).size).toBeGreaterThanOrEqual(6);
  for (const g of games) expect(g.counts).toHaveLength(g.steps);
});

test.each(games.map((g) => [g.template, g.seed, g] as const))('replay of %s seed %i: same legal-action counts, listed actions and final hash', (_t, _s, want) => {
  const got = fingerprint(want.template, want.seed);
  expect(got.counts).toEqual(want.counts);
  expect(got.listedHash).toBe(want.listedHash);
  expect(got.finalHash).toBe(want.finalHash);
});
