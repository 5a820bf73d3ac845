/** The board drawing: svg.js layers redrawn only when their input changed. No store access: data + view state in. */
import { SVG, type G, type Svg } from '@svgdotjs/svg.js';
import { columnLabel, resolveBoard, squareName, type Diagnostic, type Scenario, type Square } from '../rules';
import { TERRAIN_STYLE as T } from '../scenario/symbology';
import { CELL, MARGIN, boardPixels, squareOrigin } from './layout';
import { makePatterns, type TerrainPatterns } from './patterns';
import { drawTerrain, drawZones } from './terrain';
import { drawUnits } from './units';
import { drawObjectives } from './objectives';

/** What the editor shows on top of the scenario: cursor, selection, diagnostics. */
export interface BoardView {
  cursor: Square | null;
  selectedSquares: readonly Square[];
  diagnostics: readonly Diagnostic[];
  highlighted: readonly Square[];
}

export const EMPTY_VIEW: BoardView = { cursor: null, selectedSquares: [], diagnostics: [], highlighted: [] };

/** Draws a scenario into an element; call `render` after every change, it only redraws what changed. */
export class BoardRenderer {
  readonly svg: Svg;
  private readonly patterns: TerrainPatterns;
  private readonly gridLayer: G;
  private readonly zoneLayer: G;
  private readonly terrainLayer: G;
  private readonly linesLayer: G;
  private readonly zoneLabelLayer: G;
  private readonly objectiveLayer: G;
  private readonly unitLayer: G;
  private readonly overlayLayer: G;
  private last: { board?: string; terrain?: unknown; sides?: unknown; objectives?: unknown; holders?: unknown; view?: BoardView } = {};
  /** Who holds each objective now, by objective id: a side id, or null for nobody (play only). */
  holders: ReadonlyMap<string, string | null> | undefined;

  constructor(el: HTMLElement, private readonly labels = true) {
    this.svg = SVG().addTo(el).attr({ role: 'img', class: 'board-svg' });
    this.patterns = makePatterns(this.svg);
    this.gridLayer = this.svg.group().attr({ class: 'layer-grid' });
    this.zoneLayer = this.svg.group().attr({ class: 'layer-zones', 'pointer-events': 'none' });
    this.terrainLayer = this.svg.group().attr({ class: 'layer-terrain', 'pointer-events': 'none' });
    this.linesLayer = this.svg.group().attr({ class: 'layer-lines', 'pointer-events': 'none' });
    // Zone names above the terrain, so a wood on the front line never hides whose zone it is.
    this.zoneLabelLayer = this.svg.group().attr({ class: 'layer-zone-labels', 'pointer-events': 'none' });
    this.objectiveLayer = this.svg.group().attr({ class: 'layer-objectives', 'pointer-events': 'none' });
    this.unitLayer = this.svg.group().attr({ class: 'layer-units', 'pointer-events': 'none' });
    this.overlayLayer = this.svg.group().attr({ class: 'layer-overlay', 'pointer-events': 'none' });
  }

  /** Redraw the layers whose inputs changed since the last call. */
  render(s: Scenario, view: BoardView = EMPTY_VIEW): void {
    const board = resolveBoard(s.board);
    const boardKey = `${board.columns}x${board.rows}`;
    const boardChanged = boardKey !== this.last.board;
    if (boardChanged) this.drawGrid(board.columns, board.rows);
    if (boardChanged || s.sides !== this.last.sides) {
      this.zoneLayer.clear();
      this.zoneLabelLayer.clear();
      drawZones(this.zoneLayer, s, this.zoneLabelLayer);
    }
    if (boardChanged || s.terrain !== this.last.terrain) {
      this.terrainLayer.clear();
      drawTerrain(this.terrainLayer, s, this.patterns);
    }
    if (boardChanged || s.objectives !== this.last.objectives || s.sides !== this.last.sides || this.holders !== this.last.holders) {
      this.objectiveLayer.clear();
      drawObjectives(this.objectiveLayer, s, this.holders);
    }
    if (boardChanged || s.sides !== this.last.sides) {
      this.unitLayer.clear();
      drawUnits(this.unitLayer, s);
    }
    if (boardChanged || view !== this.last.view) this.drawOverlay(view);
    this.last = { board: boardKey, terrain: s.terrain, sides: s.sides, objectives: s.objectives, holders: this.holders, view };
  }

  destroy(): void {
    this.svg.remove();
  }

  private drawGrid(columns: number, rows: number): void {
    const { width, height } = boardPixels({ columns, rows });
    this.svg.viewbox(0, 0, width, height).attr({ 'data-columns': columns, 'data-rows': rows });
    this.gridLayer.clear();
    this.linesLayer.clear();
    this.gridLayer.rect(width, height).fill('#ffffff');
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const sq = squareName(c, r);
        this.gridLayer.rect(CELL, CELL).move(MARGIN + c * CELL, MARGIN + r * CELL).fill(T.paper).attr({ 'data-square': sq });
      }
    }
    let d = '';
    for (let c = 0; c <= columns; c++) d += `M${MARGIN + c * CELL},${MARGIN}v${rows * CELL}`;
    for (let r = 0; r <= rows; r++) d += `M${MARGIN},${MARGIN + r * CELL}h${columns * CELL}`;
    this.linesLayer.path(d).fill('none').stroke({ color: T.grid, width: 0.8 });
    this.linesLayer.rect(columns * CELL, rows * CELL).move(MARGIN, MARGIN).fill('none').stroke({ color: T.label, width: 1.5 });
    if (!this.labels) return;
    const font = { size: 11, family: 'system-ui, sans-serif', anchor: 'middle' as const };
    for (let c = 0; c < columns; c++) {
      const x = MARGIN + c * CELL + CELL / 2;
      for (const y of [MARGIN - 7, height - MARGIN + 15]) this.linesLayer.plain(columnLabel(c)).font(font).fill(T.label).attr({ x, y });
    }
    for (let r = 0; r < rows; r++) {
      const y = MARGIN + r * CELL + CELL / 2 + 4;
      for (const x of [MARGIN / 2, width - MARGIN / 2]) this.linesLayer.plain(String(r + 1)).font(font).fill(T.label).attr({ x, y });
    }
  }

  private drawOverlay(view: BoardView): void {
    const g = this.overlayLayer;
    g.clear();
    const errors = new Set<Square>();
    const warnings = new Set<Square>();
    for (const d of view.diagnostics) for (const sq of d.squares ?? []) (d.severity === 'error' ? errors : warnings).add(sq);
    for (const sq of warnings) {
      if (errors.has(sq)) continue;
      const o = squareOrigin(sq);
      g.circle(9).center(o.x + CELL - 6, o.y + 6).fill(T.warning).stroke({ color: '#3d2f00', width: 1.5 }).attr({ 'data-warning': sq });
    }
    for (const sq of errors) {
      const o = squareOrigin(sq);
      // A white band under the red dashes keeps the outline visible on any fill and in any colour vision.
      g.rect(CELL - 3, CELL - 3).move(o.x + 1.5, o.y + 1.5).fill('none').stroke({ color: '#ffffff', width: 5 });
      g.rect(CELL - 3, CELL - 3).move(o.x + 1.5, o.y + 1.5).fill('none').stroke({ color: T.error, width: 3, dasharray: '7 3' }).attr({ 'data-error': sq });
    }
    for (const sq of view.highlighted) {
      const o = squareOrigin(sq);
      g.rect(CELL + 4, CELL + 4).move(o.x - 2, o.y - 2).fill('#ffff00').opacity(0.18).attr({ 'data-highlight': sq });
      g.rect(CELL + 4, CELL + 4).move(o.x - 2, o.y - 2).fill('none').stroke({ color: '#000000', width: 2.5 });
    }
    for (const sq of view.selectedSquares) {
      const o = squareOrigin(sq);
      g.rect(CELL - 1, CELL - 1).move(o.x + 0.5, o.y + 0.5).fill('none').stroke({ color: '#6a1b9a', width: 3 }).attr({ 'data-selected': sq });
    }
    if (view.cursor) {
      const o = squareOrigin(view.cursor);
      g.rect(CELL, CELL).move(o.x, o.y).fill('none').stroke({ color: '#ffffff', width: 4 });
      g.rect(CELL, CELL).move(o.x, o.y).fill('none').stroke({ color: '#000000', width: 2, dasharray: '4 2' }).attr({ 'data-cursor': view.cursor });
    }
  }
}
