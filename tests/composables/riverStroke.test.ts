import { describe, expect, test } from 'vitest';
import { CELL, MARGIN, nearestEdge } from '../../src/render/layout';
import { RiverStroke, edgesBetween } from '../../src/composables/riverStroke';

const board = { columns: 12, rows: 12 };
/** A pointer position in squares from the board's top-left corner. */
const at = (x: number, y: number) => nearestEdge(MARGIN + x * CELL, MARGIN + y * CELL, board);

/** Run a stroke through points (in squares), with `steps` pointer events between each pair. */
function stroke(points: Array<[number, number]>, steps = 4) {
  const s = new RiverStroke(at(...points[0]!));
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    for (let k = 1; k <= steps; k++) s.move(at(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps));
  }
  return s.result();
}

describe('river strokes follow the pointer', () => {
  test('nearest edge: a point near the line between E5 and E6 is that edge; the rim is never an edge', () => {
    expect(at(4.5, 5.05)?.edge).toEqual(['E5', 'E6']);
    expect(at(4.96, 4.5)?.edge).toEqual(['E5', 'F5']);
    expect(at(0.05, 4.5)?.distance).toBeGreaterThan(0.4);
    expect(at(-1, 3)).toBeNull();
  });

  test('a drag along a grid line takes exactly the edges it ran along', () => {
    expect(stroke([[1.5, 5.05], [5.5, 4.97]])).toEqual([['B5', 'B6'], ['C5', 'C6'], ['D5', 'D6'], ['E5', 'E6'], ['F5', 'F6']]);
  });

  test('brushing past the corners with a wobbly pointer adds no stray branch', () => {
    const wobble: Array<[number, number]> = [];
    for (let x = 1.5; x <= 4.5; x += 0.1) wobble.push([x, 5 + (Math.round(x * 10) % 2 === 0 ? 0.12 : -0.12)]);
    expect(stroke(wobble, 1)).toEqual([['B5', 'B6'], ['C5', 'C6'], ['D5', 'D6'], ['E5', 'E6']]);
  });

  test('a drag that turns a corner follows both lines', () => {
    expect(stroke([[1.5, 5], [3, 5], [3, 7.5]])).toEqual([['B5', 'B6'], ['C5', 'C6'], ['C6', 'D6'], ['C7', 'D7'], ['C8', 'D8']]);
  });

  test('a quick pointer that skips an edge on the same line fills the gap, not more', () => {
    expect(stroke([[1.5, 5], [4.5, 5]], 1)).toEqual([['B5', 'B6'], ['C5', 'C6'], ['D5', 'D6'], ['E5', 'E6']]);
    expect(edgesBetween(['B5', 'B6'], ['B5', 'C5'])).toEqual([]);
  });

  test('a click takes the edge nearest the press, even at a corner', () => {
    expect(stroke([[2.5, 5.3]])).toEqual([['C5', 'C6']]);
    expect(stroke([[3.05, 5.1]])).toEqual([['C6', 'D6']]);
  });
});
