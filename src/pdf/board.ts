/** The whole board in pdfkit: set-up zones, terrain, grid, square names and units, at any square size. */
import { columnLabel, deploymentRows, parseSquare, terrainIndex, type BoardEdge, type Objective, type ProtectedKind, type Square } from '../rules';
import type { ResolvedScenario, ResolvedUnit } from '../scenario';
import { SIDE_STYLES, TERRAIN_STYLE } from '../scenario/symbology';
import { drawSquareUnits } from './glyphs';
import { FONT, type Doc } from './pdfkit';
import {
  drawCrossing, drawHill, drawProtected, drawRiverEdge, drawRoad, hillShape, meets, roadLine,
  type BoardFrame, type BoardPoint, type BoardRect, type Cell, type HillShape,
} from './terrain';

export interface BoardDrawOptions {
  /** Print each square's name in its corner (true-scale mats, where the edge labels are far away). */
  squareNames?: boolean;
  /** Print unit ids under the counters (when squares are large enough to read them). */
  unitIds?: boolean;
  /** Size of the unit symbols relative to a square (smaller on true-scale mats, where figures stand on them). */
  unitScale?: number;
  /**
   * Only what lies on the squares in these zero-based column and row ranges is drawn (a tile's window): terrain,
   * rivers and roads that reach into them, and their names, units and error marks.
   */
  window?: { columns: { from: number; to: number }; rows: { from: number; to: number } };
  /** Squares named by set-up errors: outlined in red with a thick dash, as the editor shows them. */
  errorSquares?: readonly Square[];
  /** Draw the deployed units (default); false for a terrain-only mat. */
  units?: boolean;
}

/** The squares the scenario's set-up errors name, each once. */
export function errorSquaresOf(diagnostics: ReadonlyArray<{ severity: string; squares?: readonly Square[] }>): Square[] {
  return [...new Set(diagnostics.filter((d) => d.severity === 'error').flatMap((d) => d.squares ?? []))];
}

/** Deployed units grouped by square and side. */
export function unitsBySquare(rs: ResolvedScenario): Map<Square, Array<{ edge: BoardEdge; units: ResolvedUnit[] }>> {
  const out = new Map<Square, Array<{ edge: BoardEdge; units: ResolvedUnit[] }>>();
  for (const side of rs.sides) {
    for (const u of side.units) {
      if (!u.at) continue;
      const list = out.get(u.at) ?? [];
      let group = list.find((g) => g.edge === side.edge);
      if (!group) { group = { edge: side.edge, units: [] }; list.push(group); }
      group.units.push(u);
      out.set(u.at, list);
    }
  }
  return out;
}

/**
 * The scenario's terrain parsed once for drawing, however many times the board is drawn (a true-scale map draws
 * it once per tile). Rivers and crossings are each kept once, at their last place in the file: drawn again on
 * the same edge they would paint the same marks over themselves.
 */
interface BoardParts {
  hills: HillShape[];
  protected: Array<Cell & { at: Square; kind: ProtectedKind }>;
  roads: BoardPoint[][];
  rivers: Array<{ a: Square; b: Square; box: BoardRect }>;
  crossings: Array<{ a: Square; b: Square; kind: 'ford' | 'bridge'; box: BoardRect }>;
}

/** How far the marks of each kind of terrain reach beyond the squares or edge they belong to, in squares. */
const REACH = { river: 0.25, crossing: 0.35 };

const partsCache = new WeakMap<ResolvedScenario, BoardParts>();

/** The edge between two squares as a box in squares (a line, so two of its sides coincide), or null. */
function edgeBox(a: Square, b: Square): BoardRect | null {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q || Math.abs(p.col - q.col) + Math.abs(p.row - q.row) !== 1) return null;
  const x0 = Math.max(p.col, q.col);
  const y0 = Math.max(p.row, q.row);
  return p.row === q.row ? { x0, y0, x1: x0, y1: y0 + 1 } : { x0, y0, x1: x0 + 1, y1: y0 };
}

/** Items of a list each kept once by key, at its last place, in list order. */
function lastOfEach<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const last = new Map<string, number>();
  items.forEach((item, i) => last.set(keyOf(item), i));
  return items.filter((item, i) => last.get(keyOf(item)) === i);
}

function boardParts(rs: ResolvedScenario): BoardParts {
  const cached = partsCache.get(rs);
  if (cached) return cached;
  const t = rs.scenario.terrain ?? {};
  const hills = (t.hills ?? []).map((h) => hillShape(h.squares));
  const prot = (t.protected ?? []).flatMap((p) => {
    const c = parseSquare(p.at);
    return c ? [{ ...c, at: p.at, kind: p.kind }] : [];
  });
  // An edge's key: its box, the same whichever square of the two comes first.
  const edgeKey = (box: BoardRect): string => `${box.x0},${box.y0},${box.x1},${box.y1}`;
  const rivers = lastOfEach((t.rivers ?? []).flatMap((r) => r.edges.flatMap(([a, b]) => {
    const box = edgeBox(a, b);
    return box ? [{ a, b, box }] : [];
  })), (e) => edgeKey(e.box));
  const crossings = lastOfEach((t.crossings ?? []).flatMap((c) => {
    const box = edgeBox(c.edge[0], c.edge[1]);
    return box ? [{ a: c.edge[0], b: c.edge[1], kind: c.kind, box }] : [];
  }), (c) => `${edgeKey(c.box)} ${c.kind}`);
  const parts = { hills, protected: prot, roads: terrainIndex(rs.scenario).roads.map(roadLine), rivers, crossings };
  partsCache.set(rs, parts);
  return parts;
}

/** Set-up zones: a light tint (colour) and a dashed front line per side. */
function drawZones(doc: Doc, f: BoardFrame, rs: ResolvedScenario): void {
  const { columns, rows } = rs.board;
  for (const side of rs.sides) {
    const z = deploymentRows(side.edge, rows);
    const style = SIDE_STYLES[side.edge];
    const y0 = f.oy + z.from * f.s;
    const y1 = f.oy + (z.to + 1) * f.s;
    if (f.ink === 'color') doc.rect(f.ox, y0, columns * f.s, y1 - y0).fillColor(style.zoneTint).fill();
    const front = side.edge === 'north' ? y1 : y0;
    doc.save().lineWidth(Math.max(0.8, f.s * 0.03)).strokeColor(style.ink).dash(f.s * 0.12, { space: f.s * 0.08 });
    doc.moveTo(f.ox, front).lineTo(f.ox + columns * f.s, front).stroke().undash().restore();
  }
}

/** Draw the board with its north-west corner at (f.ox, f.oy). */
export function drawBoard(doc: Doc, f: BoardFrame, rs: ResolvedScenario, opts: BoardDrawOptions = {}): void {
  const { columns, rows } = rs.board;
  const W = columns * f.s;
  const H = rows * f.s;
  const win = opts.window ?? { columns: { from: 0, to: columns - 1 }, rows: { from: 0, to: rows - 1 } };
  const view: BoardRect = { x0: win.columns.from, y0: win.rows.from, x1: win.columns.to + 1, y1: win.rows.to + 1 };
  const inWindow = (c: Cell): boolean => c.col >= win.columns.from && c.col <= win.columns.to && c.row >= win.rows.from && c.row <= win.rows.to;
  const visible = (sq: Square): boolean => {
    const c = parseSquare(sq);
    return c !== null && inWindow(c);
  };
  const parts = boardParts(rs);
  doc.save();
  if (f.ink === 'color') doc.rect(f.ox, f.oy, W, H).fillColor(TERRAIN_STYLE.paper).fill();
  drawZones(doc, f, rs);
  for (const h of parts.hills) drawHill(doc, f, h, view);
  for (const p of parts.protected) if (inWindow(p)) drawProtected(doc, f, p.at, p.kind);
  for (const line of parts.roads) drawRoad(doc, f, line, view);
  // Grid.
  doc.lineWidth(Math.max(0.4, f.s * 0.008)).strokeColor(TERRAIN_STYLE.grid);
  for (let c = 0; c <= columns; c++) doc.moveTo(f.ox + c * f.s, f.oy).lineTo(f.ox + c * f.s, f.oy + H);
  for (let r = 0; r <= rows; r++) doc.moveTo(f.ox, f.oy + r * f.s).lineTo(f.ox + W, f.oy + r * f.s);
  doc.stroke();
  for (const e of parts.rivers) if (meets(e.box, view, REACH.river)) drawRiverEdge(doc, f, e.a, e.b);
  for (const c of parts.crossings) if (meets(c.box, view, REACH.crossing)) drawCrossing(doc, f, c.a, c.b, c.kind);
  if (opts.squareNames) {
    doc.font(FONT.regular).fontSize(Math.min(10, f.s * 0.06)).fillColor(TERRAIN_STYLE.label);
    for (let r = win.rows.from; r <= win.rows.to; r++) {
      for (let c = win.columns.from; c <= win.columns.to; c++) doc.text(`${columnLabel(c)}${r + 1}`, f.ox + c * f.s + f.s * 0.03, f.oy + r * f.s + f.s * 0.03, { lineBreak: false });
    }
  }
  for (const [sq, groups] of opts.units === false ? [] : unitsBySquare(rs)) {
    const p = parseSquare(sq);
    if (!p || !visible(sq)) continue;
    for (const g of groups) {
      const left = f.ox + p.col * f.s;
      const top = f.oy + p.row * f.s;
      drawSquareUnits(doc, left, top, f.s, g.units, g.edge, f.ink, opts.unitScale ?? 1);
      if (opts.unitIds) {
        doc.font(FONT.regular).fontSize(Math.min(8, f.s * 0.045)).fillColor(SIDE_STYLES[g.edge].ink);
        const ids = g.units.map((u) => u.id).join(', ');
        doc.text(ids, left + f.s * 0.03, top + f.s * 0.9, { width: f.s * 0.94, align: 'center', lineBreak: false });
      }
    }
  }
  drawObjectives(doc, f, rs.scenario.objectives ?? [], visible, opts.squareNames === true);
  for (const sq of opts.errorSquares ?? []) {
    const p = parseSquare(sq);
    if (!p || !visible(sq)) continue;
    const inset = f.s * 0.06;
    doc.save().lineWidth(Math.max(1.2, f.s * 0.06)).strokeColor(TERRAIN_STYLE.error).dash(f.s * 0.16, { space: f.s * 0.08 })
      .rect(f.ox + p.col * f.s + inset, f.oy + p.row * f.s + inset, f.s - 2 * inset, f.s - 2 * inset).stroke().undash().restore();
  }
  // Board frame.
  doc.lineWidth(Math.max(0.8, f.s * 0.015)).strokeColor('#333333').rect(f.ox, f.oy, W, H).stroke();
  doc.restore();
}

/** Objectives in print: a dashed outline, and the star, points and label (format version 2, as the editor draws them). */
export const OBJECTIVE_INK = { outline: '#a0740a', star: '#b8860b', text: '#4a3300', plate: '#fffdf5' } as const;

/** A five-pointed star centred at (cx, cy) with outer radius r: filled in colour, outlined in ink-saver mode. */
export function drawObjectiveStar(doc: Doc, cx: number, cy: number, r: number, ink: BoardFrame['ink']): void {
  const points = Array.from({ length: 10 }, (_, i) => {
    const k = i % 2 === 0 ? r : r * 0.42;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return [cx + k * Math.cos(a), cy + k * Math.sin(a)] as [number, number];
  });
  doc.save().polygon(...points).lineWidth(Math.max(0.5, r * 0.12)).lineJoin('round');
  if (ink === 'color') doc.fillAndStroke(OBJECTIVE_INK.star, OBJECTIVE_INK.text); else doc.strokeColor(OBJECTIVE_INK.text).stroke();
  doc.restore();
}

/**
 * The objectives: each square ringed with a dashed outline; on the objective's first square (`every`: on each of its
 * squares in `visible`, as true-scale tiles need, where a square's corner may be cut away) its star, points and label,
 * on a light plate so they read over counters.
 */
export function drawObjectives(doc: Doc, f: BoardFrame, objectives: readonly Objective[], visible: (sq: Square) => boolean = () => true, every = false): void {
  for (const o of objectives) {
    const shown = o.squares.filter(visible);
    const inset = f.s * 0.045;
    doc.save().lineWidth(Math.max(1, f.s * 0.035)).strokeColor(OBJECTIVE_INK.outline).dash(f.s * 0.1, { space: f.s * 0.06 });
    for (const sq of shown) {
      const p = parseSquare(sq);
      if (p) doc.rect(f.ox + p.col * f.s + inset, f.oy + p.row * f.s + inset, f.s - 2 * inset, f.s - 2 * inset).stroke();
    }
    doc.undash().restore();
    const marked = every ? shown : shown.slice(0, 1);
    for (const sq of marked) {
      const p = parseSquare(sq);
      if (p) objectiveMarker(doc, f, o, f.ox + p.col * f.s, f.oy + p.row * f.s, inset);
    }
  }
}

/** An objective's star, points and label in the top right corner of the square whose north-west corner is (x, y). */
function objectiveMarker(doc: Doc, f: BoardFrame, o: Objective, x: number, y: number, inset: number): void {
  const r = Math.min(f.s * 0.11, 14);
  const size = Math.max(4.5, Math.min(f.s * 0.16, 12));
  const cx = x + f.s - inset - r * 1.25;
  const cy = y + inset + r * 1.25;
  drawObjectiveStar(doc, cx, cy, r, f.ink);
  const pts = String(o.points);
  doc.font(FONT.bold).fontSize(size);
  const pw = doc.widthOfString(pts);
  const labelW = f.s - 2 * inset - 2;
  // The label on one line within the square: a smaller size first (not under 4 pt), then cut short with an ellipsis.
  let labelSize = size;
  doc.font(FONT.regular).fontSize(labelSize);
  while (doc.widthOfString(o.label) > labelW && labelSize > 4) doc.fontSize(labelSize = Math.max(4, labelSize - 0.25));
  let label = o.label;
  if (doc.widthOfString(label) > labelW) {
    const chars = [...o.label];
    while (chars.length > 1 && doc.widthOfString(`${chars.join('')}…`) > labelW) chars.pop();
    label = `${chars.join('').trimEnd()}…`;
  }
  const lw = doc.widthOfString(label);
  const ly = cy + r * 1.15;
  doc.save().rect(cx - r - pw - 3, cy - size * 0.6, pw + 2, size * 1.15).fillColor(OBJECTIVE_INK.plate).fill()
    .rect(x + f.s - inset - 1 - lw - 1, ly - 0.5, lw + 2, labelSize * 1.2).fillColor(OBJECTIVE_INK.plate).fill().restore();
  doc.font(FONT.bold).fontSize(size).fillColor(OBJECTIVE_INK.text).text(pts, cx - r - pw - 2, cy - size * 0.45, { lineBreak: false });
  doc.font(FONT.regular).fontSize(labelSize).fillColor(OBJECTIVE_INK.text).text(label, x + f.s - inset - 1 - lw, ly, { lineBreak: false });
}

/** Column letters and row numbers on all four edges, `gap` points outside the board. */
export function drawEdgeLabels(doc: Doc, f: BoardFrame, columns: number, rows: number, size: number): void {
  const gap = size * 0.5;
  doc.font(FONT.bold).fontSize(size).fillColor(TERRAIN_STYLE.label);
  for (let c = 0; c < columns; c++) {
    const label = columnLabel(c);
    const w = doc.widthOfString(label);
    const x = f.ox + (c + 0.5) * f.s - w / 2;
    doc.text(label, x, f.oy - gap - size, { lineBreak: false });
    doc.text(label, x, f.oy + rows * f.s + gap, { lineBreak: false });
  }
  for (let r = 0; r < rows; r++) {
    const label = String(r + 1);
    const w = doc.widthOfString(label);
    const y = f.oy + (r + 0.5) * f.s - size * 0.35;
    doc.text(label, f.ox - gap - w, y, { lineBreak: false });
    doc.text(label, f.ox + columns * f.s + gap, y, { lineBreak: false });
  }
}
