/**
 * The one place pdfkit is loaded. In Node pdfkit finds its standard fonts itself; its browser build needs them
 * registered, so the fonts the print pack uses are registered whenever the build offers `registerStdFonts`.
 * Every document's text goes through `cleanText` (./fonts.ts) for the face in use, for drawing and measuring alike.
 */
import PDFDocument from 'pdfkit';
import * as pdfkitModule from 'pdfkit';
import { toBytes } from 'pdfkit/output';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';
import HelveticaOblique from 'pdfkit/standard-fonts/HelveticaOblique';
import ZapfDingbats from 'pdfkit/standard-fonts/ZapfDingbats';
import { cleanText, FONT, isPlain, openFont, STANDARD_FACES, standardCoverage, type Coverage, type FaceName, type PdfFonts } from './fonts';

export { FONT, type PdfFonts } from './fonts';

export type Doc = PDFKit.PDFDocument;

let registered = false;
function registerFonts(): void {
  if (registered) return;
  const register = (pdfkitModule as unknown as { registerStdFonts?: (...fonts: unknown[]) => void }).registerStdFonts;
  if (register) register(Helvetica, HelveticaBold, HelveticaOblique, ZapfDingbats);
  registered = true;
}

export interface DocInfo { title: string; author?: string; subject?: string; fonts?: PdfFonts }

const missingByDoc = new WeakMap<Doc, Set<string>>();
/** Characters a document had to print as the placeholder, in order of first use. */
export function missingCharacters(doc: Doc): string[] {
  return [...(missingByDoc.get(doc) ?? [])];
}

type TextFn = (t: string, x?: number | PDFKit.Mixins.TextOptions, y?: number, o?: PDFKit.Mixins.TextOptions) => Doc;
type MeasureFn = (t: string, o?: PDFKit.Mixins.TextOptions) => number;

/** A new document with no page yet (builders add their own pages: sizes and orientations differ). */
export function createDoc(info: DocInfo): Doc {
  registerFonts();
  const Ctor = PDFDocument as unknown as new (options: PDFKit.PDFDocumentOptions) => Doc;
  const doc = new Ctor({
    autoFirstPage: false,
    margin: 0,
    bufferPages: false,
    // No default font: pdfkit would open Helvetica under its own name, and then never cache our 'Body' face
    // that maps to it (every doc.font() call would parse the font metrics again).
    font: null as unknown as string,
    info: { Title: info.title, Author: info.author ?? 'Nevsky Scenario Studio', Subject: info.subject ?? '', Creator: 'Nevsky Scenario Studio' },
  });
  const fonts = info.fonts;
  const faces: Record<FaceName, Coverage> = { 'Body': standardCoverage, 'Body-Bold': standardCoverage, 'Body-Italic': standardCoverage };
  const bytes: Record<FaceName, Uint8Array> | null = fonts ? { 'Body': fonts.regular, 'Body-Bold': fonts.bold, 'Body-Italic': fonts.italic } : null;
  for (const face of Object.values(FONT)) {
    if (bytes) {
      const f = openFont(bytes[face]);
      faces[face] = (cp) => f.hasGlyphForCodePoint(cp);
      // pdfkit parses its own copy per document: a parsed font shared by two documents mixes up their subsets.
      doc.registerFont(face, bytes[face] as unknown as string);
    } else {
      doc.registerFont(face, STANDARD_FACES[face]);
    }
  }
  const missing = new Set<string>();
  missingByDoc.set(doc, missing);
  let face: FaceName = FONT.regular;
  const font = doc.font.bind(doc) as (name: string, size?: number) => Doc;
  (doc as unknown as { font: typeof font }).font = (name, size) => {
    if (name in faces) face = name as FaceName;
    return font(name, size);
  };
  doc.font(FONT.regular);
  const clean = (t: string, o?: PDFKit.Mixins.TextOptions): string => cleanText(String(t), faces[face], !fonts, o?.lineBreak !== false, missing);
  // Every line is placed explicitly by our layouts, so pdfkit must never start a page by itself when text
  // passes the bottom of the page (a tile's labels may lie beyond it): give each call a height limit.
  const text = doc.text.bind(doc) as TextFn;
  (doc as unknown as { text: TextFn }).text = (t, x, y, o) => (typeof x === 'object'
    ? text(clean(t, x), { height: 1e6, ...x })
    : text(clean(t, o), x, y, { height: 1e6, ...o }));
  const width = doc.widthOfString.bind(doc) as MeasureFn;
  // pdfkit measures every word through this: plain ASCII skips the cleaning.
  (doc as unknown as { widthOfString: MeasureFn }).widthOfString = (t, o) => width(isPlain(t) ? t : clean(t, { ...o, lineBreak: false }), o);
  const height = doc.heightOfString.bind(doc) as MeasureFn;
  (doc as unknown as { heightOfString: MeasureFn }).heightOfString = (t, o) => height(clean(t, o), o);
  return doc;
}

/** End the document and collect its bytes. */
export async function finishDoc(doc: Doc): Promise<Uint8Array> {
  const bytes = toBytes(doc);
  doc.end();
  return bytes;
}
