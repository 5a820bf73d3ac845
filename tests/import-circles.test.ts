import { describe, expect, test } from 'vitest';
import { importCircles, importGraph } from './import-graph';

// Issue 45 item 6: no import circles in src/, type-only imports included (a type circle still ties the files'
// meanings together, and the next value import along it makes a real one).
describe('import circles', () => {
  const graph = importGraph('src');

  test('the graph is read: the engine index imports engine modules, the CLI its commands', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/engine/index.ts')).toContain('src/engine/turn.ts');
    expect(graph.get('src/cli/main.ts')).toContain('src/cli/commands/validate.ts');
  });

  test('a circle is found where there is one (the finder can fail)', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(importCircles(g)).toEqual([['a', 'b', 'c']]);
  });

  test('src/ has none', () => {
    expect(importCircles(graph)).toEqual([]);
  });
});
