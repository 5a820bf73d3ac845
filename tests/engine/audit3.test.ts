/**
 * The third audit's divergences (issue 42 item 1), one table of cases per clause, each named by the digest section
 * it checks. Each of these failed before its fix.
 */
import { describe, expect, test } from 'vitest';
import { createGame, gamePoints, legalActions, narrate, type GameState, type Mdi } from '../../src/rules';
import type { EndEvent, GameEvent, LossEvent, MoveEvent, RetireEvent } from '../../src/rules/events';
import { retirementEnd } from '../../src/rules/retirement';
import { act, gameOf, isLegal, scenarioOf, unit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 't-keep', 'armoredInfantry', 'A1', 'S'], ['r', 'r-keep', 'armoredInfantry', 'L12', 'N']];

/**
 * Both MDI picks, then the first legal choice (ending facing changes at once) until the melee phase is over; every
 * event on the way is added to `log` (a state keeps only its last action's events).
 */
function resolve(s: GameState, a: Mdi, d: Mdi, log: GameEvent[] = []): GameState {
  s = act(s, { type: 'mdi', mdi: a });
  log.push(...s.events);
  s = act(s, { type: 'mdi', mdi: d });
  log.push(...s.events);
  while (s.phase === 'melee') {
    const legal = legalActions(s);
    s = act(s, (legal.find((x) => x.type === 'endFacing') ?? legal[0]!) as never);
    log.push(...s.events);
  }
  return s;
}

describe('10 a support holds as declared: the melee being resolved has had its support (R-support-holds)', () => {
  // F6: Teutonic armored infantry (6) supported from G6 (6) lead against Russian armored infantry (6) with its lone
  // commander on F7 supporting from behind (2). Line against line: both lose 4, 8 against 4, the Russians retreat south. Teutons stand round F7 (E7, G7, E8, G8), so the Russians' only way back is through F7.
  const ring: UnitRow[] = [['t', 'a', 'armoredInfantry', 'F5', 'S'], ['t', 's', 'armoredInfantry', 'G6', 'W'],
    ['t', 'b1', 'armoredInfantry', 'E6', 'E'], ['t', 'b2', 'armoredInfantry', 'E7', 'E'], ['t', 'b3', 'armoredInfantry', 'G7', 'W'],
    ['t', 'b4', 'armoredInfantry', 'E8', 'N'], ['t', 'b5', 'armoredInfantry', 'G8', 'N'],
    ['r', 'e', 'armoredInfantry', 'F6', 'N'], ['r', 'rc', 'commander', 'F7', 'N'], ...KEEP];
  test.each([
    ['F8 enemy: it stops beside, joining the commander that supported it (was: destroyed)', [['t', 'b6', 'armoredInfantry', 'F8', 'N']], 'F7'],
    ['F8 a friend it may not join: it stops 1 away with the commander (was: sent on through friends to F9)', [['r', 'f', 'mediumInfantry', 'F8', 'N']], 'F7'],
  ] as Array<[string, UnitRow[], string]>)('9L the losing unit on F6, its lone supporting commander on F7: %s', (_n, extra, at) => {
    let s = gameOf([...ring, ...extra]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'support', unit: 's', contact: 'F6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'support', unit: 'rc', contact: 'F6' });
    s = act(s, { type: 'endSupport' });
    s = resolve(s, 'line', 'line');
    expect(unit(s, 'e')).toMatchObject({ status: 'active', at });
  });
});

describe('7 road bonus: a move that ends off the board ends on no road square (R-road-step, R-exit)', () => {
  // A road along row 5 from the west edge (A5) to F5. Medium infantry move 2, 3 all on a road; the step off costs 1.
  const terrain = { roads: [{ path: ['A5', 'F5'] }] };
  test.each([
    ['from B5: B5-A5 and off is 2, within its move', 'B5', true],
    ['from C5: C5-B5-A5 and off is 3, within 3 only with a road bonus it does not get (was: offered)', 'C5', false],
  ])('6B, 10E medium infantry %s', (_n, at, offered) => {
    const s = gameOf([['t', 'a', 'mediumInfantry', at, 'W'], ...KEEP], { terrain });
    expect(isLegal(s, { type: 'move', unit: 'a', to: 'off' })).toBe(offered);
  });

  test.each([
    ['on F10: F11, F12 (2) on the road, off would need a road bonus: it stops on F12 (was: off the board)', 'F10', 'F12', 'active'],
    ['on F11: F12 and off is 2, within its move', 'F11', null, 'off'],
  ])('10B a retiring 1-stand medium infantry on a road to its own edge %s', (_n, at, end, status) => {
    const road = { roads: [{ path: ['F8', 'F12'] }] };
    const s = gameOf([['t', 'a', 'armoredInfantry', 'B3', 'S'], ['r', 'm', 'mediumInfantry', at, 'S', 1], ...KEEP], { terrain: road });
    expect(unit(s, 'm')).toMatchObject({ at: end, status });
    expect(retirementEnd(s, { ...unit(s, 'm'), at })).toBe(end ?? 'off');
  });
});

describe('4 hidden set-up: each ballista starts with its own two crew stands (R-ballista-deploy)', () => {
  const placed: UnitRow[] = [['r', 'r-a', 'armoredInfantry', 'F11', 'N'], ['r', 'r-b', 'armoredInfantry', 'G11', 'N']];
  const crews: UnitRow[] = [['t', 'c1', 'ballistarii', null], ['t', 'c2', 'ballistarii', null]];
  const engines: UnitRow[] = [['t', 'b1', 'ballista', null], ['t', 'b2', 'ballista', null]];
  test.each([
    ['crews listed first (was: the second crew offered the first crew\'s square, a ballista left without a crew)', [...crews, ...engines]],
    ['ballistas listed first', [...engines, ...crews]],
    ['one of each, twice', [crews[0]!, engines[0]!, crews[1]!, engines[1]!]],
  ] as Array<[string, UnitRow[]]>)('4 two ballistas and two 2-stand crews, %s: every placement taken first', (_n, rows) => {
    let s = createGame(scenarioOf([['t', 't-a', 'armoredInfantry', 'F2', 'S'], ...rows, ...placed]), { seed: 1 });
    while (s.phase === 'deploy') {
      const legal = legalActions(s).filter((a) => a.type === 'deploy');
      // No crew placement joins a crew whose ballista is still to come.
      for (const a of legal) {
        if (a.type !== 'deploy' || unit(s, a.unit).type !== 'ballistarii') continue;
        const waiting = s.units.filter((u) => u.side === 'teutonic' && u.type === 'ballista' && u.at === null).length;
        const crewSquares = new Set(s.units.filter((u) => u.type === 'ballistarii' && u.at !== null && !s.units.some((b) => b.type === 'ballista' && b.at === u.at)).map((u) => u.at));
        if (waiting > crewSquares.size) expect(crewSquares.has(a.at)).toBe(false);
      }
      s = act(s, legal[0]! as never);
    }
    for (const b of ['b1', 'b2']) {
      const at = unit(s, b).at;
      expect(at).not.toBeNull();
      expect(s.units.filter((u) => u.type === 'ballistarii' && u.at === at).reduce((n, u) => n + u.stands, 0)).toBe(2);
    }
  });
});

describe('Words: the log says what happened (narrate)', () => {
  test('7 a move\'s narrated route lists every square it passed (was: only the last two)', () => {
    // Light cavalry moves 5: F2 to F7 straight south.
    let s = gameOf([['t', 'lc', 'lightCavalry', 'F2', 'S'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'lc', to: 'F7' });
    const e = s.events.findLast((x): x is MoveEvent => x.kind === 'move')!;
    expect(e.route).toEqual(['F3', 'F4', 'F5', 'F6']);
    expect(narrate(e)).toBe('lc moves from F2 to F7 by way of F3, F4, F5 and F6.');
  });

  test('7 a charge skirting a wood narrates its own path, whose last two squares are the trail kept for its retreat', () => {
    // Knights on F2 charge F6 (levy there); the wood on F4 is skirted in 5: F3, then three more squares round it.
    let s = gameOf([['t', 'k', 'knights', 'F2', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP], { terrain: { protected: [{ at: 'F4', kind: 'woods' }] } });
    s = act(s, { type: 'move', unit: 'k', to: 'F6', charge: true });
    const e = s.events.findLast((x): x is MoveEvent => x.kind === 'move')!;
    expect(e.route).toHaveLength(3);
    expect(e.route[0]).toBe('F3');
    expect(e.route).not.toContain('F4');
    expect(unit(s, 'k').trail).toEqual([e.route[2], e.route[1]]);
  });

  test('10 the first odd fraction under the ledger option is narrated as rolled (R-ledger)', () => {
    // Armored infantry (6) against medium infantry (4), line against line: both lose 2. The Teutons owe 1/3 of an
    // armored stand after one whole stand: the game's first odd fraction, rolled for.
    let s = gameOf([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { rules: { fractions: 'ledger' } });
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'endSupport' });
    const log: GameEvent[] = [];
    s = resolve(s, 'line', 'line', log);
    const odd = log.filter((x): x is LossEvent => x.kind === 'loss' && x.fraction !== undefined);
    expect(odd).toHaveLength(1);
    expect(odd[0]!.settledBy).toBe('roll');
    expect(narrate(odd[0]!)).toMatch(/by a roll/);
    expect(s.ledger).not.toBeNull();
  });

  test('10, 11 final points include the stronger side\'s own loss when the three-times rule ends the game (R-end)', () => {
    // Armored infantry (6) against the Russians' last unit, medium infantry (3 stands, 3), line against line: both
    // lose 1 1/2; 4 1/2 against 1 1/2 is three times: the Russians are destroyed, the Teutons lose one armored stand.
    let s = gameOf([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['t', 't-keep', 'armoredInfantry', 'A1', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N', 3]]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'endSupport' });
    const log: GameEvent[] = [];
    s = resolve(s, 'line', 'line', log);
    expect(s.phase).toBe('over');
    expect(unit(s, 'a').stands).toBe(3);
    const end = log.findLast((x): x is EndEvent => x.kind === 'end')!;
    expect(end.points.teutonic).toBe(3 * 4 + 4 * 4);
    expect(end.points).toEqual(gamePoints(s));
  });

  test('11 a retiring unit with nowhere nearer its edge to go is narrated as staying (R-retire)', () => {
    // A Russian 1-stand medium infantry on F10 retires south: Teutons hold E11, F11 and G11.
    const s = gameOf([['t', 'a', 'armoredInfantry', 'E11', 'N'], ['t', 'b', 'armoredInfantry', 'F11', 'N'], ['t', 'c', 'armoredInfantry', 'G11', 'N'],
      ['r', 'm', 'mediumInfantry', 'F10', 'S', 1], ...KEEP]);
    const e = s.events.find((x): x is RetireEvent => x.kind === 'retire' && x.unit === 'm')!;
    expect(e.to).toBe('F10');
    expect(unit(s, 'm').at).toBe('F10');
    expect(narrate(e)).toBe('m has nowhere nearer its own edge to retire to and stays at F10.');
  });
});
