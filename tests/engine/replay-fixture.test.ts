/** Replay determinism across the speed work (issue 3): the engine reproduces the fingerprints recorded before it. */
import { expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { deepFreeze } from './helpers';
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
}, 60_000);

test.each(['open-field', 'two-divisions'])('copy-on-write: every state of a full %s game stays unchanged (deep-frozen) and shares most unit records between states', (id) => {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  const pick = randomPolicy(99);
  let s: GameState = deepFreeze(createGame(scenario, { seed: 99 }));
  let shared = 0, steps = 0;
  while (s.phase !== 'over') {
    const next = applyAction(s, pick(s, legalActions(s)));
    for (let i = 0; i < next.units.length; i++) if (next.units[i] === s.units[i]) shared++;
    s = deepFreeze(next);
    steps++;
  }
  expect(steps).toBeGreaterThan(100);
  expect(shared).toBeGreaterThan(steps * s.units.length * 0.5);
}, 60_000);
