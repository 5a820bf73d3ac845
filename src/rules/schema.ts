/**
 * The scenario JSON Schema's validator and its errors as plain-English diagnostics. The validator is precompiled
 * by `npm run gen:validators` (ajv standalone code), so nothing is compiled at run time: no eval, strict CSP.
 */
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from './diagnostics';
import { scenario } from '../generated/validators/scenario.generated.js';

/**
 * Ids the schemas refuse (side, unit and roster unit ids): names JavaScript gives every object, which an id used as
 * a key could shadow or, for __proto__, replace the object's prototype with.
 */
export const RESERVED_IDS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The compiled validator for format version 1. */
export const checkScenarioSchema = scenario;

/** A readable name for a JSON pointer: "/sides/0/units/3/at" -> "sides[0].units[3].at". */
export function describePointer(pointer: string): string {
  if (pointer === '') return 'the document';
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One ajv error as a plain message. */
export function schemaMessage(e: ErrorObject): string {
  const where = describePointer(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': return `${where} is missing the required field "${String(p.missingProperty)}".`;
    case 'additionalProperties': return `${where} has a field "${String(p.additionalProperty)}" that this format does not know.`;
    case 'enum': return `${where} is ${shown(e.data)}; it must be one of ${(p.allowedValues as unknown[]).map(shown).join(', ')}.`;
    case 'const': return `${where} is ${shown(e.data)}; it must be ${shown(p.allowedValue)}.`;
    case 'type': return `${where} must be ${String(p.type).replace(',', ' or ')}, not ${shown(e.data)}.`;
    case 'pattern': return `${where} is ${shown(e.data)}, which is not ${e.parentSchema?.title === 'Created' || where.endsWith('created') ? 'a date like 2026-11-21' : String(p.pattern).startsWith('^[A-Za-z0-9_-]') ? 'a base64url value of the right length' : 'a square label like "C4"'}.`;
    case 'minLength': return `${where} must not be shorter than ${String(p.limit)} character(s).`;
    case 'maxLength': return `${where} must not be longer than ${String(p.limit)} characters.`;
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return `${where} is ${shown(e.data)}; it must be ${String(p.comparison)} ${String(p.limit)}.`;
    case 'minItems': return `${where} must have at least ${String(p.limit)} item(s).`;
    case 'maxItems': return `${where} must have at most ${String(p.limit)} item(s).`;
    case 'uniqueItems': return `${where} lists the same value twice (items ${String(p.j)} and ${String(p.i)}).`;
    case 'multipleOf': return `${where} must be a multiple of ${String(p.multipleOf)}.`;
    // The schemas use `not` only to refuse the reserved names (RESERVED_IDS): ids are keys of objects in memory.
    case 'not': return `${where} is ${shown(e.data)}, which is not allowed as an id (${RESERVED_IDS.slice(0, -1).join(', ')} and ${RESERVED_IDS.at(-1)!} are names the program keeps for itself).`;
    default: return `${where} ${e.message ?? 'is not valid'}.`;
  }
}

/** Schema diagnostics for a parsed document: one per violation, each with its pointer. */
export function schemaDiagnostics(value: unknown): Diagnostic[] {
  if (checkScenarioSchema(value)) return [];
  const errors = (checkScenarioSchema.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'if');
  return errors.map((e) => ({ code: 'schema', severity: 'error', message: capitalize(schemaMessage(e)), path: e.instancePath }));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
