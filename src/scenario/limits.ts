/**
 * Field limits read from the scenario JSON Schema, so every input in the editor allows exactly what Import
 * accepts: lengths, ranges and steps of a field named by its path ("meta.title", "sides.units.stands");
 * and the limits of the settings the app and the command line share (seeds, turns, balance games, booklet texts).
 */
import schema from '../../schemas/scenario.schema.json';
import gameSchema from '../../schemas/game.schema.json';

export interface FieldLimits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** 1 for whole numbers, the schema's multipleOf otherwise. */
  step?: number;
}

interface Node { properties?: Record<string, Node>; items?: Node; anyOf?: Node[]; type?: string | string[]; [k: string]: unknown }

/** The limits of a field, by its dotted path through objects and arrays ("sides.units.stands"). Throws on an unknown path. */
export function fieldLimits(path: string): FieldLimits {
  let node = schema as unknown as Node;
  for (const key of path.split('.')) {
    while (node.items && !node.properties) node = node.items;
    const next = node.properties?.[key];
    if (!next) throw new Error(`The scenario schema has no field "${path}".`);
    node = next;
  }
  while (node.items && !node.properties) node = node.items;
  const branch = node.anyOf?.find((b) => b.type === 'integer' || b.type === 'number' || b.type === 'string') ?? node;
  const out: FieldLimits = {};
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) if (typeof branch[k] === 'number') out[k] = branch[k];
  if (branch.type === 'integer') out.step = 1;
  if (typeof branch.multipleOf === 'number') out.step = branch.multipleOf;
  return out;
}

/** Text cut to the field's maximum length (counted as the schema counts: code points). */
export function fitText(path: string, text: string): string {
  const { maxLength } = fieldLimits(path);
  if (maxLength === undefined) return text;
  const points = [...text];
  return points.length > maxLength ? points.slice(0, maxLength).join('') : text;
}

/** A number brought into the field's range and onto its step; NaN gives `fallback`. */
export function fitNumber(path: string, value: number, fallback: number): number {
  const { minimum = -Infinity, maximum = Infinity, step } = fieldLimits(path);
  if (!Number.isFinite(value)) return fallback;
  const stepped = step ? Math.round(value / step) * step : value;
  return Math.min(maximum, Math.max(minimum, stepped));
}

/** A closed range: of values for a number, of lengths in characters (code points) for a text. */
export interface Range { min: number; max: number }

const gameFields = gameSchema.properties;

/**
 * Limits of the settings that the app's forms and the `nevsky` command line both take, kept in one place: seeds
 * and turn counts as the saved-game format (schemas/game.schema.json) allows them, so every game either writes
 * can be read back; the number of balance games as the Balance panel offers it; the booklet's event name and date
 * as the booklet dialog takes them; worker threads for a balance run (the command line only).
 */
export const SETTING_LIMITS = {
  seed: { min: gameFields.seed.minimum, max: gameFields.seed.maximum },
  turns: { min: gameFields.turnLimit.minimum, max: gameFields.turnLimit.maximum },
  balanceGames: { min: 10, max: 100_000 },
  balanceWorkers: { min: 1, max: 64 },
  bookletTitle: { min: 1, max: 120 },
  bookletDate: { min: 0, max: 60 },
} as const satisfies Record<string, Range>;
