/**
 * The tactical suite's positions (issue 28 item 4): small scenarios (tests/engine/helpers builds them in the scenario
 * format) played to a decision by a short action list, with the actions that must be found (any one of them) and
 * those that must be avoided. Each says why by the rules (/work/shared/rules/nevsky.md digest sections in brackets).
 * Teutons hold the north edge and attack first (turn 1 starts with them); rows count from the north. Lone stands of
 * the types that retire (turcopoles, light cavalry, medium and levy infantry, 11) are never used as targets: they
 * leave at once.
 */
import type { Action, GameState, ScenarioRules, Terrain } from '../../../src/rules';
import { squareDistance } from '../../../src/rules';
import type { UnitRow } from '../../engine/helpers';

/** An action pattern: every field given must match (`charge: undefined` asks for a move that is not a charge). */
export type Match = Partial<Record<string, unknown>> | ((a: Action) => boolean);

export interface TacticalPosition {
  name: string;
  /** Why the expectation is right, in a line. */
  why: string;
  units: UnitRow[];
  terrain?: Terrain;
  rules?: ScenarioRules;
  /** Phase passed to first (by passing: hold fire, end the move...); then `actions` are played (side filled in). */
  phase?: GameState['phase'];
  actions?: Array<Record<string, unknown> & { type: Action['type'] }>;
  /** One of these must be chosen (none given: anything not avoided will do). */
  find?: Match[];
  /** None of these may be chosen. */
  avoid?: Match[];
}

const FAR: UnitRow[] = [['r', 'rfar', 'armoredInfantry', 'K12', 'N']];
const FAR_T: UnitRow = ['t', 'tfar', 'armoredInfantry', 'L1', 'S'];
const woods = (...at: string[]): Terrain => ({ protected: at.map((sq) => ({ at: sq, kind: 'woods' as const })) });

/** Riding over the stand on `at` (R-run-over: ending there or going on beyond it). */
const runOver = (unit: string, at: string): Match => ({ type: 'move', unit, runOver: at });
const lead = (unit: string, to: string): Match => ({ type: 'move', unit, to });
const endMove: Match = { type: 'endMove' };
/** A move of the commander that ends alone within a charge (5) of the enemy knights (not onto a friend's square). */
const aloneInReach = (unit: string, knights: string[], friends: string[]): Match =>
  (a) => a.type === 'move' && a.unit === unit && a.to !== 'off' && !friends.includes(a.to) && knights.some((k) => squareDistance(a.to as string, k) <= 5);

export const POSITIONS: TacticalPosition[] = [
  // ---- A free kill: cavalry rides over a lone stand in the open (11, run-over), losing nothing.
  ...([
    ['knights ride over a 1-stand javelin unit', 'knights', 'javelinmen', 'E5', 'E7'],
    ['knights ride over 1-stand longbows', 'knights', 'longbowmen', 'F4', 'F6'],
    ['turcopoles ride over a 1-stand javelin unit', 'turcopoles', 'javelinmen', 'D4', 'D7'],
    ['light cavalry ride over a 1-stand longbow unit', 'lightCavalry', 'longbowmen', 'G4', 'G8'],
    ['knights ride over a 1-stand crossbow unit diagonally', 'knights', 'crossbowmen', 'C4', 'E6'],
    ['turcopoles ride over 1-stand ballistarii', 'turcopoles', 'ballistarii', 'H3', 'H6'],
  ] as const).map(([name, rider, victim, from, at]): TacticalPosition => ({
    name: `free kill: ${name}`,
    why: `run-over destroys a 1-stand ${victim} in the open without a melee (10A); ${rider} reach ${at} from ${from}`,
    units: [['t', 'tr', rider, from, 'S'], FAR_T, ['r', 'rv', victim, at, 'N', 1], ...FAR],
    find: [runOver('tr', at)],
    avoid: [endMove],
  })),

  // ---- Shoot the most valuable target in reach (9: hit tables; expected points lost by the target).
  {
    name: 'fire: javelins shoot the medium infantry, not the nearer knights',
    why: 'javelins at knights 1 away hit on doubles of 1 or 2 (about 0.15 hits, 1 pt); at medium infantry 1 1/2 away each 1-2 hits (1 hit, 3 pts)',
    units: [['t', 'tj', 'javelinmen', 'E5', 'S'], FAR_T, ['r', 'rk', 'knights', 'E6', 'N'], ['r', 'rm', 'mediumInfantry', 'F6', 'N'], ...FAR],
    phase: 'missile',
    find: [{ type: 'fire', unit: 'tj', target: 'rm' }],
    avoid: [{ type: 'hold', unit: 'tj' }],
  },
  {
    name: 'fire: crossbows shoot the knights beside them',
    why: 'crossbows at knights 1 away hit on 1-2 (1 hit, 7 pts); at levy 1 1/2 away on 1-2 (1 hit, 2 pts)',
    units: [['t', 'tx', 'crossbowmen', 'E5', 'S'], FAR_T, ['r', 'rk', 'knights', 'E6', 'N'], ['r', 'rl', 'levyInfantry', 'F6', 'N'], ...FAR],
    phase: 'missile',
    find: [{ type: 'fire', unit: 'tx', target: 'rk' }],
  },
  {
    name: 'fire: longbows shoot the levy in the open, not the knights at long range',
    why: 'longbows at levy 1 away hit on 1-3 (1.5 hits, 3 pts); at knights 3 away only on triple 1s (almost never)',
    units: [['t', 'tb', 'longbowmen', 'E5', 'S'], FAR_T, ['r', 'rl', 'levyInfantry', 'E6', 'N'], ['r', 'rk', 'knights', 'E8', 'N'], ...FAR],
    phase: 'missile',
    find: [{ type: 'fire', unit: 'tb', target: 'rl' }],
  },
  {
    name: 'fire: light cavalry shoot rather than hold',
    why: 'a shot at levy 2 away hits on 1-2 and costs nothing (fire is simultaneous; levy do not shoot)',
    units: [['t', 'tc', 'lightCavalry', 'E5', 'S'], FAR_T, ['r', 'rl', 'levyInfantry', 'E7', 'N'], ...FAR],
    phase: 'missile',
    find: [{ type: 'fire', unit: 'tc', target: 'rl' }],
    avoid: [{ type: 'hold' }],
  },
  {
    name: 'fire: longbows shoot the medium infantry in the open, not the one in the woods',
    why: 'the same target type at the same range: the one in the woods costs a die (9: -1 die into a protected square)',
    units: [['t', 'tb', 'longbowmen', 'E5', 'S'], FAR_T, ['r', 'rw', 'mediumInfantry', 'D6', 'N'], ['r', 'ro', 'mediumInfantry', 'F6', 'N'], ...FAR],
    terrain: woods('D6'),
    phase: 'missile',
    find: [{ type: 'fire', unit: 'tb', target: 'ro' }],
  },
  {
    name: 'ballista: shoot the knights in range',
    why: 'a shot lands on the aimed square on 1-3 and takes a 7-point stand; a stray shot near E6 hits no own troops (8)',
    units: [['t', 'tba', 'ballista', 'E2', 'S'], ['t', 'tbc', 'ballistarii', 'E2', 'S'], FAR_T, ['r', 'rk', 'knights', 'E6', 'N'], ...FAR],
    phase: 'ballista',
    find: [{ type: 'ballistaFire', unit: 'tba', target: 'E6' }],
    avoid: [{ type: 'ballistaHold' }],
  },
  {
    name: 'ballista: aim at the enemy, not at empty ground',
    why: 'only a shot that lands on enemy troops does harm; the medium infantry at G7 is in range and cone (8)',
    units: [['t', 'tba', 'ballista', 'F2', 'S'], ['t', 'tbc', 'ballistarii', 'F2', 'S'], FAR_T, ['r', 'rm', 'mediumInfantry', 'G7', 'N'], ...FAR],
    phase: 'ballista',
    find: [{ type: 'ballistaFire', unit: 'tba', target: 'G7' }],
  },

  // ---- Do not lead a melee the three-times rule will destroy (10: the weaker at a third or less is destroyed).
  ...([
    ['levy into armored infantry', 'levyInfantry', 'armoredInfantry', 'E5', 'E6', '2 against 6: alike both lose 1, 1 against 5; an inferior levy loses all'],
    ['javelins into armored infantry', 'javelinmen', 'armoredInfantry', 'F5', 'F6', '1 1/2 against 6: alike both lose 3/4, 3/4 against 5 1/4'],
    ['longbows into medium infantry', 'longbowmen', 'mediumInfantry', 'D5', 'D6', '1 1/2 against 4: alike 3/4 against 3 1/4'],
  ] as const).map(([name, mine, theirs, from, at, sums]): TacticalPosition => ({
    name: `three times: do not lead ${name}`,
    why: `the lead is destroyed under the three-times rule in most deployments (${sums}); the slow defender cannot follow a step back`,
    units: [['t', 'tw', mine, from, 'S'], FAR_T, ['r', 'rs', theirs, at, 'N'], ...FAR],
    avoid: [lead('tw', at)],
  })),
  {
    name: 'three times: knights lead the melee, not the levy beside them',
    why: 'charging knights (8) against medium infantry (4) win or destroy it; levy (2) against it are destroyed',
    units: [['t', 'tk', 'knights', 'F4', 'S'], ['t', 'tl', 'levyInfantry', 'E5', 'S'], ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ...FAR],
    find: [{ type: 'move', unit: 'tk', to: 'E6', charge: true }],
    avoid: [lead('tl', 'E6')],
  },

  // ---- Charge when leading with knights or a commander (7: charging stands are worth 4, not 2).
  {
    name: 'charge: knights lead into the medium infantry charging',
    why: 'charging knights are worth 8 against 4 (the medium infantry is destroyed or retreats); not charging, 4 against 4',
    units: [['t', 'tk', 'knights', 'E3', 'S'], FAR_T, ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ...FAR],
    find: [{ type: 'move', unit: 'tk', to: 'E6', charge: true }],
    avoid: [{ type: 'move', unit: 'tk', to: 'E6', charge: undefined }],
  },
  {
    name: 'charge: knights charge the infantry in the open, not the one in the woods',
    why: 'no charge into a protected square (7), so the woods fight is 4 against 4; the open one is 8 against 4',
    units: [['t', 'tk', 'knights', 'F3', 'S'], FAR_T, ['r', 'rw', 'mediumInfantry', 'E5', 'N'], ['r', 'ro', 'mediumInfantry', 'H5', 'N'], ...FAR],
    terrain: woods('E5'),
    find: [{ type: 'move', unit: 'tk', to: 'H5', charge: true }],
    avoid: [lead('tk', 'E5')],
  },
  {
    name: 'charge: knights charge the medium infantry in the open, not the armored infantry in the village',
    why: 'no charge into a protected square (7): the village fight is 4 against 6 (the knights are the weaker); the open one 8 against 4',
    units: [['t', 'tk', 'knights', 'F3', 'S'], FAR_T, ['r', 'rw', 'armoredInfantry', 'G5', 'N'], ['r', 'ro', 'mediumInfantry', 'D5', 'N'], ...FAR],
    terrain: { protected: [{ at: 'G5', kind: 'village' }] },
    find: [{ type: 'move', unit: 'tk', to: 'D5', charge: true }],
    avoid: [lead('tk', 'G5')],
  },

  // ---- Support the melee (10: supporters add their value; type 1 supports straight ahead or to a side).
  {
    name: 'support: medium infantry back the knights\' melee',
    why: 'the knights led into E6; medium infantry at D6 facing east have it straight ahead: +4 to the attack',
    units: [['t', 'tk', 'knights', 'E4', 'S'], ['t', 'tm', 'mediumInfantry', 'D6', 'E'], ['r', 'ra', 'armoredInfantry', 'E6', 'N'], ...FAR],
    actions: [{ type: 'move', unit: 'tk', to: 'E6', charge: true }],
    find: [{ type: 'support', unit: 'tm', contact: 'E6' }],
  },
  {
    name: 'support: the defender backs its infantry',
    why: 'Teutonic medium infantry led into E6 (4 against 4); armored infantry at F6 facing west have it straight ahead: 4 against 10, alike 2 against 8 and the attackers are destroyed',
    units: [['t', 'tm', 'mediumInfantry', 'E5', 'S'], FAR_T, ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ['r', 'ra', 'armoredInfantry', 'F6', 'W'], ...FAR],
    actions: [{ type: 'move', unit: 'tm', to: 'E6' }, { type: 'endMove' }],
    find: [{ type: 'support', unit: 'ra', contact: 'E6' }],
    avoid: [{ type: 'endSupport' }],
  },
  {
    name: 'support: a commander backs the melee from behind',
    why: 'a lone commander supports in any direction (10: type 4) and adds 2 to the attack',
    units: [['t', 'tk', 'knights', 'E4', 'S'], ['t', 'tc', 'commander', 'E5', 'S'], ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ['r', 'rl', 'levyInfantry', 'F7', 'N'], ...FAR],
    actions: [{ type: 'move', unit: 'tc', to: 'D5' }, { type: 'move', unit: 'tk', to: 'E6', charge: true }],
    find: [{ type: 'support', unit: 'tc', contact: 'E6' }],
  },

  // ---- Do not leave a commander alone in reach of knights (a 10-point stand worth 2 in melee).
  {
    name: 'commander: do not leave it alone in reach of the knights',
    why: 'Russian knights at E9 charge 5 next turn: a lone commander at E5 (worth 2) is destroyed by three times; it must join the armored infantry at C4 or go beyond reach (or another unit moves first)',
    units: [['t', 'tc', 'commander', 'E5', 'S'], ['t', 'ta', 'armoredInfantry', 'C4', 'S'], ['r', 'rk', 'knights', 'E9', 'N'], ...FAR],
    avoid: [endMove, aloneInReach('tc', ['E9'], ['C4'])],
  },
  {
    name: 'commander: join the knights rather than stand alone',
    why: 'Russian knights at G8 reach F5 next turn; the commander joins the knights at F3 (a commander may join one unit, 4)',
    units: [['t', 'tc', 'commander', 'F5', 'S'], ['t', 'tk', 'knights', 'F3', 'S'], ['r', 'rk', 'knights', 'G8', 'N'], ['r', 'rk2', 'knights', 'E8', 'N'], ...FAR],
    avoid: [endMove, aloneInReach('tc', ['G8', 'E8'], ['F3'])],
  },

  // ---- Use the road (7: +1 when the whole move is on the road).
  {
    name: 'road: turcopoles ride the road to a free kill',
    why: 'turcopoles move 4, 5 on the road: E2 to E7 along the road runs over the 1-stand crossbows there',
    units: [['t', 'tt', 'turcopoles', 'E2', 'S'], FAR_T, ['r', 'rl', 'crossbowmen', 'E7', 'N', 1], ...FAR],
    terrain: { roads: [{ path: ['E1', 'E12'] }] },
    find: [runOver('tt', 'E7')],
  },
  {
    name: 'road: light cavalry ride the road to a free kill',
    why: 'light cavalry move 5, 6 on the road: C1 to C7 runs over the 1-stand javelins there',
    units: [['t', 'tc', 'lightCavalry', 'C1', 'S'], FAR_T, ['r', 'rj', 'javelinmen', 'C7', 'N', 1], ...FAR],
    terrain: { roads: [{ path: ['C1', 'C12'] }] },
    find: [runOver('tc', 'C7')],
  },

  // ---- Do not throw points away.
  {
    name: 'points: do not leave the board',
    why: 'a unit off the board counts half (11); nothing threatens the knights at A5',
    units: [['t', 'tk', 'knights', 'A5', 'W'], FAR_T, ['r', 'rm', 'mediumInfantry', 'H9', 'N'], ...FAR],
    avoid: [{ type: 'move', to: 'off' }],
  },
  {
    name: 'three times: neither levy leads into the armored infantry',
    why: 'levy (2) leading into armored infantry (6) are destroyed by three times in most deployments; holding still loses nothing',
    units: [['t', 'tl', 'levyInfantry', 'H4', 'S'], ['t', 'tl2', 'levyInfantry', 'G5', 'S'], ['r', 'ra', 'armoredInfantry', 'H6', 'N'], ...FAR],
    avoid: [lead('tl', 'H6'), lead('tl2', 'H6')],
  },
  {
    name: 'three times: do not lead into a supported square',
    why: 'medium infantry (4) against armored infantry (6) backed by medium infantry beside it (4): alike both lose 2, 2 against 8',
    units: [['t', 'tm', 'mediumInfantry', 'E5', 'S'], FAR_T, ['r', 'ra', 'armoredInfantry', 'E6', 'N'], ['r', 'rm', 'mediumInfantry', 'F6', 'W'], ...FAR],
    avoid: [lead('tm', 'E6')],
  },
];
