/**
 * Play overlays drawn over the board: where the selected unit may go (normal moves as rings, charges as diamonds),
 * whom it may fire at (cross-hairs), what it may support (plus badges), deployment and retreat squares, and the
 * marks of what just happened (movement arrows, losses, destroyed units, melees fought), and the melee an MDI pick is
 * for. Each mark has its own shape, so the
 * overlay reads in greyscale; every mark carries a data attribute for tests.
 */
import type { G } from '@svgdotjs/svg.js';
import type { Square } from '../rules';
import { CELL, squareCentre, squareOrigin } from './layout';
import { showText } from '../components/showText';

export type MarkKind = 'move' | 'charge' | 'fire' | 'support' | 'deploy' | 'retreat' | 'fight' | 'other';

export interface PlayMarks {
  /** Squares the selected unit's actions point at, by kind. */
  targets: Array<{ square: Square; kind: MarkKind; chosen: boolean }>;
  /** The selected unit's square. */
  selected: Square | null;
  cursor: Square | null;
  /** Melees waiting to be fought (contact squares). */
  melees: Square[];
  /** What the last action did: units moved (from -> to), stands lost, units destroyed. */
  moved: Array<{ from: Square; to: Square }>;
  losses: Array<{ square: Square; text: string }>;
  destroyed: Square[];
  /** Short labels under a square: dice rolled ("4 3 1 → 2"), MDIs revealed ("line v column"). */
  labels: Array<{ square: Square; text: string }>;
  /** Contact squares of melees fought since the player last acted. */
  fights?: Square[];
  /** The melee the pending MDI pick is for. */
  focus?: Square | null;
}

export const NO_MARKS: PlayMarks = { targets: [], selected: null, cursor: null, melees: [], moved: [], losses: [], destroyed: [], labels: [] };

const INK = '#1d1b16';
const ACCENT = '#6a1b9a';

function target(g: G, sq: Square, kind: MarkKind, chosen: boolean): void {
  const c = squareCentre(sq);
  const o = squareOrigin(sq);
  const t = g.group().attr({ 'data-target': sq, 'data-kind': kind });
  const stroke = { color: chosen ? ACCENT : INK, width: chosen ? 3 : 2 };
  // Squares with a unit in them keep it readable: fire and support marks stay at the square's rim.
  if (kind !== 'fire' && kind !== 'support' && kind !== 'fight') t.rect(CELL - 4, CELL - 4).move(o.x + 2, o.y + 2).fill(chosen ? '#e9d5f5' : '#ffffff').opacity(0.35);
  switch (kind) {
    case 'move': t.circle(CELL * 0.42).center(c.x, c.y).fill('none').stroke(stroke); break;
    case 'charge': t.polygon([[c.x, c.y - 11], [c.x + 11, c.y], [c.x, c.y + 11], [c.x - 11, c.y]]).fill('none').stroke({ ...stroke, dasharray: '3 2' }); break;
    case 'fire':
      t.circle(CELL * 0.92).center(c.x, c.y).fill('none').stroke(stroke);
      t.path(`M${c.x - 21},${c.y}h7M${c.x + 14},${c.y}h7M${c.x},${c.y - 21}v7M${c.x},${c.y + 14}v7`).stroke({ ...stroke, width: stroke.width + 0.5 });
      break;
    case 'support': case 'fight':
      t.rect(CELL - 6, CELL - 6).move(o.x + 3, o.y + 3).fill('none').stroke({ ...stroke, dasharray: '6 3' });
      t.path(`M${o.x + CELL - 13},${o.y + 8}h10M${o.x + CELL - 8},${o.y + 3}v10`).stroke({ ...stroke, width: 2.5 });
      break;
    case 'deploy': t.rect(CELL - 8, CELL - 8).move(o.x + 4, o.y + 4).fill('none').stroke({ ...stroke, dasharray: '2 2' }); break;
    case 'retreat': t.polygon([[c.x, c.y + 9], [c.x - 9, c.y - 7], [c.x + 9, c.y - 7]]).fill('none').stroke(stroke); break;
    default: t.circle(8).center(c.x, c.y).fill(stroke.color);
  }
}

function arrowLine(g: G, from: Square, to: Square): void {
  const a = squareCentre(from), b = squareCentre(to);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
  const tip = { x: b.x - ux * 12, y: b.y - uy * 12 };
  const m = g.group().attr({ 'data-moved': `${from}-${to}` });
  m.line(a.x, a.y, tip.x, tip.y).stroke({ color: '#ffffff', width: 6, linecap: 'round' });
  m.line(a.x, a.y, tip.x, tip.y).stroke({ color: INK, width: 2.5, linecap: 'round', dasharray: '6 4' });
  m.polygon([[tip.x + ux * 6, tip.y + uy * 6], [tip.x - uy * 6, tip.y + ux * 6], [tip.x + uy * 6, tip.y - ux * 6]]).fill(INK);
}

/** A melee fought here: a burst at the square's top-left corner (the units stay readable). */
function fightMark(g: G, sq: Square): void {
  const o = squareOrigin(sq);
  const cx = o.x + 9, cy = o.y + 9;
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 === 0 ? 9 : 4.5, a = (Math.PI * i) / 8;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  g.polygon(pts).fill('#f2a900').stroke({ color: INK, width: 1.2 }).attr({ 'data-fight': sq });
}

/** Redraw the play overlay into its layer. */
export function drawPlayOverlay(g: G, marks: PlayMarks): void {
  g.clear();
  for (const sq of marks.melees) {
    const o = squareOrigin(sq);
    g.rect(CELL - 2, CELL - 2).move(o.x + 1, o.y + 1).fill('none').stroke({ color: '#b3261e', width: 3, dasharray: '2 3' }).attr({ 'data-melee': sq });
  }
  for (const m of marks.moved) arrowLine(g, m.from, m.to);
  for (const sq of marks.fights ?? []) fightMark(g, sq);
  if (marks.focus) {
    const o = squareOrigin(marks.focus);
    g.rect(CELL + 6, CELL + 6).move(o.x - 3, o.y - 3).radius(4).fill('none').stroke({ color: '#ffffff', width: 7 });
    g.rect(CELL + 6, CELL + 6).move(o.x - 3, o.y - 3).radius(4).fill('none').stroke({ color: ACCENT, width: 4 }).attr({ 'data-focus': marks.focus });
  }
  for (const sq of marks.destroyed) {
    const c = squareCentre(sq);
    g.path(`M${c.x - 12},${c.y - 12}L${c.x + 12},${c.y + 12}M${c.x + 12},${c.y - 12}L${c.x - 12},${c.y + 12}`)
      .stroke({ color: '#b3261e', width: 4, linecap: 'round' }).attr({ 'data-destroyed': sq });
  }
  for (const t of marks.targets) target(g, t.square, t.kind, t.chosen);
  if (marks.selected) {
    const o = squareOrigin(marks.selected);
    g.rect(CELL - 1, CELL - 1).move(o.x + 0.5, o.y + 0.5).fill('none').stroke({ color: ACCENT, width: 3.5 }).attr({ 'data-selected': marks.selected });
  }
  for (const l of marks.losses) {
    const o = squareOrigin(l.square);
    const b = g.group().attr({ 'data-loss': l.square });
    b.rect(26, 15).move(o.x + CELL - 27, o.y + 1).radius(3).fill('#b3261e').stroke({ color: '#ffffff', width: 1 });
    b.plain(l.text).font({ size: 11, weight: 700, family: 'system-ui, sans-serif', anchor: 'middle' }).fill('#ffffff').attr({ x: o.x + CELL - 14, y: o.y + 12 });
  }
  for (const l of marks.labels) {
    const o = squareOrigin(l.square);
    const text = showText(l.text);
    const w = Math.max(CELL, text.length * 6 + 8);
    const b = g.group().attr({ 'data-label': l.square });
    b.rect(w, 15).move(o.x + CELL / 2 - w / 2, o.y + CELL - 8).radius(3).fill('#ffffff').stroke({ color: INK, width: 1 });
    b.plain(text).font({ size: 10, weight: 600, family: 'system-ui, sans-serif', anchor: 'middle' }).fill(INK).attr({ x: o.x + CELL / 2, y: o.y + CELL + 3 });
  }
  if (marks.cursor) {
    const o = squareOrigin(marks.cursor);
    g.rect(CELL, CELL).move(o.x, o.y).fill('none').stroke({ color: '#ffffff', width: 4 });
    g.rect(CELL, CELL).move(o.x, o.y).fill('none').stroke({ color: INK, width: 2, dasharray: '4 2' }).attr({ 'data-cursor': marks.cursor });
  }
}
