/** A small scenario for play tests: a few units a side, two of them left for hidden deployment, three turns. */
import type { Scenario } from '../../src/rules';

export function smallScenario(turnLimit = 3): Scenario {
  return {
    format: 'nevsky-scenario', version: 1, meta: { title: 'Skirmish at the Ford' }, ruleset: 'nevsky',
    board: { columns: 12, rows: 12 },
    terrain: { protected: [{ at: 'F6', kind: 'woods' }] },
    rules: { turnLimit, firstAttacker: 'teutonic' },
    sides: [
      {
        id: 'teutonic', army: 'teutonic', name: 'Teutonic Order', edge: 'north',
        units: [
          { id: 't-knights-1', type: 'knights', at: 'E3', facing: 'S' },
          { id: 't-crossbows-1', type: 'crossbowmen', at: 'G3', facing: 'S' },
          { id: 't-medium-inf-1', type: 'mediumInfantry' },
        ],
      },
      {
        id: 'russian', army: 'russian', name: 'Novgorod Host', edge: 'south',
        units: [
          { id: 'r-armored-inf-1', type: 'armoredInfantry', at: 'E10', facing: 'N' },
          { id: 'r-longbows-1', type: 'longbowmen', at: 'G10', facing: 'N' },
          { id: 'r-medium-inf-1', type: 'mediumInfantry' },
        ],
      },
    ],
  };
}
