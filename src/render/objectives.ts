/**
 * Objectives on the map (format version 2): each square ringed in the objective colour, and on its first square a
 * star with the points and the label (the label always as text, never markup). Drawn in the editor, the play map
 * and the thumbnails alike; `holders` (play) adds who holds each one now.
 */
import type { G } from '@svgdotjs/svg.js';
import type { Objective, Scenario } from '../rules';
import { showText } from '../components/showText';
import { CELL, squareOrigin } from './layout';

export const OBJECTIVE_COLOUR = '#b8860b';

/** Draw every objective of the scenario; `holders` maps an objective id to the name of its holder (null: nobody). */
export function drawObjectives(layer: G, s: Scenario, holders?: ReadonlyMap<string, string | null>): void {
  for (const o of s.objectives ?? []) drawObjective(layer, o, holders?.get(o.id));
}

function drawObjective(layer: G, o: Objective, holder: string | null | undefined): void {
  const g = layer.group().attr({ class: 'objective', 'data-objective': o.id });
  for (const sq of o.squares) {
    const { x, y } = squareOrigin(sq);
    g.rect(CELL - 6, CELL - 6).move(x + 3, y + 3).fill('none').stroke({ color: OBJECTIVE_COLOUR, width: 2.5, dasharray: '5 3' });
  }
  const { x, y } = squareOrigin(o.squares[0]!);
  const star = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => {
    const r = i % 2 === 0 ? 7 : 3;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${x + 10 + r * Math.cos(a)},${y + 10 + r * Math.sin(a)}`;
  }).join(' ');
  g.polygon(star).fill(OBJECTIVE_COLOUR).stroke({ color: '#fff', width: 0.8 });
  g.plain(String(o.points)).font({ size: 10, family: 'system-ui, sans-serif', weight: 'bold' }).fill('#5a3d00').move(x + 19, y + 4);
  const text = holder === undefined ? o.label : `${o.label}: ${holder ?? 'nobody'}`;
  g.plain(showText(text.length > 24 ? `${text.slice(0, 23)}…` : text)).font({ size: 9, family: 'system-ui, sans-serif' })
    .fill('#3a2a00').stroke({ color: '#fffdf5', width: 2.5 }).attr({ 'paint-order': 'stroke' }).move(x + 2, y + CELL - 12);
  g.element('title').words(showText(`${o.label}: ${o.points} points${o.for ? ` (${o.for} only)` : ''}`));
}
