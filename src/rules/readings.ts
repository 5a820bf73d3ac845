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
    text: 'Both squares sharing a crossing edge are crossing squares: protected against missiles and charges, the attacker -1 in melee there, and no ballista fires from one, though a ballista may stand on or pass through them.',
  },
  {
    id: 'R-hills', section: '3F, 9F', title: 'Hills (scenario options)',
    text: 'By default knights, turcopoles, light cavalry, ballistas and commanders may not enter hills; a move onto, along or off a hill loses 1; hills are protected for fire and charges; no melee penalty unless the scenario says so.',
  },
  {
    id: 'R-deploy-rows', section: '4', title: 'Set-up rows',
    text: 'Front lines start six squares apart: each side sets up in its back (rows - 6) / 2 rows, rounded down (3 rows on a 12-row board).',
  },
  {
    id: 'R-line-of-fire', section: '9B', title: 'Line of fire',
    text: 'Draw a line between square centres. A square it passes (not the ends) blocks if it holds troops of either side or is protected; a lone ballista does not. Through an exact corner, only if both block. It works both ways; ballista shots are never blocked.',
  },
  {
    id: 'R-charge', section: '6G', title: 'Declaring a charge',
    text: 'Knights and commanders declare a charge with the move; over 3 squares it must be one. A charger fights (leads or supports) that turn at 4 a stand and moves 1 1/2 next turn; it may stop beside an enemy nobody has attacked yet if an unmoved unit can attack it later in the move. Nothing may leave a charger unable to fight, nor turn a supporter out of its support.',
  },
  {
    id: 'R-missile-lead', section: '6J', title: 'A lone missile stand leading a melee',
    text: 'A javelin, longbow or crossbow unit down to one stand needs backing in its melee: its commander there or a declared supporter. It may lead first and be backed later in the move, which cannot end until it is.',
  },
  {
    id: 'R-ballista', section: '7', title: 'Ballista fire without a model catapult',
    text: 'Aim within 6 in the 90-degree cone, not at your own square nor from a crossing, with crew present. A d6 of 1-3 (1-2 if protected) lands on target; else a d8 strays it one square, missing off the board, beyond 6 or on itself. Troops there lose a stand (the shooter picks whose); a ballista there breaks, with a stand, on a 6. Losses come off after all have shot.',
  },
  {
    id: 'R-mdi', section: '9G', title: 'Which formation beats which',
    text: 'The source contradicts itself; the program takes the one arrangement where every pair is settled once and each formation beats two others (the grid above). Withdrawal escapes line, square and withdrawal; against column, pincers and flanking it fails and counts as the loser.',
  },
  {
    id: 'R-small-superior', section: '9H', title: 'A superior side worth under 1 point',
    text: 'The losing formation normally loses 1 + (superior value - 1) / 2. When the superior side is worth less than 1 point, the loss is its whole value instead.',
  },
  {
    id: 'R-loss-allocation', section: '9K', title: 'Taking losses',
    text: 'The losing side picks which stands go, contact square first, whole stands up to the loss; a remainder r of the next stand\'s value v is lost with chance r/v (die or ledger). A knight or commander stand may be half-killed when r is half its value.',
  },
  {
    id: 'R-retreat', section: '9L', title: 'Where a retreat goes',
    text: 'A defender retreats towards its own edge, an attacker back along its path; diagonals count 1. Only enemies, impassable ground and unfought melees block; friends are passed (stopping 1 away, or on to the first free square). 2 away (off the board: as far as it goes) beats 1, then straight, 45, 90 degrees; ties: the side picks. No way out: destroyed. A ballista follows only where it may go.',
  },
  {
    id: 'R-end', section: '10G', title: 'How the game ends',
    text: 'A side that concedes, or has no troops left on the board, loses (both at once: a draw). Only at the turn limit are points compared: stands at cost, half for units off the board and half-killed stands; equal points draw. A melee that wipes out a side still costs the winner its own loss first.',
  },
  {
    id: 'R-facing', section: '6L, 4', title: 'Turning',
    text: 'The attacker may turn its units as often as it likes in its move, retiring units included. A ballista turns for the side controlling it, to a corner when troops with it could; a joined commander faces as its unit.',
  },
  {
    id: 'R-ballista-deploy', section: '4', title: 'Where a ballista sets up',
    text: 'A ballista sets up in its ballistarii\'s square whatever the order, and a crew is offered only squares its waiting ballista may stand in: each ballista keeps two stands of its own. A 2-stand crew may split and rejoin like knights.',
  },
  {
    id: 'R-ledger', section: '9K', title: 'The fractions ledger',
    text: 'With the ledger option a sheet records whose turn it is to lose an odd fraction: the first is rolled for, the side that did not lose has the next turn; then a side loses the odd stand only on its turn, which passes on.',
  },
  {
    id: 'R-retire', section: '10B', title: 'Retiring units',
    text: 'A retiring unit moves fully towards its own edge at once and in each later move of its side: by the route ending nearest that edge, round what blocks, ties straight back, nearest the edge first. Terrain applies; it may turn. One that starts in its own fire step moves again that turn if its side attacks; one with nowhere nearer stays.',
  },
  {
    id: 'R-road-step', section: '6B', title: 'What counts as moving on a road',
    text: 'A step is on the road only along one run of a road, turning at a bend or junction included. A diagonal step cutting a bend never is.',
  },
  {
    id: 'R-cavalry-support', section: '9E', title: 'Defending cavalry backing foot',
    text: 'Defending cavalry backs foot only when the contact square lies exactly to its left or right, not ahead. A lone commander is not foot.',
  },
  {
    id: 'R-who-retreats', section: '9I, 9O', title: 'Who retreats after a melee',
    text: 'A side that retreats retreats whole: its units in the contact square and its supporters, each from its own square, all marked (under the three-times rule, destroyed). A withdrawal that gets away takes the supporters back 2 too, unmarked.',
  },
  {
    id: 'R-melee-step', section: '10B, 10C', title: 'When units retire after melees',
    text: 'Retirements and levy rolls wait until the last melee of the turn has been fought.',
  },
  {
    id: 'R-hidden-setup', section: '4', title: 'Hidden set-up',
    text: 'Behind the screen neither side sees the other\'s placements or facings.',
  },
  {
    id: 'R-ballista-stray', section: '7C', title: 'A stray ballista shot outside the cone',
    text: 'A stray shot landing outside the ballista\'s cone can hit only the shooter\'s own troops there.',
  },
  {
    id: 'R-converging', section: '9F', title: 'Who fires first at one target',
    text: 'The first shot at a square (the one without the converging die) comes from a closest unit still to fire that reaches it; among equals the side picks.',
  },
  {
    id: 'R-fire-order', section: '9A, 9C', title: 'Missile fire one unit at a time',
    text: 'The attacker\'s missiles fire first, then the defender\'s, one unit at a time in the order each side picks; each shot is rolled and counts at once, so later units choose after seeing it. A unit yet to fire rolls for its stands at the start of the phase.',
  },
  {
    id: 'R-two-types', section: '9E', title: 'A shot at a commander with a unit',
    text: 'A shot at a square with a commander and a unit reads its dice on each one\'s row; if both would lose stands, the shooter picks which (the unit by default). Converging fire counts by square.',
  },
  {
    id: 'R-stand-or-engine', section: '7G', title: 'Troops and a ballista where a shot lands',
    text: 'The shooter chooses: a stand there (certain), or the ballista, which a 6 wrecks along with a stand.',
  },
  {
    id: 'R-exit', section: '10E', title: 'Leaving the board of one\'s own accord',
    text: 'A unit on or reaching a board edge may step off for 1 of its move (with any ballista it carries), with no road bonus; it never returns and counts half.',
  },
  {
    id: 'R-support-holds', section: '9E, 6G', title: 'A declared support holds',
    text: 'No unit may join a lone commander supporting as declared, by a move or a retreat, unless it could support there itself. Once that melee is being settled the support is given: a loser of it may retreat to the commander.',
  },
  {
    id: 'R-open-aims', section: '7', title: 'Ballista aims in the open',
    text: 'Ballistas aim in the open, the attacker\'s first: nothing moves before the shots land, so an aim gives nothing away.',
  },
  {
    id: 'R-route-measure', section: '9L', title: 'Measuring a retreat route',
    text: 'A retreat\'s length counts steps (diagonals 1, at most 2), through friends no longer than free; among equals, fewer squares passed first, then the smaller angle (the turns added). It leaves the board only straight back.',
  },
  {
    id: 'R-run-over', section: '10A', title: 'Riding over a lone stand',
    text: 'A run-over is part of any move, a charge included: its square costs a step and the cavalry may ride on (one a move). Crossings and protected hills are not open.',
  },
  {
    id: 'R-ballista-score', section: '10G', title: 'Who scores a ballista',
    text: 'A ballista scores for whoever controls it at the end (half if carried off); an abandoned one, nothing.',
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
  /** 9: converging fire: shooters at one target fire closest first; each one after the first adds a die. */
  convergingBonusDice: 1,
  protectedMinusDice: 1,
  /** 7 (6G): "the turn after a charge" is the unit's side's next move, two game turns later. */
  turnsUntilAfterCharge: 2,
  /**
   * 10 (R-who-retreats): a melee's weaker side retreats with its units in the contact square and its declared
   * supporters, each from its own square, all marked; the three-times rule destroys them all alike.
   */
  supportersRetreat: true,
  /**
   * 10: defending cavalry supports foot only from "directly beside" it: the contact square lies exactly 90 degrees
   * to the left or right of the cavalry unit's facing (straight ahead does not count).
   */
  defendingCavalryBesideOnly: true,
  /**
   * 10 (9O): a unit that retreated may not move or support in its side's next turn: it stays marked while the game
   * turn is at most this many turns after the one it retreated in (the other side's turn, then its own).
   */
  turnsMarkedAfterRetreat: 1,
  /** 11 (10C): levy reduced to this many stands roll a d6 once, and retire on levyRetiresOn or more. */
  levyRollsAtStands: 2,
  /** 11 (10C): levy reduced to levyRollsAtStands stands retire on this d6 roll or more (rolled once). */
  levyRetiresOn: 4,
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

/** Is a unit that retreated in `retreatedTurn` still marked in game turn `turn` (no move or support, 9O)? */
export function markedAfterRetreat(turn: number, retreatedTurn: number | null): boolean {
  return retreatedTurn !== null && turn - retreatedTurn <= ENGINE_READINGS.turnsMarkedAfterRetreat;
}

/** Did a unit that charged in `chargedTurn` charge on its side's previous move, so that it is held to 1 1/2 now (6G)? */
export function heldAfterCharge(turn: number, chargedTurn: number | null): boolean {
  return chargedTurn !== null && turn - chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}
