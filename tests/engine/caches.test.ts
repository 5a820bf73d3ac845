/** Engine memo caches (issue 3 speed work): with and without them, every state offers the same legal actions. */
import { afterEach, expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, randomPolicy, reachableSquares, setEngineCaches, stateHash, type GameState } from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';

afterEach(() => setEngineCaches(true));

function listed(s: GameState, on: boolean): string[] {
  setEngineCaches(on);
  try { return legalActions(s).map(actionKey); } finally { setEngineCaches(true); }
}

test.each(TEMPLATES.map((t) => [t.id, t.scenario] as const))('memo caches never change the legal actions or the game (%s)', (_id, scenario) => {
  const seed = 4242;
  const pick = randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed, turnLimit: 3 });
  let compared = 0;
  while (s.phase !== 'over') {
    const cached = listed(s, true);
    expect(listed(s, false)).toEqual(cached);
    if (s.phase === 'move') {
      for (const u of s.units.filter((x) => x.side === s.toAct).slice(0, 3)) {
        setEngineCaches(false);
        const plain = reachableSquares(s, u.id);
        setEngineCaches(true);
        expect(reachableSquares(s, u.id)).toEqual(plain);
      }
    }
    compared++;
    s = applyAction(s, pick(s, legalActions(s)));
  }
  setEngineCaches(false);
  let plain: GameState = createGame(scenario, { seed, turnLimit: 3 });
  for (const a of s.log) plain = applyAction(plain, a);
  expect(stateHash(plain)).toBe(stateHash(s));
  expect(compared).toBeGreaterThan(50);
});
