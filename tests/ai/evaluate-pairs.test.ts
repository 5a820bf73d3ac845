/**
 * Issue 29 item 7: the evaluation looks at each pair of units once. It must give the very features of the plain
 * reading of its definition (FEATURES' doc in evaluate.ts): for each unit on the board, every other unit looked at.
 * That plain reading is written here, as the oracle, and both are asked at the positions of whole seeded games.
 */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, simplePolicy, type GameState } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { ACTIVE, BALLISTA, MOVE, pointsOf, toState, type Position } from '../../src/engine';
import { objectiveHoldings } from '../../src/rules/objectives';
import { FIGHTS, REACH, STANDOFF_LEAD, features } from '../../src/ai/evaluate';
import { stepsDistance } from '../../src/rules/geometry';
import { TROOPS, TROOP_TYPES } from '../../src/rules/troops';
import { templateScenario } from '../../src/scenario';

const RANGE = TROOP_TYPES.map((t) => TROOPS[t].range ?? 0);
const COST = TROOP_TYPES.map((t) => TROOPS[t].cost);

/**
 * The standoff's quiet as its doc states it: for each side, the fewest moves (by each troop's move allowance) any unit
 * (not retiring) needs before an enemy troop is within its reach or missile range; the blow comes in the side's move
 * phase after those moves (its first move phase from now, then one every two turns); the soonest side's turns from
 * now, at most 1.
 */
function plainQuiet(p: Position): number {
  const c = p.board.columns;
  let soonest = Infinity;
  for (const side of [0, 1]) {
    let need = Infinity;
    for (let x = 0; x < p.n; x++) {
      const j = p.sq[x]!, t = p.type[x]!;
      if (j < 0 || p.side[x] !== side || p.retiring[x]) continue;
      const contact = Math.max(FIGHTS[t] ? REACH[t]! : -1, RANGE[t]! > 0 ? RANGE[t]! : -1);
      if (contact < 0) continue;
      for (let y = 0; y < p.n; y++) {
        const k = p.sq[y]!;
        if (k < 0 || p.side[y] === side || p.side[y]! < 0 || p.type[y] === BALLISTA) continue;
        const d = stepsDistance((j % c) - (k % c), Math.floor(j / c) - Math.floor(k / c));
        need = Math.min(need, Math.max(0, d - contact) / TROOPS[TROOP_TYPES[t]!].move);
      }
    }
    if (need === Infinity) continue;
    const first = p.attacker === side ? (p.phase <= MOVE ? p.turn : p.turn + 2) : p.turn + 1;
    soonest = Math.min(soonest, need === 0 ? 0 : first - p.turn + 2 * need);
  }
  return Math.min(1, soonest);
}

/**
 * What objectives nobody holds are worth as the margin's doc states it: half an objective's points to the side whose
 * troops (not ballistas, not retiring) can first stand on one of its squares by their move allowance before the end
 * (a quarter each on a tie); sides attack in turns by turns, this turn's move counting while it is not over.
 */
function plainProspects(p: Position): number[] {
  const out = [0, 0], c = p.board.columns, end = p.game.rules.turnLimit ?? Infinity;
  if (p.result) return out;
  const objectives = toState(p).scenario.objectives ?? [];
  const holders = new Map(objectiveHoldings(toState(p)).map((h) => [h.id, h.holder]));
  for (const o of objectives) {
    if (holders.get(o.id) !== null) continue;
    const when = [0, 1].map((side) => {
      if (o.for !== undefined && o.for !== p.sides[side]) return Infinity;
      let best = Infinity;
      for (let x = 0; x < p.n; x++) {
        const j = p.sq[x]!, t = p.type[x]!;
        if (j < 0 || p.side[x] !== side || p.status[x] !== ACTIVE || t === BALLISTA || p.retiring[x]) continue;
        for (const sq of o.squares) {
          const k = p.board.index.get(sq)!;
          const moves = Math.ceil(stepsDistance((j % c) - (k % c), Math.floor(j / c) - Math.floor(k / c)) / TROOPS[TROOP_TYPES[t]!].move);
          const first = p.attacker === side ? (p.phase <= MOVE ? p.turn : p.turn + 2) : p.turn + 1;
          best = Math.min(best, moves === 0 ? p.turn : first + 2 * (moves - 1));
        }
      }
      return best <= end ? best : Infinity;
    });
    if (when[0] === Infinity && when[1] === Infinity) continue;
    if (when[0]! < when[1]!) out[0]! += o.points / 2;
    else if (when[1]! < when[0]!) out[1]! += o.points / 2;
    else { out[0]! += o.points / 4; out[1]! += o.points / 4; }
  }
  return out;
}

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
  const pr = plainProspects(p);
  const n = Math.max(1, units), margin = (mine + pr[me]! - theirs - pr[them]!) / scale;
  const over = p.result !== null || p.toAct < 0;
  const nextMover = p.phase <= MOVE ? p.attacker : 1 - p.attacker;
  const limit = p.game.rules.turnLimit;
  const lead = Math.max(-1, Math.min(1, margin / STANDOFF_LEAD));
  return [
    margin, margin * played, (threatened[them]! - threatened[me]!) / scale, (inRange[me]! - inRange[them]!) / n,
    (retiring[me]! - retiring[them]!) / scale, (supports[me]! - supports[them]!) / n, over ? 0 : nextMover === me ? 1 : -1,
    over ? 0 : nextMover === me ? threatened[them]! / scale : (0 - threatened[me]!) / scale,
    over || !limit || lead === 0 ? 0 : lead * plainQuiet(p) || 0,
  ];
}

describe('evaluation features, each pair of units once (issue 29 item 7)', () => {
  test.each(['open-field', 'roadside-village', 'river-crossing', 'hills', 'two-divisions'])('%s: the features of every position of seeded games are those of the plain reading', (id) => {
    let compared = 0, nonZero = 0, quiet = 0;
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
          if (got[8] !== 0) quiet++;
        }
        s = applyAction(s, pick(s, legalActions(s)));
      }
    }
    // The comparison is worth something only if the pair features were met often, and quiet positions too.
    expect(compared).toBeGreaterThan(500);
    expect(nonZero).toBeGreaterThan(compared / 4);
    expect(quiet).toBeGreaterThan(10);
  });
});
