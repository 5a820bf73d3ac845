/** Issue 28 item 5: the opponent worker keeps the last game's fixed parts, so the engine's caches outlive one decision. */
import { describe, expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, simplePolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, policyFor, thinkingCapMs } from '../../src/workers/levels';
import { fixedPartsKeeper, opponentApi } from '../../src/workers/opponent-api';

/** The first `n` states of a simple-policy game with a real choice for the side to act. */
function choices(template: string, seed: number, n: number): GameState[] {
  let s = createGame(templateScenario(template)!, { seed });
  const out: GameState[] = [];
  const p = simplePolicy(seed);
  while (out.length < n && s.phase !== 'over') {
    const legal = legalActions(s);
    if (s.phase !== 'deploy' && legal.length > 1) out.push(s);
    s = applyAction(s, p(s, legal));
  }
  return out;
}

describe('the opponent worker keeps its caches', () => {
  test('clones of one game get the first clone\'s scenario, rules and sides back; another game does not', () => {
    const keep = fixedPartsKeeper();
    const [a, b] = choices('open-field', 3, 2) as [GameState, GameState];
    const first = keep(structuredClone(a));
    const second = keep(structuredClone(b));
    expect(second.scenario).toBe(first.scenario);
    expect(second.rules).toBe(first.rules);
    expect(second.sides).toBe(first.sides);
    // Only the fixed parts are shared: the position is the second state's own.
    expect(second.log.length).toBe(b.log.length);
    expect(second.units).toEqual(b.units);
    const other = keep(structuredClone(choices('river-crossing', 3, 1)[0]!));
    expect(other.scenario).not.toBe(first.scenario);
    expect(other.scenario.meta.title).toBe(templateScenario('river-crossing')!.meta.title);
    // The same scenario under another turn limit is another game.
    const longer = structuredClone(a);
    longer.rules = { ...longer.rules, turnLimit: (longer.rules.turnLimit ?? 12) + 1 };
    expect(keep(longer).rules).toBe(longer.rules);
  });

  test('decisions through the kept caches are the decisions made afresh', () => {
    // A clock that never moves: no decision is cut short, so both runs play their whole iteration budget.
    const api = opponentApi(() => 0);
    for (const s of choices('roadside-village', 8, 6)) {
      const kept = api.decide(structuredClone(s), s.toAct!, 1, s.seed);
      expect(actionKey(kept)).toBe(actionKey(decide(structuredClone(s), s.toAct!, 1, s.seed)));
    }
  }, 60_000);
});

describe('the cap counts from the worker\'s call', () => {
  test('time already spent on the decision is taken off the level\'s cap', () => {
    const view = choices('open-field', 4, 30).find((x) => x.phase === 'move')!;
    const reads = (spentMs: number) => {
      let t = 0, n = 0;
      // A clock that moves 1 ms a reading: a search with time left times its playouts, one out of time stops at once.
      const clock = () => { n++; return t++; };
      policyFor(2, 5, clock, spentMs)(view, legalActions(view));
      return n;
    };
    expect(reads(0)).toBeGreaterThan(10);
    expect(reads(thinkingCapMs(2))).toBeLessThanOrEqual(3);
  });
});
