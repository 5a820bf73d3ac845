/**
 * Issue 29 item 7: balance games start from each scenario's placed position, made once per run, and a game's start
 * is createGame's to the bit: the same units, phase and dice, whether set-up rolls for the first attacker or not.
 * (tests/ai/search-same.test.ts holds whole balance games to results recorded before this.)
 */
import { describe, expect, test } from 'vitest';
import { createGame, positionOf } from '../../src/rules/game';
import { toState, type Position } from '../../src/engine';
import { balanceGames, startPosition } from '../../src/ai/balance';
import { TEMPLATES, templateScenario } from '../../src/scenario';
import { machineTurnLimit, type Scenario } from '../../src/rules/scenario';

/**
 * Everything of a position a balance game reads, as data: not the state's seed (it names the game; the dice are the
 * generator's) nor the set-up's events (a balance game keeps none).
 */
function contents(p: Position): unknown {
  const { seed: _seed, events: _events, ...rest } = toState(p);
  return JSON.parse(JSON.stringify(rest));
}

const withAttacker = (s: Scenario, firstAttacker: string): Scenario => ({ ...s, rules: { ...s.rules, firstAttacker } });

const cases: Array<[string, Scenario]> = [
  ...TEMPLATES.map((t): [string, Scenario] => [t.id, templateScenario(t.id)!]),
  ['open-field, first attacker rolled (the set-up rolls a die)', withAttacker(templateScenario('open-field')!, 'roll')],
  ['open-field, the Order attacks first', withAttacker(templateScenario('open-field')!, templateScenario('open-field')!.sides[0]!.id)],
];

describe('balance games start from the set-up made once', () => {
  test.each(cases)('%s: every game starts as createGame would start it', (_name, scenario) => {
    for (const seed of [1, 2, 77, 4_000_000_123]) {
      const made = positionOf(createGame(scenario, { seed, turnLimit: machineTurnLimit(scenario) }));
      const got = startPosition(scenario, seed);
      expect(contents(got), `seed ${seed}`).toEqual(contents(made));
      expect(got.rng, `seed ${seed}`).toEqual(made.rng);
    }
  });

  test('a game played from it changes nothing the next game starts from', () => {
    const scenario = templateScenario('river-crossing')!;
    const first = balanceGames(scenario, 0, 12, { policy: 'simple', seed: 5 });
    const again = balanceGames(scenario, 0, 12, { policy: 'simple', seed: 5 });
    expect(again).toEqual(first);
    expect(new Set(first.games.map((g) => g.winner)).size).toBeGreaterThan(1);
  });
});
