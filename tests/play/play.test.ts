/** The play view's pure helpers and the computer's decision: previews agree with the engine, secrets stay secret. */
import { describe, expect, test } from 'vitest';
import {
  actionKey, applyAction, createGame, formatJson, withScriptedDice, gamePoints, hitOdds, hitRule, legalActions, narrate, replayGame, saveGame, simplePolicy, stateHash,
  type Action, type GameState, type MeleeEvent,
} from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide } from '../../src/workers/levels';
import { ballistaOdds, fireOdds, meleePreview } from '../../src/play/odds';
import { gameOf, type UnitRow } from '../engine/helpers';
import { endReason, pointsBreakdown, actionSentence } from '../../src/play/describe';
import { changes, choicesOf, defaultGeneralAction } from '../../src/play/choices';
import { sceneOf } from '../../src/play/scene';
import { canonical, replayWithJournal } from '../../src/stores/game';
import { smallScenario } from './smallScenario';

/** Every state of a game played by simplePolicy on both sides (capped). */
function playedStates(scenario = smallScenario(), seed = 1, cap = 400): GameState[] {
  let s = createGame(scenario, { seed });
  const out = [s];
  const policy = simplePolicy(seed);
  while (s.phase !== 'over' && out.length < cap) {
    s = applyAction(s, policy(s, legalActions(s)));
    out.push(s);
  }
  return out;
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('the computer decides from its own view', () => {
  test('hidden deployment: where the other side placed its hidden unit never changes the decision', () => {
    const start = createGame(smallScenario(), { seed: 11 });
    expect(start.toAct).toBe('teutonic');
    const deploys = legalActions(start).filter((a) => a.type === 'deploy');
    const decisions = new Set<string>();
    for (const a of [deploys[0]!, deploys[deploys.length - 1]!, deploys[Math.floor(deploys.length / 2)]!]) {
      const s = applyAction(start, a);
      expect(s.toAct).toBe('russian');
      decisions.add(actionKey(decide(s, 'russian', 2, 5)));
    }
    expect(decisions.size).toBe(1);
  });

  test('9H secret MDI: the attacker\'s pending pick never changes the defender\'s decision', () => {
    let checked = 0;
    for (const seed of SEEDS) {
      for (const s of playedStates(smallScenario(), seed)) {
        if (s.phase !== 'melee' || s.current === null || s.resolution || s.toAct !== s.attacker) continue;
        const picks = legalActions(s).filter((a) => a.type === 'mdi');
        const answers = new Set(picks.map((p) => { const t = applyAction(s, p); return actionKey(decide(t, t.toAct!, 2, 9)); }));
        expect(answers.size).toBe(1);
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  test.each([[0, 1], [1, 1], [2, 3]])('the decision at level %i is always a legal action of the side to act (every %i positions)', (level, every) => {
    let checked = 0;
    for (const [i, s] of playedStates(smallScenario(), 3).entries()) {
      if (s.phase === 'over' || i % every !== 0) continue;
      const a = decide(s, s.toAct!, level, 1);
      expect(() => applyAction(s, a)).not.toThrow();
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  });
});

describe('previews agree with the engine', () => {
  test('9F melee values shown before a melee equal the values the engine fights with', () => {
    let compared = 0;
    for (const seed of SEEDS) {
      const states = (seed <= 3 ? playedStates(templateScenario('open-field')!, seed, 250) : []).concat(playedStates(smallScenario(), seed));
      for (let i = 1; i < states.length; i++) {
        const fought = states[i]!.events.find((e): e is MeleeEvent => e.kind === 'melee');
        const before = states[i - 1]!;
        if (!fought || before.current === null) continue;
        const m = before.melees[before.current]!;
        const shown = meleePreview(before, m);
        const attacker = shown.find((x) => x.side === before.attacker)!;
        const defender = shown.find((x) => x.side !== before.attacker)!;
        expect([attacker.value, defender.value]).toEqual([fought.attacker.value, fought.defender.value]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  }, 30_000);

  test('9B fire odds: one unit at an unprotected target uses one die per stand and the table cell', () => {
    let checked = 0;
    for (const seed of SEEDS.slice(0, 3)) {
      for (const s of playedStates(templateScenario('open-field')!, seed, 120)) {
        if (s.phase !== 'missile' || s.fires.some((f) => f.target !== undefined)) continue;
        for (const a of legalActions(s)) {
          if (a.type !== 'fire') continue;
          const u = s.units.find((x) => x.id === a.unit)!, t = s.units.find((x) => x.id === a.target)!;
          const o = fireOdds(s, a.unit, a.target)!;
          const protectedSq = (s.scenario.terrain?.protected ?? []).some((p) => p.at === t.at);
          expect(o.dice).toBe(u.stands - (protectedSq ? 1 : 0));
          const exact = hitOdds(hitRule(u.type, t.type, o.range)!, o.dice);
          expect(o.atLeastOne).toBeCloseTo(exact.atLeastOne, 12);
          expect(o.expected).toBeCloseTo(exact.expected, 12);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  test('11 points breakdown adds up to the engine\'s score at the end of a game', () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const end = playedStates(smallScenario(), seed).at(-1)!;
      expect(end.phase).toBe('over');
      for (const row of pointsBreakdown(end)) {
        expect(row.surviving + row.offBoard + row.halfKilled).toBeCloseTo(gamePoints(end)[row.side]!, 9);
        expect(row.total).toBe(end.result!.points[row.side]);
      }
    }
  });
});

describe('game files and words', () => {
  test('a game kept in file key order replays from its exported text to the same state hash', () => {
    const states = playedStates(smallScenario(), 4);
    let s = createGame(canonical(smallScenario()), { seed: 4 });
    for (const a of states.at(-1)!.log) s = applyAction(s, JSON.parse(formatJson(a)) as Action);
    const file = JSON.parse(formatJson(saveGame(s)));
    expect(stateHash(replayGame(file))).toBe(stateHash(s));
    const r = replayWithJournal(file);
    expect(stateHash(r.state)).toBe(stateHash(s));
    expect(r.journal).toHaveLength(s.log.length);
  });

  test('the log names sides and never tells a secret MDI pick', () => {
    const s = createGame(smallScenario(), { seed: 1 });
    expect(actionSentence(s, { type: 'mdi', side: 'teutonic', mdi: 'pincers' })).not.toContain('pincers');
    expect(narrate({ kind: 'turn', side: 'teutonic', turn: 1 }, s)).toBe('Turn 1: Teutonic Order attacks.');
    const side = (id: string, value: number, mdi: MeleeEvent['attacker']['mdi'], loss: number) => ({ side: id, value, parts: [], modifiers: [], mdi, loss, remaining: value - loss });
    const melee: MeleeEvent = {
      kind: 'melee', side: 'teutonic', at: 'G7', attacker: side('teutonic', 9, 'pincers', 0.5), defender: side('russian', 1, 'line', 1),
      comparison: 'a-superior', result: 'b-destroyed',
    };
    expect(narrate(melee, s)).toBe("Melee at G7: Teutonic Order 9 (pincers) vs Novgorod Host 1 (line): Teutonic Order's deployment is superior; Teutonic Order loses 0.5, Novgorod Host loses 1; Novgorod Host is three times weaker and destroyed.");
  });

  test.each([
    ['a concession', 'concede', /^teutonic gave up the field\.$/],
    ['the turn limit', 'limit', /^Decided on points at the end of turn 1\.$/],
    ['a side with no troops left', 'rout', /^russian has no troops left on the board\.$/],
  ] as const)('10G the result says why the game ended: %s', (_n, how, words) => {
    let s = gameOf([['t', 'l', 'longbowmen', 'F4', 'S'], ['r', 'e', 'levyInfantry', 'F5', 'N', 1]], { phase: 'missile', rules: { turnLimit: 1 } });
    if (how === 'concede') {
      s = applyAction(s, { type: 'hold', side: 'teutonic', unit: 'l' });
      s = applyAction(s, { type: 'concede', side: s.toAct! });
      expect(s.toAct).toBe(null);
    } else if (how === 'rout') {
      s = applyAction(withScriptedDice(s, [1, 1, 1]), { type: 'fire', side: 'teutonic', unit: 'l', target: 'e' });
    } else {
      while (s.phase !== 'over') s = applyAction(s, legalActions(s).find((a) => ['hold', 'endMove', 'endSupport', 'endTurn', 'endFacing'].includes(a.type))!);
    }
    expect(s.phase).toBe('over');
    expect(endReason(s)).toMatch(words);
  });

  test('the scene shows only units on the board, with their stands and facing', () => {
    const s = createGame(smallScenario(), { seed: 1 });
    const scene = sceneOf(s);
    expect(scene.sides[0]!.units.map((u) => u.id)).toEqual(['t-knights-1', 't-crossbows-1']);
    expect(scene.sides[0]!.units[0]).toMatchObject({ at: 'E3', facing: 'S', stands: 2 });
  });

  test('defaults never concede, and changes mark moves and losses', () => {
    const states = playedStates(smallScenario(), 2);
    for (const s of states) {
      if (s.phase === 'over') continue;
      const d = defaultGeneralAction(choicesOf(legalActions(s)).general);
      if (d) expect(d.type).not.toBe('concede');
    }
    const moved = states.findIndex((s, i) => i > 0 && s.log.at(-1)?.type === 'move' && states[i - 1]!.phase === 'move');
    expect(changes(states[moved - 1]!, states[moved]!).moved).toHaveLength(1);
  });
});

describe('7 ballista odds shown before the shot', () => {
  // Ballista at F2 facing S aims at F5; own levy at E5, enemy levy at G6 (both one square from the aim point).
  const rows: UnitRow[] = [
    ['t', 'b', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['t', 'own', 'levyInfantry', 'E5', 'S'],
    ['r', 'foe', 'levyInfantry', 'G6', 'N'], ['r', 'aimed', 'levyInfantry', 'F5', 'N'],
  ];
  test.each([
    ['an open square: lands on 1-3', {}, 3],
    ['a wood: lands on 1-2', { protected: [{ at: 'F5', kind: 'woods' as const }] }, 2],
  ])('7 %s', (_n, terrain, faces) => {
    const s = gameOf(rows, { terrain, phase: 'ballista' });
    const o = ballistaOdds(s, 'b', 'F5')!;
    expect(o.faces).toBe(faces);
    expect(o.onTarget).toBeCloseTo(faces / 6);
    // One of eight stray directions reaches each neighbour holding troops.
    expect(o.strayOwn).toBeCloseTo((1 - faces / 6) / 8);
    expect(o.strayEnemy).toBeCloseTo((1 - faces / 6) / 8);
  });
  test('7 a stray that would land out of range or on the ballista itself misses: not counted', () => {
    const s = gameOf([['t', 'b', 'ballista', 'F2', 'S'], ['t', 'crew', 'ballistarii', 'F2', 'S'], ['r', 'far', 'levyInfantry', 'F9', 'N'], ['r', 'aimed', 'levyInfantry', 'F8', 'N']], { phase: 'ballista' });
    expect(ballistaOdds(s, 'b', 'F8')!.strayEnemy).toBe(0);
  });
});
