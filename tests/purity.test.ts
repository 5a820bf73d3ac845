import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// The pure layers run unchanged in Node, browsers and workers (architecture.md).
const PURE = ['src/rules', 'src/rulesets', 'src/scenario', 'src/pdf', 'src/play'];
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

describe('the fast core is reached only through its index (issue 26)', () => {
  const outside = files('src').filter((f) => !f.replace(/\\/g, '/').startsWith('src/rules/core/'));
  test.each(outside)('%s imports no core file but src/rules/core/index', (file) => {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code.match(/from\s+['"][^'"]*\/core\/[A-Za-z]+['"]/g) ?? []).toEqual([]);
  });
});
