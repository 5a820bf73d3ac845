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

/**
 * A footer at the bottom of the page: left text and right text (7 pt unless `size` says more). A left text too
 * long for the room beside the right one wraps upwards onto more lines instead of running under it.
 */
export function footer(doc: Doc, width: number, height: number, left: string, right: string, margin = 30, size = 7): void {
  doc.save().font(FONT.regular).fontSize(size).fillColor('#555555');
  const y = height - margin + 10 * (size / 7);
  const w = doc.widthOfString(right);
  const room = width - 2 * margin - w - size;
  if (doc.widthOfString(left) <= room) {
    doc.text(left, margin, y, { lineBreak: false });
  } else {
    const h = doc.heightOfString(left, { width: room });
    doc.text(left, margin, y + doc.currentLineHeight() - h, { width: room });
  }
  doc.text(right, width - margin - w, y, { lineBreak: false });
  doc.restore();
}
