/**
 * The counter sheet: cut-out counters for every unit of both sides, to play the printed map without figures.
 * Sizes follow the map: at table scale a unit's counter (or its stands laid out together) covers at most 90% x 50%
 * of a square, so a unit, a joined commander and a ballista fit the square as the rules stack them; for the fit
 * map the same proportions of the fit map's square (never under 12 mm wide, so they can be handled).
 * Each counter: side colour AND pattern (north diagonal hatch, south dots: readable in greyscale), troop code and
 * name, unit id, a pip per stand, a facing arrow at its front edge. Counters are butted in a grid; cut along the
 * thin lines, guided by the ticks in the margins.
 */
import { TROOPS, type BoardEdge, type Scenario } from '../rules';
import { resolveScenario, type ResolvedScenario, type ResolvedUnit } from '../scenario';
import { SIDE_STYLES } from '../scenario/symbology';
import { ballistaGlyph, starPath } from './glyphs';
import { fitOrientation, fitSquare } from './map-fit';
import { PAPER_SIZES, PT_PER_MM, TRUE_SQUARE_PT, type CounterMode, type PrintOptions } from './options';
import { addPage, footer } from './page';
import { FONT, type Doc } from './pdfkit';

const MARGIN = 30;
const HEAD = 34;
/** Share of a square a whole unit may cover: width and depth. */
export const UNIT_SHARE = { width: 0.9, depth: 0.5 } as const;
/** Compact counters (fit map, whose squares are small) are never narrower than this, so they can be read and handled. */
const MIN_COUNTER_PT = 30 * PT_PER_MM;

/** One counter to cut out: a unit, or one stand of it. */
export interface CounterSpec { unit: ResolvedUnit; edge: BoardEdge; side: string; stand: number | null; width: number; height: number }
export interface CounterPage { counters: Array<CounterSpec & { x: number; y: number }> }
export interface CounterLayout { square: number; pages: CounterPage[]; width: number; height: number }

/** The map's square side in points for the options: true scale with correction, or the fit map's square. */
export function mapSquarePt(rs: ResolvedScenario, o: Pick<PrintOptions, 'paper' | 'scale' | 'correction'>): number {
  if (o.scale !== 'fit') return TRUE_SQUARE_PT[o.scale] * (o.correction / 100);
  const p = PAPER_SIZES[o.paper];
  const landscape = fitOrientation(rs.board.columns, rs.board.rows, o.paper) === 'landscape';
  return fitSquare(rs.board.columns, rs.board.rows, landscape ? p.height : p.width, landscape ? p.width : p.height);
}

/** Stands of a unit per row when each stand is its own counter (3-stand units in one row, others two by two). */
export function standsPerRow(stands: number): number {
  return stands === 3 ? 3 : Math.min(stands, 2);
}

/** The counters of a scenario, with their sizes, before layout. */
export function counterSpecs(rs: ResolvedScenario, square: number, mode: CounterMode): CounterSpec[] {
  const w = Math.max(MIN_COUNTER_PT, square * UNIT_SHARE.width);
  const h = w * (UNIT_SHARE.depth / UNIT_SHARE.width);
  const out: CounterSpec[] = [];
  for (const side of rs.sides) {
    for (const unit of side.units) {
      const full = TROOPS[unit.type].stands;
      if (mode === 'unit' || full <= 1 || unit.type === 'ballista') {
        const single = full <= 1 || unit.type === 'ballista';
        // A one-stand unit (commander, ballista) is the size of one stand of a two-stand row.
        out.push({ unit, edge: side.edge, side: side.name, stand: null, width: single ? w / 2 : w, height: single ? h / 2 : h });
      } else {
        const perRow = standsPerRow(full);
        for (let i = 0; i < unit.stands; i++) out.push({ unit, edge: side.edge, side: side.name, stand: i + 1, width: w / perRow, height: h / 2 });
      }
    }
  }
  return out;
}

/** Shelf-pack the counters, side by side, onto pages; a new row starts for each side. */
export function layoutCounters(scenario: ResolvedScenario, o: Pick<PrintOptions, 'paper' | 'scale' | 'correction' | 'counters'>): CounterLayout {
  const square = mapSquarePt(scenario, o);
  const { width, height } = PAPER_SIZES[o.paper];
  const pages: CounterPage[] = [];
  let page: CounterPage | null = null;
  let x = MARGIN;
  let y = 0;
  let rowH = 0;
  let lastEdge: BoardEdge | null = null;
  const newPage = (): CounterPage => { const p: CounterPage = { counters: [] }; pages.push(p); x = MARGIN; y = MARGIN + HEAD; rowH = 0; return p; };
  for (const c of counterSpecs(scenario, square, o.counters ?? 'unit')) {
    page ??= newPage();
    if (lastEdge !== null && c.edge !== lastEdge && x > MARGIN) { x = MARGIN; y += rowH; rowH = 0; }
    if (x + c.width > width - MARGIN + 0.01) { x = MARGIN; y += rowH; rowH = 0; }
    if (y + c.height > height - MARGIN - 16) page = newPage();
    page.counters.push({ ...c, x, y });
    x += c.width;
    rowH = Math.max(rowH, c.height);
    lastEdge = c.edge;
  }
  return { square, pages, width, height };
}

/** Side pattern in the counter's border band: diagonal hatch (north) or dots (south). */
function sidePattern(doc: Doc, x: number, y: number, w: number, h: number, edge: BoardEdge, ink: PrintOptions['ink']): void {
  const style = SIDE_STYLES[edge];
  doc.save().rect(x, y, w, h).clip();
  if (ink === 'color') doc.rect(x, y, w, h).fillColor(style.fill).fill();
  const step = Math.max(3, Math.min(w, h) * 0.09);
  if (edge === 'north') {
    doc.lineWidth(step * 0.3).strokeColor(ink === 'color' ? style.ink : '#000000');
    for (let k = -h; k < w; k += step) doc.moveTo(x + k, y + h).lineTo(x + k + h, y).stroke();
  } else {
    doc.fillColor(ink === 'color' ? style.ink : '#000000');
    for (let yy = y + step / 2; yy < y + h; yy += step) for (let xx = x + step / 2; xx < x + w; xx += step) doc.circle(xx, yy, step * 0.2).fill();
  }
  doc.restore();
}

/** Draw one counter with its top-left corner at (x, y). */
export function drawCounter(doc: Doc, c: CounterSpec & { x: number; y: number }, ink: PrintOptions['ink']): void {
  const { x, y, width: w, height: h, unit, edge } = c;
  const style = SIDE_STYLES[edge];
  const t = TROOPS[unit.type];
  sidePattern(doc, x, y, w, h, edge, ink);
  const band = Math.max(2.5, Math.min(w, h) * 0.1);
  const px = x + band;
  const py = y + band;
  const pw = w - 2 * band;
  const ph = h - 2 * band;
  doc.rect(px, py, pw, ph).fillColor('#ffffff').fill();
  doc.lineWidth(0.5).strokeColor(style.ink).rect(px, py, pw, ph).stroke();
  // Facing arrow: the counter's front is its top edge.
  const a = Math.min(band * 1.6, ph * 0.22);
  doc.polygon([x + w / 2, py + 0.5], [x + w / 2 - a, py + a + 0.5], [x + w / 2 + a, py + a + 0.5]).fillColor(style.ink).fill();
  const codeSize = Math.min(ph * 0.34, pw * 0.3);
  const small = Math.max(3.5, Math.min(ph * 0.13, pw * 0.1));
  if (unit.type === 'ballista') {
    ballistaGlyph(doc, x + w / 2, py + ph * 0.45, Math.min(pw, ph) * 0.6, 'N', edge, ink);
  } else if (unit.type === 'commander') {
    starPath(doc, px + pw * 0.18, py + ph * 0.45, Math.min(pw, ph) * 0.2).fillColor(ink === 'color' ? style.fill : '#ffffff').strokeColor(style.ink).lineWidth(0.5).fillAndStroke();
  }
  const codeX = unit.type === 'ballista' ? px + 2 : x + w / 2 - doc.font(FONT.bold).fontSize(codeSize).widthOfString(t.code) / 2;
  doc.font(FONT.bold).fontSize(unit.type === 'ballista' ? codeSize * 0.6 : codeSize).fillColor(style.ink)
    .text(t.code, codeX, py + a + ph * 0.02, { lineBreak: false });
  doc.font(FONT.regular).fontSize(small).fillColor('#111111');
  const line = { width: pw - 2, height: small * 1.1, align: 'center', lineBreak: false, ellipsis: true } as const;
  doc.text(t.name, px + 1, py + ph * 0.5, line);
  doc.fillColor(style.ink).text(c.stand ? `${unit.id} · ${c.stand}/${t.stands}` : unit.id, px + 1, py + ph * 0.5 + small * 1.15, line);
  // Pips: one per stand of the unit's full strength, filled for stands present (unit counters only).
  if (!c.stand && t.stands > 1) {
    const r = Math.max(0.8, Math.min(ph * 0.04, pw / (t.stands * 4)));
    const gap = r * 3;
    const x0 = x + w / 2 - ((t.stands - 1) * gap) / 2;
    for (let i = 0; i < t.stands; i++) {
      doc.circle(x0 + i * gap, py + ph - r * 1.8, r).lineWidth(r * 0.4);
      if (i < unit.stands) doc.fillColor(style.ink).fill(); else doc.strokeColor(style.ink).stroke();
    }
  }
}

/** Cut lines around every counter and ticks in the margins where the grid lines meet the page edge. */
function cutLines(doc: Doc, page: CounterPage, width: number, height: number): void {
  doc.save().lineWidth(0.35).strokeColor('#555555');
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const c of page.counters) {
    doc.rect(c.x, c.y, c.width, c.height).stroke();
    xs.add(Math.round(c.x * 100) / 100).add(Math.round((c.x + c.width) * 100) / 100);
    ys.add(Math.round(c.y * 100) / 100).add(Math.round((c.y + c.height) * 100) / 100);
  }
  for (const xx of xs) doc.moveTo(xx, MARGIN + HEAD - 14).lineTo(xx, MARGIN + HEAD - 4).moveTo(xx, height - MARGIN - 12).lineTo(xx, height - MARGIN - 4).stroke();
  for (const yy of ys) doc.moveTo(8, yy).lineTo(MARGIN - 6, yy).moveTo(width - MARGIN + 6, yy).lineTo(width - 8, yy).stroke();
  doc.restore();
}

function sizeText(rs: ResolvedScenario, o: PrintOptions, square: number): string {
  const scale = o.scale === 'fit' ? 'compact, for the fit map' : `for the ${o.scale} table-scale map`;
  return `${scale}: squares ${(square / PT_PER_MM).toFixed(0)} mm · ${o.counters === 'stand' ? 'one counter per stand' : 'one counter per unit'} · ${rs.sides.map((s) => s.name).join(' v ')}`;
}

/** Add the counter sheet(s) to a document; returns the number of pages. */
export function drawCounterSheets(doc: Doc, scenario: Scenario, o: PrintOptions): number {
  const rs = resolveScenario(scenario);
  const layout = layoutCounters(rs, o);
  layout.pages.forEach((page, i) => {
    const { width, height } = addPage(doc, o.paper);
    doc.font(FONT.bold).fontSize(13).fillColor('#111111').text(`Counters: ${rs.scenario.meta.title}`, MARGIN, MARGIN - 8, { width: width - 2 * MARGIN, lineBreak: false, ellipsis: true });
    doc.font(FONT.regular).fontSize(7.5).fillColor('#333333').text(sizeText(rs, o, layout.square), MARGIN, MARGIN + 9, { width: width - 2 * MARGIN, lineBreak: false, ellipsis: true });
    for (const c of page.counters) drawCounter(doc, c, o.ink);
    cutLines(doc, page, width, height);
    footer(doc, width, height, 'Cut along the thin lines. Arrow = the front of the unit (its facing). Hatched = north side, dotted = south side.',
      `page ${i + 1} of ${layout.pages.length}`, MARGIN);
  });
  return layout.pages.length;
}
