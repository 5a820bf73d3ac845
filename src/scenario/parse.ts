/** Parse scenario text: size limit, JSON, migration by version, validation. */
import { parseJson, sortDiagnostics, validateScenario, type Diagnostic, type Scenario } from '../rules';
import { migrateDocument } from './migrate';

/** Files larger than this are refused before parsing. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

/** Codes that make a document unreadable: it cannot be opened at all, only reported. */
export const UNREADABLE_CODES: readonly string[] = ['json', 'schema', 'version', 'duplicate-id', 'off-board'];

export type ParseResult =
  | { ok: true; scenario: Scenario; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** Byte length of text as UTF-8. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Read scenario file text. `ok` is false when the file cannot be opened (not JSON, not the format, a newer
 * version, duplicate ids, squares off the board); a readable scenario still carries its set-up diagnostics.
 */
export function parseScenario(text: string): ParseResult {
  if (text.length > MAX_SCENARIO_BYTES || utf8Length(text) > MAX_SCENARIO_BYTES) {
    return { ok: false, diagnostics: [{ code: 'json', severity: 'error', message: `The file is ${(utf8Length(text) / 1048576).toFixed(1)} MB; scenario files are limited to 1 MB.` }] };
  }
  const parsed = parseJson(text);
  if ('error' in parsed) return { ok: false, diagnostics: [parsed.error] };
  const doc = migrateDocument(parsed.value);
  const diagnostics = sortDiagnostics(validateScenario(doc));
  if (diagnostics.some((d) => UNREADABLE_CODES.includes(d.code))) return { ok: false, diagnostics };
  return { ok: true, scenario: doc as Scenario, diagnostics };
}
