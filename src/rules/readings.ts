/**
 * The engine's tunable readings, kept in one place so a club can see (and change) what the program
 * assumes where the source is unclear. Every entry names the digest section it settles.
 */
export const ENGINE_READINGS = {
  /** 8: ballista shot lands on the aimed square on a d6 roll at or under this (protected aim: the other). */
  ballistaOnTarget: 3,
  ballistaOnProtectedTarget: 2,
  /** 8: a ballista hit on a square holding a ballista destroys it (and one stand) on this d6 roll or more. */
  ballistaBreaksOn: 6,
  /** 8 (7G): where a shot lands among several units, the shooter takes a stand of the costliest unit. */
  ballistaShooterTakesCostliest: true,
  /** 9: converging fire: shooters at one target fire closest first; each one after the first adds a die. */
  convergingBonusDice: 1,
  protectedMinusDice: 1,
  /** 7 (6G): "the turn after a charge" is the unit's side's next move, two game turns later. */
  turnsUntilAfterCharge: 2,
  /** 10: a melee's weaker side retreats (or is destroyed) with its units in the contact square; supporters stay. */
  supportersRetreat: false,
  /** 10 (9K): ledger option: each side's odd fractions accumulate; a whole stand goes when the sum reaches 1. */
  ledgerAccumulates: true,
  /** 10: defending cavalry supporting foot must be orthogonally adjacent ("directly beside"). */
  defendingCavalryBesideOnly: true,
  /** 11 (10B): a retiring stand moves straight towards its own edge, one orthogonal step per point of move. */
  retireStraight: true,
  /** 11 (10C): levy reduced to 2 stands retire on this d6 roll or more (rolled once). */
  levyRetiresOn: 4,
  /**
   * 11 (9M, 10F): a ballista scores for the side that fielded it while it survives, whoever controls it; a side
   * that captures one gains by destroying it at the end of a turn. So no side's points ever grow.
   */
  ballistaCountsForOwner: true,
  /** 11: on concession the conceding side's units still on the board count half, as if off the board. */
  concedeCountsHalf: true,
} as const;

/** An error for an illegal action: `code` says what kind ('not-your-turn', 'illegal-move', ...). */
export class RuleError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
  }
}
