/** The words of a hint (issue 28 item 6), shared by the play view's Hint box and `nevsky hint`. */
import type { Action, GameState } from '../rules';
import type { HintChoice } from '../ai/hint';
import { actionLabel, actionUnit, unitName } from './describe';

/** What a choice does, naming its unit: "Knights 1: Charge to E6 and lead a melee". */
export function hintLabel(state: GameState, a: Action): string {
  const unit = actionUnit(a);
  return `${unit ? `${unitName(state, unit)}: ` : ''}${actionLabel(state, a)}`;
}

/** A chance as a whole percentage ("62%"). */
export function chance(win: number): string {
  return `${Math.round(100 * win)}%`;
}

/** One line of a hint: the choice, its chance of winning and why. */
export function hintLine(state: GameState, c: HintChoice): string {
  return `${hintLabel(state, c.action)}: ${chance(c.win)} to win; ${c.reason}${c.chosen ? ' (the computer\'s pick)' : ''}`;
}
