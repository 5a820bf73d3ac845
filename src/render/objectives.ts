/**
 * Objectives on the map (format version 2): each square ringed in the objective colour, and on its first square a
 * star with the points and the label (the label always as text, never markup, kept within the objective's squares).
 * Drawn in the editor, the play map and the thumbnails alike; `holders` (play) adds who holds each one now.
 */
import type { G } from '@svgdotjs/svg.js';
import type { Objective, Scenario, SideSpec } from '../rules';
import { SIDE_STYLES } from '../scenario/symbology';
import { showText } from '../components/showText';
import { CELL, squareOrigin } from './layout';

export const OBJECTIVE_COLOUR = '#b8860b';

/** The label's font size and line height, and roughly how wide a character of it is (system-ui averages about 0.55 em). */
const LABEL_SIZE = 8, LABEL_LINE = 9, LABEL_CHAR = LABEL_SIZE * 0.55;

/**
 * Draw every objective of the scenario; `holders` (play) maps an objective id to the id of the side that holds it now
 * (null: nobody), shown as a badge in that side's colours with its initial.
 */
export function drawObjectives(layer: G, s: Scenario, holders?: ReadonlyMap<string, string | null>): void {
  for (const o of s.objectives ?? []) {
    const id = holders?.get(o.id);
    drawObjective(layer, o, id === undefined ? undefined : id === null ? null : s.sides.find((x) => x.id === id) ?? null);
  }
}

/**
 * `text` in at most `lines` lines of about `width` pixels at the label's size: broken between words where it can,
 * within a word where one is too long, and cut with an ellipsis where the lines run out (never under 3 characters a line).
 */
export function labelLines(text: string, width: number, lines = 2): string[] {
  const room = Math.max(3, Math.floor(width / LABEL_CHAR));
  const out: string[] = [];
  let rest = text.trim().replace(/\s+/g, ' ');
  while (rest.length > 0 && out.length < lines) {
    if (rest.length <= room) { out.push(rest); rest = ''; break; }
    const space = rest.lastIndexOf(' ', room);
    const cut = space > 0 ? space : room;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) {
    const last = out.pop()!;
    out.push(`${(last.length < room ? `${last} ${rest}` : last).slice(0, room - 1).trimEnd()}…`);
  }
  return out;
}

/** How many of the objective's squares run east from its first one in the same row: the width its label may take. */
function runEast(o: Objective): number {
  const at = new Set(o.squares.map((sq) => { const { x, y } = squareOrigin(sq); return `${x},${y}`; }));
  const { x, y } = squareOrigin(o.squares[0]!);
  let n = 1;
  while (at.has(`${x + n * CELL},${y}`)) n++;
  return n;
}

/** A side as the map names it: its name, or its id when it has none. */
const sideName = (side: SideSpec): string => side.name?.trim() || side.id;

function drawObjective(layer: G, o: Objective, holder: SideSpec | null | undefined): void {
  const g = layer.group().attr({ class: 'objective', 'data-objective': o.id });
  for (const sq of o.squares) {
    const { x, y } = squareOrigin(sq);
    g.rect(CELL - 6, CELL - 6).move(x + 3, y + 3).fill('none').stroke({ color: OBJECTIVE_COLOUR, width: 2.5, dasharray: '5 3' });
  }
  const { x, y } = squareOrigin(o.squares[0]!);
  const run = runEast(o);
  // Along the top of the first square: the star, the points, and in play who holds it.
  const star = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => {
    const r = i % 2 === 0 ? 6.5 : 2.8;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${x + 9.5 + r * Math.cos(a)},${y + 10 + r * Math.sin(a)}`;
  }).join(' ');
  g.polygon(star).fill(OBJECTIVE_COLOUR).stroke({ color: '#fff', width: 0.8 });
  const points = String(o.points);
  g.plain(points).font({ size: 9.5, family: 'system-ui, sans-serif', weight: 'bold' }).fill('#5a3d00').attr({ x: x + 16.5, y: y + 14 });
  // Who holds it (play): a badge in the holder's colours with its initial, so it reads without colour too; at the
  // east end of the objective's run of squares, or after the points in a square of its own.
  if (holder) {
    const style = SIDE_STYLES[holder.edge], name = sideName(holder);
    const bx = run > 1 ? x + run * CELL - 15 : Math.min(x + CELL - 13, x + 18 + points.length * 5.6);
    const badge = g.group().attr({ class: 'objective-holder', 'data-holder': holder.id });
    badge.rect(11, 11).move(bx, y + 4.5).radius(2).fill(style.fill).stroke({ color: style.ink, width: 1 });
    badge.plain(showText(name.charAt(0).toUpperCase())).font({ size: 8.5, family: 'system-ui, sans-serif', weight: 'bold', anchor: 'middle' })
      .fill(holder.edge === 'north' ? '#ffffff' : style.ink).attr({ x: bx + 5.5, y: y + 13 });
  }
  // The label stays within the objective's own squares (those running east from its first), in two lines at most at
  // the foot of the square, cut to fit: the whole of it, and who holds it, are in the title and the play panel's list.
  const lines = labelLines(o.label, run * CELL - 5);
  lines.forEach((line, i) => {
    g.plain(showText(line)).font({ size: LABEL_SIZE, family: 'system-ui, sans-serif' }).fill('#3a2a00')
      .stroke({ color: '#fffdf5', width: 2.5 }).attr({ 'paint-order': 'stroke', x: x + 3, y: y + CELL - 4 - (lines.length - 1 - i) * LABEL_LINE });
  });
  const held = holder === undefined ? '' : `; held by ${holder === null ? 'nobody' : sideName(holder)}`;
  g.element('title').words(showText(`${o.label}: ${o.points} points${o.for ? ` (${o.for} only)` : ''}${held}`));
}
