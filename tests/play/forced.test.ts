/** Issue 27: safe defaults (never harming the own side), forced decisions, and the clicks they save. */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, legalActions, viewFor, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, HINT_LEVEL } from '../../src/workers/levels';
import { choicesOf, defaultGeneralAction, defaultUnitAction, forcedDecision, harmsOwnSide, holdsWithoutTarget } from '../../src/play/choices';
import { ballistaOdds } from '../../src/play/odds';
import { humanClicks } from './clicks';

/** Every state of a game of the open field played by the hint policy (what Suggest and the defaults follow). */
function states(seed: number, cap = 500): GameState[] {
  let s = createGame(templateScenario('open-field')!, { seed });
  const out = [s];
  while (s.phase !== 'over' && out.length < cap) {
    s = applyAction(s, decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1));
    out.push(s);
  }
  return out;
}

describe('defaults never harm their own side', () => {
  test('no unit default aims a ballista at own troops or moves away from the enemy; no general default is an MDI or conceding', () => {
    let units = 0, aimsAtOwn = 0;
    for (const seed of [1, 2]) {
      for (const [i, s] of states(seed).entries()) {
        if (s.phase === 'over' || i % 2 !== 0) continue;
        const view = viewFor(s, s.toAct!);
        const actions = legalActions(s);
        const suggested = decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1);
        const choices = choicesOf(actions);
        for (const u of choices.units) {
          const d = defaultUnitAction(view, u.actions, suggested);
          units++;
          if (d) expect(harmsOwnSide(view, d)).toBeNull();
          aimsAtOwn += u.actions.filter((a) => a.type === 'ballistaFire' && (ballistaOdds(view, a.unit, a.target)?.ownAtTarget.length ?? 0) > 0).length;
        }
        const g = defaultGeneralAction(choices.general, suggested);
        expect(g?.type).not.toBe('mdi');
        expect(g?.type).not.toBe('concede');
      }
    }
    expect(units).toBeGreaterThan(100);
    // The games offered shots at own troops: the check above had something to refuse.
    expect(aimsAtOwn).toBeGreaterThan(0);
  });

  test('issue 44: no unit default is a move, charge, shot or ballista aim (Enter applies only what the player picked)', () => {
    let offered = 0;
    for (const seed of [1, 2]) {
      for (const [i, s] of states(seed).entries()) {
        if (s.phase === 'over' || i % 3 !== 0) continue;
        const view = viewFor(s, s.toAct!);
        const suggested = decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1);
        for (const u of choicesOf(legalActions(s)).units) {
          if (!u.actions.some((a) => a.type === 'move' || a.type === 'fire' || a.type === 'ballistaFire')) continue;
          offered++;
          const d = defaultUnitAction(view, u.actions, suggested);
          expect(['move', 'fire', 'ballistaFire', 'face', 'support']).not.toContain(d?.type);
        }
      }
    }
    // The games offered moves and shots (with Suggest picking some of them): the check had something to refuse.
    expect(offered).toBeGreaterThan(20);
  });

  test('harmsOwnSide names a shot at own troops, a move away from the enemy and leaving the board', () => {
    const s = createGame(templateScenario('open-field')!, { seed: 1 });
    const ballista = s.units.find((u) => u.type === 'ballista' && u.side === 'teutonic')!;
    const own = s.units.find((u) => u.side === 'teutonic' && u.type === 'knights')!;
    expect(harmsOwnSide(s, { type: 'ballistaFire', side: 'teutonic', unit: ballista.id, target: own.at! })).toMatch(/own troops/);
    expect(harmsOwnSide(s, { type: 'move', side: 'teutonic', unit: own.id, to: 'off' })).toMatch(/leaves the board/);
    const back = own.at!.replace(/\d+$/, (r) => String(Number(r) - 1));
    expect(harmsOwnSide(s, { type: 'move', side: 'teutonic', unit: own.id, to: back })).toMatch(/away from the enemy/);
    const forward = own.at!.replace(/\d+$/, (r) => String(Number(r) + 1));
    expect(harmsOwnSide(s, { type: 'move', side: 'teutonic', unit: own.id, to: forward })).toBeNull();
  });
});

describe('forced decisions', () => {
  test('a shooter with nothing in range holds by itself; a single legal choice makes itself; a real choice never does', () => {
    let idle = 0, single = 0, real = 0;
    for (const s of states(3)) {
      if (s.phase === 'over') continue;
      const actions = legalActions(s);
      const f = forcedDecision(s, actions);
      const others = actions.filter((a) => a.type !== 'concede');
      if (!f) { if (others.length > 1) real++; continue; }
      expect(others.some((a) => JSON.stringify(a) === JSON.stringify(f.action))).toBe(true);
      if (f.reason === 'no target in range') {
        idle++;
        expect(['hold', 'ballistaHold']).toContain(f.action.type);
        expect(holdsWithoutTarget(s, actions).length).toBeGreaterThan(0);
      } else {
        single++;
        expect(others).toHaveLength(1);
      }
    }
    expect(idle).toBeGreaterThan(3);
    expect(single).toBeGreaterThan(3);
    expect(real).toBeGreaterThan(20);
  });

  test('on the same seeds a player following Suggest clicks fewer times per turn when forced decisions make themselves', () => {
    const scenario = templateScenario('open-field')!;
    const before = humanClicks(scenario, 1, false), after = humanClicks(scenario, 1, true);
    expect(after.clicks).toBeLessThan(before.clicks * 0.9);
    expect(Object.values(after.forced).reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
  });
});
