/** Issue 28 item 6: the computer's top choices for a decision, with chances and reasons, from the side's view only. */
import { describe, expect, test } from 'vitest';
import { actionKey, applyAction, legalActions, viewFor, type GameState } from '../../src/rules';
import { hint } from '../../src/ai/hint';
import { MDIS } from '../../src/rules';
import { advanceTo, gameOf } from '../engine/helpers';
import { POSITIONS, positionState } from './tactics/suite';

const position = (name: string): GameState => positionState(POSITIONS.find((p) => p.name.includes(name))!);

/** A melee at E6 waiting for the defender's (russian) MDI pick, the attacker's pick made. */
function defenderToPick(attackerPick: (typeof MDIS)[number]): GameState {
  let s = gameOf([['t', 'tk', 'knights', 'E5', 'S'], ['t', 'tm', 'mediumInfantry', 'F5', 'S'], ['r', 'rm', 'mediumInfantry', 'E6', 'N'], ['r', 'rl', 'levyInfantry', 'F7', 'N']]);
  s = applyAction(s, legalActions(s).find((a) => a.type === 'move' && a.unit === 'tk' && a.to === 'E6')!);
  s = advanceTo(s, 'melee');
  if (s.toAct === 'teutonic' && legalActions(s).some((a) => a.type === 'fight')) s = applyAction(s, legalActions(s).find((a) => a.type === 'fight')!);
  return applyAction(s, { type: 'mdi', side: 'teutonic', mdi: attackerPick });
}

describe('hint', () => {
  test('three legal choices, best first, each with a chance in [0, 1] and a reason', () => {
    const s = position('knights charge the infantry in the open');
    const h = hint(s, 'teutonic', { level: 'easy', seed: 1 });
    expect(h).toHaveLength(3);
    const legal = new Set(legalActions(s).map(actionKey));
    for (const c of h) {
      expect(legal.has(actionKey(c.action))).toBe(true);
      expect(c.win).toBeGreaterThanOrEqual(0);
      expect(c.win).toBeLessThanOrEqual(1);
      expect(c.reason.length).toBeGreaterThan(5);
    }
    expect(h.map((c) => c.win)).toEqual([...h.map((c) => c.win)].sort((a, b) => b - a));
    expect(new Set(h.map((c) => actionKey(c.action))).size).toBe(3);
  });

  test('a free kill comes first, and its reason says what it takes', () => {
    const h = hint(position('turcopoles ride over a 1-stand javelin'), 'teutonic', { level: 'easy', seed: 2, k: 10 });
    expect(h[0]!.action).toMatchObject({ type: 'move', unit: 'tr', runOver: 'D7' });
    // The 1-stand javelin unit is worth 3 points, taken for certain.
    expect(h[0]!.takes).toBeCloseTo(3);
    expect(h[0]!.reason).toMatch(/^runs over rv; takes about 3 pts this turn/);
    // Ending the move without it takes nothing.
    const pass = h.find((c) => c.action.type === 'endMove')!;
    expect(pass.takes).toBe(0);
    expect(h[0]!.win).toBeGreaterThan(pass.win);
  });

  test('a lead the three-times rule destroys is reported as risky', () => {
    const s = position('do not lead javelins into armored');
    const all = hint(s, 'teutonic', { level: 'easy', seed: 3, k: 50 });
    const lead = all.find((c) => c.action.type === 'move' && c.action.to === 'F6');
    const pass = all.find((c) => c.action.type === 'endMove');
    expect(lead && pass).toBeTruthy();
    expect(lead!.loses).toBeGreaterThan(pass!.loses);
    expect(lead!.reason).toMatch(/attacks rs at F6; .*risks/);
    expect(lead!.win).toBeLessThan(pass!.win);
  });

  test('is seeded, reports progress to its total, and marks the level\'s own pick', () => {
    const s = position('support: medium infantry back');
    const seen: Array<[number, number]> = [];
    const a = hint(s, 'teutonic', { level: 'easy', seed: 9, k: 20, progress: (d, n) => seen.push([d, n]) });
    const b = hint(s, 'teutonic', { level: 'easy', seed: 9, k: 20 });
    expect(b).toEqual(a);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.map(([d]) => d)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.at(-1)![0]).toBe(seen.at(-1)![1]);
    expect(a.filter((c) => c.chosen)).toHaveLength(1);
  });

  test('the other side\'s hidden MDI pick never changes the hint', () => {
    const worlds = MDIS.map(defenderToPick);
    expect(new Set(worlds.map((w) => w.melees[w.current!]!.mdi.teutonic)).size).toBe(6);
    expect(new Set(worlds.map((w) => JSON.stringify(viewFor(w, 'russian')))).size).toBe(1);
    const hints = worlds.map((w) => JSON.stringify(hint(w, 'russian', { level: 'easy', seed: 4 })));
    expect(new Set(hints).size).toBe(1);
    expect(JSON.parse(hints[0]!)).toHaveLength(3);
  }, 30_000);

  test('only the side to act gets a hint', () => {
    const s = position('knights charge the infantry in the open');
    expect(() => hint(s, 'russian', { seed: 1 })).toThrow(/russian has no decision to make now/);
  });
});
