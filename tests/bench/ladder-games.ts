/**
 * One ladder game (issue 28 item 1): a player of the ladder (the simple policy or a search level, iteration budgets
 * only, so fully seeded) against the next one up. Game i of a pairing: template i mod 3, the upper player in seat
 * (i div 3) mod 2, dice seed gameSeed(seed, i), each player's seed from that; so a game's result depends only on
 * (pairing, seed, i), whichever worker plays it.
 */
import { applyAction, createGame, gameSeed, legalActions, searchPolicy, simplePolicy, type AiLevel, type GameState, type Policy } from '../../src/rules';
import { templateScenario } from '../../src/scenario';

export const LADDER_TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'] as const;
export type Rung = 'simple' | AiLevel;
export const PAIRINGS: ReadonlyArray<readonly [Rung, Rung]> = [['simple', 'easy'], ['easy', 'normal'], ['normal', 'hard'], ['simple', 'hard']];

export interface LadderResult { index: number; template: string; upperSeat: number; outcome: 'win' | 'draw' | 'loss'; margin: number; turns: number }

function player(rung: Rung, seed: number): Policy {
  return rung === 'simple' ? simplePolicy(seed) : searchPolicy({ seed, level: rung });
}

/** Play game `index` of the pairing lower-upper; the outcome is the upper player's. */
export function ladderGame(lower: Rung, upper: Rung, seed: number, index: number): LadderResult {
  const template = LADDER_TEMPLATES[index % LADDER_TEMPLATES.length]!;
  const upperSeat = Math.floor(index / LADDER_TEMPLATES.length) % 2;
  const gs = gameSeed(seed, index);
  let s: GameState = createGame(templateScenario(template)!, { seed: gs });
  const ids = s.sides.map((x) => x.id);
  const up = ids[upperSeat]!, low = ids[1 - upperSeat]!;
  const policies: Record<string, Policy> = { [up]: player(upper, gameSeed(gs, 1)), [low]: player(lower, gameSeed(gs, 2)) };
  while (s.phase !== 'over') s = applyAction(s, policies[s.toAct!]!(s, legalActions(s)));
  const r = s.result!;
  return {
    index, template, upperSeat, turns: s.turn, margin: (r.points[up] ?? 0) - (r.points[low] ?? 0),
    outcome: r.winner === up ? 'win' : r.winner === null ? 'draw' : 'loss',
  };
}
