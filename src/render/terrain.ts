/** Terrain and set-up zones: drawn with fills, patterns AND shapes so the map reads in greyscale. */
import type { G } from '@svgdotjs/svg.js';
import { deploymentRows, resolveBoard, sideName, terrainIndex, type Scenario } from '../rules';
import { showText } from '../components/showText';
import { SIDE_STYLES, TERRAIN_STYLE as T } from '../scenario/symbology';
import { CELL, MARGIN, edgeSegment, neighbour, squareCentre, squareOrigin, type Side } from './layout';
import type { TerrainPatterns } from './patterns';

/** Set-up zones: a light tint per side, a dashed front line and the side's name (in `labels`, drawn above terrain). */
export function drawZones(g: G, s: Scenario, labels: G = g): void {
  const board = resolveBoard(s.board);
  for (const side of s.sides) {
    const style = SIDE_STYLES[side.edge];
    const { from, to } = deploymentRows(side.edge, board.rows);
    const y = MARGIN + from * CELL;
    const h = (to - from + 1) * CELL;
    g.rect(board.columns * CELL, h).move(MARGIN, y).fill(style.zoneTint).attr({ 'data-zone': side.id });
    const frontY = side.edge === 'north' ? y + h : y;
    g.line(MARGIN, frontY, MARGIN + board.columns * CELL, frontY).stroke({ color: style.ink, width: 2, dasharray: '8 5' });
    const label = labels.plain(`${showText(sideName(side))} set-up`).font({ size: 10, family: 'system-ui, sans-serif', anchor: 'end' })
      .fill(style.ink).attr({ stroke: '#ffffff', 'stroke-width': 3, 'paint-order': 'stroke', 'stroke-linejoin': 'round' });
    // Just outside the zone, in the open ground, so units never hide it.
    label.attr({ x: MARGIN + board.columns * CELL - 4, y: side.edge === 'north' ? frontY + 12 : frontY - 4 });
  }
}

function tree(g: G, x: number, y: number, ink: string): void {
  g.rect(2, 5).move(x - 1, y + 2).fill(ink);
  g.circle(9).center(x, y).fill('#ffffff').stroke({ color: ink, width: 1.5 });
}

function blocks(g: G, x: number, y: number, ink: string): void {
  g.rect(9, 7).move(x, y).fill('#ffffff').stroke({ color: ink, width: 1.4 });
  g.rect(7, 9).move(x + 13, y + 4).fill('#ffffff').stroke({ color: ink, width: 1.4 });
  g.rect(8, 6).move(x + 4, y + 14).fill('#ffffff').stroke({ color: ink, width: 1.4 });
}

/** Hills: a light shaded fill with an outer contour on the hill's edge and an inner contour inside it. */
function drawHills(g: G, s: Scenario, pats: TerrainPatterns): void {
  const board = resolveBoard(s.board);
  (s.terrain?.hills ?? []).forEach((hill, i) => {
    const set = new Set(hill.squares);
    const hg = g.group().attr({ 'data-hill': String(i) });
    for (const sq of hill.squares) {
      const o = squareOrigin(sq);
      hg.rect(CELL, CELL).move(o.x, o.y).fill(pats.hill);
    }
    for (const sq of hill.squares) {
      const o = squareOrigin(sq);
      for (const side of ['N', 'E', 'S', 'W'] as Side[]) {
        const n = neighbour(sq, side, board);
        if (n && set.has(n)) continue;
        const inset = 7;
        const seg = side === 'N' ? [0, 0, CELL, 0] : side === 'S' ? [0, CELL, CELL, CELL] : side === 'W' ? [0, 0, 0, CELL] : [CELL, 0, CELL, CELL];
        hg.line(o.x + seg[0]!, o.y + seg[1]!, o.x + seg[2]!, o.y + seg[3]!).stroke({ color: T.hill.ink, width: 2 });
        const dx = side === 'W' ? inset : side === 'E' ? -inset : 0;
        const dy = side === 'N' ? inset : side === 'S' ? -inset : 0;
        hg.line(o.x + seg[0]! + dx, o.y + seg[1]! + dy, o.x + seg[2]! + dx, o.y + seg[3]! + dy)
          .stroke({ color: T.hill.ink, width: 1, dasharray: '3 2' });
      }
    }
  });
}

/** Protected squares: pattern fill plus glyphs (trees, blocks, rocks). */
function drawProtected(g: G, s: Scenario, pats: TerrainPatterns): void {
  for (const p of s.terrain?.protected ?? []) {
    const o = squareOrigin(p.at);
    const style = T[p.kind];
    const pg = g.group().attr({ 'data-protected': p.at, 'data-kind': p.kind });
    pg.rect(CELL - 2, CELL - 2).move(o.x + 1, o.y + 1).fill(pats[p.kind]).stroke({ color: style.ink, width: 1.5 });
    if (p.kind === 'woods') { tree(pg, o.x + 12, o.y + 13, style.ink); tree(pg, o.x + 27, o.y + 20, style.ink); tree(pg, o.x + 14, o.y + 29, style.ink); }
    else if (p.kind === 'buildings' || p.kind === 'village') blocks(pg, o.x + 8, o.y + 8, style.ink);
    else pg.polygon([[o.x + 10, o.y + 28], [o.x + 16, o.y + 14], [o.x + 24, o.y + 11], [o.x + 31, o.y + 27]]).fill('#ffffff').stroke({ color: style.ink, width: 1.5 });
  }
}

function drawRoads(g: G, s: Scenario): void {
  // Through the centre of every road square of the terrain index (the squares the rules treat as road).
  terrainIndex(s).roads.forEach((squares, i) => {
    const pts = squares.map((sq) => { const c = squareCentre(sq); return [c.x, c.y] as [number, number]; });
    if (pts.length === 0) return;
    const rg = g.group().attr({ 'data-road': String(i) });
    rg.polyline(pts).fill('none').stroke({ color: T.road.edge, width: 15, linecap: 'round', linejoin: 'round' });
    rg.polyline(pts).fill('none').stroke({ color: T.road.fill, width: 10, linecap: 'round', linejoin: 'round' });
  });
}

function wave(x1: number, y1: number, x2: number, y2: number): string {
  const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  const nx = y1 === y2 ? 0 : 4, ny = y1 === y2 ? 4 : 0;
  const q1 = [(x1 + mx) / 2 + nx, (y1 + my) / 2 + ny];
  const q2 = [(mx + x2) / 2 - nx, (my + y2) / 2 - ny];
  return `M${x1},${y1} Q${q1[0]},${q1[1]} ${mx},${my} Q${q2[0]},${q2[1]} ${x2},${y2}`;
}

function drawRivers(g: G, s: Scenario): void {
  (s.terrain?.rivers ?? []).forEach((river, i) => {
    const rg = g.group().attr({ 'data-river': String(i) });
    for (const [a, b] of river.edges) {
      const seg = edgeSegment(a, b);
      if (!seg) continue;
      const d = wave(seg.x1, seg.y1, seg.x2, seg.y2);
      rg.path(d).fill('none').stroke({ color: T.river.edge, width: 8, linecap: 'round' }).attr({ 'data-edge': `${a}-${b}` });
      rg.path(d).fill('none').stroke({ color: T.river.fill, width: 5, linecap: 'round' });
    }
  });
  for (const c of s.terrain?.crossings ?? []) {
    const seg = edgeSegment(c.edge[0], c.edge[1]);
    if (!seg) continue;
    const mx = (seg.x1 + seg.x2) / 2, my = (seg.y1 + seg.y2) / 2;
    const vertical = seg.x1 === seg.x2; // edge runs north-south: crossing goes east-west
    const cg = g.group().attr({ 'data-crossing': `${c.edge[0]}-${c.edge[1]}`, 'data-kind': c.kind });
    if (c.kind === 'ford') {
      const [x1, y1, x2, y2] = vertical ? [mx - 11, my, mx + 11, my] : [mx, my - 11, mx, my + 11];
      cg.line(x1, y1, x2, y2).stroke({ color: '#ffffff', width: 9 });
      cg.line(x1, y1, x2, y2).stroke({ color: T.ford.ink, width: 7, dasharray: '3 2' });
    } else {
      const [bx, by, bw, bh] = vertical ? [mx - 12, my - 5, 24, 10] : [mx - 5, my - 12, 10, 24];
      cg.rect(bw, bh).move(bx, by).fill('#d9c7a3');
      for (const off of [-5, 5]) {
        const [x1, y1, x2, y2] = vertical ? [mx - 12, my + off, mx + 12, my + off] : [mx + off, my - 12, mx + off, my + 12];
        cg.line(x1, y1, x2, y2).stroke({ color: T.bridge.ink, width: 3, linecap: 'square' });
      }
    }
  }
}

/** Everything but the units: hills, protected squares, roads, rivers with their crossings. */
export function drawTerrain(g: G, s: Scenario, pats: TerrainPatterns): void {
  drawHills(g, s, pats);
  drawProtected(g, s, pats);
  drawRoads(g, s);
  drawRivers(g, s);
}
