/** The saved-game JSON Schema (schemas/game.schema.json), compiled once with the scenario schema it refers to. */
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from './diagnostics';
import { schemaMessage } from './schema';
import { actionFault, type SavedGame } from './replay';
// Precompiled by `npm run gen:validators` (no run-time compilation, so no eval).
import { game as check } from '../generated/validators/game.generated.js';

/** The schema's errors for a value (none when it is a well-formed saved game). */
function schemaErrors(value: unknown): ErrorObject[] {
  if (check(value)) return [];
  return (check.errors ?? []).filter((e) => e.keyword !== 'anyOf');
}

/** One schema error in words; one in an action names the action as `actionFault` does, by index, JSON pointer and type. */
function problemOf(value: unknown, e: ErrorObject): string {
  const at = /^\/actions\/(\d+)(?:\/|$)/.exec(e.instancePath);
  if (!at) return schemaMessage(e);
  const action: unknown = (value as { actions: unknown[] }).actions[Number(at[1])];
  return actionFault(Number(at[1]), (action as { type?: unknown } | null)?.type, schemaMessage(e), e.instancePath);
}

/** Problems with a saved game document, as plain messages naming where (empty when it is well formed). */
export function savedGameProblems(value: unknown): string[] {
  return schemaErrors(value).map((e) => problemOf(value, e));
}

/** The same problems as diagnostics (code "schema", a sentence, the JSON pointer), as readGame reports them. */
export function gameSchemaDiagnostics(value: unknown): Diagnostic[] {
  return schemaErrors(value).map((e) => {
    const message = problemOf(value, e);
    return { code: 'schema', severity: 'error', message: message.charAt(0).toUpperCase() + message.slice(1), path: e.instancePath };
  });
}

/** Narrowing helper: true when the value is a well-formed saved game. */
export function isSavedGame(value: unknown): value is SavedGame {
  return schemaErrors(value).length === 0;
}
