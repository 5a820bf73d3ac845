import { describe, expect, test } from 'vitest';
import { diagonalBlocked, fireLine, inCone, lineClear, retreatDistance, squareDistance, type Facing } from '../../src/rules';

describe('1B distance: orthogonal 1, diagonal 1 1/2', () => {
  test.each([
    ['A1', 'A1', 0], ['A1', 'B1', 1], ['A1', 'A2', 1], ['A1', 'B2', 1.5], ['A1', 'C2', 2.5], ['A1', 'C3', 3],
    ['A1', 'D2', 3.5], ['A1', 'L12', 16.5], ['E5', 'E1', 4], ['E5', 'H8', 4.5], ['C3', 'A1', 3], ['AA1', 'Z1', 1],
  ])('%s to %s is %d', (a, b, d) => {
    expect(squareDistance(a, b)).toBe(d);
    expect(squareDistance(b, a)).toBe(d);
  });
});

describe('9L retreat distance: a diagonal step counts 1', () => {
  test.each([['A1', 'B2', 1], ['A1', 'C3', 2], ['A1', 'C2', 2], ['E5', 'E7', 2], ['E5', 'G6', 2]])('%s to %s is %d', (a, b, d) => {
    expect(retreatDistance(a, b)).toBe(d);
  });
});

describe('9C cone of fire: 90 degrees, boundary inside', () => {
  // From E5, which of these squares is in the cone for each facing?
  const targets = ['E3', 'F3', 'G3', 'H3', 'G5', 'G7', 'E7', 'C7', 'C5', 'C3', 'D3', 'F4'];
  const expected: Record<Facing, string[]> = {
    N: ['E3', 'F3', 'G3', 'C3', 'D3', 'F4'],
    NE: ['E3', 'F3', 'G3', 'H3', 'G5', 'F4'],
    E: ['G3', 'H3', 'G5', 'G7', 'F4'],
    SE: ['G5', 'G7', 'E7'],
    S: ['G7', 'E7', 'C7'],
    SW: ['E7', 'C7', 'C5'],
    W: ['C7', 'C5', 'C3'],
    NW: ['E3', 'C5', 'C3', 'D3'],
  };
  test.each(Object.entries(expected))('facing %s from E5', (facing, inside) => {
    for (const t of targets) expect(inCone('E5', facing as Facing, t), `${t}`).toBe(inside.includes(t));
  });
  test('a unit\'s own square is not in its cone', () => {
    expect(inCone('E5', 'N', 'E5')).toBe(false);
  });
});

describe('9B line of fire (digest reading)', () => {
  test.each([
    ['orthogonal line crosses the squares between', 'A1', 'A4', ['A2', 'A3'], 0],
    ['adjacent squares have nothing between', 'C3', 'C4', [], 0],
    ['pure diagonal crosses centres and passes corners', 'A1', 'C3', ['B2'], 2],
    ['knight-move line crosses two squares', 'A1', 'B3', ['A2', 'B2'], 0],
    ['shallow line through a corner', 'A1', 'D2', ['B1', 'C2'], 1],
    ['shallow line missing every corner', 'A1', 'C2', ['B1', 'B2'], 0],
  ])('%s: %s to %s', (_name, from, to, crossed, corners) => {
    const line = fireLine(from, to);
    expect([...line.crossed].sort()).toEqual([...crossed].sort());
    expect(line.corners).toHaveLength(corners);
  });
  test('an occupied square in between screens; the end squares never do', () => {
    expect(lineClear('A1', 'A4', (sq) => sq === 'A2')).toBe(false);
    expect(lineClear('A1', 'A4', (sq) => sq === 'A1' || sq === 'A4' || sq === 'B2')).toBe(true);
  });
  test('at an exact corner the line is screened only if both touching squares screen', () => {
    // A1 -> C3 passes the corner between A1, B1, A2, B2: it touches A2 and B1 there.
    expect(lineClear('A1', 'C3', (sq) => sq === 'A2')).toBe(true);
    expect(lineClear('A1', 'C3', (sq) => sq === 'A2' || sq === 'B1')).toBe(false);
    expect(lineClear('A1', 'C3', (sq) => sq === 'B2')).toBe(false);
  });
  test('screening is mutual', () => {
    const screens = (sq: string) => sq === 'B2' || sq === 'C4';
    for (const [a, b] of [['A1', 'C5'], ['A1', 'D3'], ['B1', 'D6']] as const) expect(lineClear(a, b, screens)).toBe(lineClear(b, a, screens));
  });
});

describe('6J diagonal steps blocked by enemies or rivers at the corner', () => {
  const none = () => false;
  test('two enemy-held corner squares block the step', () => {
    expect(diagonalBlocked('B2', 'C3', (sq) => sq === 'C2' || sq === 'B3', none)).toBe(true);
    expect(diagonalBlocked('B2', 'C3', (sq) => sq === 'C2', none)).toBe(false);
  });
  const river = (edges: string[]) => (x: string, y: string) => edges.includes([x, y].sort().join('|'));
  test.each([
    ['a river on both sides of the corner blocks', ['B2|C2', 'B3|C3'], false],
    ['one straight river edge leaves a way round', ['B2|C2'], true],
    ['an L of river edges through the corner blocks', ['B2|C2', 'B2|B3'], false],
    ['river edges not touching the path do not block', ['A2|B2'], true],
  ])('%s', (_name, edges, free) => {
    expect(diagonalBlocked('B2', 'C3', none, river(edges))).toBe(!free);
  });
});
