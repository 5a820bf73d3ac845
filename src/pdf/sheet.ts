/**
 * The generic renderer of printable sheets (src/rulesets/sheet.ts): headings, paragraphs, lists, tables with
 * small-print notes, boxed notes and page breaks, flowed into one or two columns per page. With `fitPages` the
 * font shrinks step by step until the sheet fits (a reference sheet must stay one sheet of paper). With
 * `minFontSize` no text on the page is smaller: small print, shrunk cells, the header's subtitle and the footer
 * (large print). A subtitle too long to sit beside the title goes on a line of its own under it.
 * A table cell whose text is only ballot boxes (U+2610) is drawn as that many tick boxes.
 */
import { TICK_BOX, type Sheet, type SheetBlock, type SheetCell } from '../rulesets/sheet';
import type { Ink, Paper } from './options';
import { addPage, footer } from './page';
import { FONT, type Doc } from './pdfkit';
import { PAPER_SIZES } from './options';

/** Space inside a boxed note's frame, in points (small: a reference sheet prints many notes on one sheet). */
const NOTE_PAD = 2;

export interface SheetRenderOptions {
  paper: Paper;
  ink: Ink;
  /** Columns of text per page (1 or 2). */
  columns?: 1 | 2;
  /** Base font size in points. */
  fontSize?: number;
  /** Shrink the font (down to 5.5 pt) until the sheet takes at most this many pages. */
  fitPages?: number;
  /** Landscape pages. */
  landscape?: boolean;
  printedOn?: string;
  /** Page number of the sheet's first page in a larger document (footers count from it); 1 when left out. */
  firstPage?: number;
  /** No text smaller than this, in points (large print); when left out small print may go down to 0.6 of the base size. */
  minFontSize?: number;
  /** The title's size in points (13 when left out). */
  titleSize?: number;
  /** Follow the sheet's page breaks (default); false flows on (large print has its own pages). */
  pageBreaks?: boolean;
}

export { TICK_BOX };

const MARGIN = 32;
const FOOTER_H = 18;
/** The subtitle's size beside the title, and the footer's, unless the minimum font size is larger. */
const SUBTITLE_SIZE = 8;
const FOOTER_SIZE = 7;
const GUTTER = 14;

interface Ctx {
  doc: Doc;
  draw: boolean;
  o: Required<Pick<SheetRenderOptions, 'paper' | 'ink' | 'columns' | 'fontSize'>> & SheetRenderOptions;
  sheet: Sheet;
  width: number;
  height: number;
  colWidth: number;
  col: number;
  y: number;
  pages: number;
  /** Height of the page header (title, subtitle, rule) and where the subtitle goes. */
  header: { height: number; subtitleBelow: boolean };
}

const cellOf = (c: string | SheetCell): SheetCell => (typeof c === 'string' ? { text: c } : c);

function top(ctx: Ctx): number { return MARGIN + ctx.header.height; }
function bottom(ctx: Ctx): number { return ctx.height - MARGIN - FOOTER_H * (footerSize(ctx) / FOOTER_SIZE); }
/** A size for small print: as asked, but never under the sheet's minimum. */
function atLeast(ctx: Ctx, size: number): number { return Math.max(size, ctx.o.minFontSize ?? 0); }
function footerSize(ctx: Ctx): number { return atLeast(ctx, FOOTER_SIZE); }
function titleSize(ctx: Ctx): number { return ctx.o.titleSize ?? 13; }
/** Height of the title line (18 pt at the standard 13 pt title). */
function titleLine(size: number): number { return size + 5; }

/** The header's height: the title line, the subtitle beside it or (when that would run off the page) under it. */
function headerLayout(ctx: Ctx): Ctx['header'] {
  const { doc, sheet } = ctx;
  const ts = titleSize(ctx);
  const ss = atLeast(ctx, SUBTITLE_SIZE);
  const titleW = doc.font(FONT.bold).fontSize(ts).widthOfString(sheet.title);
  const subW = sheet.subtitle ? doc.font(FONT.regular).fontSize(ss).widthOfString(sheet.subtitle) : 0;
  const subtitleBelow = !!sheet.subtitle && titleW + 10 + subW > ctx.width - 2 * MARGIN;
  const lines = titleLine(ts) + (subtitleBelow ? textHeight(ctx, sheet.subtitle!, FONT.regular, ss, ctx.width - 2 * MARGIN) : 0);
  return { height: lines + 12, subtitleBelow };
}
function left(ctx: Ctx): number { return MARGIN + ctx.col * (ctx.colWidth + GUTTER); }

function newPage(ctx: Ctx): void {
  ctx.pages++;
  ctx.col = 0;
  ctx.y = top(ctx);
  if (!ctx.draw) return;
  const size = addPage(ctx.doc, ctx.o.paper, ctx.o.landscape ? 'landscape' : 'portrait');
  const { doc, sheet } = ctx;
  const ts = titleSize(ctx);
  const ss = atLeast(ctx, SUBTITLE_SIZE);
  const inner = size.width - 2 * MARGIN;
  doc.font(FONT.bold).fontSize(ts).fillColor('#111111').text(sheet.title, MARGIN, MARGIN, { width: inner, lineBreak: false, ellipsis: true });
  if (sheet.subtitle && ctx.header.subtitleBelow) {
    doc.font(FONT.regular).fontSize(ss).fillColor('#444444').text(sheet.subtitle, MARGIN, MARGIN + titleLine(ts) - 1, { width: inner });
  } else if (sheet.subtitle) {
    const w = doc.widthOfString(sheet.title);
    doc.font(FONT.regular).fontSize(ss).fillColor('#444444').text(sheet.subtitle, MARGIN + w + 10, MARGIN + (ts - ss) * 0.8, { lineBreak: false });
  }
  const rule = MARGIN + ctx.header.height - 12;
  doc.lineWidth(0.8).strokeColor('#333333').moveTo(MARGIN, rule).lineTo(size.width - MARGIN, rule).stroke();
  footer(doc, size.width, size.height, sheet.footer ?? '', `${ctx.o.printedOn ? `printed ${ctx.o.printedOn} · ` : ''}page ${ctx.pages + (ctx.o.firstPage ?? 1) - 1}`, MARGIN, footerSize(ctx));
}

/** Move on to the next column or page unless `need` points fit; true when a break happened. */
function ensure(ctx: Ctx, need: number): boolean {
  if (ctx.y + need <= bottom(ctx) || ctx.y <= top(ctx) + 0.5) return false;
  if (ctx.col + 1 < ctx.o.columns) { ctx.col++; ctx.y = top(ctx); } else newPage(ctx);
  return true;
}

function textHeight(ctx: Ctx, text: string, font: string, size: number, width: number): number {
  return ctx.doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 0.6 });
}

function put(ctx: Ctx, text: string, font: string, size: number, x: number, width: number, color = '#111111', align: 'left' | 'center' = 'left'): number {
  const h = textHeight(ctx, text, font, size, width);
  if (ctx.draw) ctx.doc.font(font).fontSize(size).fillColor(color).text(text, x, ctx.y, { width, lineGap: 0.6, align });
  return h;
}

const PAD = 4;

/** Width of the longest word of a text (words never break inside a table cell). */
function longestWord(ctx: Ctx, text: string, font: string, size: number): number {
  ctx.doc.font(font).fontSize(size);
  return Math.max(0, ...text.split(/\s+/).map((w) => ctx.doc.widthOfString(w)));
}

/** The narrowest a column may be: its longest word (header in bold), or its row of tick boxes. */
function minColumnWidth(ctx: Ctx, block: Extract<SheetBlock, { kind: 'table' }>, i: number): number {
  const fs = ctx.o.fontSize;
  let w = longestWord(ctx, block.columns[i] ?? '', FONT.bold, fs);
  for (const row of block.rows) {
    const c = row[i];
    if (c === undefined) continue;
    const cell = cellOf(c);
    if (isTickBoxes(cell.text)) w = Math.max(w, [...cell.text].length * (fs * 1.1 + 2.5));
    else w = Math.max(w, longestWord(ctx, cell.text, cell.strong ? FONT.bold : FONT.regular, fs), cell.note ? longestWord(ctx, cell.note, FONT.regular, atLeast(ctx, fs * 0.8)) : 0);
  }
  return w + PAD + 0.5;
}

/**
 * Column widths: the block's weights (or the widest text) shared out over the width, except that no column is
 * made narrower than its longest word; the width it needs comes from the columns with room to spare.
 */
function columnWidths(ctx: Ctx, block: Extract<SheetBlock, { kind: 'table' }>, width: number): number[] {
  const n = block.columns.length;
  let weights = block.widths && block.widths.length === n ? block.widths : null;
  if (!weights) {
    const fs = ctx.o.fontSize;
    weights = block.columns.map((h, i) => {
      let w = ctx.doc.font(FONT.bold).fontSize(fs).widthOfString(h);
      for (const row of block.rows) {
        const c = row[i];
        if (c === undefined) continue;
        const cell = cellOf(c);
        w = Math.max(w, ctx.doc.font(FONT.regular).fontSize(fs).widthOfString(cell.text),
          cell.note ? ctx.doc.fontSize(atLeast(ctx, fs * 0.8)).widthOfString(cell.note) : 0);
      }
      return Math.min(w, width * 0.45) + 6;
    });
  }
  const mins = block.columns.map((_, i) => minColumnWidth(ctx, block, i));
  const minSum = mins.reduce((a, b) => a + b, 0);
  // Too narrow for every word: share out by need (cells then shrink their font, see cellFontSize).
  if (minSum >= width) return mins.map((m) => (m / minSum) * width);
  const fixed = new Set<number>();
  for (;;) {
    const free = width - [...fixed].reduce((a, i) => a + mins[i]!, 0);
    const weightSum = weights.reduce((a, w, i) => a + (fixed.has(i) ? 0 : w), 0);
    const out = weights.map((w, i) => (fixed.has(i) ? mins[i]! : (w / weightSum) * free));
    const short = out.findIndex((w, i) => !fixed.has(i) && w < mins[i]!);
    if (short < 0) return out;
    out.forEach((w, i) => { if (!fixed.has(i) && w < mins[i]!) fixed.add(i); });
  }
}

/** True when a cell is only ballot boxes: drawn as that many tick boxes. */
function isTickBoxes(text: string): boolean {
  return text.length > 0 && [...text].every((ch) => ch === TICK_BOX);
}

/** The font size for a cell's text: the table's size, or smaller so its longest word fits the column. */
function cellFontSize(ctx: Ctx, text: string, font: string, size: number, width: number): number {
  const word = longestWord(ctx, text, font, size);
  if (word <= width - PAD) return size;
  return Math.max(atLeast(ctx, size * 0.6), Math.floor((size * (width - PAD)) / word * 4) / 4);
}

function rowHeight(ctx: Ctx, cells: SheetCell[], widths: number[], header: boolean): number {
  const fs = ctx.o.fontSize;
  let h = 0;
  cells.forEach((c, i) => {
    const w = widths[i] ?? 20;
    const font = header || c.strong ? FONT.bold : FONT.regular;
    let ch = textHeight(ctx, c.text, font, cellFontSize(ctx, c.text, font, fs, w), w - PAD);
    if (c.note) ch += textHeight(ctx, c.note, FONT.regular, cellFontSize(ctx, c.note, FONT.regular, atLeast(ctx, fs * 0.8), w), w - PAD);
    h = Math.max(h, ch);
  });
  return h + 4;
}

function drawRow(ctx: Ctx, cells: SheetCell[], widths: number[], header: boolean, h: number): void {
  const { doc } = ctx;
  const fs = ctx.o.fontSize;
  let x = left(ctx);
  const total = widths.reduce((a, b) => a + b, 0);
  if (header && ctx.o.ink === 'color') doc.rect(x, ctx.y, total, h).fillColor('#e4e4e4').fill();
  cells.forEach((c, i) => {
    const w = widths[i] ?? 20;
    if (c.shade && ctx.o.ink === 'color') doc.rect(x, ctx.y, w, h).fillColor('#ececec').fill();
    if (isTickBoxes(c.text)) {
      const box = Math.min(fs * 1.1, h - 4);
      [...c.text].forEach((_, k) => doc.lineWidth(0.6).strokeColor('#111111').rect(x + 2 + k * (box + 2.5), ctx.y + (h - box) / 2, box, box).stroke());
    } else {
      const font = header || c.strong ? FONT.bold : FONT.regular;
      doc.font(font).fontSize(cellFontSize(ctx, c.text, font, fs, w)).fillColor('#111111')
        .text(c.text, x + 2, ctx.y + 2, { width: w - PAD, lineGap: 0.6 });
      if (c.note) {
        doc.font(FONT.regular).fontSize(cellFontSize(ctx, c.note, FONT.regular, atLeast(ctx, fs * 0.8), w)).fillColor('#555555')
          .text(c.note, x + 2, doc.y, { width: w - PAD, lineGap: 0.6 });
      }
    }
    x += w;
  });
  doc.lineWidth(header ? 0.8 : 0.3).strokeColor(header ? '#333333' : '#999999')
    .moveTo(left(ctx), ctx.y + h).lineTo(left(ctx) + total, ctx.y + h).stroke();
}

function table(ctx: Ctx, block: Extract<SheetBlock, { kind: 'table' }>): void {
  const fs = ctx.o.fontSize;
  const widths = columnWidths(ctx, block, ctx.colWidth);
  const head = block.columns.map((t) => ({ text: t }));
  const headH = rowHeight(ctx, head, widths, true);
  const capH = block.caption ? textHeight(ctx, block.caption, FONT.bold, fs, ctx.colWidth) + 2 : 0;
  const heights = block.rows.map((r) => rowHeight(ctx, r.map(cellOf), widths, false));
  const whole = capH + headH + heights.reduce((a, b) => a + b, 0);
  // A short table is kept whole; a long one may break after its first row (the header repeats).
  ensure(ctx, whole <= (bottom(ctx) - top(ctx)) * 0.3 ? whole : capH + headH + (heights[0] ?? 0));
  if (block.caption) ctx.y += put(ctx, block.caption, FONT.bold, fs, left(ctx), ctx.colWidth) + 2;
  const header = (): void => { if (ctx.draw) drawRow(ctx, head, widths, true, headH); ctx.y += headH; };
  header();
  for (const [i, row] of block.rows.entries()) {
    const cells = row.map(cellOf);
    const h = heights[i] ?? 0;
    if (ensure(ctx, h)) header();
    if (ctx.draw) drawRow(ctx, cells, widths, false, h);
    ctx.y += h;
  }
  ctx.y += fs * 0.8;
}

/** Height of the start of a block that must stay with the heading above it (its first line, row or item). */
function leadHeight(ctx: Ctx, b: SheetBlock | undefined): number {
  const fs = ctx.o.fontSize;
  if (!b) return 0;
  switch (b.kind) {
    case 'paragraph': return Math.min(textHeight(ctx, b.text, FONT.regular, fs, ctx.colWidth), fs * 3.6);
    case 'list': return b.items[0] ? textHeight(ctx, b.items[0], FONT.regular, fs, ctx.colWidth - fs * 1.5) : 0;
    case 'note': return textHeight(ctx, b.text, FONT.italic, fs, ctx.colWidth - 2 * NOTE_PAD - 3) + 2 * NOTE_PAD;
    case 'table': {
      const widths = columnWidths(ctx, b, ctx.colWidth);
      const cap = b.caption ? textHeight(ctx, b.caption, FONT.bold, fs, ctx.colWidth) + 2 : 0;
      return cap + rowHeight(ctx, b.columns.map((t) => ({ text: t })), widths, true) + (b.rows[0] ? rowHeight(ctx, b.rows[0].map(cellOf), widths, false) : 0);
    }
    default: return 0;
  }
}

function block(ctx: Ctx, b: SheetBlock, next?: SheetBlock): void {
  const fs = ctx.o.fontSize;
  const x = (): number => left(ctx);
  switch (b.kind) {
    case 'heading': {
      const h = textHeight(ctx, b.text, FONT.bold, fs * 1.25, ctx.colWidth);
      // Keep with next: a heading never ends a column without the start of what it heads.
      ensure(ctx, h + fs * 1.2 + Math.max(fs * 1.5, leadHeight(ctx, next)));
      if (ctx.y > top(ctx) + 0.5) ctx.y += fs * 0.4;
      ctx.y += put(ctx, b.text, FONT.bold, fs * 1.25, x(), ctx.colWidth);
      if (ctx.draw) ctx.doc.lineWidth(0.5).strokeColor('#333333').moveTo(x(), ctx.y).lineTo(x() + ctx.colWidth, ctx.y).stroke();
      ctx.y += fs * 0.35;
      return;
    }
    case 'paragraph': {
      ensure(ctx, textHeight(ctx, b.text, FONT.regular, fs, ctx.colWidth));
      ctx.y += put(ctx, b.text, FONT.regular, fs, x(), ctx.colWidth) + fs * 0.45;
      return;
    }
    case 'list': {
      b.items.forEach((item, i) => {
        const mark = b.ordered ? `${i + 1}.` : '\u2022';
        const indent = fs * 1.5;
        ensure(ctx, textHeight(ctx, item, FONT.regular, fs, ctx.colWidth - indent));
        if (ctx.draw) ctx.doc.font(FONT.regular).fontSize(fs).fillColor('#111111').text(mark, x(), ctx.y, { lineBreak: false });
        ctx.y += put(ctx, item, FONT.regular, fs, x() + indent, ctx.colWidth - indent) + fs * 0.15;
      });
      ctx.y += fs * 0.35;
      return;
    }
    case 'table': table(ctx, b); return;
    case 'note': {
      const pad = NOTE_PAD;
      const h = textHeight(ctx, b.text, FONT.italic, fs, ctx.colWidth - 2 * pad - 3) + 2 * pad;
      ensure(ctx, h);
      if (ctx.draw) {
        ctx.doc.lineWidth(0.6).strokeColor('#333333').rect(x(), ctx.y, ctx.colWidth, h).stroke();
        ctx.doc.lineWidth(2.4).moveTo(x() + 1.2, ctx.y).lineTo(x() + 1.2, ctx.y + h).stroke();
      }
      ctx.y += pad;
      put(ctx, b.text, FONT.italic, fs, x() + pad + 3, ctx.colWidth - 2 * pad - 3);
      ctx.y += h - pad + fs * 0.35;
      return;
    }
    case 'pageBreak': if (ctx.o.pageBreaks !== false && (ctx.y > top(ctx) + 0.5 || ctx.col > 0)) newPage(ctx); return;
  }
}

function run(doc: Doc, sheet: Sheet, o: Ctx['o'], draw: boolean): number {
  const p = PAPER_SIZES[o.paper];
  const width = o.landscape ? p.height : p.width;
  const height = o.landscape ? p.width : p.height;
  const ctx: Ctx = {
    doc, draw, o, sheet, width, height, colWidth: (width - 2 * MARGIN - (o.columns - 1) * GUTTER) / o.columns, col: 0, y: 0, pages: 0, header: { height: 30, subtitleBelow: false },
  };
  ctx.header = headerLayout(ctx);
  newPage(ctx);
  sheet.blocks.forEach((b, i) => block(ctx, b, sheet.blocks[i + 1]));
  return ctx.pages;
}

/** The pages a sheet would take, measured without drawing. */
export function sheetPages(doc: Doc, sheet: Sheet, options: SheetRenderOptions): number {
  const o = { columns: 1 as const, fontSize: 8, ...options };
  if (o.fitPages) {
    while (o.fontSize > 5.5 && run(doc, sheet, o, false) > o.fitPages) o.fontSize -= 0.25;
  }
  return run(doc, sheet, o, false);
}

/** Add a sheet's pages to a document; returns the number of pages and the font size used. */
export function renderSheet(doc: Doc, sheet: Sheet, options: SheetRenderOptions): { pages: number; fontSize: number } {
  const o = { columns: 1 as const, fontSize: 8, ...options };
  if (o.fitPages) {
    while (o.fontSize > 5.5 && run(doc, sheet, o, false) > o.fitPages) o.fontSize -= 0.25;
  }
  return { pages: run(doc, sheet, o, true), fontSize: o.fontSize };
}
