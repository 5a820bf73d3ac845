/**
 * True-scale tiling arithmetic, pure and separately tested: how a board of squares of a given size in points is
 * cut into pages. Each page shows a window of the board; neighbouring windows overlap by `overlap` points, so
 * every tile after the first in its row (column) has its left (top) overlap trimmed and is glued over its
 * neighbour. All lengths are PDF points (1 in = 72 pt).
 */
import { columnLabel } from '../rules';

export interface TileRange { from: number; to: number }

export interface Tile {
  /** Zero-based tile row and column. */
  row: number;
  col: number;
  /** "R1 C2": how the page is named on the assembly index. */
  label: string;
  /** The window of the board this page prints, in board points from the north-west corner. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Zero-based board columns and rows with some part in the window (inclusive). */
  columns: TileRange;
  rows: TileRange;
  /** "A1-D4": the squares the page covers, in square names. */
  squares: string;
}

export interface TilePlan {
  orientation: 'portrait' | 'landscape';
  pageWidth: number;
  pageHeight: number;
  /** Side of one square on the page, after correction. */
  square: number;
  boardWidth: number;
  boardHeight: number;
  /** The printable window on each page (page minus margins) and its top-left corner. */
  windowWidth: number;
  windowHeight: number;
  margin: number;
  overlap: number;
  tileColumns: number;
  tileRows: number;
  tiles: Tile[];
}

export interface TileInput {
  columns: number;
  rows: number;
  /** Square side in points before correction (216 or 288 for true scale). */
  squarePt: number;
  /** Correction in percent (100 = none). */
  correction: number;
  /** Paper, portrait, in points. */
  paper: { width: number; height: number };
  /** Unprinted margin on each side of the page, points. */
  margin: number;
  /** Overlap between neighbouring tiles, points. */
  overlap: number;
}

/** Windows along one axis: count and the [start, end] of each, the last ending exactly at `length`. */
export function axisWindows(length: number, window: number, overlap: number): Array<[number, number]> {
  if (window <= overlap) throw new Error(`the page window (${window} pt) must be larger than the overlap (${overlap} pt)`);
  const step = window - overlap;
  const count = length <= window ? 1 : Math.ceil((length - overlap) / step);
  const out: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    const start = i * step;
    out.push([start, Math.min(start + window, length)]);
  }
  return out;
}

/** Board cells with some part of their interior inside [start, end). */
function cellRange(start: number, end: number, cell: number, count: number): TileRange {
  const eps = 1e-6;
  return { from: Math.max(0, Math.floor((start + eps) / cell)), to: Math.min(count - 1, Math.ceil((end - eps) / cell) - 1) };
}

function planFor(input: TileInput, orientation: 'portrait' | 'landscape'): TilePlan {
  const portrait = input.paper.width <= input.paper.height;
  const flip = (orientation === 'portrait') !== portrait;
  const pageWidth = flip ? input.paper.height : input.paper.width;
  const pageHeight = flip ? input.paper.width : input.paper.height;
  const square = input.squarePt * (input.correction / 100);
  const boardWidth = input.columns * square;
  const boardHeight = input.rows * square;
  const windowWidth = pageWidth - 2 * input.margin;
  const windowHeight = pageHeight - 2 * input.margin;
  const xs = axisWindows(boardWidth, windowWidth, input.overlap);
  const ys = axisWindows(boardHeight, windowHeight, input.overlap);
  const tiles: Tile[] = [];
  ys.forEach(([y0, y1], row) => {
    xs.forEach(([x0, x1], col) => {
      const columns = cellRange(x0, x1, square, input.columns);
      const rows = cellRange(y0, y1, square, input.rows);
      tiles.push({
        row, col, label: `R${row + 1} C${col + 1}`, x0, x1, y0, y1, columns, rows,
        squares: `${columnLabel(columns.from)}${rows.from + 1}-${columnLabel(columns.to)}${rows.to + 1}`,
      });
    });
  });
  return {
    orientation, pageWidth, pageHeight, square, boardWidth, boardHeight, windowWidth, windowHeight,
    margin: input.margin, overlap: input.overlap, tileColumns: xs.length, tileRows: ys.length, tiles,
  };
}

/** The tiling with the fewest pages (portrait on a tie). */
export function planTiles(input: TileInput): TilePlan {
  const portrait = planFor(input, 'portrait');
  const landscape = planFor(input, 'landscape');
  return landscape.tiles.length < portrait.tiles.length ? landscape : portrait;
}
