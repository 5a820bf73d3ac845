/**
 * How fast the computer's moves are shown (issue 27): one at a time on the player's word, or with a pause after each
 * of about 0.7 s, 0.25 s or none. Remembered between games in localStorage (a blocked storage keeps the default).
 */
import type { Action } from '../../rules';
import { actionUnit } from '../../play/describe';

export type Pace = 'step' | 'normal' | 'fast' | 'instant';

export const PACES: ReadonlyArray<{ id: Pace; label: string; ms: number }> = [
  // Words of speed, never of strength: the picker sits beside the game, where "Normal" alone read as the difficulty.
  { id: 'step', label: 'One at a time (Next move)', ms: 0 },
  { id: 'normal', label: 'Normal pause (0.7 s)', ms: 700 },
  { id: 'fast', label: 'Short pause (0.25 s)', ms: 250 },
  { id: 'instant', label: 'No pause', ms: 0 },
];

const PACE_KEY = 'nss-computer-pace';

/** The remembered pace, or normal. */
export function loadPace(): Pace {
  try {
    const v = globalThis.localStorage?.getItem(PACE_KEY);
    return PACES.find((p) => p.id === v)?.id ?? 'normal';
  } catch {
    return 'normal';
  }
}

/** Remember the pace for the next games. */
export function savePace(p: Pace): void {
  try { globalThis.localStorage?.setItem(PACE_KEY, p); } catch { /* storage blocked: the pace lasts this page only */ }
}

/** The pause after one of the computer's moves, in ms (step by step waits for the player instead). */
export function paceMs(p: Pace): number {
  return PACES.find((x) => x.id === p)?.ms ?? 700;
}

/**
 * A decision with nothing to choose: the only legal action, or the only action its unit has (a hold with no target
 * in range, a single way to take a loss). The computer's such decisions are shown without a pause.
 */
export function trivialDecision(legal: readonly Action[], a: Action): boolean {
  if (legal.length <= 1) return true;
  const unit = actionUnit(a);
  return unit !== null && legal.filter((x) => actionUnit(x) === unit).length === 1;
}
