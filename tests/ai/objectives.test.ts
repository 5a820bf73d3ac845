/**
 * Issue 41 item 5: the computer players go for objectives (R-objectives, digest 11). On a scenario whose only way to
 * win is an objective (equal armies far apart, a square worth points to one side only), the side that must take it
 * moves towards it and takes it; the one unit holding an objective stays on it; the evaluation counts an objective
 * nobody holds for the side that can reach it first.
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, objectiveHoldings, searchPolicy, simplePolicy, type GameState, type Policy, type Scenario } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { features } from '../../src/ai/evaluate';
import { reasonFor } from '../../src/ai/hint';
import { viewFor } from '../../src/rules';
import { goalSquares, guards, objectiveProspects } from '../../src/ai/objectives';
import { scenarioOf } from '../engine/helpers';

/** Two medium infantry a side, ten rows apart; the shrine at B3 is worth 10 points to the Teutons only. */
function shrine(turnLimit = 4): Scenario {
  const s = scenarioOf([
    ['t', 'tm1', 'mediumInfantry', 'E2', 'S'], ['t', 'tm2', 'mediumInfantry', 'F2', 'S'],
    ['r', 'rm1', 'mediumInfantry', 'E12', 'N'], ['r', 'rm2', 'mediumInfantry', 'F12', 'N'],
  ], {}, { turnLimit });
  return { ...s, version: 2, objectives: [{ id: 'shrine', label: 'The shrine', squares: ['B3'], points: 10, for: 'teutonic' }] };
}

function play(s: Scenario, policies: Record<string, Policy>, seed: number): GameState {
  let g = createGame(s, { seed });
  for (let n = 0; n < 5000 && g.phase !== 'over'; n++) g = applyAction(g, policies[g.toAct!]!(g, legalActions(g)));
  expect(g.phase).toBe('over');
  return g;
}

describe('computer players and objectives (issue 41 item 5)', () => {
  test.each([1, 2, 3])('the simple policy takes the only objective that can win the game (seed %i)', (seed) => {
    const g = play(shrine(), { teutonic: simplePolicy(seed), russian: simplePolicy(seed + 100) }, seed);
    expect(objectiveHoldings(g).map((h) => h.holder)).toEqual(['teutonic']);
    expect(g.result?.winner).toBe('teutonic');
  });

  test('the easy search player takes it too', () => {
    const g = play(shrine(), { teutonic: searchPolicy({ level: 'easy', seed: 5 }), russian: searchPolicy({ level: 'easy', seed: 6 }) }, 5);
    expect(objectiveHoldings(g).map((h) => h.holder)).toEqual(['teutonic']);
    expect(g.result?.winner).toBe('teutonic');
  });

  test('its first move goes towards the shrine, not towards the enemy', () => {
    const g = createGame(shrine(), { seed: 1 });
    let s = g;
    while (s.phase !== 'move') s = applyAction(s, simplePolicy(1)(s, legalActions(s)));
    const a = simplePolicy(1)(s, legalActions(s));
    expect(a.type).toBe('move');
    // B3 is west of E2/F2: a move towards it ends in column D or further west (towards the enemy would stay in E/F).
    expect(a.type === 'move' && 'BCD'.includes(a.to[0]!)).toBe(true);
  });

  test('an objective out of reach before the end is no goal; one the side holds is none either, and its lone holder stays', () => {
    // One turn: the Teutons' single move of 2 cannot reach B3 (3 1/2 away).
    const p1 = positionOf(createGame(shrine(1), { seed: 1 }));
    expect(goalSquares(p1, 0).squares).toEqual([]);
    const p = positionOf(createGame(shrine(), { seed: 1 }));
    expect(goalSquares(p, 0).squares).toEqual([p.board.index.get('B3')]);
    expect(goalSquares(p, 1).squares).toEqual([]); // the shrine is for the Teutons only
    const held = { ...shrine(), sides: shrine().sides.map((sd) => (sd.id === 'teutonic' ? { ...sd, units: sd.units.map((u) => (u.id === 'tm1' ? { ...u, at: 'B3' } : u)) } : sd)) };
    const q = positionOf(createGame(held, { seed: 1 }));
    expect(goalSquares(q, 0).squares).toEqual([]);
    expect(guards(q, q.index.get('tm1')!)).toBe(true);
    expect(guards(q, q.index.get('tm2')!)).toBe(false);
  });

  test('the evaluation counts an objective nobody holds for the side that reaches it first', () => {
    const p = positionOf(createGame(shrine(), { seed: 1 }));
    expect(objectiveProspects(p)).toEqual([5, 0]);
    const f = features(p, 0), g = features(p, 1);
    expect(f[0]).toBeGreaterThan(0);
    expect(g[0]).toBe(-f[0]!);
    // Out of reach before the end: worth nothing yet.
    expect(objectiveProspects(positionOf(createGame(shrine(1), { seed: 1 })))).toEqual([0, 0]);
  });

  test("Hint says a move goes for an objective and what it is worth", () => {
    let s = createGame(shrine(), { seed: 1 });
    while (s.phase !== 'move') s = applyAction(s, simplePolicy(1)(s, legalActions(s)));
    const view = viewFor(s, 'teutonic');
    expect(reasonFor(view, { type: 'move', side: 'teutonic', unit: 'tm1', to: 'B3' } as never, 0.5, 0, 0, 0)).toContain('goes for The shrine (10 pts if held at the end)');
    expect(reasonFor(view, { type: 'move', side: 'teutonic', unit: 'tm1', to: 'E4' } as never, 0.5, 0, 0, 0)).not.toContain('shrine');
  });
});
