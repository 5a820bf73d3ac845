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

/** A version 2 run-over (`runOver: true`) named no square: it was always its move's own square. */
function namedRunOver(a: unknown): unknown {
  const m = a as { type?: unknown; runOver?: unknown; to?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'move' && m.runOver === true ? { ...m, runOver: m.to } : a;
}

const namedRunOvers = (list: unknown): unknown => (Array.isArray(list) ? list.map(namedRunOver) : list);
const unnamedRunOvers = (list: unknown): unknown => (Array.isArray(list) ? list.map(unnamedRunOver) : list);

/** The inverse of namedRunOver: a run-over naming its move's own square, as version 2 wrote it (`runOver: true`). */
function unnamedRunOver(a: unknown): unknown {
  const m = a as { type?: unknown; runOver?: unknown; to?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'move' && typeof m.runOver === 'string' && m.runOver === m.to ? { ...m, runOver: true } : a;
}

/** A list of actions as version 2 wrote them (unnamedRunOver), or null when none of them differs. */
export function actionsAsSentBefore3(list: readonly unknown[]): unknown[] | null {
  const out = list.map(unnamedRunOver);
  return out.some((a, i) => a !== list[i]) ? out : null;
}

/**
 * A message of a game at a distance as the program before R-run-over sent it (message format 1), when migrateGame
 * could have made it from one: its version 1 and its run-overs `true`. What was committed to was that form (each
 * message's link to the one before, a seal's choices), so a migrated game's commitments are checked against it
 * (src/distance/check.ts). Null for a message migrateGame could not have made (not version 2).
 */
export function messageAsSentBefore3(message: unknown): unknown {
  const m = message as { version?: unknown; actions?: unknown; unseal?: { actions?: unknown } } | null;
  if (typeof m !== 'object' || m === null || m.version !== 2) return null;
  return {
    ...m, version: 1, ...(m.actions !== undefined ? { actions: unnamedRunOvers(m.actions) } : {}),
    ...(typeof m.unseal === 'object' && m.unseal !== null ? { unseal: { ...m.unseal, actions: unnamedRunOvers(m.unseal.actions) } } : {}),
  };
}

/**
 * A saved game of format version 2 brought to version 3 (R-run-over): the rules are otherwise the same, and a run-over
 * then ended on the square ridden over, so `runOver: true` becomes that square, in the actions and in a game at a
 * distance's messages (message format 1 to 2) and closing choices. Anything else is returned as it is.
 */
export function migrateGame(value: unknown): unknown {
  const v = value as { format?: unknown; version?: unknown; actions?: unknown; distance?: unknown } | null;
  if (typeof v !== 'object' || v === null || v.format !== 'nevsky-game' || v.version !== 2) return value;
  const out: Record<string, unknown> = { ...v, version: 3, actions: namedRunOvers(v.actions) };
  const d = v.distance as { messages?: unknown; closing?: { seals?: unknown } } | undefined;
  if (typeof d === 'object' && d !== null) {
    const messages = Array.isArray(d.messages) ? d.messages.map((m: unknown) => {
      if (typeof m !== 'object' || m === null) return m;
      const msg = m as { version?: unknown; actions?: unknown; unseal?: { actions?: unknown } };
      return {
        ...msg, ...(msg.version === 1 ? { version: 2 } : {}), ...(msg.actions !== undefined ? { actions: namedRunOvers(msg.actions) } : {}),
        ...(typeof msg.unseal === 'object' && msg.unseal !== null ? { unseal: { ...msg.unseal, actions: namedRunOvers(msg.unseal.actions) } } : {}),
      };
    }) : d.messages;
    const seals = d.closing?.seals;
    out.distance = { ...d, messages, ...(d.closing ? { closing: { ...d.closing, ...(Array.isArray(seals) ? { seals: seals.map((c: { actions?: unknown }) => ({ ...c, actions: namedRunOvers(c.actions) })) } : {}) } } : {}) };
  }
  return out;
}

function refused(opening: string, problems: Diagnostic[]): GameReading {
  const first = problems[0]!.message;
  // "Both sides have..." reads on after the colon in lower case; "B8 is off the board" keeps its square's capital.
  const after = /^[A-Z][a-z]/.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
  return { ok: false, message: `${opening}: ${after}`, problems };
}

/**
 * Read a saved game from file text or a parsed value (a library record's). The scenario's diagnostics keep their
 * pointers, under /scenario; a playable scenario's warnings come back with the game. A version 2 game is read as
 * version 3 (migrateGame); version 1 is refused.
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
  value = migrateGame(value);
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
