/** Test helper: every text item of a PDF with its box on the page (points, y down from the top) and font size. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface TextBox { page: number; str: string; size: number; x0: number; x1: number; top: number; bottom: number }

/**
 * The text items of each page as boxes in pdfkit's coordinates (origin top left): left and right from the item's
 * advance width, top and bottom from its font's ascent and descent, as pdf.js reads them from the PDF.
 */
export async function textBoxes(bytes: Uint8Array): Promise<{ boxes: TextBox[]; pages: Array<{ width: number; height: number }> }> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const boxes: TextBox[] = [];
  const pages: Array<{ width: number; height: number }> = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const height = y1 - y0;
    pages.push({ width: x1 - x0, height });
    const content = await page.getTextContent();
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      const [a, b, , , e, f] = it.transform as number[];
      const size = Math.hypot(a!, b!);
      const style = content.styles[it.fontName];
      const ascent = style?.ascent ?? 0.9;
      const descent = style?.descent ?? -0.25;
      boxes.push({ page: i, str: it.str, size, x0: e!, x1: e! + it.width, top: height - (f! + ascent * size), bottom: height - (f! + descent * size) });
    }
  }
  await doc.destroy();
  return { boxes, pages };
}
