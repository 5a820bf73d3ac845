/**
 * Issue 28 item 3 / issue 29 item 7: the simple policy's fast route on the core (it asks for as few unit move lists as
 * it can, bounded by each unit's move search) makes exactly the choice of the readable reference, simpleChoice over the
 * whole listing, at every decision of many seeded games: templates and generated scenarios, some decisions made at
 * random instead so that odd positions (facing changes, units left behind, lone leads waiting for backing) come up.
 */
import { describe, expect, test } from 'vitest';
import { actionKey, createGame, simplePolicy, type Scenario } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { simpleChoice } from '../../src/ai/basic';
import { OVER, applyCore, copyPosition, listActions } from '../../src/engine';
import { createRng } from '../../src/rules/random';
import { randomIndex, sampleIn } from '../../src/rules/sample';
import { templateScenario } from '../../src/scenario';
import { generatedScenario } from '../engine/fuzz/scenarios';

/**
 * Play one game with the fast route and the reference side by side (each on its own copy of the position, each with
 * its own generator from the same seed); one decision in `randomShare` is a random action applied to both. Returns
 * the simple decisions compared, of them in the move phase; fails at the first that differs.
 */
function compare(scenario: Scenario, seed: number, randomShare: number): { decisions: number; moves: number } {
  const start = positionOf(createGame(scenario, { seed, ...(scenario.rules?.turnLimit === null ? { turnLimit: 12 } : {}) }));
  const fast = copyPosition(start), slow = copyPosition(start);
  fast.events = slow.events = null;
  const choose = simplePolicy(seed + 1).onCore!, r = createRng(seed + 1), odd = createRng(seed + 2);
  let decisions = 0, moves = 0;
  for (let n = 0; n < 5000 && slow.toAct >= 0 && slow.phase !== OVER; n++) {
    if (randomIndex(odd, 1000) < randomShare * 1000) {
      const a = sampleIn(slow, odd)!;
      applyCore(slow, a);
      applyCore(fast, a);
      continue;
    }
    const listed = listActions(slow);
    const want = simpleChoice(slow, listed, r);
    const got = choose(fast);
    expect(got && actionKey(got), `${scenario.meta?.title ?? ''} seed ${seed}, turn ${slow.turn}, phase ${slow.phase}, action ${n}`).toBe(actionKey(want));
    decisions++;
    if (listed.some((a) => a.type === 'move')) moves++;
    applyCore(slow, want);
    applyCore(fast, got!);
  }
  expect(fast.result).toEqual(slow.result);
  return { decisions, moves };
}

describe('the simple policy\'s fast route', () => {
  test.each(['open-field', 'roadside-village', 'river-crossing', 'two-divisions', 'hills'])('chooses as the whole listing does at every decision (%s, 4 seeds)', (id) => {
    const scenario = templateScenario(id)!;
    let moves = 0;
    for (const [seed, share] of [[1, 0], [2, 0], [3, 0.15], [4, 0.3]] as const) moves += compare(scenario, seed, share).moves;
    expect(moves).toBeGreaterThan(200);
  }, 120_000);

  test('chooses as the whole listing does on generated scenarios (12 scenarios)', () => {
    let moves = 0;
    for (let k = 0; k < 12; k++) moves += compare(generatedScenario(900 + k), 50 + k, k % 3 === 0 ? 0 : 0.2).moves;
    expect(moves).toBeGreaterThan(300);
  }, 180_000);
});
