/**
 * The house style of our JSON files (scenarios, rosters, saved games): stable key order, 2-space indent, short
 * lists and small objects on one line, trailing newline. Lives in the rules layer so every file format shares it.
 */

/** Canonical key order of each object in the format; unknown keys follow, sorted. */
const KEY_ORDER = [
  '$schema', 'format', 'version', 'meta', 'ruleset', 'board', 'terrain', 'rules', 'sides',
  'title', 'author', 'description', 'created',
  'columns', 'rows',
  'protected', 'roads', 'rivers', 'crossings', 'hills',
  'turnLimit', 'firstAttacker', 'fractions', 'banned', 'movePenalty', 'meleePenalty',
  'id', 'army', 'type', 'name', 'edge', 'divisions', 'stands', 'at', 'path', 'edges', 'squares', 'facing', 'kind', 'units',
];
const RANK = new Map(KEY_ORDER.map((k, i) => [k, i]));
const INLINE_WIDTH = 100;

function orderedKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort((a, b) => (RANK.get(a) ?? 1000) - (RANK.get(b) ?? 1000) || (a < b ? -1 : a > b ? 1 : 0));
}

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function isLeaf(v: unknown): boolean {
  if (isPrimitive(v)) return true;
  if (Array.isArray(v)) return v.every((x) => isPrimitive(x) || (Array.isArray(x) && x.every(isPrimitive)));
  return Object.values(v as object).every((x) => isPrimitive(x) || (Array.isArray(x) && x.every(isPrimitive)));
}

function inline(v: unknown): string {
  if (isPrimitive(v)) return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  const obj = v as Record<string, unknown>;
  const keys = orderedKeys(obj);
  return keys.length === 0 ? '{}' : `{ ${keys.map((k) => `${JSON.stringify(k)}: ${inline(obj[k])}`).join(', ')} }`;
}

function format(v: unknown, indent: string): string {
  if (isLeaf(v)) {
    const one = inline(v);
    if (one.length + indent.length <= INLINE_WIDTH) return one;
  }
  if (isPrimitive(v)) return JSON.stringify(v);
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + format(x, inner)).join(',\n')}\n${indent}]`;
  }
  const obj = v as Record<string, unknown>;
  const keys = orderedKeys(obj);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${format(obj[k], inner)}`).join(',\n')}\n${indent}}`;
}

/**
 * A copy of a JSON value with every object's keys in the file's order (undefined ones left out), as reading its
 * `formatJson` text back would give, without the text: a value held in memory then writes and hashes as its file does.
 */
export function inFileOrder<T>(value: T): T {
  if (isPrimitive(value)) return value;
  if (Array.isArray(value)) return value.map(inFileOrder) as T;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of orderedKeys(obj)) out[k] = inFileOrder(obj[k]);
  return out as T;
}

/** Any JSON value as file text in the house style. */
export function formatJson(value: unknown): string {
  return format(value, '') + '\n';
}
