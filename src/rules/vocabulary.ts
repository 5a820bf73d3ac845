/**
 * Plain words that the rule modules and the event records (events.ts) share: a side's id, why a game ended and how a
 * melee value is made up. They live apart so that the events, which are data, import no rule module and no module
 * of the game state, and so that no import circle runs through them (tests/import-circles.test.ts).
 */

/** A side's id, as the scenario names it. */
export type SideId = string;

/** Why a game ended (10G): a side conceded, a side has no troops left on the board, or the turn limit came. */
export type EndReason = 'conceded' | 'no-troops' | 'turn-limit';

/** One unit's part in a side's melee value. */
export interface MeleeValuePart {
  unit: string;
  /** In the contact square, or a declared supporter. */
  support: boolean;
  stands: number;
  half: number;
  /** The value of one whole stand this turn (a charging knight or commander counts its charge value, 6G). */
  standValue: number;
  charging: boolean;
  /** stands at standValue, half-killed stands at half. */
  value: number;
}

/** What costs the attacker its penalty (9F): the contact square has a crossing, road or ballista, or a hill when the hill option says so. */
export const ATTACKER_PENALTY_REASONS = ['crossing', 'road', 'ballista', 'hill'] as const;
export type MeleeModifierReason = (typeof ATTACKER_PENALTY_REASONS)[number];

/** A side's melee value with how it is made up. */
export interface MeleeValueBreakdown {
  side: string;
  value: number;
  parts: MeleeValuePart[];
  modifiers: Array<{ reason: MeleeModifierReason; delta: number }>;
}

