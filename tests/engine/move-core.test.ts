/**
 * The fast core's move phase (issue 9): on many move-phase positions, the listed actions equal those of the readable
 * movement module, src/rules/movement.ts (digest 7; support from src/rules/support.ts): string squares, the plain
 * relax-until-stable search over (square, path flags), no occupancy tables, no memo, no interning, no shortcuts.
 * The order of the listing is proven separately by the replay fixture (replay-fixture.test.ts).
 */
import { expect, test } from 'vitest';
import {
  applyAction, createGame, legalActions, randomPolicy, reachableSquares, simplePolicy, squareName, actionKey,
  type GameState, type Scenario,
} from '../../src/rules';
import { moveListing } from '../../src/rules/moveListing';
import { unitReach } from '../../src/rules/movement';
import { TEMPLATES } from '../../src/scenario';
import { generatedScenario } from './fuzz/scenarios';
import { gameOf, withUnit } from './helpers';
import { boardOf } from '../../src/engine/board';
import { memoFor, memoSearch } from '../../src/engine/memo';
import { newReach } from '../../src/engine/search';

/** 6A-6G, 6K: where a unit may end a move (the readable movement module). */
const reference = unitReach;

/**
 * Play a game (random or simple policy, by seed) and compare every `every`-th move-phase position; returns the
 * positions compared. The simple policy closes on the enemy, so its games reach melees, charges and supports.
 */
function compareGame(scenario: Scenario, seed: number, turnLimit: number | null, every = 1): number {
  const pick = seed % 2 === 0 ? randomPolicy(seed) : simplePolicy(seed);
  let s = createGame(scenario, { seed, ...(turnLimit === null ? {} : { turnLimit }) });
  let compared = 0, seen = 0;
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    if (s.phase === 'move' && seen++ % every === 0) {
      const want = moveListing(s).map(actionKey).sort();
      const got = legal.map(actionKey).sort();
      if (got.join('\n') !== want.join('\n')) {
        expect.fail(`turn ${s.turn}, ${s.toAct}: listed but not in the reference: ${got.filter((k) => !want.includes(k)).join(' / ')}; missing: ${want.filter((k) => !got.includes(k)).join(' / ')}`);
      }
      // reachableSquares reads the same search: the cheapest movement to every square a plain move reaches.
      const u = s.units.find((x) => x.side === s.toAct && x.status === 'active' && x.at !== null && x.type !== 'ballista');
      if (u && compared % 5 === 0) {
        const costs = Object.fromEntries([...reference(s, u, false)].map(([sq, o]) => [sq, o.cost]));
        for (const [sq, cost] of Object.entries(reachableSquares(s, u.id))) expect(cost).toBe(costs[sq]);
      }
      compared++;
    }
    s = applyAction(s, pick(s, legal));
  }
  return compared;
}

test.each(TEMPLATES.map((t) => t.id))('6 the move phase lists exactly the reference actions at move-phase positions of full simple-play and short random-play games (%s)', (id) => {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  const compared = compareGame(scenario, 1, null, 3) + compareGame(scenario, 2, id === 'two-divisions' ? 2 : 4);
  expect(compared).toBeGreaterThan(60);
}, 300_000);

test('6 the move phase lists exactly the reference actions over generated scenarios (terrain, rivers, hill options)', () => {
  let compared = 0;
  for (let g = 0; g < 10; g++) compared += compareGame(generatedScenario(7100 + g), g, 3);
  expect(compared).toBeGreaterThan(100);
}, 300_000);

test('6A/6J a unit listed again on the same square sees enemies that came into reach or left (move searches are remembered per square)', () => {
  const far = gameOf([['t', 'kn', 'knights', 'F3', 'S'], ['r', 'mi', 'mediumInfantry', 'F11', 'N'], ['r', 'mi2', 'mediumInfantry', 'A12', 'N']]);
  const moves = (s: GameState) => legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === 'kn' && !a.split ? [a.to] : [])).sort();
  const before = moves(far);
  expect(before).toContain('E4');
  expect(before).not.toContain('F7');
  // An enemy comes within charge reach (4 squares, beyond the normal move of 3): the knight may now charge it (6G).
  const near = withUnit(far, 'mi', { at: 'F7' });
  expect(moves(near)).toContain('F7');
  // Enemies on both corner squares stop the diagonal step F3-E4 (6A); one of them alone does not.
  const one = withUnit(far, 'mi', { at: 'E3' });
  expect(moves(one)).toContain('E4');
  const both = withUnit(one, 'mi2', { at: 'F4' });
  expect(moves(both)).not.toContain('E4');
  expect(moves(withUnit(both, 'mi2', { at: 'A12' }))).toEqual(moves(one));
  // And back where they started: the same moves as at first.
  expect(moves(withUnit(near, 'mi', { at: 'F11' }))).toEqual(before);
});

test('6A a remembered move search is found again whatever squares the enemies hold (the top bit of a bit-set word too)', () => {
  const s = createGame(TEMPLATES.find((t) => t.id === 'empty-board')!.scenario, { seed: 1 });
  const board = boardOf(s.scenario);
  const memo = memoFor(board, s.rules);
  const search = (enemies: number[], from: number) => {
    const enemy = new Uint8Array(board.n), bits = new Uint32Array(board.words);
    for (const i of enemies) { enemy[i] = 1; bits[i >> 5]! |= 1 << (i & 31); }
    return memoSearch(memo, board, s.rules, { type: 'knights', from, afterCharge: false, carry: false }, 0, enemy, bits, newReach(board.n));
  };
  // Squares 31 and 63 are the last of their words: their bits are the words' sign bits.
  for (const enemy of [30, 31, 63]) {
    const from = enemy + 2 * board.columns;
    const first = search([enemy], from);
    expect(first.count).toBeGreaterThan(0);
    expect(search([enemy], from), `enemy on square ${enemy}`).toBe(first);
    expect(search([enemy - 1], from)).not.toBe(first);
  }
});

test('the integer board numbers squares row by row and finds each square by its name (no other name)', () => {
  const s = createGame(generatedScenario(7300), { seed: 1 });
  const board = boardOf(s.scenario);
  expect(board.n).toBe(s.board.columns * s.board.rows);
  for (let r = 0; r < s.board.rows; r++) for (let c = 0; c < s.board.columns; c++) {
    expect(board.names[r * s.board.columns + c]).toBe(squareName(c, r));
    expect(board.index.get(squareName(c, r))).toBe(r * s.board.columns + c);
  }
  for (const bad of ['', 'A', '1', 'A0', 'A01', 'a1', 'A1x', 'AAA1', 'A100', squareName(s.board.columns, 0), squareName(0, s.board.rows)]) expect(board.index.get(bad)).toBeUndefined();
});

test('6G/9E a melee led in mid-move lets the units beside it charge in support at once, as a fresh reading of the same state lists (kept move lists are worked out again around the new contact square)', () => {
  const start = gameOf([['t', 'kn1', 'knights', 'F3', 'S'], ['t', 'kn2', 'knights', 'H3', 'S'], ['r', 'mi', 'mediumInfantry', 'F6', 'N'], ['r', 'lv', 'levyInfantry', 'A12', 'N']]);
  const charges = (s: GameState) => legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === 'kn2' && a.charge ? [a.to] : [])).sort();
  const keys = (s: GameState) => legalActions(s).map(actionKey);
  // No melee yet: a charge to G6 (beside the enemy) may wait there only because kn1 can still lead at F6 (7 charges).
  expect(charges(start)).toContain('G6');
  expect(charges(applyAction(start, { type: 'move', side: 'teutonic', unit: 'kn1', to: 'C3' }))).not.toContain('G6');
  const led = applyAction(start, { type: 'move', side: 'teutonic', unit: 'kn1', to: 'F6' });
  expect(led.melees.map((m) => m.contact)).toEqual(['F6']);
  // Now G6 is beside a melee the knights lead (knights support square on, 9E): kn2 may charge there to support it.
  expect(charges(led)).toContain('G6');
  // The listing carried on from the first position equals one read afresh from the JSON.
  expect(keys(led)).toEqual(keys(structuredClone(led)));
  const supported = applyAction(led, { type: 'move', side: 'teutonic', unit: 'kn2', to: 'G6', charge: true });
  expect(keys(supported)).toEqual(keys(structuredClone(supported)));
});
