/**
 * The import graph of src/ (every relative import, type-only ones included), read with TypeScript's own
 * pre-processor, for the layer and circle tests (issue 45 item 6).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|vue|mjs|js)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** A Vue file's script blocks, or a module's whole text. */
function scriptOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.vue')) return text;
  return [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
}

/** file (relative to the project, with /) -> the project files it imports. */
export function importGraph(top = 'src'): Map<string, string[]> {
  const files = walk(join(ROOT, top)).map((f) => relative(ROOT, f).split('\\').join('/'));
  const known = new Set(files);
  const resolveSpec = (from: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const base = relative(ROOT, resolve(ROOT, dirname(from), spec.split('?')[0]!)).split('\\').join('/');
    for (const c of [base, `${base}.ts`, `${base}.vue`, `${base}.js`, `${base}.mjs`, `${base}/index.ts`]) if (known.has(c)) return c;
    return null;
  };
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const info = ts.preProcessFile(scriptOf(join(ROOT, f)), true, true);
    const deps = info.importedFiles.map((i) => resolveSpec(f, i.fileName)).filter((d): d is string => d !== null);
    graph.set(f, [...new Set(deps)].sort());
  }
  return graph;
}

/** The import circles: strongly connected groups of two or more files (Tarjan), each sorted, largest first. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}
