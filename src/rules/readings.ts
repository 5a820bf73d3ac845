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
    text: 'Draw a line between square centres. Any square it passes through (not the two ends) blocks the shot if it holds troops of either side or is protected; a square holding only a ballista does not block, as a ballista gives no cover. Where the line runs exactly through a corner, it is blocked only if both squares meeting it there block. Blocking works both ways; ballista shots are never blocked.',
  },
  {
    id: 'R-charge', section: '6G', title: 'Declaring a charge',
    text: 'A knight or commander declares its charge with its move. Moving more than 3 is only allowed as a charge, and a charging unit must end up fighting (leading or supporting) a melee that turn. Its stands count 4 in that melee, and it moves only 1 1/2 the next turn. No dead ends: a move or turn that would leave a unit that charged this turn unable to fight is not allowed, so the attacker can always end its move; a declared supporter may not turn so that its support no longer holds.',
  },
  {
    id: 'R-missile-lead', section: '6J', title: 'A lone missile stand leading a melee',
    text: 'A javelin, longbow or crossbow unit down to one stand may start a melee only when a commander of its side is in the square it enters, when a supporter is already declared there, or by naming a supporter as part of its move; a commander left behind in the square it started from does not count. The named unit must be one of its side that could support that melee; it counts as having moved and turns to face the contact square (a commander keeps its facing).',
  },
  {
    id: 'R-ballista', section: '7', title: 'Ballista fire without a model catapult',
    text: 'Aim at a square within 6 in the 90-degree cone, not your own square and not from a crossing square, with at least one crew stand present. Roll a die: 1-3 lands on target (1-2 if the target is protected). Otherwise roll a d8 for a compass direction (N, NE, E, SE, S, SW, W, NW) and the shot lands one square that way; off the board, beyond 6 or on the ballista itself it misses; a stray shot can hit friends. A landing square with troops loses one stand, from the unit the shooter picks when several stand there; with a ballista, a 6 on a die wrecks it and one stand there. All ballistas shoot before any loss is removed.',
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
    text: 'A defender retreats towards its own board edge, straight when it can; an attacker goes back the way it came. Diagonal steps count 1. Only enemies, impassable ground and melees still to be fought block a retreat; friends are passed through. If the square 2 away holds friends it may not stand with, the unit stops 1 away if it may stand there, otherwise carries on through the friends in the same direction to the first square it may stand in (or off the board). An attacker goes back along the path its move actually took (a charge that went round woods comes back round them). Where routes are equally good the retreating side chooses; a unit with no way out is destroyed, and one pushed off the board is out of play and counts half. A ballista goes with its retreating troops only over squares a ballista may enter, and off the board with them; otherwise it stays behind.',
  },
  {
    id: 'R-end', section: '10G', title: 'How the game ends',
    text: 'A side that concedes loses. A side with no troops left on the board loses, whatever its points (if both sides lose their last troops at once, it is a draw). Only when the agreed number of turns is over are points compared: surviving stands at cost, half for units off the board and half-killed stands; more points wins, equal points draw. The points are shown for every ending.',
  },
  {
    id: 'R-facing', section: '6L, 4', title: 'Turning',
    text: 'The attacker may turn its units as often as it likes during its move: before, between and after their steps, retiring units included. A ballista turns like any unit when the side controlling it says so, and may face a corner when troops with it could. A commander joined to a unit always faces as the unit does and turns with it.',
  },
  {
    id: 'R-ballista-deploy', section: '4', title: 'Where a ballista sets up',
    text: 'A ballista always sets up in the square of its ballistarii, whatever order the scenario lists them in; the checker reports a ballista placed without its crew. While a ballista still waits for its crew, the crew is only offered squares where the ballista may stand, so no ballista is lost at set-up. A two-stand crew may split into two one-stand units and join again, as knights do.',
  },
  {
    id: 'R-ledger', section: '9K', title: 'The fractions ledger',
    text: 'With the ledger option one sheet records whose turn it is to lose an odd fraction. The game\'s first odd fraction is rolled for, and the side that did not lose on that roll has the next turn. After that, a side with an odd fraction loses the stand if it is its turn (the turn passes to the other side) and keeps it otherwise (the turn stays).',
  },
  {
    id: 'R-retire', section: '10B', title: 'Retiring units',
    text: 'A retiring unit makes a full move towards its own edge, at once and in each later move of its side, until it leaves the board. It takes whichever route its move allows that ends nearest that edge (off the board when it can get there), going round whatever blocks the straight way; where routes end equally near, the one straightest back wins. It is an ordinary move: the hill penalty, the road bonus and impassable ground apply. When several units of a side retire at once, the one nearest its edge goes first. A retiring unit may still turn.',
  },
  {
    id: 'R-road-step', section: '6B', title: 'What counts as moving on a road',
    text: 'A step is on the road only when it goes from one road square to the next along the same straight run, or turns onto the other run at a bend or junction. Roads run along rows and columns, so a diagonal step that cuts a bend is never on the road and loses the +1.',
  },
  {
    id: 'R-cavalry-support', section: '9E', title: 'Defending cavalry backing foot',
    text: 'Defending cavalry supports a melee of foot only when the contact square lies exactly to its left or right (90 degrees from its facing); straight ahead does not count. A commander is not foot: a lone commander is supported as cavalry would be.',
  },
  {
    id: 'R-who-retreats', section: '9I, 9O', title: 'Who retreats after a melee',
    text: 'The side that must retreat retreats whole: its units in the contact square and every unit that supported it, each from its own square by the usual retreat rules, and all of them count as having retreated (no move or support on their next turn). If the three-times rule applies, all of them are destroyed instead.',
  },
  {
    id: 'R-melee-step', section: '10B, 10C', title: 'When units retire after melees',
    text: 'All the melees of a turn make one melee step: units reduced to one stand retire, and levy down to two stands roll for it, only after the last melee of the turn is fought, never between two melees.',
  },
  {
    id: 'R-hidden-setup', section: '4', title: 'Hidden set-up',
    text: 'While the sides set up behind the screen, neither sees anything of the other\'s placements, not even which way a unit faces.',
  },
  {
    id: 'R-ballista-stray', section: '7C', title: 'A stray ballista shot outside the cone',
    text: 'A stray shot that lands outside the ballista\'s 90-degree cone can only hurt the shooter\'s own troops there (and a ballista there is untouched); enemy troops outside the cone are safe. Inside the cone a stray hits whoever stands there.',
  },
  {
    id: 'R-exit', section: '10E', title: 'Leaving the board of one\'s own accord',
    text: 'A unit that stands on a square at any edge of the board, or reaches one during its move, may step off the board across that edge as its move. The step off costs 1, like a step along a row, and needs that much movement left. A ballista carried with the unit goes too. Units that leave never come back and count half at the end.',
  },
  {
    id: 'R-ballista-score', section: '10G', title: 'Who scores a ballista',
    text: 'At the end a ballista scores for the side that controls it: a captured ballista counts for its captor, one carried off the board counts half, and an abandoned one counts for nobody.',
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
  /**
   * 10 (R-who-retreats): a melee's weaker side retreats with its units in the contact square and its declared
   * supporters, each from its own square, all marked; the three-times rule destroys them all alike.
   */
  supportersRetreat: true,
  /** 10: defending cavalry supporting foot must be orthogonally adjacent ("directly beside"). */
  defendingCavalryBesideOnly: true,
  /** 11 (10B): a retiring stand moves straight towards its own edge, one orthogonal step per point of move (R-retire). */
  retireStraight: true,
  /** 11 (10C): levy reduced to 2 stands retire on this d6 roll or more (rolled once). */
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

/** Did a unit that charged in `chargedTurn` charge on its side's previous move, so that it is held to 1 1/2 now (6G)? */
export function heldAfterCharge(turn: number, chargedTurn: number | null): boolean {
  return chargedTurn !== null && turn - chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}
