/**
 * Self-play games for the balance estimate. Game i of a run uses seed gameSeed(seed, i) for its dice and
 * gameSeed(that, side + 1) for each side's policy, so a run's numbers do not depend on how many workers share it.
 */
import { createGame } from '../game';
import { step } from './playout';
import type { Scenario } from '../scenario';
import type { GameState } from '../state';
import { randomPolicy, simplePolicy, type Policy } from './basic';
import { gameSeed } from './rng';
import { searchPolicy, type AiLevel } from './search';

export const POLICY_NAMES = ['random', 'simple', 'search'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** A fresh policy of the named kind (the search player at `level`, "easy" by default for balance runs). */
export function makePolicy(name: PolicyName, seed: number, level: AiLevel = 'easy'): Policy {
  if (name === 'random') return randomPolicy(seed);
  if (name === 'simple') return simplePolicy(seed);
  return searchPolicy({ seed, level });
}

export interface BalanceOptions { policy: PolicyName; seed: number; level?: AiLevel; /** Safety cap on a game's actions. */ maxActions?: number }

/** One game's outcome: the winner (null for a draw), final points, turns and actions played. */
export interface BalanceGame { index: number; winner: string | null; points: Record<string, number>; turns: number; actions: number }

/** Counts per square: stands lost there and melees fought there. */
export interface HeatMap { lost: Record<string, number>; melees: Record<string, number> }

export function emptyHeat(): HeatMap {
  return { lost: {}, melees: {} };
}

function bump(map: Record<string, number>, sq: string, n: number): void {
  map[sq] = (map[sq] ?? 0) + n;
}

/** Add what changed from `prev` to `next` to the heat map (unit records are shared when unchanged). */
function recordHeat(prev: GameState, next: GameState, heat: HeatMap): void {
  for (let i = 0; i < prev.units.length; i++) {
    const a = prev.units[i]!, b = next.units[i];
    if (!b || a === b || a.at === null) continue;
    const lost = a.stands - b.stands;
    if (lost > 0) bump(heat.lost, a.at, lost);
  }
  for (const e of next.events) if (e.kind === 'melee' && e.at) bump(heat.melees, e.at, 1);
}

/** Play game `index` of a run to its end, adding its heat to `heat`. */
export function playBalanceGame(scenario: Scenario, index: number, options: BalanceOptions, heat: HeatMap): BalanceGame {
  const seed = gameSeed(options.seed, index);
  let s = createGame(scenario, { seed, ...(scenario.rules?.turnLimit === null ? { turnLimit: 12 } : {}) });
  const policies: Record<string, Policy> = {};
  s.sides.forEach((side, j) => { policies[side.id] = makePolicy(options.policy, gameSeed(seed, j + 1), options.level); });
  const cap = options.maxActions ?? 20000;
  let actions = 0;
  for (; actions < cap; actions++) {
    const next = step(s, policies);
    if (!next) break;
    recordHeat(s, next.state, heat);
    s = next.state;
  }
  const points = s.result?.points ?? Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  return { index, winner: s.result?.winner ?? null, points, turns: s.turn, actions };
}

/**
 * Games [from, to) of a run. `onGame` hears each finished game and may return false to stop early (Cancel);
 * the games played so far are returned either way.
 */
export function balanceGames(scenario: Scenario, from: number, to: number, options: BalanceOptions, onGame?: (g: BalanceGame) => boolean | void): { games: BalanceGame[]; heat: HeatMap } {
  const heat = emptyHeat();
  const games: BalanceGame[] = [];
  for (let i = from; i < to; i++) {
    const g = playBalanceGame(scenario, i, options, heat);
    games.push(g);
    if (onGame?.(g) === false) break;
  }
  return { games, heat };
}
