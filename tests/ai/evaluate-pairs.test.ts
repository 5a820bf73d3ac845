/**
 * Issue 29 item 7: the evaluation looks at each pair of units once. It must give the very features of the plain
 * reading of its definition (FEATURES' doc in evaluate.ts): for each unit on the board, every other unit looked at.
 * That plain reading is written here, as the oracle, and both are asked at the positions of whole seeded games.
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, simplePolicy, type GameState } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { ACTIVE, BALLISTA, MOVE, pointsOf, type Position } from '../../src/rules/core';
import { FIGHTS, REACH, features } from '../../src/rules/ai/evaluate';
import { stepsDistance } from '../../src/rules/geometry';
import { TROOPS, TROOP_TYPES } from '../../src/rules/troops';
import { templateScenario } from '../../src/scenario';

const RANGE = TROOP_TYPES.map((t) => TROOPS[t].range ?? 0);
const COST = TROOP_TYPES.map((t) => TROOPS[t].cost);

/** The features as their doc states them, unit by unit, every other unit looked at. */
function plainFeatures(p: Position, me: number): number[] {
  const them = 1 - me, c = p.board.columns;
  const mine = pointsOf(p, me), theirs = pointsOf(p, them);
  const scale = Math.max(1, mine + theirs);
  const played = p.game.rules.turnLimit ? Math.min(1, p.turn / p.game.rules.turnLimit) : 0.5;
  const threatened = [0, 0], inRange = [0, 0], retiring = [0, 0], supports = [0, 0];
  let units = 0;
  for (let x = 0; x < p.n; x++) {
    const j = p.sq[x]!, s = p.side[x]!, t = p.type[x]!;
    if (j < 0 || p.status[x] !== ACTIVE || s < 0) continue;
    units++;
    const worth = COST[t]! * (t === BALLISTA ? 1 : p.stands[x]!);
    if (p.retiring[x]) retiring[s]! += worth;
    let reached = false, shot = false, friend = false;
    for (let y = 0; y < p.n; y++) {
      const k = p.sq[y]!;
      if (y === x || k < 0) continue;
      const ty = p.type[y]!;
      const d = stepsDistance((j % c) - (k % c), Math.floor(j / c) - Math.floor(k / c));
      if (p.side[y] === s) { if (d <= 1.5 && ty !== BALLISTA) friend = true; continue; }
      if (FIGHTS[ty] && !p.retiring[y] && d <= REACH[ty]!) reached = true;
      if (RANGE[t]! > 0 && d <= RANGE[t]! && ty !== BALLISTA) shot = true;
    }
    if (reached && t !== BALLISTA) threatened[s]! += worth;
    if (shot) inRange[s]!++;
    if (friend && t !== BALLISTA) supports[s]!++;
  }
  const n = Math.max(1, units), margin = (mine - theirs) / scale;
  const over = p.result !== null || p.toAct < 0;
  const nextMover = p.phase <= MOVE ? p.attacker : 1 - p.attacker;
  return [
    margin, margin * played, (threatened[them]! - threatened[me]!) / scale, (inRange[me]! - inRange[them]!) / n,
    (retiring[me]! - retiring[them]!) / scale, (supports[me]! - supports[them]!) / n, over ? 0 : nextMover === me ? 1 : -1,
    over ? 0 : nextMover === me ? threatened[them]! / scale : (0 - threatened[me]!) / scale,
  ];
}

describe('evaluation features, each pair of units once (issue 29 item 7)', () => {
  test.each(['open-field', 'roadside-village', 'river-crossing', 'hills', 'two-divisions'])('%s: the features of every position of seeded games are those of the plain reading', (id) => {
    let compared = 0, nonZero = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const pick = seed % 2 ? simplePolicy(seed) : randomPolicy(seed);
      let s: GameState = createGame(templateScenario(id)!, { seed });
      while (s.phase !== 'over') {
        const p = positionOf(s);
        for (const me of [0, 1]) {
          const got = features(p, me);
          expect(got).toEqual(plainFeatures(p, me));
          compared++;
          if (got.slice(2, 6).some((v) => v !== 0)) nonZero++;
        }
        s = applyAction(s, pick(s, legalActions(s)));
      }
    }
    // The comparison is worth something only if the pair features were met often.
    expect(compared).toBeGreaterThan(500);
    expect(nonZero).toBeGreaterThan(compared / 4);
  });
});
