/** Issue 28: the evaluation's features, whole-phase planning, the simple policy on the core, and the ladder's Elo. */
import { describe, expect, test } from 'vitest';
import { actionKey, applyAction, createGame, eloGap, legalActions, searchPolicy, simplePolicy, viewFor, type Action, type GameState } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { applyCore, copyPosition, toState } from '../../src/engine';
import { sampleWorld, sampleWorldCore } from '../../src/ai/choices';
import { stream } from '../../src/ai/rng';
import { FEATURES, STANDOFF_LEAD, evaluatePosition, features, type Feature } from '../../src/ai/evaluate';
import { DEFAULT_RULES } from '../../src/rules/scenario';
import { decode } from '../../src/ai/plan';
import { eloFromScore } from '../../src/ai/stats';
import { templateScenario } from '../../src/scenario';
import { advanceTo, gameOf, withUnit, type UnitRow } from '../engine/helpers';

const at = (f: Feature) => FEATURES.indexOf(f);
/** Feature `f` of a state for the Teutons (side 0 of gameOf's scenarios). */
const teutonic = (s: GameState, f: Feature) => features(positionOf(s), 0)[at(f)]!;

describe('evaluation features', () => {
  const far: UnitRow[] = [['t', 'tk', 'knights', 'B2', 'S'], ['r', 'rm', 'mediumInfantry', 'K11', 'N']];
  const near: UnitRow[] = [['t', 'tk', 'knights', 'E5', 'S'], ['r', 'rm', 'mediumInfantry', 'E8', 'N']];

  test('each feature is "mine minus theirs": the two sides\' values add up to one', () => {
    let s = createGame(templateScenario('open-field')!, { seed: 4 });
    const simple = simplePolicy(1);
    for (let n = 0; n < 400 && s.phase !== 'over'; n++) {
      if (n % 40 === 0) {
        const p = positionOf(s);
        expect(features(p, 1)).toEqual(features(p, 0).map((x) => (x === 0 ? 0 : -x)));
        expect(evaluatePosition(p, 0) + evaluatePosition(p, 1)).toBeCloseTo(1, 9);
      }
      s = applyAction(s, simple(s, legalActions(s)));
    }
  });

  test('threatened: enemy stands within a move or charge of my fighting units', () => {
    // Knights reach 5 (a charge): medium infantry 3 squares away is threatened, 9 away is not; infantry (move 2) does
    // not reach the knights.
    expect(teutonic(gameOf(far), 'threatened')).toBe(0);
    const s = gameOf(near);
    const scale = 7 * 2 + 3 * 4;
    expect(teutonic(s, 'threatened')).toBeCloseTo((3 * 4) / scale, 9);
  });

  test('inRange: missile units with an enemy within range', () => {
    const bows = (row: number): UnitRow[] => [['t', 'tb', 'longbowmen', `E${row}`, 'S'], ['r', 'rm', 'mediumInfantry', 'E8', 'N']];
    expect(teutonic(gameOf(bows(5)), 'inRange')).toBeCloseTo(1 / 2, 9); // range 3, 3 squares away
    expect(teutonic(gameOf(bows(2)), 'inRange')).toBe(0);
  });

  test('retiring: the worth of retiring units counts against their side', () => {
    const s = gameOf(far);
    const scale = 7 * 2 + 3 * 4;
    expect(teutonic(s, 'retiring')).toBe(0);
    expect(teutonic(withUnit(s, 'rm', { retiring: true }), 'retiring')).toBeCloseTo(-12 / scale, 9);
    expect(teutonic(withUnit(s, 'tk', { retiring: true }), 'retiring')).toBeCloseTo(14 / scale, 9);
  });

  test('supports: troop units with a friend beside them', () => {
    const pair = (second: string): UnitRow[] => [['t', 'ta', 'mediumInfantry', 'E5', 'S'], ['t', 'tb', 'mediumInfantry', second, 'S'], ['r', 'rm', 'mediumInfantry', 'K11', 'N']];
    expect(teutonic(gameOf(pair('F5')), 'supports')).toBeCloseTo(2 / 3, 9);
    expect(teutonic(gameOf(pair('H5')), 'supports')).toBe(0);
  });

  test('threatNext: what the side moving next threatens counts for it, what the other threatens against it', () => {
    // Knights (reach 5) and medium infantry (reach 2) two squares apart threaten each other: 12 points of infantry
    // for the Teutons while their move is next, 14 points of knights against them once the Russians move next.
    const close: UnitRow[] = [['t', 'tk', 'knights', 'E5', 'S'], ['r', 'rm', 'mediumInfantry', 'E7', 'N']];
    const scale = 7 * 2 + 3 * 4;
    const s = gameOf(close);
    expect(teutonic(s, 'threatNext')).toBeCloseTo(12 / scale, 9);
    expect(features(positionOf(s), 1)[at('threatNext')]).toBeCloseTo(-12 / scale, 9);
    const next = advanceTo(applyAction(s, legalActions(s).find((a) => a.type === 'endMove')!), 'move');
    expect(teutonic(next, 'threatNext')).toBeCloseTo(-14 / scale, 9);
    // Out of each other's reach, nothing is threatened.
    expect(teutonic(gameOf(far), 'threatNext')).toBe(0);
  });

  test('standoff: an unfought game goes to the side ahead on points, so a lead counts while no blow can come soon', () => {
    // Knights at B2 are 13 1/2 from the infantry at K11 (diagonal steps 1 1/2): 8 1/2 beyond their charge of 5, almost
    // three moves of 3, so no blow can come for turns. The Teutons lead by 2 of 26 points, more than STANDOFF_LEAD.
    expect((14 - 12) / 26).toBeGreaterThan(STANDOFF_LEAD);
    const s = gameOf(far);
    expect(s.scenario.rules?.turnLimit ?? DEFAULT_RULES.turnLimit).not.toBeNull();
    expect(teutonic(s, 'standoff')).toBe(1);
    expect(features(positionOf(s), 1)[at('standoff')]).toBe(-1);
    // A lead of 2 points in 90 is under STANDOFF_LEAD: it counts for its share of it.
    const small: UnitRow[] = [
      ['t', 'tk', 'knights', 'B2', 'S'], ['t', 'tm', 'mediumInfantry', 'C1', 'S'], ['t', 'tm2', 'mediumInfantry', 'A1', 'S'], ['t', 'tl', 'levyInfantry', 'D1', 'S'],
      ['r', 'rm', 'mediumInfantry', 'K11', 'N'], ['r', 'rm2', 'mediumInfantry', 'L11', 'N'], ['r', 'rm3', 'mediumInfantry', 'J11', 'N'], ['r', 'rl', 'levyInfantry', 'I11', 'N'],
    ];
    expect(teutonic(gameOf(small), 'margin')).toBeCloseTo(2 / 90, 9);
    expect(teutonic(gameOf(small), 'standoff')).toBeCloseTo(2 / 90 / STANDOFF_LEAD, 9);
    // Within reach the blow can come now: nothing is decided by standing still.
    expect(teutonic(gameOf(near), 'standoff')).toBe(0);
    // Half a square beyond the charge (E2 to F7 is 5 1/2): a sixth of a move, made in the Teutons' move now, and the
    // blow comes a third of the way to their next move phase, two turns on.
    expect(teutonic(gameOf([['t', 'tk', 'knights', 'E2', 'S'], ['r', 'rm', 'mediumInfantry', 'F7', 'N']]), 'standoff')).toBeCloseTo(1 / 3, 9);
    // Longbows (range 3) with the infantry 3 squares away: a volley can come.
    expect(teutonic(gameOf([['t', 'tb', 'longbowmen', 'E5', 'S'], ['r', 'rm', 'mediumInfantry', 'E8', 'N']]), 'standoff')).toBe(0);
    // With no turn limit, nothing decides an unfought game.
    expect(teutonic(gameOf(far, { rules: { turnLimit: null } }), 'standoff')).toBe(0);
  });

  test('attacking: +1 for the side whose move phase comes next, and the margin in points', () => {
    const s = gameOf(far); // turn 1, the Teutons attack, at the start of their move
    expect(teutonic(s, 'attacking')).toBe(1);
    expect(features(positionOf(s), 1)[at('attacking')]).toBe(-1);
    expect(teutonic(s, 'margin')).toBeCloseTo((14 - 12) / 26, 9);
    // Once the Teutons' move is over, the Russians move next (turn 2's attacker).
    const next = advanceTo(applyAction(s, legalActions(s).find((a) => a.type === 'endMove')!), 'move');
    expect(next.turn).toBe(2);
    expect(teutonic(next, 'attacking')).toBe(-1);
  });
});

describe('the simple policy on the core', () => {
  test.each(['open-field', 'river-crossing', 'two-divisions'])('chooses on positions as it does on JSON states (%s, whole games)', (id) => {
    const start = createGame(templateScenario(id)!, { seed: 13 });
    const json = simplePolicy(5), core = simplePolicy(5).onCore!;
    let s = start;
    const p = copyPosition(positionOf(start));
    let moves = 0;
    while (s.phase !== 'over') {
      const a = json(s, legalActions(s));
      const b = core(p)!;
      expect(actionKey(b)).toBe(actionKey(a));
      if (s.phase === 'move') moves++;
      s = applyAction(s, a);
      applyCore(p, b);
    }
    expect(p.result).toEqual(s.result);
    expect(moves).toBeGreaterThan(20);
  }, 60_000);
});

describe('whole-phase planning', () => {
  /**
   * The Teutons' 2-stand levy beside Russian armored infantry: leading that melee loses the levy (6 against 1, the
   * three-times rule), while stepping back keeps it out of the slow infantry's reach this turn.
   */
  const hopeless: UnitRow[] = [['t', 'tl', 'levyInfantry', 'E5', 'S', 2], ['t', 'tc', 'crossbowmen', 'B2', 'S'], ['r', 'ra', 'armoredInfantry', 'E6', 'N'], ['r', 'rc', 'commander', 'K12', 'N']];

  test('a plan of all-zero genes is the simple policy\'s own move phase', () => {
    const s = createGame(templateScenario('roadside-village')!, { seed: 3 });
    let m = s;
    const simple = simplePolicy(8);
    while (m.phase !== 'move') m = applyAction(m, simple(m, legalActions(m)));
    const plan = decode(positionOf(m), new Uint8Array(80), 5, new Map());
    const played: Action[] = [];
    let t = m;
    while (t.phase === 'move') { const a = simplePolicy(0x5eed)(t, legalActions(t)); played.push(a); t = applyAction(t, a); }
    expect(plan.actions.map(actionKey)).toEqual(played.map(actionKey));
    expect(plan.actions.length).toBeGreaterThan(3);
    expect(plan.end.phase).not.toBe(positionOf(m).phase);
  });

  test('the simple policy leads a hopeless melee; the planner does not', () => {
    const s = gameOf(hopeless);
    const lead = (a: Action) => a.type === 'move' && a.unit === 'tl' && a.to === 'E6';
    expect(lead(simplePolicy(1)(s, legalActions(s)))).toBe(true);
    for (const seed of [1, 2, 3]) {
      const choice = searchPolicy({ seed, level: 'easy' })(s, legalActions(s));
      expect(lead(choice)).toBe(false);
    }
  }, 60_000);

  test('a plan margin no plan can clear keeps the simple policy\'s own plan, hopeless lead and all', () => {
    const s = gameOf(hopeless);
    const lead = (a: Action) => a.type === 'move' && a.unit === 'tl' && a.to === 'E6';
    for (const seed of [1, 2, 3]) {
      expect(lead(searchPolicy({ seed, level: 'easy', budget: { planMargin: 10 } })(s, legalActions(s)))).toBe(true);
      expect(lead(searchPolicy({ seed, level: 'easy' })(s, legalActions(s)))).toBe(false);
    }
  }, 60_000);

  test('the rest of the phase follows the plan made at its first decision (no new planning, one clock read each)', () => {
    // Turn 3 of a game between simple players: the armies are in reach of each other, and plans run to several actions.
    let s = createGame(templateScenario('open-field')!, { seed: 6 });
    const simple = simplePolicy(2);
    while (s.turn < 3 || s.phase !== 'move') s = applyAction(s, simple(s, legalActions(s)));
    let reads = 0, t = 0;
    const search = searchPolicy({ seed: 9, level: 'easy', now: () => { reads++; return (t += 1); } });
    const perDecision: number[] = [];
    const side = s.toAct;
    while (s.phase === 'move' && s.toAct === side) {
      reads = 0;
      const a = search(s, legalActions(s));
      perDecision.push(reads);
      s = applyAction(s, a);
    }
    expect(perDecision.length).toBeGreaterThan(1);
    expect(perDecision[0]).toBeGreaterThan(10);
    for (const n of perDecision.slice(1)) expect(n).toBeLessThanOrEqual(1);
  }, 60_000);

  test('with a budget of iterations the planner is deterministic for its seed', () => {
    let s = createGame(templateScenario('river-crossing')!, { seed: 2 });
    const simple = simplePolicy(2);
    while (s.phase !== 'move') s = applyAction(s, simple(s, legalActions(s)));
    const a = searchPolicy({ seed: 4, level: 'normal' })(s, legalActions(s));
    const b = searchPolicy({ seed: 4, level: 'normal' })(s, legalActions(s));
    expect(actionKey(b)).toBe(actionKey(a));
  }, 60_000);
});

describe('sampled worlds on the core', () => {
  test('sampleWorldCore draws the hidden MDI pick and the dice as sampleWorld does', () => {
    let s = gameOf([['t', 'tk', 'knights', 'E5', 'S'], ['t', 'tm', 'mediumInfantry', 'F5', 'S'], ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ['r', 'rl', 'levyInfantry', 'F7', 'N']]);
    s = applyAction(s, legalActions(s).find((a) => a.type === 'move' && a.unit === 'tk' && a.to === 'E6')!);
    s = advanceTo(s, 'melee');
    if (legalActions(s).some((a) => a.type === 'fight')) s = applyAction(s, legalActions(s).find((a) => a.type === 'fight')!);
    s = applyAction(s, { type: 'mdi', side: 'teutonic', mdi: 'pincers' });
    const view = viewFor(s, 'russian');
    expect(view.hiddenPicks).toEqual(['teutonic']);
    const picks = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const json = sampleWorld(view, stream(seed));
      const core = toState(sampleWorldCore(view.hiddenPicks, positionOf(view), stream(seed)));
      expect(core.melees[core.current!]!.mdi).toEqual(json.melees[json.current!]!.mdi);
      expect(core.rng).toEqual(json.rng);
      picks.add(String(core.melees[core.current!]!.mdi.teutonic));
    }
    expect(picks.size).toBeGreaterThan(2);
  });
});

describe('Elo from a pairing\'s score', () => {
  test('64% is about 100 Elo, 50% is none, 95% is about 512', () => {
    expect(eloFromScore(0.64)).toBeCloseTo(100, -1);
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.95)).toBeCloseTo(511.5, 0);
  });

  test('the interval comes from the score\'s Wilson interval, draws counting half', () => {
    const g = eloGap(120, 20, 200);
    expect(g.score).toBeCloseTo(0.65, 9);
    expect(g.scoreLow).toBeLessThan(0.65);
    expect(g.scoreHigh).toBeGreaterThan(0.65);
    expect(g.eloLow).toBeCloseTo(eloFromScore(g.scoreLow), 9);
    expect(g.elo).toBeGreaterThan(g.eloLow);
    expect(g.elo).toBeLessThan(g.eloHigh);
    expect(g.wins.rate).toBeCloseTo(0.6, 9);
    const all = eloGap(10, 0, 10);
    expect(all.elo).toBe(Infinity);
    expect(all.eloLow).toBeGreaterThan(0);
    expect(Number.isFinite(all.eloLow)).toBe(true);
  });
});
