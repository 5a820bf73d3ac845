/**
 * Terrain, once (architecture "Terrain, once"; digest 3): a scenario's terrain derived into one index that the
 * validator, the engine, the SVG map and the PDF all read. No other place expands road runs or river edges.
 */
import { edgeKey, orthogonallyAdjacent, parseSquare, squareName, type Square } from './coords';
import { resolveBoard, resolveRules, type Scenario } from './scenario';

export interface TerrainIndex {
  /** Every square of each road in path order, each once (straight runs between its path points, 3D). */
  roads: Square[][];
  /** Every road square of every road. */
  road: Set<Square>;
  /**
   * Road steps (edgeKey of the two squares): two squares next to each other along one straight run of a road, the
   * turn at a bend or junction included. Reading R-road-step (digest 7): only these steps are on the road; a
   * diagonal step, or a side step between two roads that run side by side, is not.
   */
  roadSteps: Set<string>;
  /** Protected squares as listed (woods, buildings, ...). */
  protected: Set<Square>;
  /** Hill squares (any hill). */
  hill: Set<Square>;
  /** River edges (edgeKey), valid ones only (on the board, two squares sharing a side). */
  river: Set<string>;
  /** Crossing edges (edgeKey) that sit on a river edge. */
  crossing: Set<string>;
  /** Both squares of every crossing edge (R-crossing). */
  crossingSquares: Set<Square>;
  /**
   * Protected for missile fire and charges: protected squares, crossing squares and (when the scenario's hill option
   * says so) hill squares.
   */
  cover: Set<Square>;
}

/**
 * Every square a road path covers, in order, each once: consecutive points share a row or column and the run
 * between them is straight. A point that does not line up with the one before (an error the validator reports)
 * is taken on its own; squares that do not parse are skipped.
 */
export function roadSquares(path: readonly Square[]): Square[] {
  const out: Square[] = [];
  let prev: { col: number; row: number } | null = null;
  for (const sq of path) {
    const b = parseSquare(sq);
    if (!b) continue;
    if (!prev || (prev.col !== b.col && prev.row !== b.row)) {
      if (!out.includes(sq)) out.push(sq);
    } else {
      const steps = Math.max(Math.abs(b.col - prev.col), Math.abs(b.row - prev.row));
      const sx = Math.sign(b.col - prev.col), sy = Math.sign(b.row - prev.row);
      for (let k = 1; k <= steps; k++) {
        const s = squareName(prev.col + sx * k, prev.row + sy * k);
        if (out[out.length - 1] !== s) out.push(s);
      }
    }
    prev = b;
  }
  return out;
}

const cache = new WeakMap<Scenario, TerrainIndex>();

/** The terrain index of a scenario, built once per scenario object (scenarios are never changed in place). */
export function terrainIndex(scenario: Scenario): TerrainIndex {
  let t = cache.get(scenario);
  if (!t) cache.set(scenario, (t = buildTerrainIndex(scenario)));
  return t;
}

/** Build the index (uncached; terrainIndex keeps one per scenario object). Off-board squares are left out. */
export function buildTerrainIndex(scenario: Scenario): TerrainIndex {
  const board = resolveBoard(scenario.board);
  const on = (sq: Square) => { const c = parseSquare(sq); return c !== null && c.col < board.columns && c.row < board.rows; };
  const t = scenario.terrain ?? {};
  const roads = (t.roads ?? []).map((r) => roadSquares(r.path).filter(on));
  const roadSteps = new Set<string>();
  for (const r of roads) for (let k = 1; k < r.length; k++) if (orthogonallyAdjacent(r[k - 1]!, r[k]!)) roadSteps.add(edgeKey(r[k - 1]!, r[k]!));
  const river = new Set<string>();
  for (const r of t.rivers ?? []) for (const [a, b] of r.edges) if (on(a) && on(b) && orthogonallyAdjacent(a, b)) river.add(edgeKey(a, b));
  const crossing = new Set<string>();
  const crossingSquares = new Set<Square>();
  for (const c of t.crossings ?? []) {
    const k = edgeKey(c.edge[0], c.edge[1]);
    if (!river.has(k)) continue;
    crossing.add(k);
    crossingSquares.add(c.edge[0]);
    crossingSquares.add(c.edge[1]);
  }
  const prot = new Set((t.protected ?? []).map((p) => p.at).filter(on));
  const hill = new Set((t.hills ?? []).flatMap((h) => h.squares).filter(on));
  const cover = new Set([...prot, ...crossingSquares, ...(resolveRules(scenario.rules).hills.protected ? hill : [])]);
  return { roads, road: new Set(roads.flat()), roadSteps, protected: prot, hill, river, crossing, crossingSquares, cover };
}

/** Does an uncrossed river run between two orthogonally adjacent squares? */
export function riverBlocks(t: TerrainIndex, a: Square, b: Square): boolean {
  if (t.river.size === 0) return false;
  const k = edgeKey(a, b);
  return t.river.has(k) && !t.crossing.has(k);
}

/** Is the step from a to b a road step (R-road-step): along one run of a road, never diagonal? */
export function isRoadStep(t: TerrainIndex, a: Square, b: Square): boolean {
  return t.roadSteps.has(edgeKey(a, b));
}
