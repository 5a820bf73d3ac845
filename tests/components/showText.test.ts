/** Issue 31 item 10: the app shows text from files with control and bidi-override characters escaped, as the CLI prints it. */
import { expect, test } from 'vitest';
import { showText } from '../../src/components/showText';
import { escapeControl } from '../../src/cli/io';

test('a title with a right-to-left override, an escape sequence and a carriage return is shown escaped; tabs, newlines and letters stay', () => {
  const title = 'Ford\u202e at Uzmen\u001b[31m\r\tŁódź\nЛёд';
  expect(showText(title)).toBe('Ford\\u202e at Uzmen\\u001b[31m\\u000d\tŁódź\nЛёд');
  // One implementation: the CLI's output escaping is the same function.
  expect(showText(title)).toBe(escapeControl(title));
  for (const c of ['\u0000', '\u0085', '\u009b', '\u202a', '\u202d', '\u2066', '\u2069', '\u007f']) expect(showText(`a${c}b`)).toMatch(/^a\\u[0-9a-f]{4}b$/);
});

test('no text shows as nothing (not "undefined" or "null")', () => {
  expect(showText(undefined)).toBe('');
  expect(showText(null)).toBe('');
});
