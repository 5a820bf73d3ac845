/**
 * The computer explains itself (issue 28 item 6): the side's best few choices for its current decision, each with
 * the estimated chance of winning after it and why in a few words. Worked out from the side's view only
 * (`viewFor`), with the search's own tools: worlds drawn consistent with the view, simple-policy playouts and the
 * search's evaluation. Iterations only (no clock), so the page's worker and `nevsky hint` give the same numbers for
 * a seed.
 */
import { actionKey, type Action } from '../rules/actions';
import { allPoints, applyAction, legalActions } from '../rules/game';
import type { GameState } from '../rules/state';
import { viewFor, type GameView } from '../rules/view';
import { simplePolicy } from './basic';
import { passAction, sampleWorld } from './choices';
import { evaluate } from './evaluate';
import { playUntil } from './playout';
import { gameSeed, stream } from './rng';
import { AI_LEVELS, searchPolicy, type AiLevel } from './search';

/** One ranked choice. */
export interface HintChoice {
  action: Action;
  /** Estimated chance of winning after this action, 0..1 (a finished playout counts its result, others the evaluation). */
  win: number;
  /** Points of the other side's stands this side takes by the end of the turn after it (mean over the playouts). */
  takes: number;
  /** Points of this side's own stands lost by the end of the turn. */
  loses: number;
  /** Own points it keeps compared with the other choices looked at (positive: it saves that much). */
  saves: number;
  /** Is this the action the level's own search player would take? */
  chosen: boolean;
  /** Why, in a few words (from the numbers above and what the action does). */
  reason: string;
}

export interface HintOptions {
  level?: AiLevel;
  seed: number;
  /** How many choices to return (3 by default). */
  k?: number;
  /** Told how far the work is (done of total simulations), e.g. to show progress. */
  progress?: (done: number, total: number) => void;
}

/** Actions screened with one playout each before the best few get the full budget (per candidate of the level). */
const SCREEN_PER_CANDIDATE = 4;
/** Finalists beyond k that get the full budget (so the top k are picked from a few more than k). */
const EXTRA_FINALISTS = 2;
/** Below this (points) a gain, loss or saving is not worth a word. */
const WORTH_SAYING = 0.5;

/**
 * The top `k` choices of `side` in `state` (which must be that side's decision), best first. Deterministic for a
 * seed; reads only what the side can see.
 */
export function hint(state: GameState, side: string, options: HintOptions): HintChoice[] {
  if (state.phase === 'over' || state.toAct !== side) throw new Error(`${side} has no decision to make now`);
  const level = options.level ?? 'normal';
  const budget = AI_LEVELS[level];
  const k = Math.max(1, options.k ?? 3);
  const view = viewFor(state, side);
  const all = legalActions(view);
  const pool = all.length > 1 ? all.filter((a) => a.type !== 'concede') : all;
  const r = stream(gameSeed(options.seed, view.log.length));
  // The level's own pick always stands, and so do the plain choices (the simple policy's and passing).
  const chosen = searchPolicy({ level, seed: options.seed })(view, pool);
  const must = [chosen, simplePolicy(r.seed())(view, pool), passAction(pool)].filter((a): a is Action => !!a);
  const keys = new Set<string>();
  const unique = (list: Action[]) => list.filter((a) => { const key = actionKey(a); return keys.has(key) ? false : (keys.add(key), true); });
  const firsts = unique(must);
  const rest = unique(shuffled(pool, r.seed()));
  const screenSize = Math.max(0, budget.candidates * SCREEN_PER_CANDIDATE - firsts.length);
  const finalists = Math.min(pool.length, k + EXTRA_FINALISTS);
  const sims = Math.max(4, Math.round(budget.simulations / 2));
  const screened = rest.length > finalists - firsts.length ? rest.slice(0, screenSize) : [];
  const total = screened.length + Math.min(pool.length, Math.max(finalists, firsts.length)) * sims;
  let done = 0;
  const tick = () => { done++; options.progress?.(done, total); };

  const judge = new Judge(view, side, budget.turns, budget.horizon);
  // Screening: one playout each, all in the same world.
  const screenWorld = r.seed(), screenPlay = r.seed();
  const ranked = screened.map((a) => { const v = judge.run(a, screenWorld, screenPlay).value; tick(); return { a, v }; }).sort((x, y) => y.v - x.v);
  const shortlist = [...firsts, ...ranked.map((x) => x.a), ...(screened.length === 0 ? rest : [])].slice(0, Math.max(finalists, firsts.length));
  // The finalists, on common worlds (paired: the dice mostly cancel out between them).
  const worlds = Array.from({ length: sims }, () => [r.seed(), r.seed()] as const);
  const outcomes = shortlist.map((a) => {
    let value = 0, takes = 0, loses = 0;
    for (const [w, p] of worlds) { const o = judge.run(a, w, p); value += o.value; takes += o.takes; loses += o.loses; tick(); }
    return { action: a, win: value / sims, takes: takes / sims, loses: loses / sims };
  });
  const typicalLoss = outcomes.reduce((s, o) => s + o.loses, 0) / outcomes.length;
  const chosenKey = actionKey(chosen);
  return outcomes
    .map((o) => {
      const saves = typicalLoss - o.loses;
      const isChosen = actionKey(o.action) === chosenKey;
      return { ...o, saves, chosen: isChosen, reason: reasonFor(view, o.action, o.win, o.takes, o.loses, saves) };
    })
    // Best first; the level's own pick first among equals.
    .sort((x, y) => y.win - x.win || Number(y.chosen) - Number(x.chosen))
    .slice(0, k)
    .map((o) => ({ ...o, action: pool.find((a) => actionKey(a) === actionKey(o.action)) ?? o.action }));
}

/** One playout's outcome for a choice. */
interface Outcome { value: number; takes: number; loses: number }

/** Plays a choice out in a sampled world: to the end of the turn (what it takes and loses), then on to the evaluation. */
class Judge {
  private readonly before: Record<string, number>;
  private readonly other: string;
  constructor(private readonly view: GameView, private readonly side: string, private readonly turns: number, private readonly horizon: number) {
    this.before = allPoints(view);
    this.other = view.sides.map((s) => s.id).find((id) => id !== side)!;
  }

  run(action: Action, worldSeed: number, playSeed: number): Outcome {
    const turn = this.view.turn;
    const policy = simplePolicy(playSeed);
    const start = applyAction(sampleWorld(this.view, stream(worldSeed)), action);
    const turnEnd = playUntil(start, policy, (s) => s.turn !== turn, this.horizon);
    const after = turnEnd.result?.points ?? allPoints(turnEnd);
    const end = playUntil(turnEnd, policy, (s) => s.turn >= turn + this.turns, this.horizon);
    return {
      value: evaluate(end, this.side),
      takes: Math.max(0, (this.before[this.other] ?? 0) - (after[this.other] ?? 0)),
      loses: Math.max(0, (this.before[this.side] ?? 0) - (after[this.side] ?? 0)),
    };
  }
}

/** The pool in a seeded random order (so screening a part of a long list favours no unit or square). */
function shuffled(pool: readonly Action[], seed: number): Action[] {
  const r = stream(seed);
  const out = pool.slice();
  for (let i = out.length - 1; i > 0; i--) { const j = r.int(i + 1); [out[i], out[j]] = [out[j]!, out[i]!]; }
  return out;
}

const pts = (x: number) => `${Math.round(x * 2) / 2} pts`;

/** A few words on why: what the action does, then what it threatens or saves by the end of the turn. */
export function reasonFor(view: GameView, a: Action, win: number, takes: number, loses: number, saves: number): string {
  const enemyAt = new Map(view.units.filter((u) => u.side !== a.side && u.at && u.status === 'active').map((u) => [u.at!, u.id]));
  const parts: string[] = [];
  if (a.type === 'move' && a.runOver) parts.push(`runs over ${enemyAt.get(a.runOver) ?? a.runOver}${a.to !== a.runOver ? ` at ${a.runOver}` : ''}`);
  if (a.type === 'move' && a.to !== a.runOver && enemyAt.has(a.to)) parts.push(`${a.charge ? 'charges' : 'attacks'} ${enemyAt.get(a.to)} at ${a.to}`);
  else if (a.type === 'fire') parts.push(`shoots at ${a.target}`);
  else if (a.type === 'ballistaFire') parts.push(`aims at ${a.target}`);
  else if (a.type === 'support') parts.push(`backs the melee at ${a.contact}`);
  // An objective (R-objectives) the move stands on or leaves: what it is worth at the end.
  if (a.type === 'move' && a.to !== 'off') {
    const from = view.units.find((u) => u.id === a.unit)?.at ?? null;
    for (const o of view.scenario.objectives ?? []) {
      if (o.for !== undefined && o.for !== a.side) continue;
      const on = o.squares.includes(a.to), off = from !== null && o.squares.includes(from);
      if (on && !off) parts.push(`goes for ${o.label || o.id} (${o.points} pts if held at the end)`);
      else if (off && !on) parts.push(`leaves ${o.label || o.id}`);
    }
  }
  if (takes >= WORTH_SAYING) parts.push(`takes about ${pts(takes)} this turn`);
  if (loses >= WORTH_SAYING) parts.push(`risks ${pts(loses)}`);
  else if (saves >= WORTH_SAYING) parts.push(`saves about ${pts(saves)}`);
  if (parts.length === 0) parts.push('no losses either way this turn');
  if (win >= 0.95) parts.push('the game looks won');
  else if (win <= 0.05) parts.push('the game looks lost');
  return parts.join('; ');
}
