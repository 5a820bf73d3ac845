/**
 * Terrain symbols in pdfkit, after ../design/ui.md: protected squares hatched or stippled by kind, hills as
 * contour lines, roads as bands through square centres, rivers as thick wavy lines on square edges, fords
 * dashed across the river and bridges as two bars. In ink-saver mode nothing is filled.
 */
import { parseSquare, type ProtectedKind, type Square } from '../rules';
import { TERRAIN_STYLE } from '../scenario/symbology';
import type { Ink } from './options';
import type { Doc } from './pdfkit';

/** Where the board sits on the page: north-west corner and square side in points. */
export interface BoardFrame { ox: number; oy: number; s: number; ink: Ink }

/** A point on the board in squares: x to the east, y to the south, the north-west corner at (0, 0). */
export interface BoardPoint { x: number; y: number }

/** A part of the board in squares (the same axes as BoardPoint). */
export interface BoardRect { x0: number; y0: number; x1: number; y1: number }

/** Does a box, grown by `pad` squares on every side, reach into `view`? */
export function meets(box: BoardRect, view: BoardRect, pad: number): boolean {
  return box.x1 + pad > view.x0 && box.x0 - pad < view.x1 && box.y1 + pad > view.y0 && box.y0 - pad < view.y1;
}

const at = (f: BoardFrame, sq: Square): { x: number; y: number } | null => {
  const c = parseSquare(sq);
  return c ? { x: f.ox + c.col * f.s, y: f.oy + c.row * f.s } : null;
};

/** Diagonal hatch over a rectangle, clipped to it. */
function hatch(doc: Doc, x: number, y: number, w: number, h: number, gap: number, color: string, width: number): void {
  doc.save().rect(x, y, w, h).clip();
  doc.lineWidth(width).strokeColor(color);
  for (let d = -h; d < w; d += gap) doc.moveTo(x + d, y + h).lineTo(x + d + h, y);
  doc.stroke().restore();
}

function tree(doc: Doc, cx: number, cy: number, r: number, color: string, ink: Ink): void {
  doc.lineWidth(Math.max(0.4, r * 0.18)).strokeColor(color);
  doc.moveTo(cx, cy + r * 0.6).lineTo(cx, cy + r * 1.5).stroke();
  doc.circle(cx, cy, r);
  if (ink === 'color') doc.fillAndStroke('#ffffff', color); else doc.stroke();
}

function block(doc: Doc, x: number, y: number, w: number, h: number, color: string, width: number): void {
  doc.lineWidth(width).strokeColor(color).rect(x, y, w, h).stroke();
  doc.moveTo(x, y).lineTo(x + w / 2, y - h * 0.45).lineTo(x + w, y).stroke();
}

/** A protected square of a kind: woods, buildings, rocks or village. */
export function drawProtected(doc: Doc, f: BoardFrame, sq: Square, kind: ProtectedKind): void {
  const p = at(f, sq);
  if (!p) return;
  const { s } = f;
  const st = TERRAIN_STYLE[kind];
  const lw = Math.max(0.35, s * 0.012);
  if (f.ink === 'color') doc.rect(p.x, p.y, s, s).fillColor(st.fill).fill();
  if (kind === 'woods' || kind === 'village') hatch(doc, p.x, p.y, s, s, s / 9, st.ink, lw * 0.7);
  if (kind === 'woods') {
    for (const [tx, ty] of [[0.3, 0.28], [0.7, 0.35], [0.45, 0.65], [0.78, 0.72], [0.18, 0.7]] as const) {
      tree(doc, p.x + tx * s, p.y + ty * s, s * 0.08, st.ink, f.ink);
    }
  } else if (kind === 'buildings' || kind === 'village') {
    const blocks = kind === 'buildings'
      ? [[0.15, 0.3, 0.3, 0.2], [0.55, 0.25, 0.3, 0.25], [0.2, 0.68, 0.25, 0.18], [0.58, 0.68, 0.28, 0.18]]
      : [[0.2, 0.35, 0.25, 0.18], [0.58, 0.6, 0.25, 0.18]];
    for (const [bx, by, bw, bh] of blocks) {
      if (f.ink === 'color' || kind === 'village') doc.rect(p.x + bx! * s, p.y + by! * s, bw! * s, bh! * s).fillColor('#ffffff').fill();
      block(doc, p.x + bx! * s, p.y + by! * s, bw! * s, bh! * s, st.ink, lw * 1.4);
    }
  } else if (kind === 'rocks') {
    doc.fillColor(st.ink);
    for (let i = 0; i < 7; i++) {
      for (let j = 0; j < 7; j++) {
        // A fixed scatter (no randomness): offsets from a small multiplicative hash.
        const h = ((i * 7 + j) * 2654435761) % 1000;
        const dx = ((h % 100) / 100 - 0.5) * 0.09;
        const dy = ((Math.floor(h / 100) % 10) / 10 - 0.5) * 0.09;
        doc.circle(p.x + ((i + 0.5) / 7 + dx) * s, p.y + ((j + 0.5) / 7 + dy) * s, s * (0.012 + (h % 3) * 0.004));
      }
    }
    doc.fill();
    for (const [rx, ry] of [[0.3, 0.35], [0.68, 0.6]] as const) {
      doc.polygon([p.x + (rx - 0.12) * s, p.y + (ry + 0.08) * s], [p.x + (rx - 0.05) * s, p.y + (ry - 0.08) * s],
        [p.x + (rx + 0.07) * s, p.y + (ry - 0.06) * s], [p.x + (rx + 0.13) * s, p.y + (ry + 0.08) * s]);
      if (f.ink === 'color') doc.lineWidth(lw * 1.4).fillAndStroke('#ffffff', st.ink); else doc.lineWidth(lw * 1.4).strokeColor(st.ink).stroke();
    }
  }
}

/** A square of the board by zero-based column and row. */
export interface Cell { col: number; row: number }

/** A hill's squares, parsed once, the box around them, and its squares by place (cellKey). */
export interface HillShape { cells: Cell[]; box: BoardRect; byPlace: Map<number, Cell[]> }

/** A number for a square's place: parseSquare's columns stay below 702 and its rows below 99. */
const cellKey = (col: number, row: number): number => row * 1024 + col;

/** The shape of a hill made of these squares (unreadable names left out). */
export function hillShape(squares: readonly Square[]): HillShape {
  const cells = squares.map(parseSquare).filter((c): c is NonNullable<typeof c> => c !== null);
  const byPlace = new Map<number, Cell[]>();
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const c of cells) {
    const k = cellKey(c.col, c.row);
    const here = byPlace.get(k);
    if (here) here.push(c); else byPlace.set(k, [c]);
    box.x0 = Math.min(box.x0, c.col);
    box.y0 = Math.min(box.y0, c.row);
    box.x1 = Math.max(box.x1, c.col + 1);
    box.y1 = Math.max(box.y1, c.row + 1);
  }
  return { cells, box, byPlace };
}

/** How far a hill's contours reach beyond its squares (they run on into a neighbouring square at a concave corner). */
const HILL_REACH = 0.5;

/** A hill's squares whose marks reach into a view, looked up by place (a tile sees a few squares of a large hill). */
function hillCellsIn(hill: HillShape, view: BoardRect): Cell[] {
  const out: Cell[] = [];
  const c0 = Math.max(hill.box.x0, Math.floor(view.x0 - HILL_REACH - 1));
  const c1 = Math.min(hill.box.x1 - 1, Math.ceil(view.x1 + HILL_REACH));
  const r0 = Math.max(hill.box.y0, Math.floor(view.y0 - HILL_REACH - 1));
  const r1 = Math.min(hill.box.y1 - 1, Math.ceil(view.y1 + HILL_REACH));
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const here = hill.byPlace.get(cellKey(c, r));
      if (here && meets({ x0: c, y0: r, x1: c + 1, y1: r + 1 }, view, HILL_REACH)) out.push(...here);
    }
  }
  return out;
}

/**
 * A hill: light shading (colour) and three contour lines inset from the outline of its squares. With a `view`,
 * only its squares whose marks reach into the view are drawn; their contours still follow the whole hill's outline.
 */
export function drawHill(doc: Doc, f: BoardFrame, hill: HillShape, view?: BoardRect): void {
  if (view && !meets(hill.box, view, HILL_REACH)) return;
  const cells = view ? hillCellsIn(hill, view) : hill.cells;
  if (cells.length === 0) return;
  const has = (col: number, row: number): boolean => hill.byPlace.has(cellKey(col, row));
  const { s } = f;
  if (f.ink === 'color') {
    doc.fillColor(TERRAIN_STYLE.hill.fill);
    for (const c of cells) doc.rect(f.ox + c.col * s, f.oy + c.row * s, s, s);
    doc.fill();
  }
  doc.strokeColor(TERRAIN_STYLE.hill.ink).lineWidth(Math.max(0.4, s * 0.014)).lineCap('butt');
  const dirs = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;
  for (const level of [0.07, 0.17, 0.27]) {
    const d = level;
    for (const c of cells) {
      for (const [nx, ny] of dirs) {
        if (has(c.col + nx, c.row + ny)) continue;
        // The boundary edge runs along the side facing (nx, ny); tangents point to its two ends.
        const tx = ny === 0 ? 0 : 1;
        const ty = nx === 0 ? 0 : 1;
        const mid = { x: c.col + 0.5 + nx * 0.5, y: c.row + 0.5 + ny * 0.5 };
        const ends = [-1, 1].map((sign) => {
          const t = { x: tx * sign, y: ty * sign };
          const corner = { x: mid.x + t.x * 0.5, y: mid.y + t.y * 0.5 };
          const along = has(c.col + t.x, c.row + t.y);
          const diag = has(c.col + t.x + nx, c.row + t.y + ny);
          // Convex corner: trim; straight run: meet; concave corner: extend to the turning contour.
          const k = !along ? -d : diag ? d : 0;
          return { x: corner.x - nx * d + t.x * k, y: corner.y - ny * d + t.y * k };
        });
        doc.moveTo(f.ox + ends[0]!.x * s, f.oy + ends[0]!.y * s).lineTo(f.ox + ends[1]!.x * s, f.oy + ends[1]!.y * s);
      }
    }
    doc.stroke();
  }
}

/**
 * A road's centre line in squares, through the centres of its squares (the terrain index's run) with its two ends
 * run out to the far side of their squares. Points inside a straight stretch are left out: the line looks the same,
 * and a road of 200 runs across the board stays 200 segments.
 */
export function roadLine(path: readonly Square[]): BoardPoint[] {
  const out: BoardPoint[] = [];
  for (const sq of path) {
    const c = parseSquare(sq);
    if (!c) continue;
    const p = { x: c.col + 0.5, y: c.row + 0.5 };
    const a = out[out.length - 2];
    const b = out[out.length - 1];
    // b lies between a and p, going on the same way: p replaces it (a turn back or aside keeps b).
    if (a && b && Math.sign(b.x - a.x) === Math.sign(p.x - b.x) && Math.sign(b.y - a.y) === Math.sign(p.y - b.y)
      && (b.x - a.x) * (p.y - b.y) === (b.y - a.y) * (p.x - b.x)) out[out.length - 1] = p;
    else out.push(p);
  }
  // The road covers its end squares whole: run each end out to the square's far side.
  const stretch = (end: BoardPoint, prev: BoardPoint): void => {
    const len = Math.hypot(end.x - prev.x, end.y - prev.y);
    if (len === 0) return;
    end.x += (end.x - prev.x) / len / 2;
    end.y += (end.y - prev.y) / len / 2;
  };
  if (out.length >= 2) {
    stretch(out[0]!, out[1]!);
    stretch(out[out.length - 1]!, out[out.length - 2]!);
  }
  return out;
}

/** Half the width of what a road's band may cover beyond its centre line (miter corners included), in squares. */
const ROAD_REACH = 0.5;

/**
 * A road: a light band with darker edges along its centre line (roadLine). With a `view`, only the stretches of
 * segments that reach into it are drawn; the ends where a stretch is cut lie more than a road's width outside it.
 */
export function drawRoad(doc: Doc, f: BoardFrame, line: readonly BoardPoint[], view?: BoardRect): void {
  if (line.length < 2) return;
  const runs: BoardPoint[][] = [];
  let run: BoardPoint[] | null = null;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const box = { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
    if (view && !meets(box, view, ROAD_REACH)) { run = null; continue; }
    if (!run) runs.push((run = [a]));
    run.push(b);
  }
  if (runs.length === 0) return;
  const path = (): Doc => {
    for (const r of runs) {
      doc.moveTo(f.ox + r[0]!.x * f.s, f.oy + r[0]!.y * f.s);
      for (const p of r.slice(1)) doc.lineTo(f.ox + p.x * f.s, f.oy + p.y * f.s);
    }
    return doc;
  };
  const w = f.s * 0.3;
  doc.save().lineJoin('miter').lineCap('butt');
  path().lineWidth(w).strokeColor(TERRAIN_STYLE.road.edge).stroke();
  path().lineWidth(w - Math.max(1, f.s * 0.04)).strokeColor(f.ink === 'color' ? TERRAIN_STYLE.road.fill : '#ffffff').stroke();
  doc.restore();
}

/** The edge between two orthogonally adjacent squares as a segment, or null. */
export function edgeSegment(f: BoardFrame, a: Square, b: Square): { x1: number; y1: number; x2: number; y2: number; vertical: boolean } | null {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q || Math.abs(p.col - q.col) + Math.abs(p.row - q.row) !== 1) return null;
  const { s } = f;
  if (p.row === q.row) {
    const x = f.ox + Math.max(p.col, q.col) * s;
    return { x1: x, y1: f.oy + p.row * s, x2: x, y2: f.oy + (p.row + 1) * s, vertical: true };
  }
  const y = f.oy + Math.max(p.row, q.row) * s;
  return { x1: f.ox + p.col * s, y1: y, x2: f.ox + (p.col + 1) * s, y2: y, vertical: false };
}

/** A river edge: a thick wavy line along the shared side (two full waves, so neighbouring edges join). */
export function drawRiverEdge(doc: Doc, f: BoardFrame, a: Square, b: Square): void {
  const e = edgeSegment(f, a, b);
  if (!e) return;
  const amp = f.s * 0.05;
  const wave = (): void => {
    const n = 4;
    const dx = (e.x2 - e.x1) / n;
    const dy = (e.y2 - e.y1) / n;
    doc.moveTo(e.x1, e.y1);
    for (let i = 0; i < n; i++) {
      const sx = e.x1 + dx * i;
      const sy = e.y1 + dy * i;
      const sign = i % 2 === 0 ? 1 : -1;
      const ox = e.vertical ? amp * sign * 1.3 : 0;
      const oy = e.vertical ? 0 : amp * sign * 1.3;
      doc.quadraticCurveTo(sx + dx / 2 + ox, sy + dy / 2 + oy, sx + dx, sy + dy);
    }
  };
  doc.save().lineCap('round').lineJoin('round');
  wave();
  doc.lineWidth(f.s * 0.11).strokeColor(TERRAIN_STYLE.river.edge).stroke();
  wave();
  doc.lineWidth(f.s * 0.07).strokeColor(f.ink === 'color' ? TERRAIN_STYLE.river.fill : '#ffffff').stroke();
  doc.restore();
}

/** A crossing on a river edge: a ford as dashed lines across, a bridge as two bars with a deck. */
export function drawCrossing(doc: Doc, f: BoardFrame, a: Square, b: Square, kind: 'ford' | 'bridge'): void {
  const e = edgeSegment(f, a, b);
  if (!e) return;
  const mx = (e.x1 + e.x2) / 2;
  const my = (e.y1 + e.y2) / 2;
  const half = f.s * 0.2;
  const span = f.s * 0.16;
  // Unit vectors along the river (u) and across it (v).
  const u = e.vertical ? { x: 0, y: 1 } : { x: 1, y: 0 };
  const v = { x: u.y, y: u.x };
  doc.save();
  if (kind === 'bridge') {
    doc.polygon([mx - u.x * half - v.x * span, my - u.y * half - v.y * span], [mx + u.x * half - v.x * span, my + u.y * half - v.y * span],
      [mx + u.x * half + v.x * span, my + u.y * half + v.y * span], [mx - u.x * half + v.x * span, my - u.y * half + v.y * span]);
    doc.fillColor(f.ink === 'color' ? '#d9c6a0' : '#ffffff').fill();
    doc.lineWidth(Math.max(1, f.s * 0.035)).strokeColor(TERRAIN_STYLE.bridge.ink).lineCap('butt');
    for (const side of [-1, 1]) {
      doc.moveTo(mx + u.x * half * side - v.x * span * 1.35, my + u.y * half * side - v.y * span * 1.35)
        .lineTo(mx + u.x * half * side + v.x * span * 1.35, my + u.y * half * side + v.y * span * 1.35).stroke();
    }
  } else {
    doc.lineWidth(Math.max(0.8, f.s * 0.025)).strokeColor(TERRAIN_STYLE.ford.ink).dash(Math.max(1, f.s * 0.035), { space: Math.max(1, f.s * 0.03) });
    for (const off of [-0.6, 0, 0.6]) {
      doc.moveTo(mx + u.x * half * off - v.x * span * 1.4, my + u.y * half * off - v.y * span * 1.4)
        .lineTo(mx + u.x * half * off + v.x * span * 1.4, my + u.y * half * off + v.y * span * 1.4).stroke();
    }
    doc.undash();
  }
  doc.restore();
}
