/** The Unicode font the CLI embeds in every PDF: DejaVu Sans from the dejavu-fonts-ttf package, read once. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from '../pdf';

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf' } as const;

/** The font files a printing command reads (so none of them can be named as its output). */
export function fontFiles(): string[] {
  const dir = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
  return Object.values(FILES).map((f) => dir + f);
}

let loaded: Promise<PdfFonts> | null = null;
/** DejaVu Sans regular, bold and oblique as bytes. */
export function printFonts(): Promise<PdfFonts> {
  loaded ??= (async () => {
    const [regular, bold, italic] = await Promise.all(fontFiles().map(async (f) => new Uint8Array(await readFile(f))));
    return { regular: regular!, bold: bold!, italic: italic! };
  })();
  return loaded;
}
