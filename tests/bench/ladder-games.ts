/**
 * One ladder game (issues 28 and 43): a player of the ladder (the simple policy or a search level, iteration budgets
 * only, so fully seeded) against the next one up. Games come in pairs (issue 43 item 1): game i is pair i div 2 with
 * the upper player in seat i mod 2, so both games of a pair play the same scenario with the same dice seed
 * gameSeed(seed, pair) and the same players' seeds, one in each seat; a pair's summed margin is free of the seat's
 * own advantage. The scenario of pair k: on the templates, template k mod 3; on generated scenarios (ones no level
 * was tuned on), the fuzz suite's generatedScenario(first + k), `first` a fresh seed range per run. A game's result
 * depends only on (pairing, set, seed, first, i), whichever worker plays it.
 */
import { applyAction, createGame, gameSeed, legalActions, searchPolicy, simplePolicy, type AiLevel, type GameState, type Policy, type Scenario } from '../../src/rules';
import type { SearchBudget } from '../../src/ai/search';
import { templateScenario } from '../../src/scenario';
import { generatedScenario } from '../engine/fuzz/scenarios';

export const LADDER_TEMPLATES = ['open-field', 'roadside-village', 'river-crossing'] as const;
export type Rung = 'simple' | AiLevel;
export const PAIRINGS: ReadonlyArray<readonly [Rung, Rung]> = [['simple', 'easy'], ['easy', 'normal'], ['normal', 'hard'], ['simple', 'hard']];
/** Where a pairing's games are played: the bundled templates, or generated scenarios. */
export type LadderSet = 'templates' | 'generated';

/** A ladder game's result; `unfought`: no stand was lost (the points held at the end decided it: the turn limit). */
export interface LadderResult { index: number; pair: number; set: LadderSet; template: string; upperSeat: number; outcome: 'win' | 'draw' | 'loss'; margin: number; turns: number; unfought: boolean }

export interface LadderGame { lower: Rung; upper: Rung; seed: number; index: number; set: LadderSet; first: number }

/**
 * A level's budget changed for a screen (LADDER_BUDGET_EASY, _NORMAL, _HARD: JSON, e.g. '{"turns":2}'), read in each
 * worker thread (threads get the process's environment).
 */
function override(rung: AiLevel): Partial<SearchBudget> | undefined {
  const raw = typeof process === 'undefined' ? undefined : process.env[`LADDER_BUDGET_${rung.toUpperCase()}`];
  return raw ? (JSON.parse(raw) as Partial<SearchBudget>) : undefined;
}

function player(rung: Rung, seed: number): Policy {
  if (rung === 'simple') return simplePolicy(seed);
  const budget = override(rung);
  return searchPolicy({ seed, level: rung, ...(budget ? { budget } : {}) });
}

/** The scenario of pair k of a set (its name for the log, and the scenario). */
export function ladderScenario(set: LadderSet, pair: number, first: number): { name: string; scenario: Scenario } {
  if (set === 'templates') {
    const name = LADDER_TEMPLATES[pair % LADDER_TEMPLATES.length]!;
    return { name, scenario: templateScenario(name)! };
  }
  return { name: `generated ${first + pair}`, scenario: generatedScenario(first + pair) };
}

/** Play game `index` of the pairing lower-upper; the outcome and margin are the upper player's. */
export function ladderGame(g: LadderGame): LadderResult {
  const pair = Math.floor(g.index / 2), upperSeat = g.index % 2;
  const { name, scenario } = ladderScenario(g.set, pair, g.first);
  const gs = gameSeed(g.seed, pair);
  let s: GameState = createGame(scenario, { seed: gs });
  const ids = s.sides.map((x) => x.id);
  const up = ids[upperSeat]!, low = ids[1 - upperSeat]!;
  const policies: Record<string, Policy> = { [up]: player(g.upper, gameSeed(gs, 1)), [low]: player(g.lower, gameSeed(gs, 2)) };
  const stands = (x: GameState) => x.units.reduce((n, u) => n + u.stands, 0);
  const before = stands(s);
  while (s.phase !== 'over') s = applyAction(s, policies[s.toAct!]!(s, legalActions(s)));
  const r = s.result!;
  return {
    index: g.index, pair, set: g.set, template: name, upperSeat, turns: s.turn, margin: (r.points[up] ?? 0) - (r.points[low] ?? 0),
    outcome: r.winner === up ? 'win' : r.winner === null ? 'draw' : 'loss', unfought: stands(s) === before,
  };
}

/** The summed margin of each whole pair (both games played), by pair. */
export function pairSums(games: readonly LadderResult[]): number[] {
  return finishedPairs(games).map(([a, b]) => a.margin + b.margin);
}

/** The finished pairs (both games played), in their order. */
function finishedPairs(games: readonly LadderResult[]): Array<[LadderResult, LadderResult]> {
  const by = new Map<number, LadderResult[]>();
  for (const g of games) by.set(g.pair, [...(by.get(g.pair) ?? []), g]);
  return [...by.entries()].filter(([, two]) => two.length === 2).sort((a, b) => a[0] - b[0]).map(([, two]) => [two[0]!, two[1]!]);
}

/**
 * How the upper player's wins fall across the pairs: both games won, one (`split`: in a split pair one seat won
 * both games, whoever played it, so the lost game says more of the scenario than of the players), none; and `ahead`:
 * the pairs whose two margins summed favour the upper player (a pair's win, free of the seat), `even` those summing to 0.
 */
export function pairOutcomes(games: readonly LadderResult[]): { both: number; split: number; none: number; ahead: number; even: number } {
  const out = { both: 0, split: 0, none: 0, ahead: 0, even: 0 };
  for (const [a, b] of finishedPairs(games)) {
    const won = (a.outcome === 'win' ? 1 : 0) + (b.outcome === 'win' ? 1 : 0);
    if (won === 2) out.both++; else if (won === 1) out.split++; else out.none++;
    const sum = a.margin + b.margin;
    if (sum > 0) out.ahead++; else if (sum === 0) out.even++;
  }
  return out;
}
