/**
 * Issue 43: computer players that come to blows. With a turn limit an unfought game goes to the side ahead on points,
 * and Normal players used to sit still all game on open ground: stepping into reach hands the other side the first
 * blow, and the evaluation could not tell a standoff that lasts to the end from a battle still to come. The
 * `standoff` feature (evaluate.ts) tells it; these games are unfought with its weight at 0 and fought with it.
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, gameSeed, legalActions, searchPolicy, type GameState } from '../../src/rules';
import { FEATURES } from '../../src/ai/evaluate';
import { EVAL_WEIGHTS } from '../../src/ai/weights';
import { templateScenario } from '../../src/scenario';

const STANDOFF = FEATURES.indexOf('standoff');

/** Stands lost in a seeded game between two Normal players judging by `weights`. */
function standsLost(template: string, seed: number, weights: readonly number[]): number {
  let s: GameState = createGame(templateScenario(template)!, { seed });
  const stands = (x: GameState) => x.units.reduce((n, u) => n + u.stands, 0);
  const before = stands(s);
  const players = Object.fromEntries(s.sides.map((x, j) => [x.id, searchPolicy({ seed: gameSeed(seed, j + 1), level: 'normal', budget: { weights } })]));
  while (s.phase !== 'over') s = applyAction(s, players[s.toAct!]!(s, legalActions(s)));
  return before - stands(s);
}

describe('standoff: Normal players come to blows when an unfought game would go to the side ahead', () => {
  test('the fitted weight is positive: a lead counts while no blow can come soon', () => {
    expect(EVAL_WEIGHTS[STANDOFF]).toBeGreaterThan(0);
  });

  test.each([['open-field', 1], ['two-divisions', 2]] as const)('%s (seed %i): unfought without the standoff, fought with it', (template, seed) => {
    const without = EVAL_WEIGHTS.map((w, i) => (i === STANDOFF ? 0 : w));
    expect(standsLost(template, seed, without)).toBe(0);
    expect(standsLost(template, seed, EVAL_WEIGHTS)).toBeGreaterThan(0);
  }, 120_000);
});
