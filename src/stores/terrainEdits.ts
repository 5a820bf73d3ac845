/** Pure terrain edits: each takes a scenario and returns a new one (the same object when nothing changed). */
import {
  edgeKey, orthogonallyAdjacent, parseSquare, resolveBoard, squareName,
  type CrossingKind, type Edge, type ProtectedKind, type River, type Scenario, type Square, type Terrain,
} from '../rules';
import { edgeCorners } from '../render/layout';
import { compressRun, roadSquares } from '../render/roads';

/** The square point-symmetric to `sq` about the board's centre. */
export function mirrorSquare(sq: Square, s: Scenario): Square {
  const b = resolveBoard(s.board);
  const c = parseSquare(sq);
  if (!c) return sq;
  return squareName(b.columns - 1 - c.col, b.rows - 1 - c.row);
}

/** An edge's point-symmetric twin. */
export function mirrorEdge(e: Edge, s: Scenario): Edge {
  return [mirrorSquare(e[0], s), mirrorSquare(e[1], s)];
}

function withTerrain(s: Scenario, patch: Partial<Terrain>): Scenario {
  const terrain: Terrain = { ...(s.terrain ?? {}), ...patch };
  for (const k of Object.keys(terrain) as Array<keyof Terrain>) {
    const v = terrain[k];
    if (!v || v.length === 0) delete terrain[k];
  }
  const next: Scenario = { ...s, terrain };
  if (Object.keys(terrain).length === 0) delete next.terrain;
  return next;
}

/** Make each square a protected square of `kind` (replacing its previous kind). */
export function paintProtected(s: Scenario, squares: readonly Square[], kind: ProtectedKind): Scenario {
  const list = s.terrain?.protected ?? [];
  const want = new Set(squares);
  if ([...want].every((sq) => list.some((p) => p.at === sq && p.kind === kind))) return s;
  const kept = list.filter((p) => !want.has(p.at));
  return withTerrain(s, { protected: [...kept, ...[...want].map((at) => ({ at, kind }))] });
}

/** Add a road through the given squares (a run of orthogonal steps), stored as its corner points. */
export function addRoad(s: Scenario, squares: readonly Square[]): Scenario {
  const path = compressRun(squares);
  if (path.length < 2) return s;
  return withTerrain(s, { roads: [...(s.terrain?.roads ?? []), { path }] });
}

/** All river edges of a scenario by key. */
export function riverEdgeKeys(s: Scenario): Set<string> {
  const out = new Set<string>();
  for (const r of s.terrain?.rivers ?? []) for (const [a, b] of r.edges) out.add(edgeKey(a, b));
  return out;
}

/** Add a river along the given edges (edges already on a river are skipped); rivers that now touch become one. */
export function addRiver(s: Scenario, edges: readonly Edge[]): Scenario {
  const have = riverEdgeKeys(s);
  const fresh: Edge[] = [];
  for (const e of edges) {
    const k = edgeKey(e[0], e[1]);
    if (have.has(k) || !orthogonallyAdjacent(e[0], e[1])) continue;
    have.add(k);
    fresh.push([e[0], e[1]]);
  }
  if (fresh.length === 0) return s;
  return withTerrain(s, { rivers: mergeRivers([...(s.terrain?.rivers ?? []), { edges: fresh }]) });
}

/**
 * Join rivers whose edges meet at a grid corner into one river (the first one's place in the list, edges in their
 * old order), so a river drawn in several strokes is stored once and files stay small.
 */
export function mergeRivers(rivers: readonly River[]): River[] {
  const parent = rivers.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Map<string, number>();
  rivers.forEach((r, i) => {
    for (const [a, b] of r.edges) {
      for (const corner of edgeCorners(a, b) ?? []) {
        const j = owner.get(corner);
        if (j === undefined) owner.set(corner, i);
        else parent[find(i)] = find(j);
      }
    }
  });
  const groups = new Map<number, Edge[]>();
  const order: number[] = [];
  rivers.forEach((r, i) => {
    const root = find(i);
    if (!groups.has(root)) { groups.set(root, []); order.push(root); }
    groups.get(root)!.push(...r.edges);
  });
  if (order.length === rivers.length) return [...rivers];
  return order.map((root) => ({ edges: groups.get(root)! }));
}

/** The scenario with touching rivers joined into one (the same object when there is nothing to join): for files. */
export function withMergedRivers(s: Scenario): Scenario {
  const rivers = s.terrain?.rivers;
  if (!rivers) return s;
  const merged = mergeRivers(rivers);
  return merged.length === rivers.length ? s : { ...s, terrain: { ...s.terrain, rivers: merged } };
}

/** Put a ford or bridge on a river edge (replacing any crossing there); unchanged when the edge is not river. */
export function setCrossing(s: Scenario, edge: Edge, kind: CrossingKind): Scenario {
  const k = edgeKey(edge[0], edge[1]);
  if (!riverEdgeKeys(s).has(k)) return s;
  const list = s.terrain?.crossings ?? [];
  if (list.some((c) => edgeKey(c.edge[0], c.edge[1]) === k && c.kind === kind)) return s;
  const kept = list.filter((c) => edgeKey(c.edge[0], c.edge[1]) !== k);
  return withTerrain(s, { crossings: [...kept, { edge: [edge[0], edge[1]], kind }] });
}

/**
 * Paint squares into a hill: the hill the first square belongs to or touches is extended, otherwise a new hill
 * starts. Squares already in a hill stay where they are.
 */
export function paintHill(s: Scenario, squares: readonly Square[]): Scenario {
  if (squares.length === 0) return s;
  const hills = (s.terrain?.hills ?? []).map((h) => ({ squares: [...h.squares] }));
  const owner = new Map<Square, number>();
  hills.forEach((h, i) => h.squares.forEach((sq) => owner.set(sq, i)));
  const first = squares[0]!;
  let target = owner.get(first) ?? hills.findIndex((h) => h.squares.some((sq) => orthogonallyAdjacent(sq, first)));
  if (target < 0) { hills.push({ squares: [] }); target = hills.length - 1; }
  let changed = false;
  for (const sq of squares) {
    if (owner.has(sq)) continue;
    hills[target]!.squares.push(sq);
    owner.set(sq, target);
    changed = true;
  }
  return changed ? withTerrain(s, { hills }) : s;
}

/**
 * Remove the terrain on the squares (protected, hill, road split where it passed) and the given river edges with
 * their crossings. River edges around the squares stay: Erase removes a river edge only when pointed at.
 */
export function eraseTerrain(s: Scenario, squares: readonly Square[], edges: readonly Edge[] = []): Scenario {
  const gone = new Set(squares);
  const t = s.terrain ?? {};
  const prot = (t.protected ?? []).filter((p) => !gone.has(p.at));
  const hills = (t.hills ?? []).map((h) => ({ squares: h.squares.filter((sq) => !gone.has(sq)) })).filter((h) => h.squares.length > 0);
  const roads = (t.roads ?? []).flatMap((r) => {
    const run = roadSquares(r.path);
    if (!run.some((sq) => gone.has(sq))) return [r];
    const pieces: Square[][] = [[]];
    for (const sq of run) {
      if (gone.has(sq)) pieces.push([]);
      else pieces[pieces.length - 1]!.push(sq);
    }
    return pieces.filter((p) => p.length >= 2).map((p) => ({ path: compressRun(p) }));
  });
  const same = prot.length === (t.protected ?? []).length && hills.length === (t.hills ?? []).length
    && hills.every((h, i) => h.squares.length === t.hills![i]!.squares.length)
    && roads.length === (t.roads ?? []).length && roads.every((r, i) => r === t.roads![i]);
  const next = same ? s : withTerrain(s, { protected: prot, hills, roads });
  return removeRiverEdges(next, edges);
}

/** Remove one river edge (and its crossing). */
export function removeRiverEdge(s: Scenario, edge: Edge): Scenario {
  return removeRiverEdges(s, [edge]);
}

/** Remove river edges (and their crossings); unchanged when none of them is a river edge. */
export function removeRiverEdges(s: Scenario, edges: readonly Edge[]): Scenario {
  const have = riverEdgeKeys(s);
  const gone = new Set(edges.map((e) => edgeKey(e[0], e[1])).filter((k) => have.has(k)));
  if (gone.size === 0) return s;
  const rivers = (s.terrain?.rivers ?? []).map((r) => ({ edges: r.edges.filter(([a, b]) => !gone.has(edgeKey(a, b))) })).filter((r) => r.edges.length > 0);
  const crossings = (s.terrain?.crossings ?? []).filter((c) => !gone.has(edgeKey(c.edge[0], c.edge[1])));
  return withTerrain(s, { rivers, crossings });
}

/** Extend a road drag to `to`: straight runs with right-angle turns (the new leg goes along the row, then the column). */
export function extendRun(run: readonly Square[], to: Square): Square[] {
  const last = run[run.length - 1];
  if (last === undefined) return [to];
  if (last === to) return [...run];
  const existing = run.indexOf(to);
  if (existing >= 0) return run.slice(0, existing + 1);
  const a = parseSquare(last)!;
  const b = parseSquare(to)!;
  const out = [...run];
  let col = a.col, row = a.row;
  while (col !== b.col) { col += Math.sign(b.col - col); out.push(squareName(col, row)); }
  while (row !== b.row) { row += Math.sign(b.row - row); out.push(squareName(col, row)); }
  return out;
}
