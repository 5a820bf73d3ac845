/** The Unicode font the CLI embeds in every PDF: DejaVu Sans from the dejavu-fonts-ttf package, read once. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from '../pdf';

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf' } as const;

let loaded: Promise<PdfFonts> | null = null;
/** DejaVu Sans regular, bold and oblique as bytes. */
export function printFonts(): Promise<PdfFonts> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
    const read = async (f: string): Promise<Uint8Array> => new Uint8Array(await readFile(dir + f));
    return { regular: await read(FILES.regular), bold: await read(FILES.bold), italic: await read(FILES.italic) };
  })();
  return loaded;
}
