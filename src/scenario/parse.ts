/** Parse scenario text: size limit, JSON, migration by version, validation. */
import { parseJson, sortDiagnostics, validateScenario, type Diagnostic, type Scenario } from '../rules';
import { migrateDocument } from './migrate';

/** Files larger than this are refused before parsing. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

/**
 * Codes that make a document unreadable: it cannot be opened at all, only reported. A unit's stands outside 1..full
 * is one of them, so no number from a file can drive drawing, printing or the engine.
 */
export const UNREADABLE_CODES: readonly string[] = ['json', 'schema', 'version', 'duplicate-id', 'off-board', 'stands-invalid'];

export type ParseResult =
  | { ok: true; scenario: Scenario; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Byte length of text as UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { bytes += 4; i++; }
    else bytes += 3;
  }
  return bytes;
}

/**
 * Read scenario file text. `ok` is false when the file cannot be opened (not JSON, not the format, a newer
 * version, duplicate ids, squares off the board); a readable scenario still carries its set-up diagnostics.
 */
export function parseScenario(text: string): ParseResult {
  const bytes = text.length > MAX_SCENARIO_BYTES * 3 ? text.length : utf8Length(text);
  if (bytes > MAX_SCENARIO_BYTES) {
    return { ok: false, diagnostics: [{ code: 'json', severity: 'error', message: `The text is ${(bytes / 1048576).toFixed(1)} MB (${bytes} bytes); scenario files are limited to 1 MB (${MAX_SCENARIO_BYTES} bytes).` }] };
  }
  const parsed = parseJson(text);
  if ('error' in parsed) return { ok: false, diagnostics: [parsed.error] };
  const doc = migrateDocument(parsed.value);
  const diagnostics = sortDiagnostics(validateScenario(doc));
  if (diagnostics.some((d) => UNREADABLE_CODES.includes(d.code))) return { ok: false, diagnostics };
  return { ok: true, scenario: doc as Scenario, diagnostics };
}
