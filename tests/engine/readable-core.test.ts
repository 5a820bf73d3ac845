/**
 * The fast core held to the readable rule modules where the fuzz suite's oracle (fuzz/oracle.ts) cannot see a choice
 * from outside: a retiring unit's move is made inside an action. Here the core's retiring move is asked directly at
 * positions of whole games, for every unit on the board, and must end where src/rules/retirement.ts says.
 */
import { expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, simplePolicy, type Scenario } from '../../src/rules';
import { positionOf } from '../../src/rules/game';
import { OFF_EDGE, retireRoute } from '../../src/engine/after';
import { retirementEnd } from '../../src/rules/retirement';
import { retreatEnds } from '../../src/rules/retreat';
import { TEMPLATES } from '../../src/scenario';
import { generatedScenario } from './fuzz/scenarios';
import { gameOf } from './helpers';

function compare(scenario: Scenario, seed: number, every: number): number {
  const pick = seed % 2 === 0 ? randomPolicy(seed) : simplePolicy(seed);
  let s = createGame(scenario, { seed, turnLimit: 8 });
  let compared = 0, k = 0;
  while (s.phase !== 'over') {
    if (k++ % every === 0 && s.phase !== 'deploy') {
      const p = positionOf(s);
      for (const u of s.units) {
        if (u.status !== 'active' || !u.at || u.type === 'ballista') continue;
        const core = retireRoute(p, p.index.get(u.id)!);
        const got = core === OFF_EDGE ? 'off' : p.board.names[core];
        expect(got, `${u.id} at ${u.at}, turn ${s.turn} ${s.phase}`).toBe(retirementEnd(s, u));
        compared++;
      }
    }
    s = applyAction(s, pick(s, legalActions(s)));
  }
  return compared;
}

test.each(TEMPLATES.map((t) => t.id))('11 a retiring unit moves where the readable rule says, for every unit at positions of whole games (%s)', (id) => {
  expect(compare(TEMPLATES.find((t) => t.id === id)!.scenario, 3, 7) + compare(TEMPLATES.find((t) => t.id === id)!.scenario, 4, 11)).toBeGreaterThan(300);
}, 300_000);

test('11 a retiring unit moves where the readable rule says on generated scenarios (rivers, hills, woods in the way)', () => {
  let n = 0;
  for (let g = 0; g < 8; g++) n += compare(generatedScenario(8200 + g), g, 9);
  expect(n).toBeGreaterThan(300);
}, 300_000);

test.each<[string, Parameters<typeof gameOf>[0], string, string | 'off']>([
  ['11 off the board when a full move reaches its own edge with a step to spare', [['t', 'lc', 'lightCavalry', 'E5', 'N', 2], ['r', 'x', 'knights', 'A12', 'N']], 'lc', 'off'],
  ['11 else a full move straight back towards its own edge', [['t', 'lc', 'lightCavalry', 'E8', 'N', 2], ['r', 'x', 'knights', 'A12', 'N']], 'lc', 'E3'],
  ['11 around an enemy in the straight way, ties to the first square in row order', [['t', 'mi', 'mediumInfantry', 'E6', 'N', 2], ['r', 'x', 'knights', 'E5', 'S'], ['r', 'y', 'knights', 'A12', 'N']], 'mi', 'D5'],
  ['11 never ends in a square its side may not stack in (it passes its friends and stops short)', [['t', 'mi', 'mediumInfantry', 'E6', 'N', 2], ['t', 'mi2', 'mediumInfantry', 'E4', 'N', 2], ['r', 'y', 'knights', 'A12', 'N']], 'mi', 'E5'],
])('%s', (_what, rows, id, want) => {
  const s = gameOf(rows);
  expect(retirementEnd(s, s.units.find((u) => u.id === id)!)).toBe(want);
});

/** The state with a melee at `contact` being fought (current), for asking where a unit would retreat. */
function fighting(rows: Parameters<typeof gameOf>[0], contact: string) {
  const s = gameOf(rows);
  return { ...s, melees: [{ contact, supports: [], mdi: {}, fought: false }], current: 0 };
}

test.each<[string, Parameters<typeof gameOf>[0], string, Array<string | 'off'>]>([
  ['10 a defender retreats 2 squares straight towards its own edge', [['r', 'd', 'mediumInfantry', 'E6', 'N'], ['t', 'a', 'knights', 'E6', 'S']], 'd', ['E8']],
  ['10 where friends fill the square 2 away it goes 45 degrees round them (2 away) rather than stop 1 away', [['r', 'd', 'mediumInfantry', 'E6', 'N'], ['r', 'f', 'levyInfantry', 'E8', 'N'], ['t', 'a', 'knights', 'E6', 'S']], 'd', ['D8', 'F8']],
  ['10 an enemy straight behind: 45 degrees off either way, the side chooses', [['r', 'd', 'mediumInfantry', 'E6', 'N'], ['t', 'a', 'knights', 'E6', 'S'], ['t', 'b', 'knights', 'E7', 'N']], 'd', ['D8', 'F8']],
  ['10 off the board across its own edge (out of play)', [['r', 'd', 'mediumInfantry', 'E11', 'N'], ['t', 'a', 'knights', 'E11', 'S']], 'd', ['off']],
])('%s', (_what, rows, id, want) => {
  const s = fighting(rows, rows.find((r) => r[1] === id)![3]!);
  expect(retreatEnds(s, s.units.find((u) => u.id === id)!)).toEqual(want);
});
