/**
 * The generic renderer of printable sheets (src/rulesets/sheet.ts): headings, paragraphs, lists, tables with
 * small-print notes, boxed notes and page breaks, flowed into one or two columns per page. With `fitPages` the
 * font shrinks step by step until the sheet fits (a reference sheet must stay one sheet of paper).
 * A table cell whose text is only ballot boxes (U+2610) is drawn as that many tick boxes.
 */
import type { Sheet, SheetBlock, SheetCell } from '../rulesets/sheet';
import type { Ink, Paper } from './options';
import { addPage, footer, pdfText } from './page';
import { FONT, type Doc } from './pdfkit';
import { PAPER_SIZES } from './options';

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
}

/** The tick-box character: a cell of only these draws that many boxes (one per stand). */
export const TICK_BOX = '\u2610';

const MARGIN = 32;
const HEADER_H = 30;
const FOOTER_H = 18;
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
}

const cellOf = (c: string | SheetCell): SheetCell => (typeof c === 'string' ? { text: c } : c);

function top(_ctx: Ctx): number { return MARGIN + HEADER_H; }
function bottom(ctx: Ctx): number { return ctx.height - MARGIN - FOOTER_H; }
function left(ctx: Ctx): number { return MARGIN + ctx.col * (ctx.colWidth + GUTTER); }

function newPage(ctx: Ctx): void {
  ctx.pages++;
  ctx.col = 0;
  ctx.y = top(ctx);
  if (!ctx.draw) return;
  const size = addPage(ctx.doc, ctx.o.paper, ctx.o.landscape ? 'landscape' : 'portrait');
  const { doc, sheet } = ctx;
  doc.font(FONT.bold).fontSize(13).fillColor('#111111').text(pdfText(sheet.title), MARGIN, MARGIN, { lineBreak: false });
  if (sheet.subtitle) {
    const w = doc.widthOfString(pdfText(sheet.title));
    doc.font(FONT.regular).fontSize(8).fillColor('#444444').text(pdfText(sheet.subtitle), MARGIN + w + 10, MARGIN + 4, { lineBreak: false });
  }
  doc.lineWidth(0.8).strokeColor('#333333').moveTo(MARGIN, MARGIN + 18).lineTo(size.width - MARGIN, MARGIN + 18).stroke();
  footer(doc, size.width, size.height, pdfText(sheet.footer ?? ''), pdfText(`${ctx.o.printedOn ? `printed ${ctx.o.printedOn} · ` : ''}page ${ctx.pages}`), MARGIN);
}

/** Move on to the next column or page unless `need` points fit; true when a break happened. */
function ensure(ctx: Ctx, need: number): boolean {
  if (ctx.y + need <= bottom(ctx) || ctx.y <= top(ctx) + 0.5) return false;
  if (ctx.col + 1 < ctx.o.columns) { ctx.col++; ctx.y = top(ctx); } else newPage(ctx);
  return true;
}

function textHeight(ctx: Ctx, text: string, font: string, size: number, width: number): number {
  return ctx.doc.font(font).fontSize(size).heightOfString(pdfText(text), { width, lineGap: 0.6 });
}

function put(ctx: Ctx, text: string, font: string, size: number, x: number, width: number, color = '#111111', align: 'left' | 'center' = 'left'): number {
  const h = textHeight(ctx, text, font, size, width);
  if (ctx.draw) ctx.doc.font(font).fontSize(size).fillColor(color).text(pdfText(text), x, ctx.y, { width, lineGap: 0.6, align });
  return h;
}

function columnWidths(ctx: Ctx, block: Extract<SheetBlock, { kind: 'table' }>, width: number): number[] {
  const n = block.columns.length;
  let weights = block.widths && block.widths.length === n ? block.widths : null;
  if (!weights) {
    const fs = ctx.o.fontSize;
    weights = block.columns.map((h, i) => {
      let w = ctx.doc.font(FONT.bold).fontSize(fs).widthOfString(pdfText(h));
      for (const row of block.rows) {
        const c = row[i];
        if (c === undefined) continue;
        const cell = cellOf(c);
        w = Math.max(w, ctx.doc.font(FONT.regular).fontSize(fs).widthOfString(pdfText(cell.text)),
          cell.note ? ctx.doc.fontSize(fs * 0.8).widthOfString(pdfText(cell.note)) : 0);
      }
      return Math.min(w, width * 0.45) + 6;
    });
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / sum) * width);
}

function rowHeight(ctx: Ctx, cells: SheetCell[], widths: number[], header: boolean): number {
  const fs = ctx.o.fontSize;
  let h = 0;
  cells.forEach((c, i) => {
    const w = (widths[i] ?? 20) - 4;
    let ch = textHeight(ctx, c.text, header || c.strong ? FONT.bold : FONT.regular, fs, w);
    if (c.note) ch += textHeight(ctx, c.note, FONT.regular, fs * 0.8, w);
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
    if (c.text.length > 0 && [...c.text].every((ch) => ch === TICK_BOX)) {
      const box = Math.min(fs * 1.1, h - 4);
      [...c.text].forEach((_, k) => doc.lineWidth(0.6).strokeColor('#111111').rect(x + 2 + k * (box + 2.5), ctx.y + (h - box) / 2, box, box).stroke());
    } else {
      doc.font(header || c.strong ? FONT.bold : FONT.regular).fontSize(fs).fillColor('#111111')
        .text(pdfText(c.text), x + 2, ctx.y + 2, { width: w - 4, lineGap: 0.6 });
      if (c.note) doc.font(FONT.regular).fontSize(fs * 0.8).fillColor('#555555').text(pdfText(c.note), x + 2, doc.y, { width: w - 4, lineGap: 0.6 });
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
  const first = block.rows[0] ? rowHeight(ctx, block.rows[0].map(cellOf), widths, false) : 0;
  ensure(ctx, capH + headH + first);
  if (block.caption) ctx.y += put(ctx, block.caption, FONT.bold, fs, left(ctx), ctx.colWidth) + 2;
  const header = (): void => { if (ctx.draw) drawRow(ctx, head, widths, true, headH); ctx.y += headH; };
  header();
  for (const row of block.rows) {
    const cells = row.map(cellOf);
    const h = rowHeight(ctx, cells, widths, false);
    if (ensure(ctx, h)) header();
    if (ctx.draw) drawRow(ctx, cells, widths, false, h);
    ctx.y += h;
  }
  ctx.y += fs * 0.8;
}

function block(ctx: Ctx, b: SheetBlock): void {
  const fs = ctx.o.fontSize;
  const x = (): number => left(ctx);
  switch (b.kind) {
    case 'heading': {
      const h = textHeight(ctx, b.text, FONT.bold, fs * 1.25, ctx.colWidth);
      ensure(ctx, h + fs * 3);
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
      const pad = 4;
      const h = textHeight(ctx, b.text, FONT.italic, fs, ctx.colWidth - 2 * pad - 3) + 2 * pad;
      ensure(ctx, h);
      if (ctx.draw) {
        ctx.doc.lineWidth(0.6).strokeColor('#333333').rect(x(), ctx.y, ctx.colWidth, h).stroke();
        ctx.doc.lineWidth(2.4).moveTo(x() + 1.2, ctx.y).lineTo(x() + 1.2, ctx.y + h).stroke();
      }
      ctx.y += pad;
      put(ctx, b.text, FONT.italic, fs, x() + pad + 3, ctx.colWidth - 2 * pad - 3);
      ctx.y += h - pad + fs * 0.5;
      return;
    }
    case 'pageBreak': if (ctx.y > top(ctx) + 0.5 || ctx.col > 0) newPage(ctx); return;
  }
}

function run(doc: Doc, sheet: Sheet, o: Ctx['o'], draw: boolean): number {
  const p = PAPER_SIZES[o.paper];
  const width = o.landscape ? p.height : p.width;
  const height = o.landscape ? p.width : p.height;
  const ctx: Ctx = { doc, draw, o, sheet, width, height, colWidth: (width - 2 * MARGIN - (o.columns - 1) * GUTTER) / o.columns, col: 0, y: 0, pages: 0 };
  newPage(ctx);
  for (const b of sheet.blocks) block(ctx, b);
  return ctx.pages;
}

/** Add a sheet's pages to a document; returns the number of pages and the font size used. */
export function renderSheet(doc: Doc, sheet: Sheet, options: SheetRenderOptions): { pages: number; fontSize: number } {
  const o = { columns: 1 as const, fontSize: 8, ...options };
  if (o.fitPages) {
    while (o.fontSize > 5.5 && run(doc, sheet, o, false) > o.fitPages) o.fontSize -= 0.25;
  }
  return { pages: run(doc, sheet, o, true), fontSize: o.fontSize };
}
