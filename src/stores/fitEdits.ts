/**
 * Edits kept inside the scenario schema's limits (issue 14 item 5): whatever a field or a caller passes, an edit
 * never makes a document that Import would refuse. Limits are read from the schema (src/scenario/limits.ts).
 */
import { DEFAULT_TURN_LIMIT, parseSquare, resolveBoard, type Scenario, type ScenarioMeta, type ScenarioRules, type SideSpec, type Square } from '../rules';
import { fitNumber, fitText } from '../scenario';

const DATE = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** True when the square is on this scenario's board. */
export function onBoard(s: Scenario, sq: Square): boolean {
  const p = parseSquare(sq);
  const { columns, rows } = resolveBoard(s.board);
  return !!p && p.col < columns && p.row < rows;
}

/** Meta fields cut to their limits; an empty title keeps the previous one; a malformed date is dropped. */
export function fitMeta(meta: ScenarioMeta, before: ScenarioMeta): ScenarioMeta {
  const out: ScenarioMeta = { ...meta, title: fitText('meta.title', String(meta.title ?? '').trim()) || before.title };
  if (out.author !== undefined) out.author = fitText('meta.author', out.author);
  if (out.description !== undefined) out.description = fitText('meta.description', out.description);
  if (out.created !== undefined && !DATE.test(out.created)) delete out.created;
  return out;
}

/** A side's name and divisions inside their limits (an empty name means "the army's name"). */
export function fitSidePatch(patch: Partial<Pick<SideSpec, 'name' | 'army' | 'divisions'>>): Partial<Pick<SideSpec, 'name' | 'army' | 'divisions'>> {
  const out = { ...patch };
  if (out.name !== undefined) {
    const name = fitText('sides.name', out.name.trim());
    out.name = name || undefined;
  }
  if (out.divisions !== undefined) out.divisions = fitNumber('sides.divisions', out.divisions, 1);
  return out;
}

/** Rules options inside their limits; a first attacker that is neither "roll" nor a side id becomes "roll". */
export function fitRules(rules: ScenarioRules, s: Scenario): ScenarioRules {
  const out: ScenarioRules = { ...rules };
  if (typeof out.turnLimit === 'number') out.turnLimit = fitNumber('rules.turnLimit', out.turnLimit, DEFAULT_TURN_LIMIT);
  if (out.firstAttacker !== undefined && out.firstAttacker !== 'roll' && !s.sides.some((sd) => sd.id === out.firstAttacker)) out.firstAttacker = 'roll';
  if (out.hills?.movePenalty !== undefined) out.hills = { ...out.hills, movePenalty: fitNumber('rules.hills.movePenalty', out.hills.movePenalty, 1) };
  return out;
}

/**
 * A new board size inside its limits. Terrain that would fall off a smaller board is removed and units there
 * go back to the roster, so the file stays readable.
 */
export function fitBoard(s: Scenario, b: { columns: number; rows: number }): Scenario {
  const before = resolveBoard(s.board);
  const board = { columns: fitNumber('board.columns', b.columns, before.columns), rows: fitNumber('board.rows', b.rows, before.rows) };
  const next: Scenario = { ...s, board };
  const on = (sq: Square) => onBoard(next, sq);
  if (s.terrain) {
    const t = s.terrain;
    next.terrain = {
      ...t,
      ...(t.protected ? { protected: t.protected.filter((p) => on(p.at)) } : {}),
      ...(t.roads ? { roads: t.roads.filter((r) => r.path.every(on)) } : {}),
      ...(t.rivers ? { rivers: t.rivers.map((r) => ({ ...r, edges: r.edges.filter((e) => e.every(on)) })).filter((r) => r.edges.length > 0) } : {}),
      ...(t.crossings ? { crossings: t.crossings.filter((c) => c.edge.every(on)) } : {}),
      ...(t.hills ? { hills: t.hills.map((h) => ({ ...h, squares: h.squares.filter(on) })).filter((h) => h.squares.length > 0) } : {}),
    };
  }
  next.sides = s.sides.map((sd) => ({ ...sd, units: sd.units.map((u) => (u.at && !on(u.at) ? (({ at: _at, ...rest }) => rest)(u) : u)) }));
  // Objectives keep their squares still on the board; one left with none goes.
  if (s.objectives) {
    const objectives = s.objectives.map((o) => ({ ...o, squares: o.squares.filter(on) })).filter((o) => o.squares.length > 0);
    if (objectives.length > 0) next.objectives = objectives; else delete next.objectives;
  }
  return next;
}
