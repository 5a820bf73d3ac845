/** Print pack (issue 5): time to build the PDFs for the two-division template in Node, and the size of the print chunk the browser lazy-loads. */
import { gzipSync } from 'node:zlib';
import { buildPrintPdf, type PrintOptions } from '../../src/pdf';
import { templateScenario } from '../../src/scenario';
import { medianAndMax, type BenchRow, type BenchSection } from './harness';

async function timeBuild(options: PrintOptions, runs = 5): Promise<{ median: number; max: number; bytes: number }> {
  const scenario = templateScenario('two-divisions')!;
  let bytes = 0;
  await buildPrintPdf(scenario, options); // warm-up: module and font loading
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = (await buildPrintPdf(scenario, options)).length;
    times.push(performance.now() - t0);
  }
  return { ...medianAndMax(times), bytes };
}

/** Bytes of the chunks the print entry loads only through its dynamic import (vite build, not written). */
async function lazyChunkSize(): Promise<{ raw: number; gzip: number; files: number }> {
  const { build } = await import('vite');
  // A stand-in for the editor's entry: it keeps the print loader alive the way the Print button does.
  const entry = '\0print-entry';
  const out = await build({
    configFile: false, logLevel: 'silent', root: process.cwd(),
    plugins: [{
      name: 'print-entry',
      resolveId: (id: string) => (id === 'print-entry' ? entry : null),
      load: (id: string) => (id === entry ? `import { loadPrintModule } from '${process.cwd()}/src/composables/usePrint.ts'; globalThis.print = loadPrintModule;` : null),
    }],
    build: { write: false, minify: true, target: 'es2022', rollupOptions: { input: 'print-entry' } },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Array<{ output: Array<{ type: string; fileName: string; code?: string; isEntry?: boolean; imports?: string[] }> }>;
  const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  const eager = new Set<string>();
  const visit = (name: string): void => {
    if (eager.has(name)) return;
    eager.add(name);
    for (const i of chunks.find((c) => c.fileName === name)?.imports ?? []) visit(i);
  };
  for (const c of chunks) if (c.isEntry) visit(c.fileName);
  const lazy = chunks.filter((c) => !eager.has(c.fileName));
  const code = lazy.map((c) => c.code ?? '').join('');
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code).length, files: lazy.length };
}

export const section: BenchSection = {
  name: 'Print pack (issue 5)',
  async run() {
    const base: PrintOptions = { paper: 'a4', scale: 'fit', ink: 'color', correction: 100, documents: ['map', 'rosters', 'reference'], printedOn: '2026-11-22' };
    const rows: BenchRow[] = [];
    const fit = await timeBuild(base);
    rows.push({ label: 'two-divisions, fit map + rosters + reference', value: fit.median, unit: 'ms', note: `median of 5, worst ${fit.max.toFixed(0)} ms, ${(fit.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const tiles = await timeBuild({ ...base, scale: '25mm' });
    rows.push({ label: 'two-divisions, 25mm tiled map + rosters + ref.', value: tiles.median, unit: 'ms', note: `median of 5, worst ${tiles.max.toFixed(0)} ms, ${(tiles.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const chunk = await lazyChunkSize();
    rows.push({ label: 'lazy print chunk (vite build, minified)', value: chunk.raw / 1024, unit: 'KB', note: `${chunk.files} file(s)` });
    rows.push({ label: 'lazy print chunk, gzip', value: chunk.gzip / 1024, unit: 'KB' });
    return rows;
  },
};
