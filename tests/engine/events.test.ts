/**
 * Issue 26 item 4, events as data: the engine's event records over full games, each kind said by the one narrator
 * (src/rules/narrate.ts) without holes ("undefined", "NaN", "[object Object]"), and the narrator's words per kind.
 */
import { describe, expect, test } from 'vitest';
import {
  EVENT_KINDS, applyAction, createGame, eventLabel, legalActions, narrate, narrateDetail, playOut, randomPolicy, restatesAction, simplePolicy,
  valueParts, type EventKind, type GameEvent, type GameState, type MeleeEvent, type Policy,
} from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { act, dice, gameOf, type UnitRow } from './helpers';

const HOLES = /undefined|NaN|\[object Object\]|\bnull\b/;

interface Told { event: GameEvent; state: GameState }

/**
 * Full games on templates (the empty board's is deployed in secret), each event kept with the state it came with; the
 * last game is conceded in its third turn.
 */
function playedEvents(): Told[] {
  const out: Told[] = [];
  const games: Array<[string, number, (seed: number) => Policy, boolean]> = [
    ['open-field', 1, randomPolicy, false], ['open-field', 3, simplePolicy, false], ['river-crossing', 2, simplePolicy, false],
    ['two-divisions', 2, randomPolicy, false], ['two-divisions', 1, simplePolicy, false], ['empty-board', 1, randomPolicy, false], ['roadside-village', 4, simplePolicy, true],
  ];
  for (const [id, seed, policy, concede] of games) {
    const pick = policy(seed);
    let s = createGame(TEMPLATES.find((t) => t.id === id)!.scenario, { seed });
    for (const event of s.events) out.push({ event, state: s });
    while (s.phase !== 'over') {
      const legal = legalActions(s);
      const a = concede && s.turn === 3 ? legal.find((x) => x.type === 'concede') ?? pick(s, legal) : pick(s, legal);
      s = applyAction(s, a);
      for (const event of s.events) out.push({ event, state: s });
    }
  }
  return out;
}

const told = playedEvents();
const byKind = (kind: EventKind) => told.filter((t) => t.event.kind === kind);

/** Every square an event names (its own, a route's, a target's ...). */
function squaresOf(e: GameEvent): string[] {
  const out: string[] = [];
  const r = e as unknown as Record<string, unknown>;
  // (A ballista changing hands names sides in `from` and `to`.)
  for (const k of e.kind === 'ballista-control' ? ['at'] : ['at', 'from', 'to', 'aim', 'lands', 'contact', 'targetAt']) if (typeof r[k] === 'string' && r[k] !== 'off') out.push(r[k] as string);
  if (Array.isArray(r.route)) out.push(...(r.route as string[]));
  return out;
}

/** Every unit an event names. */
function unitsOf(e: GameEvent): string[] {
  const r = e as unknown as Record<string, unknown>;
  const out = ['unit', 'target', 'carry', 'engine', 'parent', 'supporter'].flatMap((k) => (typeof r[k] === 'string' ? [r[k] as string] : []));
  for (const k of ['against', 'joins', 'destroyed', 'units']) if (Array.isArray(r[k])) out.push(...(r[k] as string[]));
  if (e.kind === 'melee') out.push(...[e.attacker, e.defender].flatMap((s) => s.parts.map((p) => p.unit)));
  return out;
}

describe('every kind the engine emits over full games is said in words, with no holes', () => {
  // The one kind these games do not reach (a shooter aiming a hit at a ballista) is played out in its own test below.
  const kinds = EVENT_KINDS.filter((k) => k !== 'ballista-hit');

  test.each(kinds)('%s', (kind) => {
    const list = byKind(kind);
    expect(list.length, `no ${kind} event in the games`).toBeGreaterThan(0);
    for (const { event: e, state } of list) {
      const words = narrate(e, state);
      expect(words, JSON.stringify(e)).not.toMatch(HOLES);
      expect(words).toMatch(/[.]$/);
      // The cast's names, never the side ids (the templates' ids are no part of any name).
      for (const side of state.sides) expect(words).not.toMatch(new RegExp(`\\b${side.id}\\b`));
      for (const line of narrateDetail(e, state)) expect(line).not.toMatch(HOLES);
      expect(eventLabel(e) ?? '').not.toMatch(HOLES);
      // Plain data: the JSON round trip keeps it whole (no undefined fields, no NaN), and there is no text to parse.
      expect(JSON.parse(JSON.stringify(e))).toEqual(e);
      expect(e).not.toHaveProperty('text');
      for (const sq of squaresOf(e)) expect(sq).toMatch(/^[A-Z]+\d+$/);
      for (const u of unitsOf(e)) expect(state.units.some((x) => x.id === u), `${kind} names ${u}`).toBe(true);
    }
  });

  test('the record carries the facts: a melee\'s values add up part by part, its losses follow from them', () => {
    const melees = byKind('melee').map((t) => t.event as MeleeEvent);
    expect(melees.length).toBeGreaterThan(5);
    for (const m of melees) {
      for (const side of [m.attacker, m.defender]) {
        const sum = side.parts.reduce((n, p) => n + p.value, 0) + side.modifiers.reduce((n, x) => n + x.delta, 0);
        expect(side.value).toBeCloseTo(Math.max(0, sum), 9);
        expect(side.remaining).toBeCloseTo(side.value - side.loss, 9);
      }
      expect(narrate(m)).toContain(`Melee at ${m.at}: `);
    }
  });

  test('playouts build no events: a sampled game ends with none', () => {
    const end = playOut(createGame(TEMPLATES[0]!.scenario, { seed: 5 }), randomPolicy(5), applyAction);
    expect(end.phase).toBe('over');
    expect(end.events).toEqual([]);
  });
});

describe('8 the shooter aims a hit at a ballista: the engine\'s record and its words', () => {
  const KEEP: UnitRow[] = [['t', 'keep-t', 'armoredInfantry', 'A1', 'S'], ['r', 'keep-r', 'armoredInfantry', 'L12', 'N']];
  const rows: UnitRow[] = [['t', 'bal', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'rb', 'ballista', 'F6', 'N'], ['r', 'rc', 'ballistarii', 'F6', 'N'], ...KEEP];
  test.each([[6, true, 'wrecked, and a stand there is lost'], [5, false, 'it holds']] as const)('d6 %i', (roll, wrecked, words) => {
    let s = gameOf(rows, { phase: 'ballista' });
    s = dice(s, [1]);
    s = act(s, { type: 'ballistaFire', unit: 'bal', target: 'F6' });
    if (s.toAct === 'russian') s = act(s, { type: 'ballistaHold', unit: 'rb' });
    expect(s.events).toContainEqual({
      kind: 'ballista', side: 'teutonic', unit: 'bal', at: 'F2', aim: 'F6', dice: [1], lands: 'F6', outsideCone: false, spared: false, hit: 'choice', engine: 'rb',
    });
    s = dice(s, [roll]);
    s = act(s, { type: 'ballistaLoss', unit: 'rb' });
    const hit = s.events.find((e) => e.kind === 'ballista-hit')!;
    expect(hit).toEqual({ kind: 'ballista-hit', side: 'teutonic', unit: 'rb', at: 'F6', dice: [roll], wrecked });
    expect(narrate(hit, s)).toBe(`${s.sides[0]!.name} aims the hit at ballista rb on F6: d6 ${roll}, ${words}.`);
    expect(eventLabel(hit)).toBe(String(roll));
    const losses = s.events.filter((e) => e.kind === 'loss');
    expect(losses).toEqual(wrecked ? [{ kind: 'loss', side: 'russian', unit: 'rc', at: 'F6', cause: 'ballista', stands: 1, destroyed: false }] : []);
  });
});

const sides = [{ id: 'teutonic', name: 'Teutonic Order' }, { id: 'russian', name: 'Novgorod Host' }];
const cast = { sides, units: [{ id: 'k1', type: 'knights' as const }, { id: 'c1', type: 'commander' as const }, { id: 'r1', type: 'mediumInfantry' as const }] };
const meleeSide = (side: string, value: number, mdi: MeleeEvent['attacker']['mdi'], loss: number, extra: Partial<MeleeEvent['attacker']> = {}): MeleeEvent['attacker'] =>
  ({ side, value, parts: [], modifiers: [], mdi, loss, remaining: value - loss, ...extra });

/** One record per kind and case, with the narrator's sentence for it. */
const CASES: Array<[string, GameEvent, string]> = [
  ['deploy', { kind: 'deploy', side: 'teutonic', unit: 'k1', at: 'C1', facing: 'SE' }, 'k1 is placed at C1, facing south-east.'],
  ['deploy, no room', { kind: 'deploy', side: 'teutonic', unit: 'k1', noRoom: true }, 'k1 finds no room to deploy and stays off the board.'],
  ['move', { kind: 'move', side: 'teutonic', unit: 'k1', at: 'C4', from: 'C2', to: 'C4', charge: false, route: ['C3'], against: [], joins: [] }, 'k1 moves from C2 to C4 by way of C3.'],
  ['charge with everything', {
    kind: 'move', side: 'teutonic', unit: 'k1', at: 'E5', from: 'E2', to: 'E5', charge: true, route: ['E3', 'E4'], carry: 'b1', against: ['r1', 'r2'], joins: ['c1'], supporter: 'x1',
  }, 'k1 charges from E2 to E5 by way of E3 and E4 with ballista b1, joining c1, and leads a melee against r1 and r2, backed by x1.'],
  ['exit', { kind: 'exit', side: 'russian', unit: 'r1', at: 'A12', carry: 'rb' }, 'r1 leaves the board from A12 with ballista rb; it counts half at the end.'],
  ['split', { kind: 'split', side: 'teutonic', unit: 'k1~2', at: 'F3', parent: 'k1' }, 'One stand of k1 splits off at F3 as k1~2.'],
  ['run-over', { kind: 'run-over', side: 'teutonic', unit: 'k1', at: 'G6', destroyed: ['r1'] }, 'k1 rides over r1 at G6, destroying it.'],
  ['run-over going on (R-run-over)', { kind: 'run-over', side: 'teutonic', unit: 'k1', at: 'E5', to: 'E7', destroyed: ['r1'] }, 'k1 rides over r1 at E5, destroying it, and on to E7.'],
  ['support', { kind: 'support', side: 'russian', unit: 'r2', at: 'E9', contact: 'E8' }, 'r2 at E9 supports the melee at E8.'],
  ['fire', { kind: 'fire', side: 'russian', unit: 'l1', at: 'J9', target: 'k1', targetAt: 'J6', range: 2.5, converging: true, covered: true, dice: [6, 2, 1], hits: 1 },
    'l1 shoots at k1 on J6 at range 2.5 with 3 dice (one more for converging fire, one fewer for cover), rolling 6 2 1: 1 hit.'],
  ['fire, no dice', { kind: 'fire', side: 'russian', unit: 'l1', at: 'J9', target: 'k1', targetAt: 'J8', range: 1, converging: false, covered: true, dice: [], hits: 0 },
    'l1 shoots at k1 on J8 at range 1 but has no dice to roll (one fewer for cover): no hits.'],
  ['ballista, a miss', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F6', dice: [5, 1], stray: 'N', lands: null, outsideCone: false, spared: false, hit: 'none' },
    'Ballista b1 shoots at F6: d6 5, it strays north and misses.'],
  ['ballista, a stand outside the cone', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F4', dice: [6, 7], stray: 'W', lands: 'E4', outsideCone: true, spared: false, hit: 'stand' },
    'Ballista b1 shoots at F4: d6 6, it strays west and lands on E4 outside its cone: a stand there is lost.'],
  ['ballista, enemies spared', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F4', dice: [6, 7], stray: 'W', lands: 'E4', outsideCone: true, spared: true, hit: 'none' },
    "Ballista b1 shoots at F4: d6 6, it strays west and lands on E4 outside its cone, where only its own side's troops could be hit: none are there."],
  ['ballista, empty square', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F6', dice: [2], lands: 'F6', outsideCone: false, spared: false, hit: 'none' },
    'Ballista b1 shoots at F6: d6 2 and lands on F6: nothing there to hit.'],
  ['ballista, a choice', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F6', dice: [1], lands: 'F6', outsideCone: false, spared: false, hit: 'choice', engine: 'rb' },
    'Ballista b1 shoots at F6: d6 1 and lands on F6 among troops and ballista rb: the shooting side picks a stand or the ballista.'],
  ['ballista, on a lone ballista', { kind: 'ballista', side: 'teutonic', unit: 'b1', at: 'F2', aim: 'F6', dice: [3, 6], lands: 'F6', outsideCone: false, spared: false, hit: 'engine', engine: 'rb', wreckRoll: 6, wrecked: true },
    'Ballista b1 shoots at F6: d6 3 and lands on ballista rb at F6: d6 6, wrecked.'],
  ['ballista-hit', { kind: 'ballista-hit', side: 'teutonic', unit: 'rb', at: 'F6', dice: [4], wrecked: false }, 'Teutonic Order aims the hit at ballista rb on F6: d6 4, it holds.'],
  ['loss in melee', { kind: 'loss', side: 'russian', unit: 'r1', at: 'E8', cause: 'melee', stands: 1, destroyed: true }, 'r1 loses a stand at E8; r1 is destroyed.'],
  ['loss, half-kill', { kind: 'loss', side: 'teutonic', unit: 'k1', at: 'E8', cause: 'melee', stands: 0, half: true, destroyed: false }, 'A stand of k1 is half-killed at E8.'],
  ['loss, a fraction lost by the ledger', { kind: 'loss', side: 'teutonic', unit: 'k1', at: 'E8', cause: 'melee', stands: 1, fraction: 0.375, settledBy: 'ledger', destroyed: false },
    'k1 owes 0.375 of a stand: lost by the ledger.'],
  ['loss, a fraction saved', { kind: 'loss', side: 'teutonic', unit: 'k1', at: 'E8', cause: 'melee', stands: 0, fraction: 0.5, settledBy: 'roll', destroyed: false },
    'k1 owes 0.5 of a stand: saved by a roll.'],
  ['loss to missiles', { kind: 'loss', side: 'teutonic', unit: 'k1', at: 'J6', cause: 'missile', stands: 2, destroyed: false }, 'k1 loses 2 stands to missile fire at J6.'],
  ['loss to a ballista', { kind: 'loss', side: 'teutonic', unit: 'k1', at: 'J6', cause: 'ballista', stands: 1, destroyed: false }, 'k1 loses a stand to ballista fire at J6.'],
  ['melee with a modifier', {
    kind: 'melee', side: 'teutonic', at: 'F7', comparison: 'b-superior', result: 'b-destroyed',
    attacker: meleeSide('teutonic', 7, 'column', 1.5, { modifiers: [{ reason: 'road', delta: -1 }] }), defender: meleeSide('russian', 2, 'square', 0.75),
  }, "Melee at F7: Teutonic Order 7 (column, −1 attacking onto a road) vs Novgorod Host 2 (square): Novgorod Host's deployment is superior; Teutonic Order loses 1.5, Novgorod Host loses 0.75; Novgorod Host is three times weaker and destroyed."],
  ['melee, a withdrawal', {
    kind: 'melee', side: 'russian', at: 'B7', comparison: 'withdrawal', result: 'withdrawal', attacker: meleeSide('russian', 2.5, 'withdrawal', 0), defender: meleeSide('teutonic', 2, 'square', 0),
  }, 'Melee at B7: Novgorod Host 2.5 (withdrawal) vs Teutonic Order 2 (square): the withdrawal gets away; no losses, and the withdrawing side falls back.'],
  ['melee, alike and equal', {
    kind: 'melee', side: 'teutonic', at: 'C3', comparison: 'alike', result: 'equal', attacker: meleeSide('teutonic', 3, 'line', 1.5), defender: meleeSide('russian', 3, 'line', 1.5),
  }, 'Melee at C3: Teutonic Order 3 (line) vs Novgorod Host 3 (line): the deployments are alike; Teutonic Order loses 1.5, Novgorod Host loses 1.5; equal after losses.'],
  ['retreat', { kind: 'retreat', side: 'russian', unit: 'r1', at: 'E8', to: 'E10', route: ['E9', 'E10'], carry: 'rb', destroyed: false }, 'r1 retreats from E8 to E10 by way of E9 with ballista rb.'],
  ['retreat off the board', { kind: 'retreat', side: 'russian', unit: 'r1', at: 'E11', to: 'off', route: ['E12'], destroyed: false }, 'r1 retreats from E11 off the board by way of E12.'],
  ['retreat, nowhere to go', { kind: 'retreat', side: 'russian', unit: 'r1', at: 'E8', to: null, route: [], destroyed: true }, 'r1 has nowhere to retreat from E8 and is destroyed.'],
  ['three times weaker', { kind: 'destroyed', side: 'russian', at: 'E8', units: ['r1', 'r2'] }, 'Novgorod Host loses r1 and r2 at E8, destroyed by the three-times rule.'],
  ['retire', { kind: 'retire', side: 'russian', unit: 'r1', at: 'E8', to: 'E11' }, 'r1 retires from E8 to E11.'],
  ['retire off the board', { kind: 'retire', side: 'russian', unit: 'r1', at: 'E11', to: 'off' }, 'r1 retires from E11 off the board.'],
  ['levy', { kind: 'levy', side: 'russian', unit: 'l2', at: 'C9', dice: [4], retires: true }, 'l2, levy down to 2 stands, rolls 4: it retires.'],
  ['ballista abandoned', { kind: 'ballista-control', side: 'russian', unit: 'rb', at: 'G11', from: 'russian', to: null }, 'Ballista rb at G11 is abandoned.'],
  ['ballista taken up', { kind: 'ballista-control', side: 'teutonic', unit: 'rb', at: 'G11', from: null, to: 'teutonic' }, 'Teutonic Order takes the abandoned ballista rb at G11.'],
  ['ballista captured', { kind: 'ballista-control', side: 'teutonic', unit: 'rb', at: 'G11', from: 'russian', to: 'teutonic' }, 'Teutonic Order captures ballista rb at G11 from Novgorod Host.'],
  ['ballista-destroyed', { kind: 'ballista-destroyed', side: 'teutonic', unit: 'rb', at: 'G11' }, 'Teutonic Order destroys ballista rb at G11.'],
  ['turn', { kind: 'turn', side: 'russian', turn: 2 }, 'Turn 2: Novgorod Host attacks.'],
  ['first-attacker, a tie', { kind: 'first-attacker', sides: ['teutonic', 'russian'], dice: [3, 3] }, 'Roll for the first attacker: Teutonic Order 3, Novgorod Host 3, a tie, so both roll again.'],
  ['concede', { kind: 'concede', side: 'russian' }, 'Novgorod Host concedes.'],
  ['end, conceded', { kind: 'end', turn: 3, reason: 'conceded', points: { teutonic: 140, russian: 155 }, winner: 'teutonic', conceded: 'russian', noTroops: [] },
    'Game over after turn 3 (Novgorod Host conceded). Points: Teutonic Order 140, Novgorod Host 155. Teutonic Order wins.'],
  ['end, no troops', { kind: 'end', turn: 5, reason: 'no-troops', points: { teutonic: 0, russian: 0 }, winner: null, noTroops: ['teutonic', 'russian'] },
    'Game over after turn 5 (Teutonic Order and Novgorod Host have no troops left on the board). Points: Teutonic Order 0, Novgorod Host 0. A draw.'],
  ['end, turn limit', { kind: 'end', turn: 12, reason: 'turn-limit', points: { teutonic: 60.5, russian: 40 }, winner: 'teutonic', noTroops: [] },
    'Game over after turn 12 (the turn limit is reached). Points: Teutonic Order 60.5, Novgorod Host 40. Teutonic Order wins.'],
];

describe('the narrator, kind by kind', () => {
  test('every kind has its cases here', () => {
    expect(new Set(CASES.map((c) => c[1].kind))).toEqual(new Set(EVENT_KINDS));
  });

  test.each(CASES)('%s', (_name, event, words) => {
    expect(narrate(event, cast)).toBe(words);
  });

  test('without a cast, sides go by their ids', () => {
    expect(narrate({ kind: 'turn', side: 'russian', turn: 2 })).toBe('Turn 2: russian attacks.');
  });

  test('a melee in detail: each side\'s value part by part, with troop names and the modifier', () => {
    const m: MeleeEvent = {
      kind: 'melee', side: 'teutonic', at: 'F7', comparison: 'a-superior', result: 'b-retreats',
      attacker: meleeSide('teutonic', 8, 'pincers', 1, {
        parts: [{ unit: 'k1', support: false, stands: 2, half: 1, standValue: 3, charging: true, value: 4.5 }, { unit: 'c1', support: true, stands: 1, half: 0, standValue: 4.5, charging: true, value: 4.5 }],
        modifiers: [{ reason: 'crossing', delta: -1 }],
      }),
      defender: meleeSide('russian', 2, 'line', 2, { parts: [{ unit: 'r1', support: false, stands: 2, half: 0, standValue: 1, charging: false, value: 2 }] }),
    };
    expect(narrateDetail(m, cast)).toEqual([
      'Teutonic Order 8: Knights k1: 2 stands, 1 half-killed × 3 charging = 4.5; Commander c1 (support): 1 stand × 4.5 charging = 4.5; −1 attacking onto a ford or bridge',
      'Novgorod Host 2: Medium Infantry r1: 2 stands × 1 = 2',
    ]);
    expect(valueParts(m.defender)).toEqual(['r1: 2 stands × 1 = 2']);
    expect(narrateDetail({ kind: 'turn', side: 'russian', turn: 2 }, cast)).toEqual([]);
  });

  test('map labels: dice (with a shooter\'s hits) and a melee\'s MDIs; nothing for the kinds the map marks otherwise', () => {
    const labels = CASES.map(([name, e]) => [name, eventLabel(e)] as const).filter(([, l]) => l !== null);
    expect(Object.fromEntries(labels)).toEqual({
      'fire': '6 2 1 → 1', 'fire, no dice': 'no dice → 0', 'ballista, a miss': '5 1', 'ballista, a stand outside the cone': '6 7', 'ballista, enemies spared': '6 7',
      'ballista, empty square': '2', 'ballista, a choice': '1', 'ballista, on a lone ballista': '3 6', 'ballista-hit': '4', 'levy': '4',
      'melee with a modifier': 'column v square', 'melee, a withdrawal': 'withdrawal v square', 'melee, alike and equal': 'line v line',
    });
  });

  test('the decision\'s own line already says placements, moves and support declarations; the rest is news', () => {
    const restated = CASES.filter(([, e]) => restatesAction(e)).map(([name]) => name);
    expect(restated).toEqual(['deploy', 'move', 'charge with everything', 'exit', 'support']);
  });
});
