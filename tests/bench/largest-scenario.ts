/**
 * The largest scenario the limits allow (issue 31 item 5): the largest board (48x24), every square protected and
 * on a hill, 48 roads of 200 points, 500 crossings, 200 deployed units a side, and river edges up to the 1 MB file
 * limit (MAX_SCENARIO_BYTES) in compact JSON, every river covering every edge of the board while room is left.
 */
import { deploymentRows, squareName, type Scenario, type Square, type UnitSpec } from '../../src/rules';
import { MAX_SCENARIO_BYTES, parseScenario, standardSide, templateScenario } from '../../src/scenario';

const COLUMNS = 48;
const ROWS = 24;
const KINDS = ['woods', 'buildings', 'rocks', 'village'] as const;

/** Every edge of the board between orthogonal neighbours: 47 x 24 vertical and 48 x 23 horizontal. */
function allEdges(): Array<[Square, Square]> {
  const out: Array<[Square, Square]> = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      if (c + 1 < COLUMNS) out.push([squareName(c, r), squareName(c + 1, r)]);
      if (r + 1 < ROWS) out.push([squareName(c, r), squareName(c, r + 1)]);
    }
  }
  return out;
}

/** 200 units for a side, the standard four divisions' types repeated, spread over its set-up rows. */
function units(id: string, army: 'teutonic' | 'russian', edge: 'north' | 'south'): UnitSpec[] {
  const types = standardSide(id, army, edge, 4).units.map((u) => u.type).filter((t) => t !== 'ballista');
  const zone = deploymentRows(edge, ROWS);
  const depth = zone.to - zone.from + 1;
  return Array.from({ length: 200 }, (_, i) => ({
    id: `${id}-${String(i + 1).padStart(3, '0')}`,
    type: types[i % types.length]!,
    at: squareName(i % COLUMNS, zone.from + (Math.floor(i / COLUMNS) % depth)),
  }));
}

/** The scenario and its compact JSON text (at most MAX_SCENARIO_BYTES, and it opens). */
export function largestScenario(): { scenario: Scenario; text: string } {
  const s = templateScenario('empty-board')!;
  s.meta.title = 'Largest allowed scenario';
  s.board = { columns: COLUMNS, rows: ROWS };
  s.sides = [
    { ...standardSide('teutonic', 'teutonic', 'north', 4), units: units('t', 'teutonic', 'north') },
    { ...standardSide('russian', 'russian', 'south', 4), units: units('r', 'russian', 'south') },
  ];
  const edges = allEdges();
  s.terrain = {
    protected: Array.from({ length: COLUMNS * ROWS }, (_, i) => ({ at: squareName(i % COLUMNS, Math.floor(i / COLUMNS)), kind: KINDS[i % KINDS.length]! })),
    // One hill per column, each the whole column: every square on a hill once.
    hills: Array.from({ length: COLUMNS }, (_, c) => ({ squares: Array.from({ length: ROWS }, (_, r) => squareName(c, r)) })),
    // 48 roads zig-zagging over their own two rows: 200 points each, every run straight.
    roads: Array.from({ length: 48 }, (_, r) => ({
      path: Array.from({ length: 200 }, (_, i) => squareName(Math.floor(i / 2) % COLUMNS, (r % 12) * 2 + ((i + Math.floor(i / 2)) % 2))),
    })),
    crossings: edges.slice(0, 500).map((edge, i) => ({ edge, kind: i % 2 ? 'ford' as const : 'bridge' as const })),
    rivers: [],
  };
  const rivers = s.terrain.rivers!;
  // Add whole rivers while they fit, then as many edges of one more as the file limit leaves room for
  // (sizes summed from each edge's own text: stringifying the whole file per river takes seconds).
  const edgeBytes = edges.map((e) => JSON.stringify(e).length + 1);
  const riverBytes = JSON.stringify({ edges: [] }).length + 1;
  let room = MAX_SCENARIO_BYTES - JSON.stringify(s).length;
  while (rivers.length < 48 && room > riverBytes + edgeBytes[0]!) {
    room -= riverBytes;
    let n = 0;
    while (n < edges.length && room >= edgeBytes[n]!) room -= edgeBytes[n++]!;
    rivers.push({ edges: edges.slice(0, n) });
  }
  const text = JSON.stringify(s);
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(`the largest scenario does not open: ${parsed.diagnostics[0]?.message}`);
  return { scenario: parsed.scenario, text };
}
