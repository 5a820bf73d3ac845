/** The saved-game JSON Schema (schemas/game.schema.json), compiled once with the scenario schema it refers to. */
import { schemaMessage } from './schema';
import { actionFault, type SavedGame } from './replay';
// Precompiled by `npm run gen:validators` (no run-time compilation, so no eval).
import { game as check } from './validators.generated.js';

/**
 * Problems with a saved game document, as plain messages naming where (empty when it is well formed); a problem in
 * an action names the action as `actionFault` does, by index, JSON pointer and type.
 */
export function savedGameProblems(value: unknown): string[] {
  if (check(value)) return [];
  return (check.errors ?? []).filter((e) => e.keyword !== 'anyOf').map((e) => {
    const at = /^\/actions\/(\d+)(?:\/|$)/.exec(e.instancePath);
    if (!at) return schemaMessage(e);
    const action: unknown = (value as { actions: unknown[] }).actions[Number(at[1])];
    return actionFault(Number(at[1]), (action as { type?: unknown } | null)?.type, schemaMessage(e), e.instancePath);
  });
}

/** Narrowing helper: true when the value is a well-formed saved game. */
export function isSavedGame(value: unknown): value is SavedGame {
  return savedGameProblems(value).length === 0;
}
