/**
 * Roster files (format "roster", version 1): read, check against schemas/roster.schema.json (compiled once)
 * and the rule set's own rules, write back. Diagnostics are shaped like the scenario diagnostics.
 */
import { formatJson, parseJson } from '../rules';
import { schemaMessage } from '../rules/schema';
import { roster as compiledRosterSchema } from '../generated/validators/roster.generated.js';
// The scenario files' writer (stable key order, short lists inline); a pure formatter with no imports.
import { diagnostic, sortRosterDiagnostics } from './diagnostics';
import { dewittRoster } from './dewitt-medieval';
import { dewittProfile } from './dewitt-profile';
import { nevskyRoster } from './nevsky';
import { splendidVictoryRoster } from './splendid-victory';
import { splendidVictoryProfile } from './splendid-victory-profile';
import {
  RULESET_IDS, ROSTER_FORMAT, ROSTER_RULESET_IDS, ROSTER_VERSION,
  type Roster, type RosterDiagnostic, type RosterLine, type RosterPoints, type RosterProfile, type RosterRules,
} from './types';

/** The compiled roster schema (format version 1), precompiled by `npm run gen:validators` (no eval). */
export const checkRosterSchema = compiledRosterSchema;

/** Roster files larger than this are refused before parsing. */
export const MAX_ROSTER_BYTES = 1024 * 1024;
/** Codes that make a roster unreadable: it cannot be opened, only reported. */
export const ROSTER_UNREADABLE: readonly string[] = ['json', 'schema', 'version', 'ruleset', 'duplicate-id'];

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks that come before the schema, for messages more helpful than an enum list. */
function headerDiagnostics(doc: unknown): RosterDiagnostic[] {
  if (!isObject(doc)) return [diagnostic('schema', 'A roster file is a JSON object (in braces); this one is not.', '')];
  if (doc.format === 'nevsky-scenario') {
    return [diagnostic('schema', 'This is a Nevsky scenario file, not a roster: check it with "nevsky validate".', '/format')];
  }
  const v = doc.version;
  if (typeof v === 'number' && Number.isInteger(v) && v > ROSTER_VERSION) {
    return [diagnostic('version', `This roster is format version ${v}, made by a newer program; this one reads up to version ${ROSTER_VERSION} and will not guess at it.`, '/version')];
  }
  const rs = doc.ruleset;
  if (typeof rs === 'string' && !(ROSTER_RULESET_IDS as readonly string[]).includes(rs)) {
    const known = (RULESET_IDS as readonly string[]).includes(rs);
    return [diagnostic('ruleset', known
      ? `The rule set "${rs}" has no army lists (only a reference sheet), so it has no rosters. Rosters are for ${ROSTER_RULESET_IDS.join(', ')}.`
      : `"${rs}" is not a rule set this program knows; rosters are for ${ROSTER_RULESET_IDS.join(', ')}.`, '/ruleset')];
  }
  return [];
}

/** Schema diagnostics: one per violation, each with its pointer. */
export function rosterSchemaDiagnostics(doc: unknown): RosterDiagnostic[] {
  if (checkRosterSchema(doc)) return [];
  return (checkRosterSchema.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => diagnostic('schema', capitalize(schemaMessage(e)), e.instancePath));
}

function duplicateIds(roster: Roster): RosterDiagnostic[] {
  const seen = new Map<string, number>();
  const out: RosterDiagnostic[] = [];
  roster.units.forEach((u, i) => {
    const first = seen.get(u.id);
    if (first === undefined) seen.set(u.id, i);
    else out.push(diagnostic('duplicate-id', `Units ${first + 1} and ${i + 1} share the id "${u.id}"; every unit needs its own.`, `/units/${i}/id`));
  });
  return out;
}

/** The rules of a roster's own rule set, bound to it. */
function bound<R extends Roster>(rules: RosterRules<R>, roster: R) {
  return { validate: () => rules.validate(roster), lines: () => rules.lines(roster), points: () => rules.points(roster) };
}

function rulesFor(roster: Roster) {
  switch (roster.ruleset) {
    case 'splendid-victory': return bound(splendidVictoryRoster, roster);
    case 'dewitt-medieval': return bound(dewittRoster, roster);
    case 'nevsky': return bound(nevskyRoster, roster);
  }
}

/** Check a roster: JSON text or a parsed value in, diagnostics out (errors first). Never throws. */
export function validateRoster(input: unknown): RosterDiagnostic[] {
  try {
    let doc = input;
    if (typeof input === 'string') {
      const parsed = parseJson(input);
      if ('error' in parsed) return [diagnostic('json', parsed.error.message)];
      doc = parsed.value;
    }
    const header = headerDiagnostics(doc);
    if (header.length > 0) return header;
    const schema = rosterSchemaDiagnostics(doc);
    if (schema.length > 0) return schema;
    const roster = doc as Roster;
    const ids = duplicateIds(roster);
    if (ids.length > 0) return ids;
    return sortRosterDiagnostics(rulesFor(roster).validate());
  } catch (err) {
    return [diagnostic('schema', `The roster could not be checked: ${String(err)}.`, '')];
  }
}

export type RosterParseResult =
  | { ok: true; roster: Roster; diagnostics: RosterDiagnostic[] }
  | { ok: false; diagnostics: RosterDiagnostic[] };

/** Read roster file text. `ok` is false when it cannot be opened; an open roster still carries its rule findings. */
export function parseRoster(text: string): RosterParseResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_ROSTER_BYTES) {
    return { ok: false, diagnostics: [diagnostic('json', `The file is ${(bytes / 1048576).toFixed(1)} MB; roster files are limited to 1 MB.`)] };
  }
  const parsed = parseJson(text);
  if ('error' in parsed) return { ok: false, diagnostics: [diagnostic('json', parsed.error.message)] };
  const diagnostics = validateRoster(parsed.value);
  if (diagnostics.some((d) => ROSTER_UNREADABLE.includes(d.code))) return { ok: false, diagnostics };
  return { ok: true, roster: parsed.value as Roster, diagnostics };
}

/** The roster as file text: the scenario files' layout (stable key order, 2-space indent, trailing newline). */
export function serializeRoster(roster: Roster): string {
  return formatJson(roster);
}

/** The roster's units as printable lines with their points (null points in a rule set without points). */
export function rosterLines(roster: Roster): RosterLine[] {
  return rulesFor(roster).lines();
}

/** Each unit's profile, casualty boxes and rules for the printed roster, or null for a rule set that has none (Nevsky). */
export function rosterProfile(roster: Roster): RosterProfile | null {
  switch (roster.ruleset) {
    case 'splendid-victory': return splendidVictoryProfile(roster);
    case 'dewitt-medieval': return dewittProfile(roster);
    case 'nevsky': return null;
  }
}

/** Total points of a roster and what they are compared with, or null when its rules define no points. */
export function rosterPoints(roster: Roster): RosterPoints | null {
  return rulesFor(roster).points();
}

/** True when the value claims to be a roster file (format "roster"), whatever else is wrong with it. */
export function looksLikeRoster(doc: unknown): boolean {
  return isObject(doc) && doc.format === ROSTER_FORMAT;
}
