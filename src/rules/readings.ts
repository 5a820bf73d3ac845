/**
 * The readings this program takes where the printed rules are unclear, in one place so a club can see what
 * it assumes. The reference sheet prints this list; the code that applies each reading cites its id.
 */

export interface Reading {
  /** Stable id cited in code and tests, e.g. "R-crossing". */
  id: string;
  /** The rules section the reading settles. */
  section: string;
  title: string;
  /** What the program does, in our own words. */
  text: string;
}

export const READINGS: readonly Reading[] = [
  {
    id: 'R-road-protected', section: '3D', title: 'Roads and protected squares',
    text: 'A square cannot be both road and protected: the editor reports it as an error, because the pair has no meaning in play.',
  },
  {
    id: 'R-terrain-advice', section: '3D-3F', title: 'How much terrain',
    text: 'The checker warns above 12 protected squares or 2 hills per 144 squares, above 2 roads per 12 columns, and whenever a river is used.',
  },
  {
    id: 'R-crossing', section: '3E, 7H, 9F', title: 'Fords and bridges',
    text: 'Both squares that share a crossing edge are crossing squares. They count as protected against missiles and charges, give the attacker -1 in melee, and a ballista may not shoot from one; a ballista may still stand on or move through them.',
  },
  {
    id: 'R-hills', section: '3F, 9F', title: 'Hills (scenario options)',
    text: 'By default knights, turcopoles, light cavalry, ballistas and commanders may not enter hills; a move onto, along or off a hill loses 1; hill squares count as protected for fire and charges; there is no melee penalty unless the scenario turns it on.',
  },
  {
    id: 'R-deploy-rows', section: '4', title: 'Set-up rows',
    text: 'Front lines start six squares apart: each side sets up in its back (rows - 6) / 2 rows, rounded down (3 rows on a 12-row board).',
  },
  {
    id: 'R-line-of-fire', section: '9B', title: 'Line of fire',
    text: 'Draw a line between square centres. Any square it passes through (not the two ends) blocks the shot if it holds troops of either side or is protected. Where the line runs exactly through a corner, it is blocked only if both squares meeting it there block. Blocking works both ways; ballista shots are never blocked.',
  },
  {
    id: 'R-charge', section: '6G', title: 'Declaring a charge',
    text: 'A knight or commander declares its charge with its move. Moving more than 3 is only allowed as a charge, and a charging unit must end up fighting (leading or supporting) a melee that turn. Its stands count 4 in that melee, and it moves only 1 1/2 the next turn.',
  },
  {
    id: 'R-missile-lead', section: '6J', title: 'A lone missile stand leading a melee',
    text: 'A javelin, longbow or crossbow unit down to one stand may start a melee only when a commander of its side stands in its square or in the square it enters, when a supporter is already declared there, or by naming a supporter as part of its move. The named unit must be one of its side that could support that melee; it counts as having moved and turns to face the contact square (a commander keeps its facing).',
  },
  {
    id: 'R-ballista', section: '7', title: 'Ballista fire without a model catapult',
    text: 'Aim at a square within 6 in the 90-degree cone, not your own square and not from a crossing square, with at least one crew stand present. Roll a die: 1-3 lands on target (1-2 if the target is protected). Otherwise roll a d8 for a compass direction (N, NE, E, SE, S, SW, W, NW) and the shot lands one square that way; off the board, beyond 6 or on the ballista itself it misses; a stray shot can hit friends. A landing square with troops loses one stand of the shooter\'s choice; with a ballista, a 6 on a die wrecks it and one stand there. All ballistas shoot before any loss is removed.',
  },
  {
    id: 'R-mdi', section: '9G', title: 'Which formation beats which',
    text: 'The source contradicts itself, so the program takes the one arrangement in which every pair is settled once and each formation beats exactly two others. Column beats flanking and pincers; line beats square and column; flanking beats line and square; pincers beat line and flanking; square beats pincers and column. Withdrawal gets away from line and square (and from another withdrawal) and fails against column, pincers and flanking, where it counts as the losing formation.',
  },
  {
    id: 'R-small-superior', section: '9H', title: 'A superior side worth under 1 point',
    text: 'The losing formation normally loses 1 + (superior value - 1) / 2. When the superior side is worth less than 1 point, the loss is its whole value instead.',
  },
  {
    id: 'R-loss-allocation', section: '9K', title: 'Taking losses',
    text: 'The losing side picks which stands go, contact square first, whole stands up to the loss. A remainder r short of the next stand\'s value v is lost with chance r/v (by die roll, or by a ledger that alternates odd fractions between the sides if the scenario says so). A knight or commander stand may be half-killed instead when r is exactly half its value.',
  },
  {
    id: 'R-retreat', section: '9L', title: 'Where a retreat goes',
    text: 'A defender retreats towards its own board edge, straight when it can; an attacker goes back the way it came. Diagonal steps count 1. Retreats go round enemies and impassable ground and through friends; where routes are equally good the retreating side chooses; a unit with no way out is destroyed, and one pushed off the board is out of play and counts half.',
  },
];

/** A reading by id (throws on an unknown id: a typo in code should fail loudly in tests). */
export function reading(id: string): Reading {
  const r = READINGS.find((x) => x.id === id);
  if (!r) throw new Error(`unknown reading ${id}`);
  return r;
}

/**
 * The engine's tunable readings as parameters, beside the readings list above: each names the digest
 * section it settles.
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
