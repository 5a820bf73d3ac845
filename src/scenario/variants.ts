/**
 * Small edits of a scenario, for the balance tools "What matters" (each terrain feature and each unit removed) and
 * "What to change" (the turn limit, one unit more or fewer, a terrain piece moved or removed, a side's set-up rows).
 * Objectives are treated like terrain: What matters removes each, What to change moves each one square, removes it or
 * changes its points.
 * An edit is plain data, so it can be measured in workers, shown, and later applied to the open scenario as an
 * ordinary undoable editor command; `applyEdit` returns null when the edit no longer fits the scenario. Every variant
 * is checked with the scenario validator: one with a set-up error is skipped, with the reason.
 */
import {
  TROOPS, isPlayable, parseSquare, resolveBoard, resolveRules, roadSquares, sideName, squareName, validateScenario,
  type Edge, type Scenario, type Square, type Terrain, type TroopType,
} from '../rules';
import { nextUnitId } from './defaults';

/** A terrain feature as a user sees it: a wood of touching squares of one kind, a hill, a road, a river with its crossings. */
export interface TerrainFeature {
  /** Stable identity: its kind and what it covers (the same feature found again in a later version). */
  key: string;
  kind: 'protected' | 'hill' | 'road' | 'river';
  label: string;
  /** The squares to highlight on the map. */
  squares: Square[];
}

export type ScenarioEdit =
  | { kind: 'turnLimit'; delta: number }
  | { kind: 'addUnit'; side: number; type: TroopType }
  | { kind: 'removeUnit'; side: number; unitId: string }
  | { kind: 'removeFeature'; feature: string }
  | { kind: 'moveFeature'; feature: string; dx: number; dy: number }
  /** Every deployed unit of a side one row towards the enemy (rows 1) or back (rows -1). */
  | { kind: 'shiftSetup'; side: number; rows: 1 | -1 }
  /** Objectives (R-objectives) as terrain: one removed, moved one square, or its points changed by delta. */
  | { kind: 'removeObjective'; objective: string }
  | { kind: 'moveObjective'; objective: string; dx: number; dy: number }
  | { kind: 'objectivePoints'; objective: string; delta: number };

/** A measured variant: the edit, what it says, the squares it concerns, and the edited scenario. */
export interface Variant { edit: ScenarioEdit; label: string; squares: Square[]; scenario: Scenario }

/** A variant the validator refused, and why (its first error). */
export interface SkippedVariant { edit: ScenarioEdit; label: string; reason: string }

const DIRECTIONS: Array<{ dx: number; dy: number; word: string }> = [
  { dx: 0, dy: -1, word: 'north' }, { dx: 0, dy: 1, word: 'south' }, { dx: -1, dy: 0, word: 'west' }, { dx: 1, dy: 0, word: 'east' },
];

const sameEdge = (a: Edge, b: Edge) => (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
const edgeText = (e: Edge) => `${e[0]}|${e[1]}`;

/** Protected squares grouped by kind into orthogonally touching patches, in file order of their first square. */
function protectedGroups(t: Terrain): Array<{ kind: string; squares: Square[] }> {
  const list = t.protected ?? [];
  const seen = new Set<number>();
  const groups: Array<{ kind: string; squares: Square[] }> = [];
  for (let i = 0; i < list.length; i++) {
    if (seen.has(i)) continue;
    seen.add(i);
    const group = [list[i]!.at];
    for (let k = 0; k < group.length; k++) {
      const c = parseSquare(group[k]!)!;
      for (let j = 0; j < list.length; j++) {
        if (seen.has(j) || list[j]!.kind !== list[i]!.kind) continue;
        const d = parseSquare(list[j]!.at);
        if (d && Math.abs(d.col - c.col) + Math.abs(d.row - c.row) === 1) { seen.add(j); group.push(list[j]!.at); }
      }
    }
    groups.push({ kind: list[i]!.kind, squares: group });
  }
  return groups;
}

const listed = (squares: Square[]) => (squares.length <= 3 ? squares.join(', ') : `${squares.slice(0, 3).join(', ')} and ${squares.length - 3} more`);

/** The scenario's terrain features, grouped as a user sees them. */
export function terrainFeatures(s: Scenario): TerrainFeature[] {
  const t = s.terrain ?? {};
  const out: TerrainFeature[] = [];
  for (const g of protectedGroups(t)) {
    out.push({ key: `protected:${g.kind}:${g.squares.join(',')}`, kind: 'protected', label: `${g.kind} at ${listed(g.squares)}`, squares: g.squares });
  }
  for (const h of t.hills ?? []) out.push({ key: `hill:${h.squares.join(',')}`, kind: 'hill', label: `hill at ${listed(h.squares)}`, squares: [...h.squares] });
  for (const r of t.roads ?? []) out.push({ key: `road:${r.path.join(',')}`, kind: 'road', label: `road ${r.path.join('–')}`, squares: roadSquares(r.path) });
  for (const r of t.rivers ?? []) {
    const crossings = (t.crossings ?? []).filter((c) => r.edges.some((e) => sameEdge(e, c.edge)));
    const squares = [...new Set(r.edges.flat())];
    const with_ = crossings.length ? ` with its ${crossings.map((c) => `${c.kind} at ${c.edge.join('/')}`).join(', ')}` : '';
    out.push({ key: `river:${r.edges.map(edgeText).join(',')}`, kind: 'river', label: `river along ${listed(squares)}${with_}`, squares });
  }
  return out;
}

/** The terrain without a feature, or moved by (dx, dy) squares (null when a square would leave the board). */
function reshapeTerrain(s: Scenario, key: string, move: { dx: number; dy: number } | null): Terrain | null {
  const t = s.terrain ?? {};
  const f = terrainFeatures(s).find((x) => x.key === key);
  if (!f) return null;
  const board = resolveBoard(s.board);
  let off = false;
  const shift = (sq: Square): Square => {
    const c = parseSquare(sq)!;
    const col = c.col + move!.dx, row = c.row + move!.dy;
    if (col < 0 || row < 0 || col >= board.columns || row >= board.rows) off = true;
    return squareName(Math.max(0, col), Math.max(0, row));
  };
  const next: Terrain = { ...t };
  if (f.kind === 'protected') {
    const mine = new Set(f.squares);
    const kept = (t.protected ?? []).filter((p) => !mine.has(p.at));
    const moved = move ? (t.protected ?? []).filter((p) => mine.has(p.at)).map((p) => ({ ...p, at: shift(p.at) })) : [];
    next.protected = [...kept, ...moved];
  } else if (f.kind === 'hill') {
    const i = (t.hills ?? []).findIndex((h) => `hill:${h.squares.join(',')}` === key);
    next.hills = (t.hills ?? []).flatMap((h, j) => (j !== i ? [h] : move ? [{ squares: h.squares.map(shift) }] : []));
  } else if (f.kind === 'road') {
    const i = (t.roads ?? []).findIndex((r) => `road:${r.path.join(',')}` === key);
    next.roads = (t.roads ?? []).flatMap((r, j) => (j !== i ? [r] : move ? [{ path: r.path.map(shift) }] : []));
  } else {
    const i = (t.rivers ?? []).findIndex((r) => `river:${r.edges.map(edgeText).join(',')}` === key);
    const river = t.rivers![i]!;
    const ours = (e: Edge) => river.edges.some((x) => sameEdge(x, e));
    const crossings = (t.crossings ?? []).filter((c) => !ours(c.edge));
    const carried = move ? (t.crossings ?? []).filter((c) => ours(c.edge)).map((c) => ({ ...c, edge: [shift(c.edge[0]), shift(c.edge[1])] as Edge })) : [];
    next.rivers = (t.rivers ?? []).flatMap((r, j) => (j !== i ? [r] : move ? [{ edges: r.edges.map((e) => [shift(e[0]), shift(e[1])] as Edge) }] : []));
    next.crossings = [...crossings, ...carried];
  }
  if (off) return null;
  for (const k of ['protected', 'hills', 'roads', 'rivers', 'crossings'] as const) if (next[k]?.length === 0) delete next[k];
  return next;
}

/** Where a unit added to a side with every unit deployed goes: the first square of its set-up rows that keeps the scenario valid. */
function placeAdded(s: Scenario, side: number, id: string): Scenario | null {
  const sd = s.sides[side]!;
  const board = resolveBoard(s.board);
  const depth = Math.max(1, Math.floor((board.rows - 6) / 2));
  // Front row first, from the middle outwards: where a player would put a reinforcement.
  const rows = Array.from({ length: depth }, (_, k) => (sd.edge === 'north' ? depth - 1 - k : board.rows - depth + k));
  const cols = Array.from({ length: board.columns }, (_, k) => k).sort((a, b) => Math.abs(a - (board.columns - 1) / 2) - Math.abs(b - (board.columns - 1) / 2) || a - b);
  for (const row of rows) {
    for (const col of cols) {
      const at = squareName(col, row);
      const next = withUnits(s, side, (units) => units.map((u) => (u.id === id ? { ...u, at } : u)));
      if (isPlayable(validateScenario(next))) return next;
    }
  }
  return null;
}

function withUnits(s: Scenario, side: number, fn: (units: Scenario['sides'][number]['units']) => Scenario['sides'][number]['units']): Scenario {
  return { ...s, sides: s.sides.map((sd, i) => (i === side ? { ...sd, units: fn(sd.units) } : sd)) };
}

/** The scenario with the edit made, or null when the edit does not fit it (the feature or unit is gone, a square leaves the board). */
export function applyEdit(s: Scenario, edit: ScenarioEdit): Scenario | null {
  switch (edit.kind) {
    case 'turnLimit': {
      const limit = resolveRules(s.rules).turnLimit;
      if (limit === null) return null;
      const next = limit + edit.delta;
      if (next < 1 || next > 99) return null;
      return { ...s, rules: { ...(s.rules ?? {}), turnLimit: next } };
    }
    case 'addUnit': {
      const sd = s.sides[edit.side];
      if (!sd) return null;
      const id = nextUnitId(sd.id.slice(0, 1), edit.type, new Set(s.sides.flatMap((x) => x.units.map((u) => u.id))));
      const added = withUnits(s, edit.side, (units) => [...units, { id, type: edit.type }]);
      // A side whose units are all deployed gets the new one deployed too (an undeployed one would be placed in secret).
      return sd.units.length > 0 && sd.units.every((u) => u.at) ? placeAdded(added, edit.side, id) : added;
    }
    case 'removeUnit': {
      const sd = s.sides[edit.side];
      if (!sd?.units.some((u) => u.id === edit.unitId)) return null;
      return withUnits(s, edit.side, (units) => units.filter((u) => u.id !== edit.unitId));
    }
    case 'removeFeature':
    case 'moveFeature': {
      const terrain = reshapeTerrain(s, edit.feature, edit.kind === 'moveFeature' ? edit : null);
      if (!terrain) return null;
      const next: Scenario = { ...s, terrain };
      if (Object.keys(terrain).length === 0) delete next.terrain;
      return next;
    }
    case 'shiftSetup': {
      const sd = s.sides[edit.side];
      if (!sd || !sd.units.some((u) => u.at)) return null;
      const dy = (sd.edge === 'north' ? 1 : -1) * edit.rows;
      const rows = resolveBoard(s.board).rows;
      let off = false;
      const next = withUnits(s, edit.side, (units) => units.map((u) => {
        if (!u.at) return u;
        const c = parseSquare(u.at)!;
        if (c.row + dy < 0 || c.row + dy >= rows) { off = true; return u; }
        return { ...u, at: squareName(c.col, c.row + dy) };
      }));
      return off ? null : next;
    }
    case 'removeObjective':
    case 'moveObjective':
    case 'objectivePoints': return reshapeObjective(s, edit);
  }
}

/** The scenario with an objective removed, moved by (dx, dy) or its points changed (null: no such objective, off the board, points below 1). */
function reshapeObjective(s: Scenario, edit: Extract<ScenarioEdit, { objective: string }>): Scenario | null {
  const list = s.objectives ?? [];
  const i = list.findIndex((o) => o.id === edit.objective);
  if (i < 0) return null;
  const o = list[i]!;
  if (edit.kind === 'removeObjective') {
    const next: Scenario = { ...s, objectives: list.filter((_, j) => j !== i) };
    if (next.objectives!.length === 0) delete next.objectives;
    return next;
  }
  if (edit.kind === 'objectivePoints') {
    const points = o.points + edit.delta;
    if (points < 1) return null;
    return { ...s, objectives: list.map((x, j) => (j === i ? { ...x, points } : x)) };
  }
  const board = resolveBoard(s.board);
  const squares: Square[] = [];
  for (const sq of o.squares) {
    const c = parseSquare(sq);
    if (!c) return null;
    const col = c.col + edit.dx, row = c.row + edit.dy;
    if (col < 0 || row < 0 || col >= board.columns || row >= board.rows) return null;
    squares.push(squareName(col, row));
  }
  return { ...s, objectives: list.map((x, j) => (j === i ? { ...x, squares } : x)) };
}

/** An objective by id, for labels. */
function objectiveLabel(s: Scenario, id: string): string {
  const o = s.objectives?.find((x) => x.id === id);
  return o ? `objective "${o.label || o.id}" (${o.points} points at ${listed(o.squares)})` : 'objective';
}

/** A short description of an edit (for the lists and the undo history). */
export function describeEdit(s: Scenario, edit: ScenarioEdit): string {
  const side = (i: number) => (s.sides[i] ? sideName(s.sides[i]!) : `side ${i + 1}`);
  switch (edit.kind) {
    case 'turnLimit': {
      const limit = resolveRules(s.rules).turnLimit;
      return `Turn limit ${limit ?? 'none'} → ${limit === null ? 'none' : limit + edit.delta}`;
    }
    case 'addUnit': return `${side(edit.side)}: one more ${TROOPS[edit.type].name.toLowerCase()}`;
    case 'removeUnit': {
      const u = s.sides[edit.side]?.units.find((x) => x.id === edit.unitId);
      return `${side(edit.side)}: without ${u ? TROOPS[u.type].name.toLowerCase() : 'unit'} ${edit.unitId}${u?.at ? ` (${u.at})` : ''}`;
    }
    case 'removeFeature': return `Remove the ${terrainFeatures(s).find((f) => f.key === edit.feature)?.label ?? 'terrain feature'}`;
    case 'moveFeature': {
      const word = DIRECTIONS.find((d) => d.dx === edit.dx && d.dy === edit.dy)?.word ?? `by (${edit.dx}, ${edit.dy})`;
      return `Move the ${terrainFeatures(s).find((f) => f.key === edit.feature)?.label ?? 'terrain feature'} one square ${word}`;
    }
    case 'shiftSetup': return `${side(edit.side)}: set up one row ${edit.rows > 0 ? 'further forward' : 'further back'}`;
    case 'removeObjective': return `Remove the ${objectiveLabel(s, edit.objective)}`;
    case 'moveObjective': {
      const word = DIRECTIONS.find((d) => d.dx === edit.dx && d.dy === edit.dy)?.word ?? `by (${edit.dx}, ${edit.dy})`;
      return `Move the ${objectiveLabel(s, edit.objective)} one square ${word}`;
    }
    case 'objectivePoints': {
      const o = s.objectives?.find((x) => x.id === edit.objective);
      return `The ${objectiveLabel(s, edit.objective)} worth ${o ? o.points + edit.delta : '?'} points`;
    }
  }
}

/** The squares an edit concerns in `s` (its feature, its unit's square), for the map. */
function editSquares(s: Scenario, edit: ScenarioEdit): Square[] {
  if (edit.kind === 'removeFeature' || edit.kind === 'moveFeature') return terrainFeatures(s).find((f) => f.key === edit.feature)?.squares ?? [];
  if (edit.kind === 'removeUnit') {
    const at = s.sides[edit.side]?.units.find((u) => u.id === edit.unitId)?.at;
    return at ? [at] : [];
  }
  if (edit.kind === 'removeObjective' || edit.kind === 'moveObjective' || edit.kind === 'objectivePoints') return [...(s.objectives?.find((o) => o.id === edit.objective)?.squares ?? [])];
  if (edit.kind === 'shiftSetup') return [...new Set(s.sides[edit.side]?.units.flatMap((u) => (u.at ? [u.at] : [])) ?? [])];
  return [];
}

/** Make one edit: the variant, when the validator accepts it, else why it was skipped. */
export function variantOf(s: Scenario, edit: ScenarioEdit): Variant | SkippedVariant {
  const label = describeEdit(s, edit);
  const next = applyEdit(s, edit);
  if (!next) return { edit, label, reason: 'it does not fit this scenario (a square would leave the board, or no unit is deployed)' };
  const error = validateScenario(next).find((d) => d.severity === 'error');
  if (error) return { edit, label, reason: error.message };
  return { edit, label, squares: editSquares(s, edit), scenario: next };
}

/** Make each edit, keeping the variants the validator accepts and saying why the others were skipped. */
export function variantsOf(s: Scenario, edits: ScenarioEdit[]): { variants: Variant[]; skipped: SkippedVariant[] } {
  const variants: Variant[] = [], skipped: SkippedVariant[] = [];
  for (const edit of edits) {
    const v = variantOf(s, edit);
    if ('scenario' in v) variants.push(v); else skipped.push(v);
  }
  return { variants, skipped };
}

/** What "What matters" removes: each terrain feature, each objective, then each unit of each side. */
export function removalEdits(s: Scenario): ScenarioEdit[] {
  return [
    ...terrainFeatures(s).map((f): ScenarioEdit => ({ kind: 'removeFeature', feature: f.key })),
    ...(s.objectives ?? []).map((o): ScenarioEdit => ({ kind: 'removeObjective', objective: o.id })),
    ...s.sides.flatMap((sd, side) => sd.units.map((u): ScenarioEdit => ({ kind: 'removeUnit', side, unitId: u.id }))),
  ];
}

/**
 * The small edits "What to change" tries: the turn limit +-1 and +-2; for each side and each kind of unit it has, one
 * more (not the ballista, which needs a crew) and one fewer (its last unit of that kind); each terrain feature removed
 * or moved one square in each direction; each objective removed, moved one square in each direction, or worth 5 or
 * 10 points more or less (never below 1); each side's set-up one row forward or back.
 */
export function candidateEdits(s: Scenario): ScenarioEdit[] {
  const edits: ScenarioEdit[] = [];
  if (resolveRules(s.rules).turnLimit !== null) for (const delta of [-2, -1, 1, 2]) edits.push({ kind: 'turnLimit', delta });
  s.sides.forEach((sd, side) => {
    const kinds = [...new Set(sd.units.map((u) => u.type))];
    for (const type of kinds) {
      if (type !== 'ballista') edits.push({ kind: 'addUnit', side, type });
      const last = [...sd.units].reverse().find((u) => u.type === type)!;
      edits.push({ kind: 'removeUnit', side, unitId: last.id });
    }
  });
  for (const f of terrainFeatures(s)) {
    edits.push({ kind: 'removeFeature', feature: f.key });
    for (const d of DIRECTIONS) edits.push({ kind: 'moveFeature', feature: f.key, dx: d.dx, dy: d.dy });
  }
  for (const o of s.objectives ?? []) {
    edits.push({ kind: 'removeObjective', objective: o.id });
    for (const d of DIRECTIONS) edits.push({ kind: 'moveObjective', objective: o.id, dx: d.dx, dy: d.dy });
    for (const delta of [-10, -5, 5, 10]) if (o.points + delta >= 1) edits.push({ kind: 'objectivePoints', objective: o.id, delta });
  }
  s.sides.forEach((_, side) => { edits.push({ kind: 'shiftSetup', side, rows: 1 }, { kind: 'shiftSetup', side, rows: -1 }); });
  return edits;
}
