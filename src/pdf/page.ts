/** Page furniture shared by every document: adding a page of a paper and orientation, footers. */
import { PAPER_SIZES, type Paper } from './options';
import { FONT, type Doc } from './pdfkit';

/** Add a page of the paper in an orientation; returns its width and height in points. */
export function addPage(doc: Doc, paper: Paper, orientation: 'portrait' | 'landscape' = 'portrait'): { width: number; height: number } {
  const p = PAPER_SIZES[paper];
  const width = orientation === 'portrait' ? p.width : p.height;
  const height = orientation === 'portrait' ? p.height : p.width;
  doc.addPage({ size: [width, height], margin: 0 });
  return { width, height };
}

/** A one-line footer at the bottom of the page: left text and right text. */
export function footer(doc: Doc, width: number, height: number, left: string, right: string, margin = 30): void {
  doc.save().font(FONT.regular).fontSize(7).fillColor('#555555');
  doc.text(left, margin, height - margin + 10, { lineBreak: false });
  const w = doc.widthOfString(right);
  doc.text(right, width - margin - w, height - margin + 10, { lineBreak: false });
  doc.restore();
}
