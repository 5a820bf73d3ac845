/**
 * The one way a saved game comes in (Import and drop in the app, a game resumed from the library, `nevsky replay` and
 * `nevsky report`): its text or value is read as JSON, checked against the saved-game schema, and its scenario
 * checked with the set-up rules, so every way in refuses the same games with the same message. Pure, never throws.
 */
import type { Diagnostic } from './diagnostics';
import { parseJson } from './json-parse';
import { GAME_FORMAT_VERSION, type SavedGame } from './replay';
import { gameSchemaDiagnostics } from './gameSchema';
import { validateScenario } from './validate';

/** A game that may be replayed, or why not: one line for the user, and every problem found with its pointer. */
export type GameReading =
  | { ok: true; game: SavedGame; warnings: Diagnostic[] }
  | { ok: false; message: string; problems: Diagnostic[] };

/** The opening words of a refusal, by what was wrong. */
export const GAME_REFUSALS = {
  document: 'This is not a saved game',
  scenario: "The game's scenario has set-up errors and cannot be played",
  version: 'This saved game was played under older rules and cannot be replayed',
} as const;

/**
 * A saved game of format version 1 (before missile units fired one at a time, R-fire-order): its shots would replay
 * with other dice and its `fireFirst` actions no longer exist, so it is refused, saying why.
 */
function oldFormat(value: unknown): Diagnostic | null {
  const v = value as { format?: unknown; version?: unknown } | null;
  if (typeof v !== 'object' || v === null || v.format !== 'nevsky-game' || v.version !== 1) return null;
  return {
    code: 'schema', severity: 'error', path: '/version',
    message: `It is format version 1; this program reads version ${GAME_FORMAT_VERSION}, where missile units fire one at a time, each rolling as it fires, so the old game's shots would come out differently`,
  };
}

function refused(opening: string, problems: Diagnostic[]): GameReading {
  const first = problems[0]!.message;
  // "Both sides have..." reads on after the colon in lower case; "B8 is off the board" keeps its square's capital.
  const after = /^[A-Z][a-z]/.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
  return { ok: false, message: `${opening}: ${after}`, problems };
}

/**
 * Read a saved game from file text or a parsed value (a library record's). The scenario's diagnostics keep their
 * pointers, under /scenario; a playable scenario's warnings come back with the game.
 */
export function readGame(input: unknown): GameReading {
  let value = input;
  if (typeof input === 'string') {
    const parsed = parseJson(input);
    if ('error' in parsed) return refused(GAME_REFUSALS.document, [parsed.error]);
    value = parsed.value;
  }
  const old = oldFormat(value);
  if (old) return refused(GAME_REFUSALS.version, [old]);
  const schema = gameSchemaDiagnostics(value);
  if (schema.length > 0) return refused(GAME_REFUSALS.document, schema);
  const game = value as SavedGame;
  const sides = new Set(game.scenario.sides.map((x) => x.id));
  const stranger = Object.keys(game.players ?? {}).find((id) => !sides.has(id));
  if (stranger !== undefined) {
    return refused(GAME_REFUSALS.document, [{ code: 'schema', severity: 'error', message: `Players name the side "${stranger}", which the scenario does not have`, path: `/players/${stranger.replace(/~/g, '~0').replace(/\//g, '~1')}` }]);
  }
  const found = validateScenario(game.scenario).map((d) => ({ ...d, path: `/scenario${d.path ?? ''}` }));
  const errors = found.filter((d) => d.severity === 'error');
  if (errors.length > 0) return refused(GAME_REFUSALS.scenario, errors);
  return { ok: true, game, warnings: found };
}
