/**
 * The counter sheet: cut-out counters for every unit of both sides, to play the printed map without figures.
 * Sizes follow the map: at table scale a unit's counter (or its stands laid out together) covers at most 90% x 50%
 * of a square, so a unit, a joined commander and a ballista fit the square as the rules stack them; for the fit
 * map the same proportions of the fit map's square, so compact counters fit its squares too (about 15 mm on A4).
 * Each counter: side colour AND pattern (north diagonal hatch, south dots: readable in greyscale), troop code and
 * name, unit id, a pip per stand, a facing arrow at its front edge, laid out by ./counter-face.ts so no two lines
 * overlap; a compact counter too small for the name leaves it out and the sheet's key names the codes.
 * Counters are butted in a grid; cut along the thin lines, guided by the ticks in the margins.
 */
import { TROOPS, type BoardEdge, type Scenario } from '../rules';
import { resolveScenario, type ResolvedScenario, type ResolvedUnit } from '../scenario';
import { SIDE_STYLES } from '../scenario/symbology';
import { counterFace, type CounterFace } from './counter-face';
import { ballistaGlyph, starPath } from './glyphs';
import { briefingBand, fitOrientation, fitSquare } from './map-fit';
import { PAPER_SIZES, PT_PER_MM, TRUE_SQUARE_PT, scaleWords, type CounterMode, type PrintOptions } from './options';
import { addPage, footer } from './page';
import { FONT, type Doc } from './pdfkit';

const MARGIN = 30;
/** Room above the counters for the title and size lines, and on compact sheets the key of the codes. */
const HEAD = 34;
const HEAD_WITH_KEY = 52;
/** Share of a square a whole unit may cover: width and depth. */
export const UNIT_SHARE = { width: 0.9, depth: 0.5 } as const;

/** One counter to cut out: a unit, or one stand of it. */
export interface CounterSpec { unit: ResolvedUnit; edge: BoardEdge; side: string; stand: number | null; width: number; height: number }
export interface CounterPage { counters: Array<CounterSpec & { x: number; y: number }> }
export interface CounterLayout { square: number; pages: CounterPage[]; width: number; height: number }

/** The map's square side in points for the options: true scale with correction, or the fit map's square. */
export function mapSquarePt(rs: ResolvedScenario, o: Pick<PrintOptions, 'paper' | 'scale' | 'correction'>): number {
  if (o.scale !== 'fit') return TRUE_SQUARE_PT[o.scale] * (o.correction / 100);
  const p = PAPER_SIZES[o.paper];
  // The same square as the fit map's, which keeps room under the board for a briefing block when the scenario has one.
  const band = briefingBand(rs.scenario);
  const landscape = fitOrientation(rs.board.columns, rs.board.rows, o.paper, band) === 'landscape';
  return fitSquare(rs.board.columns, rs.board.rows, landscape ? p.height : p.width, landscape ? p.width : p.height, band);
}

/** Stands of a unit per row when each stand is its own counter (3-stand units in one row, others two by two). */
export function standsPerRow(stands: number): number {
  return stands === 3 ? 3 : Math.min(stands, 2);
}

/** The counters of a scenario, with their sizes, before layout. */
export function counterSpecs(rs: ResolvedScenario, square: number, mode: CounterMode): CounterSpec[] {
  const w = square * UNIT_SHARE.width;
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
  const head = o.scale === 'fit' ? HEAD_WITH_KEY : HEAD;
  const newPage = (): CounterPage => { const p: CounterPage = { counters: [] }; pages.push(p); x = MARGIN; y = MARGIN + head; rowH = 0; return p; };
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

/** The face layout of a counter (shared by the drawing and its tests). */
export function faceOf(doc: Doc, c: CounterSpec & { x: number; y: number }): CounterFace {
  const t = TROOPS[c.unit.type];
  return counterFace(doc, c.x, c.y, c.width, c.height, {
    code: t.code, name: t.name, id: c.stand ? `${c.unit.id} · ${c.stand}/${t.stands}` : c.unit.id,
    pips: !c.stand && t.stands > 1 ? t.stands : 0, glyph: c.unit.type === 'ballista' || c.unit.type === 'commander',
  });
}

/** Draw one counter with its top-left corner at (x, y); returns its face layout. */
export function drawCounter(doc: Doc, c: CounterSpec & { x: number; y: number }, ink: PrintOptions['ink']): CounterFace {
  const { x, y, width: w, height: h, unit, edge } = c;
  const style = SIDE_STYLES[edge];
  const t = TROOPS[unit.type];
  const f = faceOf(doc, c);
  sidePattern(doc, x, y, w, h, edge, ink);
  const { panel: p, arrow: a, code } = f;
  doc.rect(p.x, p.y, p.w, p.h).fillColor('#ffffff').fill();
  doc.lineWidth(0.5).strokeColor(style.ink).rect(p.x, p.y, p.w, p.h).stroke();
  // Facing arrow: the counter's front is its top edge.
  doc.polygon([a.x + a.w / 2, a.y], [a.x, a.y + a.h], [a.x + a.w, a.y + a.h]).fillColor(style.ink).fill();
  const g = code.glyph;
  if (g && unit.type === 'ballista') {
    ballistaGlyph(doc, g.x + g.w / 2, g.y + g.h / 2, g.h, 'N', edge, ink);
  } else if (g) {
    starPath(doc, g.x + g.w / 2, g.y + g.h / 2, g.h * 0.45).fillColor(ink === 'color' ? style.fill : '#ffffff').strokeColor(style.ink).lineWidth(0.5).fillAndStroke();
  }
  doc.font(FONT.bold).fontSize(code.size).fillColor(style.ink).text(t.code, code.textX, code.y, { lineBreak: false });
  const line = (text: string, box: CounterFace['name'], color: string): void => {
    if (!box) return;
    doc.font(FONT.regular).fontSize(box.size).fillColor(color).text(text, box.x, box.y, { width: box.w, align: 'center', lineBreak: false, ellipsis: true });
  };
  line(t.name, f.name, '#111111');
  line(c.stand ? `${unit.id} · ${c.stand}/${t.stands}` : unit.id, f.id, style.ink);
  // Pips: one per stand of the unit's full strength, filled for stands present (unit counters only).
  if (f.pips) {
    const { r, gap } = f.pips;
    const x0 = f.pips.x + r;
    for (let i = 0; i < t.stands; i++) {
      doc.circle(x0 + i * gap, f.pips.y + f.pips.h / 2, r).lineWidth(r * 0.4);
      if (i < unit.stands) doc.fillColor(style.ink).fill(); else doc.strokeColor(style.ink).stroke();
    }
  }
  return f;
}

/** Cut lines around every counter and ticks in the margins where the grid lines meet the page edge. */
function cutLines(doc: Doc, page: CounterPage, width: number, height: number, head: number): void {
  doc.save().lineWidth(0.35).strokeColor('#555555');
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const c of page.counters) {
    doc.rect(c.x, c.y, c.width, c.height).stroke();
    xs.add(Math.round(c.x * 100) / 100).add(Math.round((c.x + c.width) * 100) / 100);
    ys.add(Math.round(c.y * 100) / 100).add(Math.round((c.y + c.height) * 100) / 100);
  }
  for (const xx of xs) doc.moveTo(xx, MARGIN + head - 14).lineTo(xx, MARGIN + head - 4).moveTo(xx, height - MARGIN - 12).lineTo(xx, height - MARGIN - 4).stroke();
  for (const yy of ys) doc.moveTo(8, yy).lineTo(MARGIN - 6, yy).moveTo(width - MARGIN + 6, yy).lineTo(width - 8, yy).stroke();
  doc.restore();
}

function sizeText(rs: ResolvedScenario, o: PrintOptions, square: number): string {
  const scale = o.scale === 'fit' ? 'compact, for the fit map' : `for the table-scale map ${scaleWords(o.scale)}`;
  const counter = (square * UNIT_SHARE.width) / PT_PER_MM;
  return `${scale}: squares ${(square / PT_PER_MM).toFixed(0)} mm, a unit's counter ${counter.toFixed(0)} x ${(counter * UNIT_SHARE.depth / UNIT_SHARE.width).toFixed(0)} mm · ` +
    `${o.counters === 'stand' ? 'one counter per stand' : 'one counter per unit'} · ${rs.sides.map((s) => s.name).join(' v ')}`;
}

/** "Codes: Kn Knights, Tu Turcopoles, ..." for the troops on the sheet (a compact counter may leave its name out). */
function codeKey(rs: ResolvedScenario): string {
  const types = [...new Set(rs.sides.flatMap((s) => s.units.map((u) => u.type)))];
  return `Codes: ${types.map((t) => `${TROOPS[t].code} ${TROOPS[t].name}`).join(', ')}`;
}

/** Add the counter sheet(s) to a document; returns the number of pages. */
export function drawCounterSheets(doc: Doc, scenario: Scenario, o: PrintOptions): number {
  const rs = resolveScenario(scenario);
  const layout = layoutCounters(rs, o);
  layout.pages.forEach((page, i) => {
    const { width, height } = addPage(doc, o.paper);
    doc.font(FONT.bold).fontSize(13).fillColor('#111111').text(`Counters: ${rs.scenario.meta.title}`, MARGIN, MARGIN - 8, { width: width - 2 * MARGIN, lineBreak: false, ellipsis: true });
    doc.font(FONT.regular).fontSize(7.5).fillColor('#333333').text(sizeText(rs, o, layout.square), MARGIN, MARGIN + 9, { width: width - 2 * MARGIN, height: 9, ellipsis: true });
    if (o.scale === 'fit') doc.fontSize(6.5).text(codeKey(rs), MARGIN, MARGIN + 19, { width: width - 2 * MARGIN, height: 16, ellipsis: true });
    for (const c of page.counters) drawCounter(doc, c, o.ink);
    cutLines(doc, page, width, height, o.scale === 'fit' ? HEAD_WITH_KEY : HEAD);
    footer(doc, width, height, 'Cut along the thin lines. Arrow = the front of the unit (its facing). Hatched = north side, dotted = south side.',
      `page ${i + 1} of ${layout.pages.length}`, MARGIN);
  });
  return layout.pages.length;
}
