import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importGraph } from './import-graph';

// The pure layers run unchanged in Node, browsers and workers (architecture.md).
const PURE = ['src/rules', 'src/engine', 'src/ai', 'src/distance', 'src/generated', 'src/rulesets', 'src/scenario', 'src/pdf', 'src/play'];
const FORBIDDEN: Array<[RegExp, string]> = [
  [/from\s+['"](vue|pinia)['"]/, 'imports Vue or Pinia'],
  [/from\s+['"]@svgdotjs\//, 'imports svg.js'],
  [/from\s+['"]node:/, 'imports a node: module'],
  [/import\(\s*['"]node:/, 'imports a node: module dynamically'],
  [/\bMath\.random\s*\(/, 'uses Math.random'],
  [/\b(document|window|localStorage|indexedDB)\./, 'touches the DOM or browser storage'],
];

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(files(p));
    else if (/\.(ts|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

describe('pure layers stay pure', () => {
  const all = PURE.flatMap((d) => { try { return files(d); } catch { return []; } });
  test('there are files to check', () => {
    expect(all.length).toBeGreaterThan(10);
  });
  test.each(all)('%s', (file) => {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const found = FORBIDDEN.filter(([re]) => re.test(code)).map(([, why]) => why);
    expect(found).toEqual([]);
  });
});

describe('the fast engine is reached only through its index (issue 26)', () => {
  const graph = importGraph('src');
  const outside = [...graph.keys()].filter((f) => !f.startsWith('src/engine/'));
  test.each(outside)('%s imports no engine file but src/engine/index', (file) => {
    expect((graph.get(file) ?? []).filter((d) => d.startsWith('src/engine/') && d !== 'src/engine/index.ts')).toEqual([]);
  });
});

// The layer table (docs/dev/architecture.md): which top-level folders each layer's files may import. A folder
// imports itself freely. The public rules API (src/rules/index.ts) and the game that drives the fast engine
// (game.ts, legal.ts, sample.ts, view.ts, replay.ts) sit on top of the engine, the players and the distance
// protocol; every other file in src/rules is a readable rule module and imports none of them.
const LAYERS: Record<string, string[]> = {
  'src/generated': [],
  'src/rules': ['src/generated'],
  'src/engine': ['src/rules', 'src/generated'],
  'src/ai': ['src/rules', 'src/engine'],
  'src/distance': ['src/rules', 'src/generated'],
  'src/rulesets': ['src/rules', 'src/generated'],
  'src/scenario': ['src/rules', 'src/distance', 'src/generated'],
  'src/pdf': ['src/rules', 'src/rulesets', 'src/scenario'],
  'src/play': ['src/rules', 'src/ai', 'src/render', 'src/rulesets'],
};
const RULES_API = ['index.ts', 'game.ts', 'legal.ts', 'sample.ts', 'view.ts', 'replay.ts'].map((f) => `src/rules/${f}`);
const API_MAY_ALSO = ['src/engine', 'src/ai', 'src/distance'];
const topOf = (file: string): string => file.split('/').slice(0, 2).join('/');

describe('layers import only the layers below them (issue 45)', () => {
  const graph = importGraph('src');
  const inTable = [...graph.keys()].filter((f) => topOf(f) in LAYERS);
  test('every layer of the table has files', () => {
    for (const layer of Object.keys(LAYERS)) expect(inTable.some((f) => topOf(f) === layer), layer).toBe(true);
  });
  test.each(inTable)('%s', (file) => {
    const layer = topOf(file);
    const allowed = new Set([layer, ...LAYERS[layer]!, ...(RULES_API.includes(file) ? API_MAY_ALSO : [])]);
    expect((graph.get(file) ?? []).filter((d) => !allowed.has(topOf(d)))).toEqual([]);
  });
});
