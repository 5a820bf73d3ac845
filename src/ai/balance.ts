/**
 * Self-play games for the balance estimate. Game i of a run uses seed gameSeed(seed, i) for its dice and
 * gameSeed(that, side + 1) for each side's policy, so a run's numbers do not depend on how many workers share it.
 */
import { applyInPlace, createGame, workingCopy } from '../rules/game';
import type { Action } from '../rules/actions';
import { applyCore, copyPosition, fromState, setUp, type Position } from '../engine';
import { choose, samplerFor } from './playout';
import { machineTurnLimit, turnCapNote, type Scenario } from '../rules/scenario';
import { createGameState, type GameState } from '../rules/state';
import { randomPolicy, simplePolicy, type Policy } from './basic';
import { gameSeed } from './rng';
import { createRng } from '../rules/random';
import { searchPolicy, type AiLevel, type SearchBudget } from './search';
import { quietNoteOf } from './quiet';

export const POLICY_NAMES = ['random', 'simple', 'search'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/**
 * The search player of balance runs (issue 29 item 7: 1,000 games in about two minutes on two cores): the "easy"
 * level with one simulation where it has eight, so fire targets and losses are settled by 2 rounds of paired
 * playouts rather than 11 (those were about 40% of a search player's game; the whole-phase plans and the secret MDI
 * pick, which make its strength, are easy's). Against the simple policy, 150 seeded games on open-field,
 * roadside-village and river-crossing, both seats: easy wins 78% (95% interval 71-84%), this budget 71% (64-78%);
 * with fewer plans it fell to 63% (55-71%), and with the simple policy's MDI pick to 54% (46-62%).
 */
export const BALANCE_SEARCH: Partial<SearchBudget> = { simulations: 1 };

/**
 * A fresh policy of the named kind: the search player at `level` when one is given, else the balance runs' search
 * player (easy with BALANCE_SEARCH).
 */
export function makePolicy(name: PolicyName, seed: number, level?: AiLevel): Policy {
  if (name === 'random') return randomPolicy(seed);
  if (name === 'simple') return simplePolicy(seed);
  return level ? searchPolicy({ seed, level }) : searchPolicy({ seed, level: 'easy', budget: BALANCE_SEARCH });
}

export interface BalanceOptions {
  policy: PolicyName; seed: number;
  /** The search player's level (by default the balance runs' own: BALANCE_SEARCH). */
  level?: AiLevel;
  /** Safety cap on a game's actions. */
  maxActions?: number;
}

/**
 * One game's outcome: the winner (null for a draw), final points, turns and actions played, and the stands both sides
 * lost (0: nobody attacked, and the armies' points decided it; absent in games kept before it was counted).
 */
export interface BalanceGame { index: number; winner: string | null; points: Record<string, number>; turns: number; actions: number; lost?: number }

/**
 * A verdict with the turn cap said when self-play cut the scenario's games (it has no turn limit of its own), after the
 * verdict's own sentence (before its note on unfought games, which stays last: quietNoteOf).
 */
export function withTurnCapNote<T extends { verdict: string; games?: number; quiet?: number }>(summary: T, scenario: Pick<Scenario, 'rules'>): T {
  const note = turnCapNote(scenario);
  if (!note) return summary;
  const quiet = quietNoteOf({ games: summary.games ?? 0, ...(summary.quiet !== undefined ? { quiet: summary.quiet } : {}) });
  const v = summary.verdict;
  if (quiet && v.endsWith(` ${quiet}`)) return { ...summary, verdict: `${v.slice(0, -quiet.length - 1)} (${note}) ${quiet}` };
  return { ...summary, verdict: `${v} (${note})` };
}

/** Counts per square: stands lost there and melees fought there. */
export interface HeatMap { lost: Record<string, number>; melees: Record<string, number> }

export function emptyHeat(): HeatMap {
  return { lost: {}, melees: {} };
}

function bump(map: Record<string, number>, sq: string, n: number): void {
  map[sq] = (map[sq] ?? 0) + n;
}

/** Each unit's stands and square before an action (by index in the units array), to see what the action cost. */
function snapshot(s: GameState, stands: number[], where: Array<string | null>): void {
  stands.length = where.length = s.units.length;
  for (let i = 0; i < s.units.length; i++) { stands[i] = s.units[i]!.stands; where[i] = s.units[i]!.at; }
}

/** Add what the last action did to the heat map: stands lost where they stood before it, and melees fought. Returns the stands lost. */
function recordHeat(s: GameState, before: number[], where: Array<string | null>, heat: HeatMap): number {
  let all = 0;
  for (let i = 0; i < before.length; i++) {
    const lost = before[i]! - s.units[i]!.stands;
    if (lost > 0) all += lost;
    if (lost > 0 && where[i]) bump(heat.lost, where[i]!, lost);
  }
  for (const e of s.events) if (e.kind === 'melee' && e.at) bump(heat.melees, e.at, 1);
  return all;
}

/** Play game `index` of a run to its end, adding its heat to `heat`. */
export function playBalanceGame(scenario: Scenario, index: number, options: BalanceOptions, heat: HeatMap): BalanceGame {
  const seed = gameSeed(options.seed, index);
  const policies = Object.create(null) as Record<string, Policy>;
  scenario.sides.forEach((side, j) => { policies[side.id] = makePolicy(options.policy, gameSeed(seed, j + 1), options.level); });
  const cap = options.maxActions ?? 20000;
  const sample = samplerFor(policies);
  if (sample) return onCore(startPosition(scenario, seed), sample, cap, index, heat);
  const s = workingCopy(createGame(scenario, { seed, turnLimit: machineTurnLimit(scenario) }));
  const before: number[] = [], where: Array<string | null> = [];
  let actions = 0, lost = 0;
  for (; actions < cap; actions++) {
    const a = choose(s, policies);
    if (!a) break;
    snapshot(s, before, where);
    // A split hands one of its unit's stands to a new unit: not a stand lost.
    if (a.type === 'move' && a.split) before[s.units.findIndex((u) => u.id === a.unit)]! -= 1;
    applyInPlace(s, a);
    lost += recordHeat(s, before, where, heat);
  }
  const points = s.result?.points ?? Object.fromEntries(s.sides.map((x) => [x.id, 0]));
  return { index, winner: s.result?.winner ?? null, points, turns: s.turn, actions, lost };
}

/**
 * A game whose policies all sample on the core: played on the position alone, with no events (making them cost about
 * a sixth of a simple-policy game), its heat read from the position. Stands lost: the stands of each unit the action
 * changed (the position's `touched`, kept for toState) against what they were after the last action, put on the square
 * it stood on then. Melees fought: the engine starts each melee's losses with a new resolution (p.resolution, whose
 * contact is its square) and marks the melee fought when it is done, so the melees fought by an action are a
 * resolution that is new after it, and those of the action's melee list (the list before it: a new turn starts a new
 * one) marked fought by it whose resolution was not already under way before it. A test holds this to the melee events
 * of the same games.
 */
function onCore(p: Position, sample: (p: Position) => Action | null, cap: number, index: number, heat: HeatMap): BalanceGame {
  p.events = null;
  p.log = null;
  const touched: number[] = (p.touched = []);
  const stands: number[] = [], where: number[] = [], fought: boolean[] = [];
  let known = 0, actions = 0, lostAll = 0;
  for (; actions < cap; actions++) {
    const a = sample(p);
    if (!a) break;
    for (; known < p.n; known++) { stands[known] = p.stands[known]!; where[known] = p.at[known]!; }
    const melees = p.melees, was = p.resolution;
    for (let m = 0; m < melees.length; m++) fought[m] = melees[m]!.fought;
    touched.length = 0;
    // A split hands one of its unit's stands to a new unit: not a stand lost.
    if (a.type === 'move' && a.split) stands[p.index.get(a.unit)!]! -= 1;
    applyCore(p, a);
    // In slot order (the heat's squares come up in the order a pass over every unit would meet them).
    if (touched.length > 1) touched.sort(bySlot);
    for (let k = 0; k < touched.length; k++) {
      const x = touched[k]!;
      // A unit added by the action (a split) is read from the next action on; one touched twice is read once.
      if (x >= known || (stands[x] === p.stands[x] && where[x] === p.at[x])) continue;
      const lost = stands[x]! - p.stands[x]!;
      if (lost > 0) lostAll += lost;
      if (lost > 0 && where[x]! >= 0) bump(heat.lost, p.board.names[where[x]!]!, lost);
      stands[x] = p.stands[x]!;
      where[x] = p.at[x]!;
    }
    for (let m = 0; m < melees.length; m++) {
      const c = melees[m]!;
      if (c.fought && !fought[m] && !(was && was.contact === c.contact)) bump(heat.melees, p.board.names[c.contact]!, 1);
    }
    if (p.resolution && p.resolution !== was) bump(heat.melees, p.board.names[p.resolution.contact]!, 1);
  }
  const points = p.result?.points ?? { [p.sides[0]!]: 0, [p.sides[1]!]: 0 };
  return { index, winner: p.result?.winner ?? null, points, turns: p.turn, actions, lost: lostAll };
}

const bySlot = (x: number, y: number) => x - y;

/**
 * Each scenario's position as placed, before set-up's automatic steps (which may roll dice: a rolled first attacker),
 * made once: a run plays thousands of games of one scenario, and they differ only in their dice. Keyed by the scenario
 * object, which a run never changes (workers receive their own copy with each chunk; an edit makes a new object).
 */
const placed = new WeakMap<Scenario, Position>();

/**
 * Game `seed`'s starting position, as createGame makes it (tests/ai/balance-start.test.ts): a copy of the scenario's
 * placed position with the game's dice, then set-up's own steps on it (keeping no events: a balance game reads none).
 */
export function startPosition(scenario: Scenario, seed: number): Position {
  let base = placed.get(scenario);
  if (!base) placed.set(scenario, (base = fromState(createGameState(scenario, { seed: 0, turnLimit: machineTurnLimit(scenario) }))));
  const p = copyPosition(base);
  p.rng = createRng(seed);
  p.events = null;
  setUp(p);
  return p;
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
