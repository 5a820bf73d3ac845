/** The balance heat map (issue 11) counts melees from the engine's structured events, square by square. */
import { expect, test } from 'vitest';
import { createGame, emptyHeat, gameSeed, makePolicy, playBalanceGame, type GameState, type Policy } from '../../src/rules';
import { step } from '../../src/ai/playout';
import { templateScenario } from '../../src/scenario';

const scenario = templateScenario('open-field')!;

/**
 * The same games played again here, counting melees by the state: each melee event is put on the contact square of the
 * melee the state before it was fighting (an independent reading: not the event's own square).
 */
function meleesByState(index: number, seed: number): Record<string, number> {
  const gs = gameSeed(seed, index);
  let s: GameState = createGame(scenario, { seed: gs });
  const policies: Record<string, Policy> = {};
  s.sides.forEach((side, j) => { policies[side.id] = makePolicy('random', gameSeed(gs, j + 1)); });
  const out: Record<string, number> = {};
  for (let next = step(s, policies); next; next = step(s, policies)) {
    const before = s;
    s = next.state;
    for (const e of s.events) {
      if (e.kind !== 'melee') continue;
      const sq = before.melees[before.current!]!.contact;
      out[sq] = (out[sq] ?? 0) + 1;
    }
  }
  return out;
}

test('heat map melees: one count per melee fought, on its contact square', () => {
  const heat = emptyHeat();
  const want: Record<string, number> = {};
  for (let i = 0; i < 4; i++) {
    playBalanceGame(scenario, i, { policy: 'random', seed: 7 }, heat);
    for (const [sq, n] of Object.entries(meleesByState(i, 7))) want[sq] = (want[sq] ?? 0) + n;
  }
  expect(Object.values(want).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(heat.melees).toEqual(want);
  expect(Object.values(heat.lost).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
});
