import { describe, expect, test } from 'vitest';
import { actionKey, applyAction, createGame, legalActions, MDIS, randomPolicy, searchPolicy, simplePolicy, viewFor, type Action, type GameState, type Policy, type Scenario } from '../../src/rules';
import { regretMatching } from '../../src/ai/mixed';
import { positionOf } from '../../src/rules/game';
import { copyPosition } from '../../src/engine';
import { templateScenario } from '../../src/scenario';
import { advanceTo, gameOf } from '../engine/helpers';

const TINY = { candidates: 3, simulations: 4, horizon: 30 };
/** A tiny budget whose playouts also run through the other side's next turn. */
const TINY2 = { ...TINY, turns: 2 };

function short(id: string, turns = 1): Scenario {
  const s = templateScenario(id)!;
  return { ...s, rules: { ...s.rules, turnLimit: turns } };
}

/** Play to the end, checking every action against the legal list; returns the final state. */
function playChecked(start: GameState, policies: Record<string, Policy>): GameState {
  let s = start;
  for (let n = 0; n < 5000 && s.phase !== 'over'; n++) {
    const legal = legalActions(s);
    const a = policies[s.toAct!]!(s, legal);
    expect(legal.map(actionKey)).toContain(actionKey(a));
    s = applyAction(s, a);
  }
  expect(s.phase).toBe('over');
  return s;
}

/** A melee at E6 waiting for the defender's (russian) MDI pick, the attacker's pick made. */
function defenderToPick(attackerPick: (typeof MDIS)[number]): GameState {
  let s = gameOf([['t', 'tk', 'knights', 'E5', 'S'], ['t', 'tm', 'mediumInfantry', 'F5', 'S'], ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ['r', 'rl', 'levyInfantry', 'F7', 'N']]);
  const lead = legalActions(s).find((a) => a.type === 'move' && a.unit === 'tk' && a.to === 'E6')!;
  s = applyAction(s, lead);
  s = advanceTo(s, 'melee');
  if (s.toAct === 'teutonic' && legalActions(s).some((a) => a.type === 'fight')) s = applyAction(s, legalActions(s).find((a) => a.type === 'fight')!);
  s = applyAction(s, { type: 'mdi', side: 'teutonic', mdi: attackerPick });
  expect(s.toAct).toBe('russian');
  return s;
}

describe('policies', () => {
  test('random never concedes while it has another action, and is seeded', () => {
    const acts: Action[] = [{ type: 'concede', side: 'a' }, { type: 'endMove', side: 'a' }, { type: 'endTurn', side: 'a' }];
    const p = randomPolicy(7), q = randomPolicy(7);
    const state = createGame(short('open-field'), { seed: 1 });
    const picks = Array.from({ length: 50 }, () => p(state, acts));
    expect(picks.some((a) => a.type === 'concede')).toBe(false);
    expect(Array.from({ length: 50 }, () => q(state, acts))).toEqual(picks);
  });

  // The random player draws a facing change 1 time in 8 when the list has both kinds, every action of the drawn kind
  // equally likely, and any action but conceding when the drawn kind is missing: counted over many draws.
  const face = (k: number): Action => ({ type: 'face', side: 'a', unit: `u${k}`, facing: 'N' });
  const move = (k: number): Action => ({ type: 'move', side: 'a', unit: `u${k}`, to: 'A1' });
  const concede: Action = { type: 'concede', side: 'a' };
  test.each([
    ['4 facing changes, 12 moves', [...Array.from({ length: 4 }, (_, k) => face(k)), ...Array.from({ length: 12 }, (_, k) => move(k)), concede], (a: Action) => (a.type === 'face' ? 1 / 8 / 4 : 7 / 8 / 12)],
    ['30 facing changes, 2 moves', [move(0), ...Array.from({ length: 30 }, (_, k) => face(k)), move(1), concede], (a: Action) => (a.type === 'face' ? 1 / 8 / 30 : 7 / 8 / 2)],
    ['moves only', [...Array.from({ length: 6 }, (_, k) => move(k)), concede], () => 1 / 6],
    ['facing changes only', [concede, ...Array.from({ length: 5 }, (_, k) => face(k))], () => 1 / 5],
  ] as const)('random draws each action at its odds (%s)', (_name, list, odds) => {
    const p = randomPolicy(12), state = createGame(short('open-field'), { seed: 1 });
    const draws = 40_000, seen = new Map<Action, number>();
    for (let i = 0; i < draws; i++) { const a = p(state, [...list]); seen.set(a, (seen.get(a) ?? 0) + 1); }
    expect(seen.has(concede)).toBe(false);
    for (const a of list) {
      if (a === concede) continue;
      const want = odds(a) * draws;
      // Within 5 standard deviations of a binomial count.
      expect(Math.abs((seen.get(a) ?? 0) - want)).toBeLessThan(5 * Math.sqrt(want) + 1);
    }
  });

  test.each(['open-field', 'roadside-village', 'river-crossing'])('the search player makes only legal actions (%s, against random and simple)', (id) => {
    const start = createGame(short(id), { seed: 11 });
    const [a, b] = start.sides.map((x) => x.id) as [string, string];
    const end1 = playChecked(start, { [a]: searchPolicy({ seed: 1, level: 'easy', budget: TINY }), [b]: randomPolicy(2) });
    const end2 = playChecked(start, { [b]: searchPolicy({ seed: 3, level: 'easy', budget: TINY }), [a]: simplePolicy(4) });
    expect(end1.log.length).toBeGreaterThan(5);
    expect(end2.log.length).toBeGreaterThan(5);
  }, 60_000);

  test('the search player deploys legally on an empty board', () => {
    const start = createGame(short('empty-board'), { seed: 5 });
    expect(start.phase).toBe('deploy');
    const [a, b] = start.sides.map((x) => x.id) as [string, string];
    playChecked(start, { [a]: searchPolicy({ seed: 1, budget: TINY }), [b]: searchPolicy({ seed: 2, budget: TINY }) });
  }, 60_000);

  // Full-length games (12 turns): every decision of a whole game, hidden deployment included, is legal.
  test.each([
    ['open-field', 'random'],
    ['roadside-village', 'simple'],
    ['river-crossing', 'simple'],
    ['empty-board', 'search'],
  ] as const)('the search player makes only legal actions in a full game (%s, against %s)', (id, opponent) => {
    const start = createGame(templateScenario(id)!, { seed: 21 });
    const [a, b] = start.sides.map((x) => x.id) as [string, string];
    const other = opponent === 'random' ? randomPolicy(6) : opponent === 'simple' ? simplePolicy(6) : searchPolicy({ seed: 6, budget: TINY });
    const end = playChecked(start, { [a]: searchPolicy({ seed: 5, budget: TINY2 }), [b]: other });
    expect(end.result).not.toBeNull();
    if (id === 'empty-board') expect(end.log.filter((x) => x.type === 'deploy').length).toBe(start.units.length);
  }, 120_000);

  test('with its clock past the deadline the search player still plays legally, and trivial choices read no clock twice', () => {
    const start = createGame(short('open-field', 2), { seed: 8 });
    const [a, b] = start.sides.map((x) => x.id) as [string, string];
    let t = 0, reads = 0;
    const clock = () => { reads++; t += 5_000; return t; };
    const perType = new Map<string, number>();
    const search = searchPolicy({ seed: 3, now: clock });
    const watched: Policy = (s, actions) => {
      reads = 0;
      const choice = search(s, actions);
      const trivial = s.phase === 'endTurn' || actions.filter((x) => x.type !== 'concede').length === 1;
      if (trivial) perType.set(choice.type, Math.max(perType.get(choice.type) ?? 0, reads));
      return choice;
    };
    const end = playChecked(start, { [a]: watched, [b]: simplePolicy(9) });
    expect(end.phase).toBe('over');
    expect(perType.size).toBeGreaterThan(0);
    for (const n of perType.values()) expect(n).toBeLessThanOrEqual(1);
  }, 60_000);

  test('each policy is deterministic for its seed', () => {
    const start = createGame(short('hills'), { seed: 3 });
    const [a, b] = start.sides.map((x) => x.id) as [string, string];
    for (const make of [(s: number) => randomPolicy(s), (s: number) => simplePolicy(s), (s: number) => searchPolicy({ seed: s, budget: TINY }), (s: number) => searchPolicy({ seed: s, budget: TINY2 })]) {
      const one = playChecked(start, { [a]: make(1), [b]: make(2) });
      const two = playChecked(start, { [a]: make(1), [b]: make(2) });
      expect(two.log).toEqual(one.log);
    }
  }, 60_000);
});

describe('hidden information', () => {
  test('the other side\'s secret MDI pick never changes the search player\'s decision', () => {
    const worlds = MDIS.map(defenderToPick);
    // The states really differ in the hidden pick; the views do not.
    expect(new Set(worlds.map((w) => w.melees[w.current!]!.mdi.teutonic)).size).toBe(6);
    expect(new Set(worlds.map((w) => JSON.stringify(viewFor(w, 'russian'))))).toHaveProperty('size', 1);
    for (const seed of [1, 2, 3]) {
      const picks = worlds.map((w) => searchPolicy({ seed, level: 'normal' })(w, legalActions(w)));
      expect(picks.every((p) => p.type === 'mdi')).toBe(true);
      expect(new Set(picks.map(actionKey)).size).toBe(1);
    }
  }, 60_000);

  test('the other side\'s hidden deployment never changes the search player\'s deployment', () => {
    // Teutons deploy first; vary where their first unit went and ask the Russians for their first placement.
    const s = createGame(short('empty-board'), { seed: 9 });
    const placements = legalActions(s).filter((a) => a.type === 'deploy').filter((_, i) => i % 37 === 0).slice(0, 4);
    expect(placements.length).toBeGreaterThan(1);
    const worlds = placements.map((p) => {
      let w = applyAction(s, p);
      while (w.toAct === 'teutonic') w = applyAction(w, legalActions(w)[0]!);
      return w;
    });
    expect(new Set(worlds.map((w) => JSON.stringify(w.units.filter((u) => u.side === 'teutonic').map((u) => u.at)))).size).toBe(placements.length);
    const picks = worlds.map((w) => searchPolicy({ seed: 4 })(w, legalActions(w)));
    expect(worlds.every((w) => w.toAct === 'russian')).toBe(true);
    expect(new Set(picks.map(actionKey)).size).toBe(1);
  });

  // Balance runs ask on the game's own position (onCore), which holds the secrets: the view is made from it there.
  test('on the core too: the secret MDI pick and the hidden deployment never change its decision, and it decides as on JSON', () => {
    const onCore = (w: GameState, seed: number, level?: 'normal') => searchPolicy({ seed, ...(level ? { level } : {}) }).onCore!(copyPosition(positionOf(w)))!;
    const worlds = MDIS.map(defenderToPick);
    for (const seed of [1, 2]) {
      const picks = worlds.map((w) => onCore(w, seed, 'normal'));
      expect(picks.every((p) => p.type === 'mdi')).toBe(true);
      expect(new Set(picks.map(actionKey)).size).toBe(1);
      expect(actionKey(picks[0]!)).toBe(actionKey(searchPolicy({ seed, level: 'normal' })(worlds[0]!, legalActions(worlds[0]!))));
    }
    const s = createGame(short('empty-board'), { seed: 9 });
    const placements = legalActions(s).filter((a) => a.type === 'deploy').filter((_, i) => i % 37 === 0).slice(0, 4);
    const deployed = placements.map((p) => {
      let w = applyAction(s, p);
      while (w.toAct === 'teutonic') w = applyAction(w, legalActions(w)[0]!);
      return w;
    });
    expect(new Set(deployed.map((w) => actionKey(onCore(w, 4)))).size).toBe(1);
  }, 60_000);

  test('the MDI pick is a mix: different seeds pick different MDIs', () => {
    const w = defenderToPick('line');
    const picks = new Set(Array.from({ length: 24 }, (_, seed) => (searchPolicy({ seed })(w, legalActions(w)) as { mdi: string }).mdi));
    expect(picks.size).toBeGreaterThan(1);
  }, 60_000);
});

describe('regret matching', () => {
  test('rock-paper-scissors mixes evenly', () => {
    const { row, col } = regretMatching([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 2000);
    for (const p of [...row, ...col]) expect(p).toBeCloseTo(1 / 3, 1);
  });
  test('a dominant row is played (almost) always', () => {
    const { row } = regretMatching([[1, 2, 3], [0, 1, 2], [-1, 0, 1]], 1000);
    expect(row[0]).toBeGreaterThan(0.95);
  });
});
