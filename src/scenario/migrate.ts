/** Migrations between format versions: each entry lifts a document from version n to n+1. */
import { SCENARIO_VERSION } from '../rules';

export type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;

/**
 * Registered migrations, keyed by the version they upgrade from. 1 -> 2 adds only optional fields (objectives,
 * notes, briefings): a version 1 document reads unchanged apart from its version, which migrateDocument sets.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: (doc) => ({ ...doc }) };

/**
 * Bring a parsed document up to `target` by applying the migrations in turn. Documents at or above the
 * target, or not objects, are returned unchanged (validation then reports a newer version).
 */
export function migrateDocument(doc: unknown, migrations: Readonly<Record<number, Migration>> = MIGRATIONS, target = SCENARIO_VERSION): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  let current = doc as Record<string, unknown>;
  while (typeof current.version === 'number' && current.version < target) {
    const step = migrations[current.version];
    if (!step) break;
    const from = current.version;
    current = { ...step(current), version: from + 1 };
  }
  return current;
}
