/**
 * The digest's readings settled in issue 26, one table of cases per clause, each named by the section it checks:
 * what the engine allows and what it refuses.
 */
import { describe, expect, test } from 'vitest';
import { createGame, gamePoints, legalActions, meleeLosses, meleeValues, reachableSquares, viewFor, type GameState } from '../../src/rules';
import { meleePreview } from '../../src/play/odds';
import { act, resolve, dice, gameOf, isLegal, scenarioOf, unit, withUnit, type UnitRow } from './helpers';

const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];

/** Lead into `contact` with unit `a`, declare the supports, end the move and the defender's supports. */
function fight(rows: UnitRow[], opts: { contact?: string; attackerSupports?: string[]; defenderSupports?: string[]; charge?: boolean } = {}): GameState {
  const contact = opts.contact ?? 'F6';
  let s = gameOf(rows);
  s = act(s, { type: 'move', unit: 'a', to: contact, ...(opts.charge ? { charge: true } : {}) });
  for (const u of opts.attackerSupports ?? []) s = act(s, { type: 'support', unit: u, contact });
  s = act(s, { type: 'endMove' });
  for (const u of opts.defenderSupports ?? []) s = act(s, { type: 'support', unit: u, contact });
  return act(s, { type: 'endSupport' });
}


/** Fight the melee at `contact` first, both sides in line, taking the first legal choice (ending facing changes at once) until it is over. */
function fightOne(state: GameState, contact: string): GameState {
  let s = act(state, { type: 'fight', contact });
  s = act(s, { type: 'mdi', mdi: 'line' });
  s = act(s, { type: 'mdi', mdi: 'line' });
  while (!s.melees.find((m) => m.contact === contact)!.fought) {
    const legal = legalActions(s);
    s = act(s, (legal.find((x) => x.type === 'endFacing') ?? legal[0]!) as never);
  }
  return s;
}

describe('7 road steps (R-road-step)', () => {
  // A road from D5 east to F5, then south to F8: a bend at F5.
  const terrain = { roads: [{ path: ['D5', 'F5', 'F8'] }] };
  test.each([
    ['along the road round the bend (E5-F5-F6: 2, within 1 1/2 + 1)', 'F6', true],
    ['cutting the bend diagonally (E5-F6-F7: 2 1/2) gives no road bonus', 'F7', false],
    ['off the road entirely (E5-E6: 1, within 1 1/2)', 'E6', true],
  ])('6B armored infantry on E5: %s -> %s', (_n, to, reachable) => {
    const s = gameOf([['t', 'a', 'armoredInfantry', 'E5', 'S'], ...KEEP], { terrain });
    expect(to in reachableSquares(s, 'a')).toBe(reachable);
  });

  test('6B a road step is the next square of the same run: a side step between two parallel roads is not', () => {
    // Two roads side by side (rows 5 and 6). Medium infantry (2, or 3 all on the road) on E5 reaches H5 along its own
    // road, but not G6: E5-E6-F6-G6 is 3 over road squares, and its first step crosses from one road to the other.
    const parallel = { roads: [{ path: ['A5', 'L5'] }, { path: ['A6', 'L6'] }] };
    const s = gameOf([['t', 'a', 'mediumInfantry', 'E5', 'S'], ...KEEP], { terrain: parallel });
    const r = reachableSquares(s, 'a');
    expect(r.H5).toBe(3);
    expect('G6' in r).toBe(false);
  });
});

describe('10 defending cavalry supports foot only from directly beside (R-cavalry-support)', () => {
  test.each([
    ['facing N, the contact square to its right', 'N', true],
    ['facing S, the contact square to its left', 'S', true],
    ['facing E, the contact square straight ahead', 'E', false],
    ['facing NE, the contact square 45 degrees off', 'NE', false],
  ] as const)('9E light cavalry on E6 %s -> %s', (_n, facing, ok) => {
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'lc', 'lightCavalry', 'E6', facing], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    expect(isLegal(s, { type: 'support', unit: 'lc', contact: 'F6' })).toBe(ok);
  });

  test.each([
    ['a lone commander is not foot: supported from the corner as cavalry is', 'commander', true],
    ['foot: not from the corner', 'mediumInfantry', false],
  ] as const)('9E light cavalry on E7 facing N backing a %s in F6 -> %s', (_n, type, ok) => {
    let s = gameOf([['t', 'a', 'knights', 'F4', 'S'], ['r', 'e', type, 'F6', 'N'], ['r', 'lc', 'lightCavalry', 'E7', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'endMove' });
    expect(isLegal(s, { type: 'support', unit: 'lc', contact: 'F6' })).toBe(ok);
  });
});

describe('10 who retreats and who is destroyed (R-who-retreats)', () => {
  test('9I-9O the losing side\'s declared supporter retreats too, from its own square, and is marked', () => {
    // Armored infantry (6) against levy (2) backed by levy on E6 (2): line against line, both lose 2. The levy in
    // F6 is gone; 4 against 2, the Russians are weaker and retreat, the supporter from E6 towards its own edge.
    const s = resolve(fight([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'sup', 'levyInfantry', 'E6', 'N'], ...KEEP],
      { defenderSupports: ['sup'] }), 'line', 'line');
    expect(unit(s, 'e').status).toBe('destroyed');
    expect(unit(s, 'sup')).toMatchObject({ at: 'E8', status: 'active', retreatedTurn: 1 });
  });

  test('9I the winning side\'s supporters stay where they are', () => {
    // Medium infantry backed by medium infantry (8) against armored infantry (6): both lose 3, 5 against 3.
    const s = resolve(fight([['t', 'a', 'mediumInfantry', 'F5', 'S'], ['t', 'ts', 'mediumInfantry', 'E6', 'S'], ['r', 'e', 'armoredInfantry', 'F6', 'N'], ...KEEP],
      { attackerSupports: ['ts'] }), 'line', 'line');
    expect(unit(s, 'ts')).toMatchObject({ at: 'E6', retreatedTurn: null });
    expect(unit(s, 'e').at).toBe('F8');
  });

  test('9I three-times rule: the weaker side\'s supporters are destroyed with its contact-square units', () => {
    // Charging knights (8) against levy (2) backed by levy (2): column beats flanking, the Russians lose 4 and have
    // nothing left: both levies are destroyed, the supporter too.
    const s = resolve(fight([['t', 'a', 'knights', 'F4', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'sup', 'levyInfantry', 'E6', 'N'], ...KEEP],
      { charge: true, defenderSupports: ['sup'] }), 'column', 'flanking');
    expect(unit(s, 'e').status).toBe('destroyed');
    expect(unit(s, 'sup').status).toBe('destroyed');
  });

  test.each([
    [0.5, 4, 0.5], [1, 4, 1], [3, 6, 2], [0.5, 0.25, 0.25],
  ])('9H small superior (R-small-superior): a superior worth %s against %s inflicts %s', (superior, inferior, loss) => {
    expect(meleeLosses({ value: superior, mdi: 'column' }, { value: inferior, mdi: 'flanking' }).b.loss).toBe(loss);
  });
});

describe('11 retirements come after the last melee of the turn (R-melee-step)', () => {
  test('10B a unit left at one stand by the first melee retires only once the second melee is fought', () => {
    // F6: medium infantry (2 stands) against levy (4 stands): line against line, equal, both lose half their own,
    // the medium infantry is left with one stand and both retreat. I6 is fought after.
    let s = gameOf([['t', 'a', 'mediumInfantry', 'F5', 'S', 2], ['t', 'b', 'mediumInfantry', 'I5', 'S'],
      ['r', 'e', 'levyInfantry', 'F6', 'N'], ['r', 'f', 'mediumInfantry', 'I6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'move', unit: 'b', to: 'I6' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'endSupport' });
    s = fightOne(s, 'F6');
    expect(s.phase).toBe('melee');
    expect(unit(s, 'a')).toMatchObject({ stands: 1, retiring: false, status: 'active' });
    s = resolve(s, 'line', 'line');
    expect(unit(s, 'a').retiring || unit(s, 'a').status === 'off').toBe(true);
  });
});

describe('11 who scores a ballista (R-ballista-score)', () => {
  const rows: UnitRow[] = [['t', 'a', 'armoredInfantry', 'F3', 'S'], ['r', 'rb', 'ballista', 'F10', 'N'], ['r', 'crew', 'ballistarii', 'F10', 'N'], ['r', 'b', 'armoredInfantry', 'H10', 'N']];
  test.each([
    ['its own side while it controls it', 'russian', { teutonic: 16, russian: 16 + 4 + 8 }],
    ['its captor', 'teutonic', { teutonic: 16 + 8, russian: 16 + 4 }],
    ['nobody when abandoned', null, { teutonic: 16, russian: 16 + 4 }],
  ] as const)('10G a ballista scores for %s', (_n, controller, points) => {
    const s = withUnit(gameOf(rows), 'rb', { controller });
    expect(gamePoints(s)).toEqual(points);
  });
});

describe('4 hidden set-up (R-hidden-setup)', () => {
  test('4 the other side sees nothing of a placement, its facing included', () => {
    let s = createGame(scenarioOf([['t', 'a', 'mediumInfantry', null], ['r', 'b', 'mediumInfantry', null]]), { seed: 1 });
    expect(s.phase).toBe('deploy');
    const mine = legalActions(s).find((x) => x.type === 'deploy' && x.facing === 'E');
    expect(mine).toBeDefined();
    const before = viewFor(s, 'russian').units.find((u) => u.id === 'a');
    s = act(s, mine as never);
    const seen = viewFor(s, 'russian').units.find((u) => u.id === 'a');
    expect(seen).toEqual(before);
    expect(viewFor(s, 'teutonic').units.find((u) => u.id === 'a')!.facing).toBe('E');
  });
});

describe('10 the play view\'s melee preview is the engine\'s melee value', () => {
  test('9F a melee in the middle of a road is previewed with the road\'s -1, as it is fought', () => {
    // The road runs F5-F8 as listed points F5 and F8: F6 is a road square though not a listed point.
    const terrain = { roads: [{ path: ['F5', 'F8'] }] };
    let s = gameOf([['t', 'a', 'knights', 'F4', 'S'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP], { terrain });
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    const preview = meleePreview(s, s.melees[0]!);
    const engine = meleeValues(s, 'F6');
    expect(preview.find((p) => p.side === 'teutonic')!.value).toBe(3);
    expect(engine[0]).toMatchObject({ side: 'teutonic', value: 3, modifiers: [{ reason: 'road', delta: -1 }] });
    expect(preview.find((p) => p.side === 'teutonic')!.parts.some((x) => x.includes('road'))).toBe(true);
  });
});

describe('8 a stray ballista shot outside the cone (R-ballista-stray)', () => {
  // A ballista on F2 facing S aims at I5, on the edge of its cone; a 6 misses the aim and the d8 sends the shot E to
  // J5 (outside the cone) or S to I6 (inside it).
  test.each([
    ['outside the cone: enemy troops there are safe', 3, 'J5', 'r', 4],
    ['outside the cone: the shooter\'s own troops there are hit', 3, 'J5', 't', 3],
    ['inside the cone: enemy troops there are hit', 5, 'I6', 'r', 3],
  ] as const)('7C %s', (_n, d8, at, side, left) => {
    let s = gameOf([['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], [side, 'x', 'mediumInfantry', at, 'N'], ...KEEP], { phase: 'ballista' });
    s = dice(s, [6, d8]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'I5' });
    expect(unit(s, 'x').stands).toBe(left);
  });
});

describe('4 set-up of a ballista and its crew', () => {
  const crewSquares = (rows: UnitRow[], terrain = {}) => {
    const s = createGame(scenarioOf(rows, terrain), { seed: 1 });
    return new Set(legalActions(s).filter((a) => a.type === 'deploy' && a.unit === 'crew').map((a) => (a as { at: string }).at));
  };
  test.each([
    ['a crew whose ballista still waits is never placed where the ballista may not stand (woods)', true, false],
    ['a crew with no ballista waiting may stand in woods', false, true],
  ])('4 %s', (_n, withBallista, inWoods) => {
    const rows: UnitRow[] = [['t', 'crew', 'ballistarii', null], ...(withBallista ? [['t', 'bal', 'ballista', null] as UnitRow] : []), ['r', 'x', 'mediumInfantry', null]];
    const squares = crewSquares(rows, { protected: [{ at: 'F2' }] });
    expect(squares.has('F2')).toBe(inWoods);
    expect(squares.has('E2')).toBe(true);
  });

  test('4 a 2-stand ballistarii unit splits as knights do, and the two join again', () => {
    let s = gameOf([['t', 'crew', 'ballistarii', 'F3', 'S'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'crew', to: 'F4', split: true })).toBe(true);
    s = act(s, { type: 'move', unit: 'crew', to: 'F4', split: true });
    expect(unit(s, 'crew')).toMatchObject({ at: 'F3', stands: 1 });
    expect(unit(s, 'crew~2')).toMatchObject({ at: 'F4', stands: 1 });
    expect(isLegal(s, { type: 'move', unit: 'crew', to: 'F4' })).toBe(true);
  });
});

describe('7 leaving the board of one\'s own accord (R-exit)', () => {
  test.each([
    ['armored infantry on the edge (A5): the step off costs 1 of its 1 1/2', 'A5', true],
    ['armored infantry one square in (B5): 1 to the edge and 1 off is more than 1 1/2', 'B5', false],
    ['armored infantry on a corner (A12): any edge of the board will do', 'A12', true],
  ])('10E %s -> %s', (_n, at, ok) => {
    const s = gameOf([['t', 'a', 'armoredInfantry', at, 'S'], ['t', 'keep-t', 'armoredInfantry', 'F1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']]);
    expect(isLegal(s, { type: 'move', unit: 'a', to: 'off' })).toBe(ok);
  });

  test('10E a unit that leaves never returns and counts half; the ballista it carries goes with it', () => {
    let s = gameOf([['t', 'crew', 'ballistarii', 'A5', 'S'], ['t', 'bal', 'ballista', 'A5', 'S'], ...KEEP]);
    const before = gamePoints(s).teutonic!;
    expect(isLegal(s, { type: 'move', unit: 'crew', to: 'off', carry: true })).toBe(true);
    s = act(s, { type: 'move', unit: 'crew', to: 'off', carry: true });
    expect(unit(s, 'crew')).toMatchObject({ status: 'off', at: null });
    expect(unit(s, 'bal')).toMatchObject({ status: 'off', at: null });
    expect(gamePoints(s).teutonic).toBe(before - (2 * 2 + 8) / 2);
    expect(legalActions(s).some((a) => 'unit' in a && a.unit === 'crew')).toBe(false);
  });
});

describe('10 a declared support holds as declared (R-support-holds)', () => {
  // A lone commander on E7 supports the melee at F6 from its corner (support type 4: any direction). Medium infantry
  // (support type 1: never from a corner) may not join it there; light cavalry (type 2) may.
  test.each([
    ['medium infantry may not join it: it could not support from the corner', 'mediumInfantry', 'D7', false],
    ['light cavalry may (type 2 supports from a corner, cavalry leads in F6)', 'lightCavalry', 'D7', true],
  ] as const)('9E a lone commander supporting from a corner: %s', (_n, type, from, ok) => {
    let s = gameOf([['t', 'a', 'knights', 'F4', 'S'], ['t', 'cmd', 'commander', 'E7', 'N'], ['t', 'j', type, from, 'E'], ['r', 'e', 'mediumInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'support', unit: 'cmd', contact: 'F6' });
    expect(isLegal(s, { type: 'move', unit: 'j', to: 'E7' })).toBe(ok);
    expect(isLegal(s, { type: 'move', unit: 'j', to: 'D6' })).toBe(true);
  });
});

// 9F converging fire and who opens fire at a square: tests/engine/fire-order.test.ts (R-fire-order replaced the declared volley).

describe('8 a shot landing on troops and a ballista together (R-stand-or-engine)', () => {
  // A Teutonic ballista on F2 hits F6, where a Russian ballista stands with its crew (2 stands).
  const rows: UnitRow[] = [['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'rb', 'ballista', 'F6', 'N'], ['r', 'rc', 'ballistarii', 'F6', 'N'], ...KEEP];
  test.each([
    ['a stand: certain, the ballista untouched', 'rc', [], 1, 'active'],
    ['the ballista, a 6: wrecked, and a stand with it', 'rb', [6], 1, 'destroyed'],
    ['the ballista, a 5: nothing', 'rb', [5], 2, 'active'],
  ] as const)('7G the shooter chooses %s', (_n, pick, roll, crewLeft, ballista) => {
    let s = gameOf(rows, { phase: 'ballista' });
    s = dice(s, [1]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    // The Russian ballista shoots too (simultaneous fire): it holds.
    if (s.toAct === 'russian') s = act(s, { type: 'ballistaHold', unit: 'rb' });
    const options = legalActions(s).filter((a) => a.type === 'ballistaLoss').map((a) => (a as { unit: string }).unit);
    expect(options).toEqual(['rc', 'rb']);
    s = dice(s, [...roll]);
    s = act(s, { type: 'ballistaLoss', unit: pick });
    expect(unit(s, 'rc').stands).toBe(crewLeft);
    expect(unit(s, 'rb').status).toBe(ballista);
  });
});

describe('10 a declared support holds through retreats (R-support-holds)', () => {
  test('9L a retreat does not end joining a lone commander that supports a melee still to be fought: it goes round', () => {
    // F6: armored infantry against medium infantry, line against line: the Russians retreat south from F6. Their lone
    // commander on F8 supports the melee at G9 from its corner, so straight back would stop short on F7 (1 away): the
    // full routes 45 degrees round (E8, G8, 2 away) rank first (R-retreat).
    let s = gameOf([['t', 'a', 'armoredInfantry', 'F5', 'S'], ['t', 'b', 'mediumInfantry', 'G8', 'S'],
      ['r', 'e', 'mediumInfantry', 'F6', 'N'], ['r', 'f', 'mediumInfantry', 'G9', 'N'], ['r', 'rc', 'commander', 'F8', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'a', to: 'F6' });
    s = act(s, { type: 'move', unit: 'b', to: 'G9' });
    s = act(s, { type: 'endMove' });
    s = act(s, { type: 'support', unit: 'rc', contact: 'G9' });
    s = act(s, { type: 'endSupport' });
    s = fightOne(s, 'F6');
    expect(['E8', 'G8']).toContain(unit(s, 'e').at);
    expect(unit(s, 'rc').at).toBe('F8');
  });
});

describe('7 a lone missile stand may lead first and be backed later in the move (R-missile-lead)', () => {
  test('6J the commander follows it in: until then the move may not end', () => {
    let s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['t', 'cmd', 'commander', 'F4', 'S'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'cmd', to: 'C4' })).toBe(true);
    s = act(s, { type: 'move', unit: 'x', to: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'cmd', to: 'C4' })).toBe(false); // would leave the stand unbacked for good
    s = act(s, { type: 'move', unit: 'cmd', to: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test('6J a supporter moves beside it and declares: moves that could never back it are not offered', () => {
    let s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['t', 's', 'mediumInfantry', 'D6', 'E'], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    s = act(s, { type: 'move', unit: 'x', to: 'F6' });
    expect(isLegal(s, { type: 'move', unit: 's', to: 'D4' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 's', to: 'E7' })).toBe(false); // a corner: type 1 never supports from one
    expect(isLegal(s, { type: 'move', unit: 's', to: 'E6' })).toBe(true);
    s = act(s, { type: 'move', unit: 's', to: 'E6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    s = act(s, { type: 'support', unit: 's', contact: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test('6J two stands waiting for backing cannot share one backer: a second lead only the same commander could back is not offered', () => {
    let s = gameOf([['t', 'x1', 'crossbowmen', 'F5', 'S', 1], ['t', 'x2', 'crossbowmen', 'H5', 'S', 1], ['t', 'cmd', 'commander', 'G4', 'S'],
      ['r', 'e1', 'levyInfantry', 'F6', 'N'], ['r', 'e2', 'levyInfantry', 'H6', 'N'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'x2', to: 'H6' })).toBe(true);
    s = act(s, { type: 'move', unit: 'x1', to: 'F6' });
    expect(isLegal(s, { type: 'move', unit: 'x2', to: 'H6' })).toBe(false); // the move could then never end
    expect(isLegal(s, { type: 'endMove' })).toBe(false);
    s = act(s, { type: 'move', unit: 'cmd', to: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test('6J a lead that names its supporter uses that unit up: not offered when it is the only backer of a stand already waiting', () => {
    // x1 will wait at F6 with the commander as its only backer; x2 may lead at H6 naming the commander or the infantry.
    let s = gameOf([['t', 'x1', 'crossbowmen', 'F5', 'S', 1], ['t', 'x2', 'crossbowmen', 'H5', 'S', 1], ['t', 'cmd', 'commander', 'G5', 'S'],
      ['t', 'inf', 'armoredInfantry', 'I6', 'W'], ['r', 'e1', 'levyInfantry', 'F6', 'N'], ['r', 'e2', 'levyInfantry', 'H6', 'N'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'x2', to: 'H6', supporter: 'cmd' })).toBe(true);
    s = act(s, { type: 'move', unit: 'x1', to: 'F6' });
    // Naming the commander would leave x1 waiting for ever (the infantry cannot reach F6); naming the infantry would not.
    expect(isLegal(s, { type: 'move', unit: 'x2', to: 'H6', supporter: 'cmd' })).toBe(false);
    expect(isLegal(s, { type: 'move', unit: 'x2', to: 'H6', supporter: 'inf' })).toBe(true);
    s = act(s, { type: 'move', unit: 'x2', to: 'H6', supporter: 'inf' });
    s = act(s, { type: 'move', unit: 'cmd', to: 'F6' });
    expect(isLegal(s, { type: 'endMove' })).toBe(true);
  });

  test('6J with no unit able to back it, the lead is not offered', () => {
    const s = gameOf([['t', 'x', 'crossbowmen', 'F5', 'S', 1], ['r', 'e', 'levyInfantry', 'F6', 'N'], ...KEEP]);
    expect(isLegal(s, { type: 'move', unit: 'x', to: 'F6' })).toBe(false);
  });
});

