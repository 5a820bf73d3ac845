/** The map's colour pairs stay distinct for protanopes, deuteranopes and tritanopes, and in greyscale. */
import { describe, expect, test } from 'vitest';
import { SIDE_STYLES, TERRAIN_STYLE as T } from '../../src/scenario/symbology';
import { deltaE, simulate, type Vision } from './colourVision';

/** Pairs a player must tell apart on the map, with the smallest difference each must keep. */
const PAIRS: Array<[string, string, string, number]> = [
  ['north and south counters', SIDE_STYLES.north.fill, SIDE_STYLES.south.fill, 20],
  ['river and road', T.river.fill, T.road.fill, 15],
  ['river and woods', T.river.fill, T.woods.fill, 10],
  ['error outline and warning dot', T.error, T.warning, 12],
  ['woods and open ground', T.woods.fill, T.paper, 5],
  ['hill and open ground', T.hill.fill, T.paper, 3],
];
const VISIONS: Vision[] = ['protanopia', 'deuteranopia', 'tritanopia', 'greyscale'];

describe('colour pairs under colour-vision simulation', () => {
  test('the simulation is sound: greys stay grey, and red and green collapse for a deuteranope', () => {
    expect(deltaE('#808080', '#808080', 'deuteranopia')).toBe(0);
    const [r, g, b] = simulate('#777777', 'protanopia');
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(0.01);
    expect(deltaE('#d62728', '#2ca02c', 'normal')).toBeGreaterThan(60);
    expect(deltaE('#cc0000', '#7a7a00', 'deuteranopia')).toBeLessThan(deltaE('#cc0000', '#7a7a00', 'normal') / 2);
  });

  // In greyscale the two set-up zones are told apart by their dashed front lines and names, not by their tints.
  test.each(['protanopia', 'deuteranopia', 'tritanopia'] as const)('%s: the north and south set-up zones stay apart', (vision) => {
    expect(deltaE(SIDE_STYLES.north.zoneTint, SIDE_STYLES.south.zoneTint, vision)).toBeGreaterThanOrEqual(5);
  });

  for (const vision of VISIONS) {
    test.each(PAIRS)(`${vision}: %s stay apart`, (_name, a, b, min) => {
      expect(deltaE(a, b, vision)).toBeGreaterThanOrEqual(min);
    });
  }
});
