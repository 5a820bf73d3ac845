/** validateScenario: JSON text or a parsed value in, diagnostics out (set-up rules 2-4, digest 3-4). Never throws. */
import { edgeKey, orthogonallyAdjacent, parseSquare, SIDE_FACINGS, type Square } from './coords';
import type { Diagnostic, DiagnosticCode } from './diagnostics';
import { severityOf } from './diagnostics';
import { parseJson } from './json-parse';
import { schemaDiagnostics } from './schema';
import {
  deploymentRows, resolveBoard, resolveRules, sideName, SCENARIO_VERSION, type Scenario, type SideSpec, type UnitSpec,
} from './scenario';
import { terrainIndex } from './terrain';
import { objectiveDiagnostics } from './validateObjectives';
import { stackingProblem, standsOf } from './stacking';
import { ARMY_NAMES, DIVISION, DIVISION_COLUMNS, fullStands, TROOP_TYPES, TROOPS, unitPoints, type TroopType } from './troops';

/** Advice limits (3D, 3F): per 144 squares for protected squares and hills, per 12 columns for roads. */
export const TERRAIN_ADVICE = { protectedPer144: 12, roadsPer12Columns: 2, hillsPer144: 2 } as const;
/** Sides whose points differ by more than this fraction of the larger get a warning. */
export const POINTS_TOLERANCE = 0.1;
export { parseJson, stackingProblem, standsOf };

/** Check a scenario: schema first (one diagnostic per violation), then the set-up rules. */
export function validateScenario(input: unknown): Diagnostic[] {
  try {
    let value = input;
    if (typeof input === 'string') {
      const parsed = parseJson(input);
      if ('error' in parsed) return [parsed.error];
      value = parsed.value;
    }
    const version = versionDiagnostic(value);
    if (version) return [version];
    const schema = schemaDiagnostics(value);
    if (schema.length > 0) return schema;
    return setupDiagnostics(value as Scenario);
  } catch (err) {
    return [{ code: 'schema', severity: 'error', message: `The scenario could not be checked: ${String(err)}.`, path: '' }];
  }
}

function versionDiagnostic(value: unknown): Diagnostic | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = (value as Record<string, unknown>).version;
  if (typeof v === 'number' && Number.isInteger(v) && v > SCENARIO_VERSION) {
    return {
      code: 'version', severity: 'error', path: '/version',
      message: `This scenario is format version ${v}, made by a newer program; this one reads up to version ${SCENARIO_VERSION} and will not guess at it.`,
    };
  }
  return null;
}

const troopName = (type: TroopType) => TROOPS[type].name;
const unitLabel = (u: UnitSpec) => `${troopName(u.type)} "${u.id}"`;

interface Placed { unit: UnitSpec; side: number; path: string }

/** The set-up rules, run on a document that passed the schema. */
export function setupDiagnostics(s: Scenario): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (code: DiagnosticCode, message: string, path?: string, squares?: Square[]) => {
    const d: Diagnostic = { code, severity: severityOf(code), message };
    if (path !== undefined) d.path = path;
    if (squares && squares.length > 0) d.squares = squares;
    out.push(d);
  };
  const board = resolveBoard(s.board);
  const rules = resolveRules(s.rules);
  const onBoard = (sq: Square, path: string): boolean => {
    const c = parseSquare(sq);
    if (c && c.col < board.columns && c.row < board.rows) return true;
    add('off-board', `${sq} is off the ${board.columns}x${board.rows} board.`, path, [sq]);
    return false;
  };
  const terrain = s.terrain ?? {};

  // Protected squares.
  const protectedAt = new Set<Square>();
  (terrain.protected ?? []).forEach((p, i) => {
    if (onBoard(p.at, `/terrain/protected/${i}/at`)) protectedAt.add(p.at);
  });

  // Roads: straight runs between consecutive points (expanded by the terrain index); no road square may be protected (3D).
  const index = terrainIndex(s);
  const roadAt = index.road;
  (terrain.roads ?? []).forEach((road, i) => {
    road.path.forEach((sq, j) => {
      if (!onBoard(sq, `/terrain/roads/${i}/path/${j}`) || j === 0) return;
      const a = parseSquare(road.path[j - 1]!), b = parseSquare(sq)!;
      if (a && a.col !== b.col && a.row !== b.row) {
        add('road-not-straight', `Road ${i + 1} runs from ${road.path[j - 1]} to ${sq}, which share neither a row nor a column: roads turn only at right angles.`,
          `/terrain/roads/${i}/path/${j}`, [road.path[j - 1]!, sq]);
      }
    });
  });
  for (const sq of roadAt) {
    if (protectedAt.has(sq)) {
      const i = (terrain.protected ?? []).findIndex((p) => p.at === sq);
      add('road-on-protected', `${sq} is both a road and a protected square; put the buildings or woods beside the road instead.`,
        `/terrain/protected/${i}/at`, [sq]);
    }
  }

  // Rivers on square edges, crossings on river edges.
  (terrain.rivers ?? []).forEach((river, i) => {
    river.edges.forEach(([a, b], j) => {
      const path = `/terrain/rivers/${i}/edges/${j}`;
      const okA = onBoard(a, `${path}/0`);
      const okB = onBoard(b, `${path}/1`);
      if (!okA || !okB) return;
      if (!orthogonallyAdjacent(a, b)) {
        add('river-edge-invalid', `River ${i + 1} has an edge ${a}|${b}, but ${a} and ${b} do not share a side.`, path, [a, b]);
      }
    });
  });
  (terrain.crossings ?? []).forEach((c, i) => {
    const [a, b] = c.edge;
    const path = `/terrain/crossings/${i}/edge`;
    const okA = onBoard(a, `${path}/0`);
    const okB = onBoard(b, `${path}/1`);
    if (okA && okB && !index.river.has(edgeKey(a, b))) {
      add('crossing-not-on-river', `The ${c.kind} at ${a}|${b} is not on a river edge.`, path, [a, b]);
    }
  });

  // Hills: a square in at most one hill, and never also a protected square.
  const hillOf = new Map<Square, number>();
  (terrain.hills ?? []).forEach((hill, i) => {
    hill.squares.forEach((sq, j) => {
      const path = `/terrain/hills/${i}/squares/${j}`;
      if (!onBoard(sq, path)) return;
      const other = hillOf.get(sq);
      if (other !== undefined && other !== i) {
        add('hill-overlap', `${sq} is in hill ${other + 1} and hill ${i + 1}; a square belongs to one hill at most.`, path, [sq]);
      } else if (protectedAt.has(sq)) {
        add('hill-overlap', `${sq} is both a hill square and a protected square.`, path, [sq]);
      }
      hillOf.set(sq, i);
    });
  });

  // Terrain advice (3D, 3E, 3F): warnings only.
  const area = board.columns * board.rows;
  const maxProtected = Math.floor((TERRAIN_ADVICE.protectedPer144 * area) / 144);
  const maxRoads = TERRAIN_ADVICE.roadsPer12Columns * Math.max(1, Math.round(board.columns / 12));
  const maxHills = Math.floor((TERRAIN_ADVICE.hillsPer144 * area) / 144);
  const nProtected = terrain.protected?.length ?? 0;
  const nRoads = terrain.roads?.length ?? 0;
  const nHills = terrain.hills?.length ?? 0;
  if (nProtected > maxProtected) add('advice-terrain', `${nProtected} protected squares: the rules advise few and scattered (up to ${maxProtected} on this board).`, '/terrain/protected', [...protectedAt]);
  if (nRoads > maxRoads) add('advice-terrain', `${nRoads} roads: the rules advise one or two long roads (up to ${maxRoads} on this board).`, '/terrain/roads');
  if (nHills > maxHills) add('advice-terrain', `${nHills} hills: the rules advise at most ${maxHills} on this board.`, '/terrain/hills');
  if ((terrain.rivers?.length ?? 0) > 0) add('advice-terrain', 'Rivers are used: experience says they slow the game down.', '/terrain/rivers');

  // Sides.
  const sides = s.sides;
  if (sides[0]!.id === sides[1]!.id) add('duplicate-id', `Both sides have the id "${sides[0]!.id}".`, '/sides/1/id');
  if (sides[0]!.edge === sides[1]!.edge) add('duplicate-id', `Both sides deploy at the ${sides[0]!.edge} edge; one must take the other edge.`, '/sides/1/edge');
  if (rules.firstAttacker !== 'roll' && !sides.some((sd) => sd.id === rules.firstAttacker)) {
    add('schema', `rules.firstAttacker is "${rules.firstAttacker}", which is neither "roll" nor a side's id.`, '/rules/firstAttacker');
  }

  // Units: ids, stands, facing, position.
  const unitIds = new Map<string, string>();
  const bySquare = new Map<Square, Placed[]>();
  sides.forEach((side, si) => {
    const zone = deploymentRows(side.edge, board.rows);
    side.units.forEach((u, ui) => {
      const path = `/sides/${si}/units/${ui}`;
      const seen = unitIds.get(u.id);
      if (seen !== undefined) add('duplicate-id', `Two units have the id "${u.id}" (${seen} and ${path}).`, `${path}/id`);
      else unitIds.set(u.id, path);
      const full = fullStands(u.type);
      if (u.type === 'ballista') {
        if (u.stands !== undefined) add('stands-invalid', `Ballista "${u.id}" has stands: a ballista is one engine; its crew is a separate ballistarii unit.`, `${path}/stands`);
      } else if (u.stands !== undefined && (u.stands < 1 || u.stands > full)) {
        add('stands-invalid', `${unitLabel(u)} has ${u.stands} stands; a ${troopName(u.type).toLowerCase()} unit has 1 to ${full}.`, `${path}/stands`, u.at ? [u.at] : undefined);
      } else if (u.stands !== undefined && u.stands < full) {
        add('reduced-unit', `${unitLabel(u)} starts with ${u.stands} of ${full} stands.`, `${path}/stands`, u.at ? [u.at] : undefined);
      }
      if (u.facing !== undefined && TROOPS[u.type].support === 1 && !SIDE_FACINGS.includes(u.facing)) {
        add('facing-invalid', `${unitLabel(u)}${u.at ? ` at ${u.at}` : ''} faces ${u.facing}: ${troopName(u.type).toLowerCase()} can only face a side of the square (N, E, S or W).`,
          `${path}/facing`, u.at ? [u.at] : undefined);
      }
      if (u.at === undefined || !onBoard(u.at, `${path}/at`)) return;
      const row = parseSquare(u.at)!.row;
      if (row < zone.from || row > zone.to) {
        add('deploy-outside-zone', `${unitLabel(u)} of ${sideName(side)} is at ${u.at}, outside its set-up rows ${zone.from + 1}-${zone.to + 1}.`, `${path}/at`, [u.at]);
      }
      if (hillOf.has(u.at) && rules.hills.banned.includes(u.type)) {
        add('hill-banned-unit', `${unitLabel(u)} is on the hill at ${u.at}, where ${troopName(u.type).toLowerCase()} may not go in this scenario.`, `${path}/at`, [u.at]);
      }
      if (u.type === 'ballista' && protectedAt.has(u.at)) {
        add('ballista-in-protected', `Ballista "${u.id}" is in the protected square ${u.at}; a ballista may not enter one.`, `${path}/at`, [u.at]);
      }
      const list = bySquare.get(u.at);
      const placed = { unit: u, side: si, path };
      if (list) list.push(placed); else bySquare.set(u.at, [placed]);
    });
  });

  // Objectives (format version 2).
  objectiveDiagnostics(s, board.rows, add, onBoard);

  // Squares: sides, stacking (2B, 6C-F) and ballista crews.
  for (const [sq, placed] of bySquare) {
    if (placed.some((p) => p.side !== placed[0]!.side)) {
      add('enemy-same-square', `${sq} holds units of both sides; that happens only in a melee.`, placed[0]!.path + '/at', [sq]);
    }
    for (let si = 0; si < sides.length; si++) {
      const mine = placed.filter((p) => p.side === si);
      if (mine.length === 0) continue;
      const problem = stackingProblem(mine.map((p) => p.unit));
      if (problem) add('stack-limit', `${sq}: ${problem}`, mine[mine.length - 1]!.path + '/at', [sq]);
      for (const p of mine) {
        if (p.unit.type !== 'ballista') continue;
        const crew = mine.filter((q) => q.unit.type === 'ballistarii').reduce((n, q) => n + standsOf(q.unit), 0);
        if (crew < fullStands('ballistarii')) add('ballista-without-crew', `Ballista "${p.unit.id}" at ${sq} has ${crew} ballistarii stand${crew === 1 ? '' : 's'} with it; it starts with ${fullStands('ballistarii')}.`, p.path + '/at', [sq]);
      }
    }
  }

  // Composition and points (2D): warnings.
  const points = sides.map((side) => sidePoints(side));
  sides.forEach((side, si) => {
    const diff = compositionDifferences(side);
    const divisions = side.divisions ?? 1;
    const maxDivisions = Math.max(1, Math.floor(board.columns / DIVISION_COLUMNS));
    if (diff.length > 0) {
      add('composition', `${sideName(side)} differs from ${divisions} standard ${ARMY_NAMES[side.army]} division${divisions > 1 ? 's' : ''}: ${diff.join('; ')}.`, `/sides/${si}/units`);
    }
    if (divisions > maxDivisions) {
      add('composition', `${sideName(side)} fields ${divisions} divisions on a ${board.columns}-column board; each division wants ${DIVISION_COLUMNS} columns of frontage.`, `/sides/${si}/divisions`);
    }
  });
  const [p0, p1] = points as [number, number];
  const larger = Math.max(p0, p1);
  if (larger > 0 && Math.abs(p0 - p1) / larger > POINTS_TOLERANCE) {
    add('points-imbalance', `${sideName(sides[0]!)} has ${p0} points and ${sideName(sides[1]!)} ${p1}: a difference of ${Math.round((Math.abs(p0 - p1) / larger) * 100)}%, more than ${POINTS_TOLERANCE * 100}%.`, '/sides');
  }
  return out;
}


/** Points of a side as deployed: each unit's stands times its cost. */
export function sidePoints(side: SideSpec): number {
  let sum = 0;
  for (const u of side.units) sum += unitPoints(u.type, standsOf(u));
  return sum;
}

/** How a side's units differ from its standard division(s), e.g. "3 knights units (standard 4)". */
export function compositionDifferences(side: SideSpec): string[] {
  const counts: Partial<Record<TroopType, number>> = {};
  for (const u of side.units) counts[u.type] = (counts[u.type] ?? 0) + 1;
  const divisions = side.divisions ?? 1;
  const out: string[] = [];
  for (const type of TROOP_TYPES) {
    const have = counts[type] ?? 0;
    const want = DIVISION[side.army][type] * divisions;
    if (have !== want) out.push(`${have} ${troopName(type).toLowerCase()} unit${have === 1 ? '' : 's'} (standard ${want})`);
  }
  return out;
}

