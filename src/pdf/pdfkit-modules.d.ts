/** Typings for the pdfkit 0.20 entry points that @types/pdfkit (0.17) does not know yet. */
declare module 'pdfkit/output' {
  export function toBytes(doc: PDFKit.PDFDocument): Promise<Uint8Array>;
  export function toBlob(doc: PDFKit.PDFDocument): Promise<Blob>;
}

declare module 'pdfkit/standard-fonts/*' {
  const font: { name: string };
  export default font;
}

declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
