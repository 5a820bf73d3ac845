/**
 * The map at true table scale: an assembly index page (tile layout, instructions, calibration rulers) and one
 * page per tile of the board, with cut lines, alignment marks and labels. Tiling arithmetic: ./tiling.ts.
 */
import { validateScenario, type Scenario } from '../rules';
import { resolveScenario, type ResolvedScenario } from '../scenario';
import { TERRAIN_STYLE } from '../scenario/symbology';
import { drawBoard, errorSquaresOf } from './board';
import { rulesLine } from './map-fit';
import { PAPER_SIZES, PT_PER_INCH, PT_PER_MM, TRUE_SQUARE_PT, type PrintOptions } from './options';
import { addPage, footer } from './page';
import { FONT, type Doc } from './pdfkit';
import { planTiles, type Tile, type TilePlan } from './tiling';

/** Unprinted border on every tile page and overlap between neighbouring tiles, points. */
export const TILE_MARGIN = 30;
export const TILE_OVERLAP = 36;
/** Where the cut line lies inside a tile's left/top overlap: halfway, so the trimmed page is glued over a printed strip. */
export const CUT_OFFSET = TILE_OVERLAP / 2;

/** The tiling of a scenario's board for true-scale options. */
export function tilePlanFor(scenario: Scenario, opts: PrintOptions): TilePlan {
  if (opts.scale === 'fit') throw new Error('tilePlanFor needs a true scale (15mm or 25mm), not "fit"');
  const rs = resolveScenario(scenario);
  return planTiles({
    columns: rs.board.columns, rows: rs.board.rows, squarePt: TRUE_SQUARE_PT[opts.scale], correction: opts.correction,
    paper: PAPER_SIZES[opts.paper], margin: TILE_MARGIN, overlap: TILE_OVERLAP,
  });
}

function scaleText(opts: PrintOptions): string {
  const inches = opts.scale === '15mm' ? 3 : 4;
  return `${opts.scale} figures: ${inches} in squares${opts.correction !== 100 ? `, corrected ${opts.correction}%` : ''}`;
}

/** A ruler of `count` units of `unit` points each, ticks every unit/`sub`, labelled every unit. */
function ruler(doc: Doc, x: number, y: number, unit: number, count: number, sub: number, label: (i: number) => string, caption: string): void {
  doc.save().lineWidth(0.6).strokeColor('#000000');
  doc.rect(x, y, unit * count, 14).stroke();
  for (let i = 0; i <= count * sub; i++) {
    const tx = x + (i * unit) / sub;
    const h = i % sub === 0 ? 14 : i % (sub / 2) === 0 && sub % 2 === 0 ? 9 : 5;
    doc.moveTo(tx, y).lineTo(tx, y + h).stroke();
  }
  doc.font(FONT.regular).fontSize(7).fillColor('#000000');
  for (let i = 0; i <= count; i++) {
    const t = label(i);
    doc.text(t, x + i * unit - doc.widthOfString(t) / 2, y + 16, { lineBreak: false });
  }
  doc.font(FONT.bold).fontSize(7.5).text(caption, x, y - 11, { lineBreak: false });
  doc.restore();
}

function indexPage(doc: Doc, rs: ResolvedScenario, plan: TilePlan, opts: PrintOptions): void {
  const { width, height } = addPage(doc, opts.paper, 'portrait');
  const m = 40;
  doc.font(FONT.bold).fontSize(15).fillColor('#111111').text(rs.scenario.meta.title, m, m, { width: width - 2 * m, lineBreak: false, ellipsis: true });
  doc.font(FONT.regular).fontSize(9).fillColor('#333333')
    .text(`True-scale ${opts.terrainOnly ? 'mat (terrain only, no units)' : 'map'}, assembly index · ${scaleText(opts)} · ${plan.tileRows} x ${plan.tileColumns} = ${plan.tiles.length} ${PAPER_SIZES[opts.paper].label} pages (${plan.orientation})`, m, m + 20, { width: width - 2 * m });
  doc.fontSize(7.5).text(`Rules: ${rulesLine(rs)}`, m, Math.max(m + 34, doc.y + 2), { width: width - 2 * m });
  const below = doc.y + 8;
  // Miniature of the board with the tiles over it.
  const boxW = width - 2 * m;
  const boxH = height * 0.42;
  const k = Math.min(boxW / plan.boardWidth, boxH / plan.boardHeight);
  const ox = m + (boxW - plan.boardWidth * k) / 2;
  const oy = Math.max(m + 62, below);
  drawBoard(doc, { ox, oy, s: plan.square * k, ink: opts.ink }, rs, { units: !opts.terrainOnly });
  doc.save().lineWidth(0.9).strokeColor('#c0392b');
  for (const t of plan.tiles) {
    // Each tile's share of the board after trimming its left/top overlap.
    const x0 = t.col === 0 ? t.x0 : t.x0 + CUT_OFFSET;
    const y0 = t.row === 0 ? t.y0 : t.y0 + CUT_OFFSET;
    doc.rect(ox + x0 * k, oy + y0 * k, (t.x1 - x0) * k, (t.y1 - y0) * k).stroke();
    doc.font(FONT.bold).fontSize(Math.min(10, ((t.x1 - x0) * k) / 4)).fillColor('#c0392b')
      .text(t.label, ox + x0 * k + 2, oy + y0 * k + 2, { lineBreak: false });
  }
  doc.restore();
  let y = oy + plan.boardHeight * k + 16;
  const steps = [
    'Print every page at 100% ("actual size"): switch off "fit to page" and "shrink oversized pages".',
    'Check the rulers below with a real ruler. If 6 inches measure, say, 5.9 in, print again with a correction of 6 / 5.9 x 100 = 102%. With the correction in force the rulers come out exact.',
    `Lay the pages out as in the plan above (R = tile row from the north edge, C = tile column from the west edge). ${plan.tiles.length > 1 ? 'Each page says which squares it covers.' : ''}`,
    'On every page except those of the first row and column, cut along the dashed line at the left and/or top edge.',
    'Lay the trimmed edge over the neighbouring page so that grid lines and the tick marks meet, then tape or glue from behind.',
  ];
  doc.font(FONT.bold).fontSize(9).fillColor('#111111').text('Assembly', m, y);
  y += 13;
  steps.forEach((text, i) => {
    doc.font(FONT.regular).fontSize(8).fillColor('#222222').text(`${i + 1}. ${text}`, m, y, { width: width - 2 * m });
    y = doc.y + 3;
  });
  const c = opts.correction / 100;
  y = Math.max(y + 20, height - 150);
  ruler(doc, m, y, PT_PER_INCH * c, 6, 8, (i) => `${i}`, `Calibration: 6 inches${c !== 1 ? ` (at ${opts.correction}%)` : ''}`);
  ruler(doc, m, y + 52, 25 * PT_PER_MM * c, 6, 5, (i) => `${i * 25}`, `Calibration: 150 mm, ticks every 5 mm${c !== 1 ? ` (at ${opts.correction}%)` : ''}`);
  const sq = plan.square;
  doc.save().lineWidth(0.8).strokeColor('#000000').moveTo(m, y + 100).lineTo(m + Math.min(sq, width - 2 * m), y + 100).stroke().restore();
  doc.font(FONT.regular).fontSize(7).fillColor('#000000')
    .text(`one square side${sq > width - 2 * m ? ' (first part)' : ''}: ${(sq / PT_PER_INCH).toFixed(2)} in = ${(sq / PT_PER_MM).toFixed(1)} mm = ${sq.toFixed(2)} pt`, m, y + 104);
  footer(doc, width, height, 'Assembly index', `Nevsky Scenario Studio${opts.printedOn ? ` · printed ${opts.printedOn}` : ''}`, m);
}

function cropMarks(doc: Doc, x: number, y: number, w: number, h: number, len: number): void {
  doc.save().lineWidth(0.5).strokeColor('#000000');
  for (const [cx, cy, sx, sy] of [[x, y, -1, -1], [x + w, y, 1, -1], [x, y + h, -1, 1], [x + w, y + h, 1, 1]] as const) {
    doc.moveTo(cx + sx * 3, cy).lineTo(cx + sx * (3 + len), cy).stroke();
    doc.moveTo(cx, cy + sy * 3).lineTo(cx, cy + sy * (3 + len)).stroke();
  }
  doc.restore();
}

function tilePage(doc: Doc, rs: ResolvedScenario, plan: TilePlan, t: Tile, opts: PrintOptions, errorSquares: readonly string[]): void {
  const { width, height } = addPage(doc, opts.paper, plan.orientation);
  const m = plan.margin;
  const w = t.x1 - t.x0;
  const h = t.y1 - t.y0;
  doc.save().rect(m, m, w, h).clip();
  drawBoard(doc, { ox: m - t.x0, oy: m - t.y0, s: plan.square, ink: opts.ink }, rs, {
    squareNames: true, unitIds: true, unitScale: 0.5, window: { columns: t.columns, rows: t.rows }, errorSquares, units: !opts.terrainOnly,
  });
  doc.restore();
  cropMarks(doc, m, m, w, h, m - 8);
  const o = CUT_OFFSET;
  doc.save().lineWidth(0.8).strokeColor('#000000').dash(6, { space: 4 });
  if (t.col > 0) doc.moveTo(m + o, m - 12).lineTo(m + o, m + h + 12).stroke();
  if (t.row > 0) doc.moveTo(m - 12, m + o).lineTo(m + w + 12, m + o).stroke();
  doc.undash().restore();
  doc.font(FONT.regular).fontSize(6.5).fillColor('#000000');
  if (t.col > 0) doc.text('cut', m + o + 2, m + h + 4, { lineBreak: false });
  if (t.row > 0) doc.text('cut', m + w + 3, m + o - 8, { lineBreak: false });
  // Alignment ticks where the next tile's cut edge must lie, and glue notes on the overlap strips.
  const right = plan.tiles.find((n) => n.row === t.row && n.col === t.col + 1);
  const below = plan.tiles.find((n) => n.row === t.row + 1 && n.col === t.col);
  doc.save().lineWidth(1.2).strokeColor('#c0392b');
  if (right) {
    const x = m + (right.x0 + o - t.x0);
    doc.moveTo(x, m - 10).lineTo(x, m - 2).moveTo(x, m + h + 2).lineTo(x, m + h + 10).stroke();
    doc.font(FONT.italic).fontSize(6.5).fillColor('#c0392b');
    doc.text(`${right.label} edge`, x - 2 - doc.widthOfString(`${right.label} edge`), m - 10, { lineBreak: false });
  }
  if (below) {
    const y = m + (below.y0 + o - t.y0);
    doc.moveTo(m - 10, y).lineTo(m - 2, y).moveTo(m + w + 2, y).lineTo(m + w + 10, y).stroke();
    doc.font(FONT.italic).fontSize(6.5).fillColor('#c0392b').text(`${below.label} edge`, m - 28, y + 3, { lineBreak: false });
  }
  doc.restore();
  const title = `Tile ${t.label} of ${plan.tileRows} x ${plan.tileColumns} · squares ${t.squares} · ${scaleText(opts)}${opts.terrainOnly ? ' · terrain only' : ''} · ${rs.scenario.meta.title}`;
  doc.font(FONT.bold).fontSize(7.5).fillColor(TERRAIN_STYLE.label).text(title, m + 40, 8, { width: width - 2 * m - 80, lineBreak: false, ellipsis: true });
  const glue = [t.col > 0 ? 'cut left edge, lay over the tile to the west' : '', t.row > 0 ? 'cut top edge, lay over the tile to the north' : ''].filter(Boolean).join('; ');
  footer(doc, width, height, glue || 'first tile of its row and column: keep all edges', `page ${t.label}`, m);
}

/** Add the true-scale map (index page, then the tiles row by row) to a document; `pause` runs between pages. */
export async function drawTiledMap(doc: Doc, scenario: Scenario, opts: PrintOptions, pause?: () => Promise<void>): Promise<TilePlan> {
  const rs = resolveScenario(scenario);
  const plan = tilePlanFor(scenario, opts);
  const errorSquares = opts.markErrors ? errorSquaresOf(validateScenario(scenario)) : [];
  indexPage(doc, rs, plan, opts);
  for (const t of plan.tiles) {
    await pause?.();
    tilePage(doc, rs, plan, t, opts, errorSquares);
  }
  return plan;
}
