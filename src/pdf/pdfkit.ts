/**
 * The one place pdfkit is loaded. In Node pdfkit finds its standard fonts itself; its browser build needs them
 * registered, so the fonts the print pack uses are registered whenever the build offers `registerStdFonts`.
 */
import PDFDocument from 'pdfkit';
import * as pdfkitModule from 'pdfkit';
import { toBytes } from 'pdfkit/output';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';
import HelveticaOblique from 'pdfkit/standard-fonts/HelveticaOblique';
import ZapfDingbats from 'pdfkit/standard-fonts/ZapfDingbats';

export type Doc = PDFKit.PDFDocument;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

let registered = false;
function registerFonts(): void {
  if (registered) return;
  const register = (pdfkitModule as unknown as { registerStdFonts?: (...fonts: unknown[]) => void }).registerStdFonts;
  if (register) register(Helvetica, HelveticaBold, HelveticaOblique, ZapfDingbats);
  registered = true;
}

export interface DocInfo { title: string; author?: string; subject?: string }

/** A new document with no page yet (builders add their own pages: sizes and orientations differ). */
export function createDoc(info: DocInfo): Doc {
  registerFonts();
  const Ctor = PDFDocument as unknown as new (options: PDFKit.PDFDocumentOptions) => Doc;
  const doc = new Ctor({
    autoFirstPage: false,
    margin: 0,
    bufferPages: false,
    info: { Title: info.title, Author: info.author ?? 'Nevsky Scenario Studio', Subject: info.subject ?? '', Creator: 'Nevsky Scenario Studio' },
  });
  // Every line is placed explicitly by our layouts, so pdfkit must never start a page by itself when text
  // passes the bottom of the page (a tile's labels may lie beyond it): give each call a height limit.
  const text = doc.text.bind(doc) as (t: string, x?: number, y?: number, o?: PDFKit.Mixins.TextOptions) => Doc;
  (doc as unknown as { text: typeof text }).text = (t, x, y, o) => text(t, x, y, { height: 1e6, ...o });
  return doc;
}

/** End the document and collect its bytes. */
export async function finishDoc(doc: Doc): Promise<Uint8Array> {
  const bytes = toBytes(doc);
  doc.end();
  return bytes;
}
