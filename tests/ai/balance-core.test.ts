/**
 * Issue 29 item 7: balance games played on the core's position with no events (the fast route) give the very games and
 * heat of the plain route, which plays JSON states action by action and reads the heat from each state: stands lost
 * from the units before and after each action, melees from the engine's melee events.
 */
import { describe, expect, test } from 'vitest';
import {
  createGame, emptyHeat, gameSeed, makePolicy, playBalanceGame, type BalanceGame, type GameState, type HeatMap, type Policy, type PolicyName, type Scenario,
} from '../../src/rules';
import { step } from '../../src/ai/playout';
import { machineTurnLimit } from '../../src/rules/scenario';
import { templateScenario } from '../../src/scenario';

const bump = (map: Record<string, number>, sq: string, n: number) => { map[sq] = (map[sq] ?? 0) + n; };

/** Game `index` of a run played on JSON states (applyAction: events kept), its heat added to `heat`. */
function plainGame(scenario: Scenario, index: number, policy: PolicyName, seed: number, heat: HeatMap): BalanceGame {
  const gs = gameSeed(seed, index);
  let s: GameState = createGame(scenario, { seed: gs, turnLimit: machineTurnLimit(scenario) });
  const policies: Record<string, Policy> = {};
  s.sides.forEach((side, j) => { policies[side.id] = makePolicy(policy, gameSeed(gs, j + 1)); });
  let actions = 0, lostAll = 0;
  for (let next = step(s, policies); next; next = step(s, policies)) {
    const before = s;
    s = next.state;
    actions++;
    // The stand a split hands to its new unit (its event names the parent) is not lost.
    const split = new Set(s.events.flatMap((e) => (e.kind === 'split' ? [e.parent] : [])));
    before.units.forEach((u, i) => {
      const lost = u.stands - s.units[i]!.stands - (split.has(u.id) ? 1 : 0);
      if (lost > 0) lostAll += lost;
      if (lost > 0 && u.at) bump(heat.lost, u.at, lost);
    });
    for (const e of s.events) if (e.kind === 'melee') bump(heat.melees, e.at, 1);
  }
  const points = s.result?.points ?? Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  return { index, winner: s.result?.winner ?? null, points, turns: s.turn, actions, lost: lostAll };
}

describe('balance games on the core', () => {
  test('a game\'s stands lost are the stands it started with less those left (a split hands a stand on, it loses none)', () => {
    const scenario = templateScenario('hills')!;
    let splits = 0;
    for (let i = 0; i < 8; i++) {
      const gs = gameSeed(11, i);
      let s: GameState = createGame(scenario, { seed: gs, turnLimit: machineTurnLimit(scenario) });
      const start = s.units.reduce((a, u) => a + u.stands, 0);
      const policies: Record<string, Policy> = {};
      s.sides.forEach((side, j) => { policies[side.id] = makePolicy('random', gameSeed(gs, j + 1)); });
      for (let next = step(s, policies); next; next = step(s, policies)) { s = next.state; splits += s.events.filter((e) => e.kind === 'split').length; }
      expect(playBalanceGame(scenario, i, { policy: 'random', seed: 11 }, emptyHeat()).lost, `game ${i}`).toBe(start - s.units.reduce((a, u) => a + u.stands, 0));
    }
    expect(splits).toBeGreaterThan(0);
  });


  test.each([
    ['open-field', 'simple', 12], ['two-divisions', 'simple', 2], ['river-crossing', 'simple', 6], ['hills', 'random', 6], ['roadside-village', 'random', 6],
  ] as const)('give the games and heat of the plain route, melees counted without events (%s, %s policy)', (id, policy, games) => {
    const scenario = templateScenario(id)!;
    const fast = emptyHeat(), plain = emptyHeat();
    for (let i = 0; i < games; i++) {
      expect(playBalanceGame(scenario, i, { policy, seed: 11 }, fast), `${id} game ${i}`).toEqual(plainGame(scenario, i, policy, 11, plain));
    }
    expect(Object.values(plain.melees).reduce((a, b) => a + b, 0)).toBeGreaterThan(games);
    expect(Object.values(plain.lost).reduce((a, b) => a + b, 0)).toBeGreaterThan(games);
    // Key order too: the heat is shown and written in the order squares first came up.
    expect(JSON.stringify(fast)).toBe(JSON.stringify(plain));
  }, 120_000);
});
