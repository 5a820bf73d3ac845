/** An objective's label on the map keeps within the objective's own squares (it ran over its neighbours before). */
import { describe, expect, test } from 'vitest';
import { labelLines } from '../../src/render/objectives';

// 35 pixels hold 7 characters at the label's size, 75 pixels 17.
describe('objective labels fit their squares', () => {
  test.each([
    ['a short label stays whole on one line', 'Ford', 35, ['Ford']],
    ['a label breaks between words, and is cut with an ellipsis where the lines run out', 'The west hill', 35, ['The', 'west h…']],
    ['two squares wide: more fits', 'The west hill', 75, ['The west hill']],
    ['a word longer than the line is broken within it', 'Bridgehead', 35, ['Bridgeh', 'ead']],
    ['two lines two squares wide', 'The old mill by the river bend', 75, ['The old mill by', 'the river bend']],
    ['and what does not fit in them is cut', 'The old mill by the river bend at dusk', 75, ['The old mill by', 'the river bend a…']],
    ['runs of spaces count once', '  The   ford ', 35, ['The', 'ford']],
  ] as const)('%s', (_, text, width, lines) => {
    expect(labelLines(text, width)).toEqual(lines);
  });

  test('no line is longer than the room it has, whatever the label', () => {
    for (const text of ['Sankt Johannis Kirchhof am Peipussee', 'x'.repeat(60), 'a b c d e f g h i j k l m n o p', 'The ford: nobody']) {
      for (const width of [35, 75, 115]) {
        const lines = labelLines(text, width);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.length).toBeLessThanOrEqual(2);
        for (const l of lines) expect(l.length).toBeLessThanOrEqual(Math.floor(width / 4.4));
      }
    }
  });
});
