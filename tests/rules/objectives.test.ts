/** Reading R-objectives (digest 11, scenario format version 2): who holds an objective and what it adds at every ending. */
import { describe, expect, test } from 'vitest';
import { applyAction, createGame, gamePoints, narrate, objectiveHolder, objectiveHoldings, scoreParts, type Objective } from '../../src/rules';
import { advanceTo, scenarioOf, type UnitRow } from '../engine/helpers';

describe('R-objectives: the holder of one objective (objectiveHolder)', () => {
  // Per square: which sides have troops there ('t', 'r', 'tr' or '').
  test.each([
    ['nobody on it', ['', ''], -1, -1],
    ['troops of one side on one of its squares', ['t', ''], -1, 0],
    ['the other side on another square', ['', 'r'], -1, 1],
    ['both sides on different squares: nobody', ['t', 'r'], -1, -1],
    ['both sides in one square (a melee): nobody', ['tr', ''], -1, -1],
    ['an objective for the other side: nobody', ['t', 't'], 1, -1],
    ['an objective for that side: it', ['t', ''], 0, 0],
  ] as const)('R-objectives: %s', (_name, squares, only, holder) => {
    const troops = (side: number, i: number) => squares[i]!.includes(side === 0 ? 't' : 'r');
    expect(objectiveHolder(squares.length, only, troops)).toBe(holder);
  });
});

const ARMY: UnitRow[] = [
  ['t', 't-kn', 'knights', 'E3'], ['t', 't-xb', 'crossbowmen', 'H3'], ['t', 't-bal', 'ballista', 'B3'],
  ['r', 'r-lc', 'lightCavalry', 'E10'], ['r', 'r-levy', 'levyInfantry', 'H10'],
];
const game = (objectives: Objective[], rules = {}) => {
  const s = scenarioOf(ARMY, {}, rules);
  s.objectives = objectives;
  return createGame(s, { seed: 3 });
};
const concede = (g: ReturnType<typeof game>, side: string) => applyAction(g, { type: 'concede', side });

describe('R-objectives: held objectives count in every ending\'s points', () => {
  test.each([
    ['troops on one square of two', [{ id: 'camp', label: 'Camp', squares: ['E3', 'E4'], points: 20 }], { teutonic: 20, russian: 0 }],
    ['a lone ballista holds nothing', [{ id: 'tower', label: 'Tower', squares: ['B3'], points: 20 }], { teutonic: 0, russian: 0 }],
    ['troops of both sides on its squares: nobody', [{ id: 'line', label: 'Line', squares: ['E3', 'E10'], points: 30 }], { teutonic: 0, russian: 0 }],
    ['for the Russians only, held by Russians', [{ id: 'ch', label: 'Chapel', squares: ['H10'], points: 15, for: 'russian' }], { teutonic: 0, russian: 15 }],
    ['for the Russians only, held by Teutons: nobody', [{ id: 'ch', label: 'Chapel', squares: ['H3'], points: 15, for: 'russian' }], { teutonic: 0, russian: 0 }],
    ['two objectives, one each', [{ id: 'a', label: 'A', squares: ['H3'], points: 7 }, { id: 'b', label: 'B', squares: ['E10'], points: 9 }], { teutonic: 7, russian: 9 }],
  ] as const)('R-objectives: %s', (_name, objectives, want) => {
    const plain = gamePoints(game([]));
    const g = game(objectives.map((o) => ({ ...o, squares: [...o.squares] })));
    const over = concede(g, 'teutonic');
    expect(over.result!.reason).toBe('conceded');
    expect(over.result!.winner).toBe('russian');
    for (const side of ['teutonic', 'russian'] as const) {
      expect(over.result!.points[side]).toBe(plain[side]! + want[side]);
      expect(gamePoints(g)[side]).toBe(plain[side]! + want[side]);
      expect(scoreParts(over).find((x) => x.side === side)!.objectives).toBe(want[side]);
    }
    const held = objectiveHoldings(over);
    expect(held.map((h) => h.id)).toEqual(objectives.map((o) => o.id));
  });

  test('R-objectives: at the turn limit an objective decides the winner', () => {
    const plain = gamePoints(game([]));
    const behind = plain.teutonic! < plain.russian! ? 'teutonic' : 'russian';
    const square = behind === 'teutonic' ? 'E3' : 'E10';
    const gap = Math.abs(plain.teutonic! - plain.russian!);
    const g = advanceTo(game([{ id: 'hill', label: 'Hill', squares: [square], points: Math.min(100, gap + 1) }], { turnLimit: 1 }), 'over');
    expect(g.result!.reason).toBe('turn-limit');
    expect(objectiveHoldings(g)[0]!.holder).toBe(behind);
    expect(g.result!.winner).toBe(behind);
  });
});

describe('R-objectives: each objective\'s holder and points are shown at the end', () => {
  test('R-objectives: the end event, its log line, the result lines and the CLI score name holder and points', async () => {
    const { objectiveLines } = await import('../../src/play/describe');
    const { scoreLine } = await import('../../src/cli/commands/play');
    const over = concede(game([{ id: 'camp', label: 'The camp', squares: ['E3', 'E4'], points: 20 }, { id: 'ch', label: 'Chapel', squares: ['A7'], points: 5 }]), 'teutonic');
    const end = over.events.find((e) => e.kind === 'end');
    expect(end && end.kind === 'end' && end.objectives).toEqual([
      { id: 'camp', label: 'The camp', points: 20, holder: 'teutonic' }, { id: 'ch', label: 'Chapel', points: 5, holder: null },
    ]);
    const teutons = over.sides.find((s) => s.id === 'teutonic')!.name;
    expect(narrate(end!, over)).toContain(`The camp (20) held by ${teutons}; Chapel (5) held by nobody`);
    expect(objectiveLines(over)).toEqual([`The camp (E3, E4), 20 points: held by ${teutons}`, 'Chapel (A7), 5 points: held by nobody']);
    expect(scoreLine(over)).toMatch(/objective camp "The camp" \(20\): teutonic\n {2}objective ch "Chapel" \(5\): nobody$/);
  });
  test('R-objectives: a scenario without objectives keeps its end event as before', () => {
    const end = concede(game([]), 'teutonic').events.find((e) => e.kind === 'end');
    expect(end && 'objectives' in end).toBe(false);
  });
});
