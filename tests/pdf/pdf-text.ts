/** Test helper: the text of each page of a PDF, read back with pdf.js (legacy build, runs in Node 20). */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText { pages: string[]; sizes: Array<[number, number]> }

/** Text of every page (items joined by spaces) and each page's size in points. */
export async function pdfText(bytes: Uint8Array, maxPages = Infinity): Promise<PdfText> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  const sizes: Array<[number, number]> = [];
  for (let i = 1; i <= Math.min(doc.numPages, maxPages); i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' ').replace(/\s+/g, ' '));
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    sizes.push([Math.round((x1 - x0) * 100) / 100, Math.round((y1 - y0) * 100) / 100]);
  }
  const pageCount = doc.numPages;
  await doc.destroy();
  return { pages: pageCount > pages.length ? [...pages, ...new Array<string>(pageCount - pages.length).fill('')] : pages, sizes };
}
