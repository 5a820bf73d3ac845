/**
 * The digest's readings added in issue 42 (item 2), one table of cases per clause, each named by the section it checks:
 * what the engine allows and what it refuses.
 */
import { describe, expect, test } from 'vitest';
import { actionKey, legalActions, narrate, reading, readGame, replayGame, saveGame, secretPending, viewFor, type Action, type GameState } from '../../src/rules';
import { MESSAGE_VERSION, readMessage } from '../../src/distance';
import { GAME_FORMAT_VERSION, type SavedGame } from '../../src/rules/replay';
import { migrateGame } from '../../src/rules/readGame';
import { moveListing } from '../../src/rules/moveListing';
import { PHASE_RULES } from '../../src/play/phases';
import { actionLabel } from '../../src/play/describe';
import { act, resolve, gameOf, isLegal, unit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 't-keep', 'armoredInfantry', 'A1', 'S'], ['r', 'r-keep', 'armoredInfantry', 'L12', 'N']];


describe('10 a successful withdrawal: the declared supporters withdraw too, unmarked (withdrawal)', () => {
  // Teutonic armored infantry lead into F6 against Russian medium infantry, backed by medium infantry on G6.
  test.each([
    ['the Russians withdraw against line: both units go back 2, none marked, no stands lost', 'line', 'withdrawal', { e: 'F8', s: 'G8' }, null],
    ['the Russians withdraw against square: the same', 'square', 'withdrawal', { e: 'F8', s: 'G8' }, null],
  ] as const)('9J %s', (_n, a, d, at, marked) => {
    let s = gameOf([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 's', 'mediumInfantry', 'G6', 'W'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'support', unit: 's', contact: 'F6' });
    s = act(s, { type: 'endSupport' });
    s = resolve(s, a, d);
    for (const [id, sq] of Object.entries(at)) expect(unit(s, id)).toMatchObject({ at: sq, stands: 4, retreatedTurn: marked });
  });

  test('9J a failed withdrawal (against column) is the inferior deployment: the supporter retreats marked', () => {
    // 6 against 2 + 4: the Russians lose 3 1/2, the Teutons 1 3/4; 4 1/4 against at most 2 1/2: the Russians retreat.
    let s = gameOf([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N', 2], ['r', 's', 'mediumInfantry', 'G6', 'W'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'support', unit: 's', contact: 'F6' });
    s = act(s, { type: 'endSupport' });
    s = resolve(s, 'column', 'withdrawal');
    expect(unit(s, 's')).toMatchObject({ at: 'G8', retreatedTurn: 1 });
  });
});

describe('8 ballista aims are declared openly, the attacker\'s first (R-open-aims)', () => {
  const rows: UnitRow[] = [['t', 'tb', 'ballista', 'F2', 'S'], ['t', 'tc', 'ballistarii', 'F2', 'S'], ['r', 'rb', 'ballista', 'F11', 'N'], ['r', 'rc', 'ballistarii', 'F11', 'N'], ...KEEP];
  test('7 the attacker aims first; the defender then sees the aim, and nothing in the phase is secret', () => {
    let s = gameOf(rows, { phase: 'ballista' });
    expect(s.toAct).toBe('teutonic');
    expect(isLegal(s, { type: 'ballistaFire', unit: 'tb', target: 'F8' })).toBe(true);
    expect(secretPending(s)).toBe(false);
    s = act(s, { type: 'ballistaFire', unit: 'tb', target: 'F8' });
    expect(s.toAct).toBe('russian');
    expect(secretPending(s)).toBe(false);
    expect(viewFor(s, 'russian').shots).toEqual([{ unit: 'tb', target: 'F8' }]);
    expect(viewFor(s, 'russian').log.at(-1)).toMatchObject({ type: 'ballistaFire', unit: 'tb', target: 'F8' });
  });
});

describe('11 retiring twice in one turn (R-retire, "immediately ... thereafter on each attacker\'s move")', () => {
  // A Teutonic 1-stand medium infantry on F5 starts retiring in its own side's fire step (turn 1, the Teutons attack):
  // it retires a full move (2) at once, then again in the move phase: F5 to F3, then F3 to F1.
  test.each([
    ['its side attacks this turn: it retires at once and again in the move phase', 'teutonic', 'F1'],
    ['its side defends this turn: it retires once', 'russian', 'F3'],
  ] as const)('10B %s', (_n, first, at) => {
    const s = gameOf([['t', 'm', 'mediumInfantry', 'F5', 'N', 1], ...KEEP], { rules: { firstAttacker: first } });
    expect(unit(s, 'm')).toMatchObject({ at, retiring: true });
  });
});

describe('the readings of issue 42 are worded for players (reference sheet, rules at hand)', () => {
  test.each([
    ['R-open-aims', /aim in the open, the attacker's first/],
    ['R-route-measure', /fewer squares/],
    ['R-who-retreats', /withdrawal that gets away takes the supporters back/],
    ['R-retire', /fire step moves again .* if its side attacks/],
    ['R-exit', /no road bonus/],
    ['R-run-over', /part of any move, a charge included/],
    ['R-support-holds', /may retreat to the commander/],
    ['R-ballista-deploy', /two stands of its own/],
    ['R-end', /still costs the winner its own loss/],
    ['R-charge', /stop beside an enemy nobody has attacked yet .* later in the move/],
  ])('%s is in READINGS, printed on the reference sheet', (id, words) => {
    expect(reading(id).text).toMatch(words);
  });

  test('the rules at hand say the ballista aims are open and a withdrawal takes the supporters along', () => {
    expect(PHASE_RULES.ballista).toMatch(/aim in the open, the attacker's first/);
    expect(PHASE_RULES.melee).toMatch(/withdrawal that gets away takes the side and its supporters back 2/);
  });
});

describe('11 run-over only in the open: a crossing square or a protected hill is not open (R-run-over)', () => {
  // Light cavalry on F4 and a lone Russian javelin stand on F6 (javelinmen do not retire). Hills open to cavalry here.
  const rows: UnitRow[] = [['t', 'lc', 'lightCavalry', 'F4', 'S'], ['r', 'j', 'javelinmen', 'F6', 'N', 1], ...KEEP];
  const ford = { rivers: [{ edges: [['F6', 'F7']] as Array<[string, string]> }], crossings: [{ edge: ['F6', 'F7'] as [string, string], kind: 'ford' as const }] };
  test.each([
    ['in the open: ridden over', {}, {}, true],
    ['on a crossing square (a ford on its south edge): not in the open', ford, {}, false],
    ['on a hill that counts as protected: not in the open', { hills: [{ squares: ['F6'] }] }, { hills: { banned: [], protected: true } }, false],
    ['on a hill the scenario does not protect: in the open', { hills: [{ squares: ['F6'] }] }, { hills: { banned: [], protected: false } }, true],
  ] as const)('10A %s', (_n, terrain, rules, offered) => {
    const s = gameOf(rows, { terrain: terrain as never, rules: rules as never });
    expect(isLegal(s, { type: 'move', unit: 'lc', to: 'F6', runOver: 'F6' })).toBe(offered);
  });
});

// ---- 11 R-run-over, the rest: a run-over is part of any move, a charge included; its square costs its usual step.

/**
 * Unit `id`'s listed moves that ride over someone, as 'F8 over F6' ('F7 charge over F5' for a charge), from the fast
 * core (legalActions) and from the readable movement module (moveListing); and whether the two whole listings agree.
 */
function runOvers(s: GameState, id: string): { core: string[]; readable: string[]; agree: boolean } {
  const words = (l: readonly Action[]) => l.flatMap((a) => (a.type === 'move' && a.unit === id && a.runOver ? [`${a.to}${a.charge ? ' charge' : ''} over ${String(a.runOver)}`] : [])).sort();
  const core = legalActions(s), readable = moveListing(s);
  const keys = (l: readonly Action[]) => l.map(actionKey).sort().join('\n');
  return { core: words(core), readable: words(readable), agree: keys(core) === keys(readable) };
}

describe('11 R-run-over: the run-over is part of a move, a charge included; the cavalry goes on with the rest of its move', () => {
  // Teutonic cavalry moving south (rows grow southwards); lone Russian javelin stands (javelinmen do not retire).
  const lc: UnitRow = ['t', 'lc', 'lightCavalry', 'F4', 'S'], k: UnitRow = ['t', 'k', 'knights', 'F3', 'S'];
  const j = (id: string, at: string, stands = 1): UnitRow => ['r', id, 'javelinmen', at, 'N', stands];
  test.each([
    ['run over and carry on: light cavalry (5) ride over F6 and end on it or up to three squares beyond',
      [lc, j('j', 'F6')], ['F6 over F6', 'F7 over F6', 'F8 over F6', 'F9 over F6'], ['F10 over F6']],
    ['the run-over square costs its usual step: knights (3) from F3 over F5 reach F6, not F7',
      [k, j('j', 'F5')], ['F5 over F5', 'F6 over F5'], ['F7 over F5']],
    ['a charge may ride over: knights charge over F5 into a melee at F7 (4 squares: a charge, not a move)',
      [k, j('j', 'F5'), ['r', 'm', 'mediumInfantry', 'F7', 'N']], ['F7 charge over F5', 'F6 over F5'], ['F7 over F5', 'F6 charge over F5']],
    ['one run-over a move: a second lone stand on the way is led against, not ridden over as well',
      [['t', 'lc', 'lightCavalry', 'F3', 'S'], j('j', 'F5'), j('j2', 'F7')], ['F7 over F5', 'F7 over F7', 'F6 over F5'], ['F8 over F5', 'F8 over F7']],
  ] as Array<[string, UnitRow[], string[], string[]]>)('10A %s', (_n, rows, offered, refused) => {
    const s = gameOf([...rows, ...KEEP]);
    const { core, readable, agree } = runOvers(s, rows[0]![1]);
    expect(agree).toBe(true);
    expect(core).toEqual(readable);
    for (const a of offered) expect(core).toContain(a);
    for (const a of refused) expect(core).not.toContain(a);
  });

  // Light cavalry on F4 against a target on F6 that may not be ridden over: no move rides over it, to F6 or beyond.
  const ford = { rivers: [{ edges: [['F6', 'F7']] }], crossings: [{ edge: ['F6', 'F7'], kind: 'ford' }] };
  const hills = { banned: [], protected: true };
  test.each([
    ['a protected square (woods)', [j('j', 'F6')], { protected: [{ at: 'F6', kind: 'woods' }] }, {}],
    ['a crossing square (a ford on its south edge)', [j('j', 'F6')], ford, {}],
    ['a protected hill', [j('j', 'F6')], { hills: [{ squares: ['F6'] }] }, { hills }],
    ['a square with a ballista', [['r', 'rb', 'ballista', 'F6', 'N'], ['r', 'rc', 'ballistarii', 'F6', 'N', 1]], {}, {}],
    ['a 2-stand unit', [j('j', 'F6', 2)], {}, {}],
    ['armored infantry (exempt)', [['r', 'a', 'armoredInfantry', 'F6', 'N', 1]], {}, {}],
  ] as Array<[string, UnitRow[], object, object]>)('10A not through %s: no move rides over F6, to it or beyond', (_n, rows, terrain, rules) => {
    const s = gameOf([lc, ...rows, ...KEEP], { terrain: terrain as never, rules: rules as never });
    const { core, readable, agree } = runOvers(s, 'lc');
    expect(agree).toBe(true);
    expect(readable).toEqual([]);
    expect(core).toEqual([]);
  });

  test('10A riding over and on: the stand is destroyed as the cavalry passes, the log says so, the route and trail are the path taken', () => {
    let s = gameOf([lc, j('j', 'F6'), ...KEEP]);
    expect(actionLabel(s, { type: 'move', side: 'teutonic', unit: 'lc', to: 'F8', runOver: 'F6' })).toBe('Move to F8, riding over F6 on the way');
    expect(actionLabel(s, { type: 'move', side: 'teutonic', unit: 'lc', to: 'F6', runOver: 'F6' })).toBe('Move to F6, riding over');
    s = act(s, { type: 'move', unit: 'lc', to: 'F8', runOver: 'F6' });
    expect(unit(s, 'j').status).toBe('destroyed');
    expect(unit(s, 'lc')).toMatchObject({ at: 'F8', trail: ['F7', 'F6'] });
    expect(s.melees).toEqual([]);
    const over = s.events.find((e) => e.kind === 'run-over')!, moved = s.events.find((e) => e.kind === 'move')!;
    expect(over).toMatchObject({ unit: 'lc', at: 'F6', to: 'F8', destroyed: ['j'] });
    expect(narrate(over)).toBe('lc rides over j at F6, destroying it, and on to F8.');
    expect(moved).toMatchObject({ from: 'F4', to: 'F8', route: ['F5', 'F6', 'F7'], against: [] });
  });

  test('10A a charge that rides over and leads beyond: the melee is at the square beyond, the charger counts as charging', () => {
    let s = gameOf([k, j('j', 'F5'), ['r', 'm', 'mediumInfantry', 'F7', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'k', to: 'F7', charge: true, runOver: 'F5' });
    expect(unit(s, 'j').status).toBe('destroyed');
    expect(unit(s, 'k')).toMatchObject({ at: 'F7', chargedTurn: 1, trail: ['F6', 'F5'] });
    expect(s.melees.map((m) => m.contact)).toEqual(['F7']);
  });

  test('10A a charge that rides over and ends beside a melee: the charger must then support it (no dead end)', () => {
    // Turcopoles lead a melee at H7; the knights charge over F5 to G7, beside it, and must support it before the move ends.
    let s = gameOf([k, j('j', 'F5'), ['t', 'tc', 'turcopoles', 'H5', 'S'], ['r', 'm', 'armoredInfantry', 'H7', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'tc', to: 'H7' });
    const { core } = runOvers(s, 'k');
    expect(core).toContain('G7 charge over F5');
    s = act(s, { type: 'move', unit: 'k', to: 'G7', charge: true, runOver: 'F5' });
    expect(unit(s, 'j').status).toBe('destroyed');
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    expect(isLegal(s, { type: 'support', unit: 'k', contact: 'H7' })).toBe(true);
    expect(legalActions(s).map(actionKey).sort()).toEqual(moveListing(s).map(actionKey).sort());
  });
});

describe('11 R-run-over: saved games and messages of the older rules (game format 3, message format 2)', () => {
  test('10A a version 2 saved game\'s run-over (`runOver: true`, its move\'s own square) is read as version 3, naming the square, and replays the same', () => {
    let s = gameOf([['t', 'lc', 'lightCavalry', 'F4', 'S'], ['r', 'j', 'javelinmen', 'F6', 'N', 1], ...KEEP]);
    s = act(s, { type: 'move', unit: 'lc', to: 'F6', runOver: 'F6' });
    const now = saveGame(s);
    expect(now.version).toBe(GAME_FORMAT_VERSION);
    const v2 = JSON.parse(JSON.stringify({ ...now, version: 2 })) as { actions: Array<Record<string, unknown>> };
    for (const a of v2.actions) if (a.runOver) a.runOver = true;
    // readGame checks the scenario's set-up rows: the game is read with a scenario whose units stand in them.
    const read = readGame({ ...v2, scenario: gameOf(KEEP).scenario });
    expect(read.ok ? '' : read.message).toBe('');
    if (!read.ok) return;
    expect(read.game.version).toBe(3);
    expect(read.game.actions).toEqual(now.actions);
    expect(migrateGame(v2)).toEqual(JSON.parse(JSON.stringify(now)));
    expect(unit(replayGame(migrateGame(v2) as SavedGame), 'j').status).toBe('destroyed');
    // Version 1 is refused as before, and so is a version 3 game that says `runOver: true`.
    expect(readGame({ ...v2, scenario: gameOf(KEEP).scenario, version: 1 })).toMatchObject({ ok: false, message: expect.stringMatching(/older rules.*version 1/) as unknown as string });
    expect(readGame({ ...v2, scenario: gameOf(KEEP).scenario, version: 3 }).ok).toBe(false);
  });

  test('10A a game message of format version 1 (a peer on the older rules) is refused by its version, naming both', () => {
    const r = readMessage({ format: 'nevsky-message', version: 1, game: 'AAAAAAAAAAAAAAAAAAAAAA', n: 2, from: 'russian', commit: 'x', actions: [{ type: 'move', side: 'russian', unit: 'k', to: 'F6', runOver: true }] });
    expect(r).toEqual({ ok: false, reason: 'This game message comes from an older version of the program, playing older rules: it is message format version 1, and this program reads version 2 (run-overs are now part of any move). Both players need the same version of the program.' });
    expect(MESSAGE_VERSION).toBe(2);
  });
});

describe('7 charges: a charge may end beside an enemy another unit of its side attacks later in the move', () => {
  // Teutonic knights k on F2 facing south, a Russian levy unit on F7: a charge to F6 (4 squares: a charge, never a
  // plain move) ends straight in front of it with no melee there yet.
  const CHARGE: UnitRow[] = [['t', 'k', 'knights', 'F2', 'S'], ['r', 'e', 'levyInfantry', 'F7', 'N'], ...KEEP];
  const LEADER: UnitRow = ['t', 'k2', 'knights', 'H3', 'S']; // reaches F7 by a charge of 5
  const charge = (unit: string, to: string) => ({ type: 'move' as const, unit, to, charge: true });

  /** The core's listing (legalActions) and the readable module's (src/rules/movement.ts moveListing) are the same. */
  const agree = (s: GameState) => expect(legalActions(s).map(actionKey).sort()).toEqual(moveListing(s).map(actionKey).sort());

  test.each([
    ['another unmoved knight can still lead at F7: offered', [LEADER], [], true],
    ['no other unit can reach F7 (only the charger itself could lead there): not offered', [], [], false],
    ['only medium infantry could lead at F7, and knights back only melees with cavalry in them: not offered', [['t', 'm', 'mediumInfantry', 'F5', 'S']], [], false],
    ['the knight that could have led at F7 has moved already: not offered', [LEADER], [{ type: 'move', unit: 'k2', to: 'I4' }], false],
  ] as const)('6G %s', (_n, extra, before, offered) => {
    let s = gameOf([...CHARGE, ...(extra as unknown as UnitRow[])]);
    for (const a of before) s = act(s, a);
    expect(isLegal(s, charge('k', 'F6'))).toBe(offered);
    agree(s);
  });

  test('6G a lone commander (supporting in any direction) may wait at a corner of the enemy for infantry to lead', () => {
    const s = gameOf([['t', 'c', 'commander', 'F2', 'S'], ['t', 'm', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'levyInfantry', 'F7', 'N'], ...KEEP]);
    expect(isLegal(s, charge('c', 'E6'))).toBe(true);
    agree(s);
  });

  test('6G after the charge the leader may not go elsewhere; once it leads, the charger supports and the move may end', () => {
    let s = gameOf([...CHARGE, LEADER]);
    s = act(s, charge('k', 'F6'));
    agree(s);
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'k2', to: 'I4' })).toBe(false); // the charger could then never fight
    expect(isLegal(s, { type: 'move', unit: 't-keep', to: 'A2' })).toBe(true); // a unit that could never lead at F7 moves freely
    expect(isLegal(s, charge('k2', 'F7'))).toBe(true);
    s = act(s, charge('k2', 'F7'));
    agree(s);
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    expect(isLegal(s, { type: 'support', unit: 'k', contact: 'F7' })).toBe(true);
    s = act(s, { type: 'support', unit: 'k', contact: 'F7' });
    agree(s);
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test('6G two chargers may wait on the same single leader at the same enemy square', () => {
    let s = gameOf([...CHARGE, LEADER, ['t', 'k3', 'knights', 'E3', 'S']]);
    s = act(s, charge('k', 'F6'));
    expect(isLegal(s, charge('k3', 'E7'))).toBe(true); // beside F7 on its west: both back the one melee k2 leads there
    agree(s);
    s = act(s, charge('k3', 'E7'));
    agree(s);
    expect(isLegal(s, { type: 'move', unit: 'k2', to: 'I4' })).toBe(false);
    s = act(s, charge('k2', 'F7'));
    s = act(s, { type: 'support', unit: 'k', contact: 'F7' });
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    s = act(s, { type: 'support', unit: 'k3', contact: 'F7' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
    agree(s);
  });

  test('6G two chargers may not wait on one leader at two enemy squares: it can lead only one of the melees', () => {
    let s = gameOf([['t', 'k', 'knights', 'F2', 'S'], ['t', 'k3', 'knights', 'J2', 'S'], LEADER,
      ['r', 'e', 'levyInfantry', 'F7', 'N'], ['r', 'e2', 'levyInfantry', 'J7', 'N'], ...KEEP]);
    expect(isLegal(s, charge('k', 'F6'))).toBe(true);
    expect(isLegal(s, charge('k3', 'J6'))).toBe(true);
    agree(s);
    s = act(s, charge('k', 'F6'));
    expect(isLegal(s, charge('k3', 'J6'))).toBe(false);
    agree(s);
  });

  test('6G/6J one unit cannot both back a lone missile stand and lead the melee a charger waits for (R-missile-lead)', () => {
    // Medium infantry on H6 could back the crossbow stand's melee at F6 (from G6) or lead at I7, not both.
    let s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['t', 'c', 'commander', 'J2', 'S'], ['t', 'm', 'mediumInfantry', 'H6', 'S'],
      ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'e2', 'levyInfantry', 'I7', 'N'], ...KEEP]);
    expect(isLegal(s, charge('c', 'I6'))).toBe(true);
    agree(s);
    s = act(s, { type: 'move', unit: 'x', to: 'F6' });
    expect(isLegal(s, charge('c', 'I6'))).toBe(false);
    agree(s);
  });
});
