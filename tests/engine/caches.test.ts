/**
 * The fast core's caches change nothing but speed (issue 26 item 3): whole games played with each cache switched off
 * list exactly what the same games list with every cache on, position by position and in the same order, and end in
 * the same state. (The fuzz suite also compares each listing with all caches off, and with the readable rules.)
 */
import { expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, randomPolicy, simplePolicy, stateHash, type Scenario } from '../../src/rules';
import { CACHES, CACHE_NAMES, NO_CACHES, withCaches, type CacheSwitches } from '../../src/engine';
import { TEMPLATES } from '../../src/scenario';
import { generatedScenario } from './fuzz/scenarios';

/** Every position's listing (keys, in order) of one seeded game, and the end state's hash. */
function play(scenario: Scenario, seed: number): { listings: string[]; end: string } {
  const pick = seed % 2 === 0 ? randomPolicy(seed) : simplePolicy(seed);
  let s = createGame(scenario, { seed, turnLimit: 6 });
  const listings: string[] = [];
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    listings.push(legal.map(actionKey).join(' '));
    s = applyAction(s, pick(s, legal));
  }
  return { listings, end: stateHash(s) };
}

const GAMES: Array<[string, Scenario, number]> = [
  ...TEMPLATES.map((t): [string, Scenario, number] => [t.id, t.scenario, 11]),
  ['generated 9001', generatedScenario(9001), 12],
  ['generated 9002', generatedScenario(9002), 13],
];

const SWITCHES: Array<[string, Partial<CacheSwitches>]> = [...CACHE_NAMES.map((k): [string, Partial<CacheSwitches>] => [`the ${k} cache`, { [k]: false }]), ['every cache', NO_CACHES]];

test.each(SWITCHES)('the core lists the same actions at every position of whole games with %s off', (_name, off) => {
  for (const [label, scenario, seed] of GAMES) {
    const on = play(scenario, seed);
    const without = withCaches(off, () => play(scenario, seed));
    expect(without.listings.length, label).toBe(on.listings.length);
    for (let k = 0; k < on.listings.length; k++) if (without.listings[k] !== on.listings[k]) expect.fail(`${label}: position ${k} lists differently`);
    expect(without.end, label).toBe(on.end);
  }
}, 300_000);

test('withCaches puts every switch back, even when the work throws', () => {
  expect(() => withCaches(NO_CACHES, () => { expect(Object.values(CACHES).every((v) => !v)).toBe(true); throw new Error('boom'); })).toThrow('boom');
  for (const k of CACHE_NAMES) expect(CACHES[k], k).toBe(true);
});
