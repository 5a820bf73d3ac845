/**
 * JSON text in, a value or one "not valid JSON at line, column" diagnostic out. Never recursive, so no input
 * (thousands of unclosed "[") can overflow the stack; nesting deeper than any file format here needs is refused.
 */
import type { Diagnostic } from './diagnostics';

/** Deepest nesting of arrays and objects accepted: the file formats need under 10 levels. */
export const MAX_JSON_DEPTH = 64;

/** A leading byte-order mark, accepted and dropped everywhere (the app, the CLI). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

interface Fault { offset: number; detail: string }
type Want = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close' | 'end';
const afterValue = (stack: readonly number[]): Want => (stack.length === 0 ? 'end' : 'comma-or-close');

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/**
 * The first fault of JSON text, found by an iterative scan with an explicit stack (no recursion):
 * a syntax error or nesting deeper than `maxDepth`. Null when the text is valid JSON.
 */
export function jsonFault(text: string, maxDepth = MAX_JSON_DEPTH): Fault | null {
  const stack: number[] = []; // 0x5b "[" or 0x7b "{"
  // What the scanner expects next.
  let want: Want = 'value';
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
    if (i >= n) return want === 'end' ? null : { offset: n, detail: stack.length ? `a ${stack[stack.length - 1] === 0x5b ? '"]"' : '"}"'} is missing at the end` : 'the text ends too early' };
    const c = text.charCodeAt(i);
    if (want === 'end') return { offset: i, detail: 'there is more text after the end' };
    if (want === 'colon') {
      if (c !== 0x3a) return { offset: i, detail: 'a ":" is expected after the key' };
      i++; want = 'value'; continue;
    }
    if (want === 'comma-or-close') {
      const open = stack[stack.length - 1];
      if (c === 0x2c) { i++; want = open === 0x7b ? 'key' : 'value'; continue; }
      if ((c === 0x5d && open === 0x5b) || (c === 0x7d && open === 0x7b)) { stack.pop(); i++; want = afterValue(stack); continue; }
      return { offset: i, detail: `a "," or ${open === 0x5b ? '"]"' : '"}"'} is expected` };
    }
    if (want === 'key' || want === 'key-or-close') {
      if (want === 'key-or-close' && c === 0x7d) { stack.pop(); i++; want = afterValue(stack); continue; }
      if (c !== 0x22) return { offset: i, detail: 'a property name in double quotes is expected' };
      STRING.lastIndex = i;
      if (!STRING.test(text)) return { offset: i, detail: 'a string is not closed or has a bad escape' };
      i = STRING.lastIndex; want = 'colon'; continue;
    }
    // A value (or, just after "[", the close).
    if (want === 'value-or-close' && c === 0x5d) { stack.pop(); i++; want = afterValue(stack); continue; }
    if (c === 0x5b || c === 0x7b) {
      if (stack.length >= maxDepth) return { offset: i, detail: `arrays and objects are nested more than ${maxDepth} deep` };
      stack.push(c); i++; want = c === 0x5b ? 'value-or-close' : 'key-or-close'; continue;
    }
    if (c === 0x22) {
      STRING.lastIndex = i;
      if (!STRING.test(text)) return { offset: i, detail: 'a string is not closed or has a bad escape' };
      i = STRING.lastIndex; want = afterValue(stack); continue;
    }
    const word = text.startsWith('true', i) ? 4 : text.startsWith('null', i) ? 4 : text.startsWith('false', i) ? 5 : 0;
    if (word) { i += word; want = afterValue(stack); continue; }
    NUMBER.lastIndex = i;
    if ((c === 0x2d || (c >= 0x30 && c <= 0x39)) && NUMBER.test(text)) { i = NUMBER.lastIndex; want = afterValue(stack); continue; }
    return { offset: i, detail: 'a value is expected' };
  }
}

/** Line and column (both from 1) of an offset. */
function place(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) { line++; start = k + 1; }
  return { line, column: offset - start + 1 };
}

/** JSON.parse with a diagnostic giving line and column on failure; a leading byte-order mark is dropped. */
export function parseJson(input: string): { value: unknown } | { error: Diagnostic } {
  const text = stripBom(input);
  if (text.trim() === '') return { error: { code: 'json', severity: 'error', message: 'This is not valid JSON: the file is empty.' } };
  const fault = jsonFault(text);
  if (!fault) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (err) {
      return { error: { code: 'json', severity: 'error', message: `This is not valid JSON (${String(err instanceof Error ? err.message : err)}).` } };
    }
  }
  const { line, column } = place(text, fault.offset);
  return { error: { code: 'json', severity: 'error', message: `This is not valid JSON at line ${line}, column ${column}: ${fault.detail}.` } };
}
