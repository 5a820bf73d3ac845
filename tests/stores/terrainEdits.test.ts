import { describe, expect, test } from 'vitest';
import { validateScenario, type Scenario } from '../../src/rules';
import { blankScenario } from '../../src/scenario';
import { roadSquares } from '../../src/render/roads';
import {
  addRiver, addRoad, eraseTerrain, extendRun, mergeRivers, mirrorSquare, withMergedRivers, paintHill, paintProtected, removeRiverEdge, setCrossing,
} from '../../src/stores/terrainEdits';

const codes = (s: Scenario) => validateScenario(s).map((d) => d.code);

describe('terrain edits', () => {
  test.each([
    ['A1', 'L12'], ['C4', 'J9'], ['F6', 'G7'], ['L1', 'A12'],
  ])('mirror of %s on a 12x12 board is %s (point symmetry)', (sq, twin) => {
    expect(mirrorSquare(sq, blankScenario())).toBe(twin);
    expect(mirrorSquare(twin, blankScenario())).toBe(sq);
  });

  test.each([
    [['A6'], 'D6', ['A6', 'B6', 'C6', 'D6']],
    [['A6', 'B6'], 'C8', ['A6', 'B6', 'C6', 'C7', 'C8']],
    [['A6', 'B6', 'C6'], 'B6', ['A6', 'B6']],
  ])('a road drag from %j to %s covers straight runs with right-angle turns', (run, to, want) => {
    expect(extendRun(run, to)).toEqual(want);
  });

  test('3D a road is stored as corner points and painting woods on it is a road-on-protected error', () => {
    const s = addRoad(blankScenario(), ['A6', 'B6', 'C6', 'C7', 'C8']);
    expect(s.terrain?.roads).toEqual([{ path: ['A6', 'C6', 'C8'] }]);
    expect(roadSquares(['A6', 'C6', 'C8'])).toEqual(['A6', 'B6', 'C6', 'C7', 'C8']);
    const bad = paintProtected(s, ['B6'], 'woods');
    expect(codes(bad)).toContain('road-on-protected');
    expect(codes(eraseTerrain(bad, ['B6']))).not.toContain('road-on-protected');
  });

  test('erasing a square in the middle of a road splits it in two', () => {
    const s = addRoad(blankScenario(), extendRun(['A6'], 'L6'));
    const cut = eraseTerrain(s, ['F6']);
    expect(cut.terrain?.roads).toEqual([{ path: ['A6', 'E6'] }, { path: ['G6', 'L6'] }]);
  });

  test('a ford only goes on a river edge, and removing the river edge takes its crossing', () => {
    const s = blankScenario();
    expect(setCrossing(s, ['B5', 'B6'], 'ford')).toBe(s);
    const river = addRiver(s, [['A5', 'A6'], ['B5', 'B6'], ['C5', 'C6']]);
    const ford = setCrossing(river, ['B6', 'B5'], 'ford');
    expect(ford.terrain?.crossings).toEqual([{ edge: ['B6', 'B5'], kind: 'ford' }]);
    expect(codes(ford)).not.toContain('crossing-not-on-river');
    const bridge = setCrossing(ford, ['B5', 'B6'], 'bridge');
    expect(bridge.terrain?.crossings).toEqual([{ edge: ['B5', 'B6'], kind: 'bridge' }]);
    const erased = eraseTerrain(bridge, [], [['B6', 'B5']]);
    expect(erased.terrain?.crossings).toBeUndefined();
    expect(erased.terrain?.rivers).toEqual([{ edges: [['A5', 'A6'], ['C5', 'C6']] }]);
    expect(removeRiverEdge(bridge, ['B5', 'B6'])).toEqual(erased);
  });

  test('a file with a river saved one edge at a time is written with the touching edges as one river', () => {
    const s = { ...blankScenario(), terrain: { rivers: [{ edges: [['A5', 'A6']] }, { edges: [['B5', 'B6']] }, { edges: [['H5', 'H6']] }] } } as ReturnType<typeof blankScenario>;
    expect(withMergedRivers(s).terrain?.rivers).toEqual([{ edges: [['A5', 'A6'], ['B5', 'B6']] }, { edges: [['H5', 'H6']] }]);
    const once = withMergedRivers(s);
    expect(withMergedRivers(once)).toBe(once);
  });

  test('erasing a square leaves the river edges around it: Erase takes a river edge only when pointed at', () => {
    const river = addRiver(paintProtected(blankScenario(), ['B5'], 'woods'), [['A5', 'A6'], ['B5', 'B6'], ['B5', 'C5']]);
    const erased = eraseTerrain(river, ['B5']);
    expect(erased.terrain?.protected).toBeUndefined();
    expect(erased.terrain?.rivers).toEqual(river.terrain?.rivers);
  });

  test.each([
    ['two strokes that meet at a corner', [[['A5', 'A6'], ['B5', 'B6']], [['C5', 'C6']]], [[['A5', 'A6'], ['B5', 'B6'], ['C5', 'C6']]]],
    ['a stroke turning a corner', [[['C5', 'C6']], [['C5', 'D5']]], [[['C5', 'C6'], ['C5', 'D5']]]],
    ['a stroke joining two rivers', [[['A5', 'A6']], [['C5', 'C6']], [['B5', 'B6']]], [[['A5', 'A6'], ['C5', 'C6'], ['B5', 'B6']]]],
    ['rivers apart', [[['A5', 'A6']], [['C5', 'C6']]], [[['A5', 'A6']], [['C5', 'C6']]]],
  ] as const)('rivers that touch are stored as one: %s', (_name, strokes, want) => {
    let s = blankScenario();
    for (const edges of strokes) s = addRiver(s, edges.map((e) => [e[0], e[1]] as [string, string]));
    expect(s.terrain?.rivers?.map((r) => r.edges)).toEqual(want);
    expect(mergeRivers(s.terrain?.rivers ?? [])).toEqual(s.terrain?.rivers);
  });

  test('3F painting next to a hill extends it; painting apart starts a new hill; no square is in two hills', () => {
    let s = paintHill(blankScenario(), ['E6', 'F6']);
    s = paintHill(s, ['F7']);
    expect(s.terrain?.hills).toEqual([{ squares: ['E6', 'F6', 'F7'] }]);
    s = paintHill(s, ['J9', 'E6']);
    expect(s.terrain?.hills).toEqual([{ squares: ['E6', 'F6', 'F7'] }, { squares: ['J9'] }]);
    expect(codes(s)).not.toContain('hill-overlap');
  });

  test('an edit that changes nothing returns the same scenario (no empty undo step)', () => {
    const s = paintProtected(blankScenario(), ['C4'], 'rocks');
    expect(paintProtected(s, ['C4'], 'rocks')).toBe(s);
    expect(paintHill(paintHill(s, ['D4']), ['D4'])).toEqual(paintHill(s, ['D4']));
    expect(eraseTerrain(blankScenario(), ['C4']).terrain).toBeUndefined();
  });
});
