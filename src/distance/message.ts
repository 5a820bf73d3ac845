/** The message format of play at a distance (schemas/message.schema.json, version 2) and its checks. */
import type { Action } from '../rules/actions';
import type { Diagnostic } from '../rules/diagnostics';
import { parseJson } from '../rules/json-parse';
import type { Scenario } from '../rules/scenario';
import { schemaMessage } from '../rules/schema';
// Precompiled by `npm run gen:validators` (no run-time compilation, so no eval).
import { message as check } from '../generated/validators/message.generated.js';

/**
 * The version of the message format this code writes and reads. 2: a move's `runOver` names the square ridden over
 * (R-run-over: part of any move, going on beyond it); version 1 came from the older rules, so its messages are refused
 * by their version, before any rule could read them wrongly.
 */
export const MESSAGE_VERSION = 2;

/** One message (see the schema for each field). */
export interface Message {
  format: 'nevsky-message';
  version: typeof MESSAGE_VERSION;
  game: string;
  n: number;
  from: string;
  prev?: string;
  commit: string;
  reveal?: string;
  roll?: string;
  unseal?: { salt: string; actions: Action[] };
  actions?: Action[];
  seal?: string;
  scenario?: Scenario;
  turnLimit?: number | null;
}

/** A message read from text or a value, or the one-line reason it is not one. */
export type MessageReading = { ok: true; message: Message } | { ok: false; reason: string };

/** Check a value (or JSON text) against the message schema; problems name where, as every file check here does. */
export function readMessage(input: unknown): MessageReading {
  let value = input;
  if (typeof input === 'string') {
    const parsed = parseJson(input);
    if ('error' in parsed) return { ok: false, reason: `This is not a game message: ${(parsed.error as Diagnostic).message}` };
    value = parsed.value;
  }
  const v = value as { format?: unknown; version?: unknown } | null;
  if (typeof v === 'object' && v !== null && v.format === 'nevsky-message' && typeof v.version === 'number' && v.version !== MESSAGE_VERSION) {
    const whose = v.version < MESSAGE_VERSION ? 'an older version of the program, playing older rules' : 'a newer version of the program';
    return { ok: false, reason: `This game message comes from ${whose}: it is message format version ${v.version}, and this program reads version ${MESSAGE_VERSION}${v.version < MESSAGE_VERSION ? ' (run-overs are now part of any move)' : ''}. Both players need the same version of the program.` };
  }
  if (!check(value)) {
    const e = (check.errors ?? []).find((x) => x.keyword !== 'anyOf') ?? check.errors![0]!;
    return { ok: false, reason: `This is not a game message: ${schemaMessage(e)}` };
  }
  return { ok: true, message: value as Message };
}
