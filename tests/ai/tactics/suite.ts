/** The tactical suite's runner, shared by its test and `npm run bench -- tactics`: set a position up, ask a level, judge. */
import { actionKey, legalActions, type Action, type GameState } from '../../../src/rules';
import { decide, LEVELS } from '../../../src/workers/levels';
import { act, gameOf } from '../../engine/helpers';
import { POSITIONS, type Match, type TacticalPosition } from './positions';

export { POSITIONS };
export type { TacticalPosition };

/** Does an action fit a pattern? */
export function matches(a: Action, m: Match): boolean {
  if (typeof m === 'function') return m(a);
  const rec = a as unknown as Record<string, unknown>;
  return Object.entries(m).every(([k, v]) => rec[k] === v);
}

/** The position at its decision point. */
export function positionState(p: TacticalPosition): GameState {
  let s = gameOf(p.units, { ...(p.terrain ? { terrain: p.terrain } : {}), ...(p.rules ? { rules: p.rules } : {}), phase: p.phase ?? 'move' });
  for (const a of p.actions ?? []) s = act(s, a);
  return s;
}

/** Is the choice right: one of the actions to find (when any are given) and none of those to avoid? */
export function isSolved(p: TacticalPosition, choice: Action): boolean {
  if (p.find && !p.find.some((m) => matches(choice, m))) return false;
  return !(p.avoid ?? []).some((m) => matches(choice, m));
}

/** What is wrong with a position's set-up, if anything: a pattern no legal action fits, or no right answer legal. */
export function setUpProblems(p: TacticalPosition, s: GameState): string[] {
  const legal = legalActions(s);
  const out: string[] = [];
  if (s.phase === 'over' || !s.toAct) out.push('the game is over at the decision point');
  (p.find ?? []).forEach((m, i) => { if (!legal.some((a) => matches(a, m))) out.push(`find[${i}] is not legal`); });
  (p.avoid ?? []).forEach((m, i) => { if (!legal.some((a) => matches(a, m))) out.push(`avoid[${i}] is not legal (nothing to avoid)`); });
  if (!legal.some((a) => isSolved(p, a))) out.push('no legal action solves it');
  if (legal.every((a) => isSolved(p, a))) out.push('every legal action solves it');
  return out;
}

/** Level names by number (1 easy, 2 normal, 3 hard), as the play view's worker uses them. */
export const LEVEL_IDS = LEVELS.map((l) => ({ id: l.id, name: l.label.toLowerCase() }));

/** The level's choice at the position (iteration budget without a clock; its time cap with one) and whether it is right. */
export function solve(p: TacticalPosition, level: number, seed: number, now?: () => number): { choice: Action; key: string; ok: boolean } {
  const s = positionState(p);
  const choice = decide(s, s.toAct!, level, seed, now);
  return { choice, key: actionKey(choice), ok: isSolved(p, choice) };
}
