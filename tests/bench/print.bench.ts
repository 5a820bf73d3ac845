/**
 * Print (issues 5 and 12): time to build the PDFs for the two-division template in Node with the embedded Unicode font, a
 * 12-turn battle report, a six-scenario booklet, and the size of the print chunk the browser lazy-loads.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { battleReportPdf, buildBookletPdf, buildPrintPdf, buildReferencePdf, buildRosterPdf, type PrintOptions } from '../../src/pdf';
import { applyAction, createGame, playOut, saveGame, simplePolicy } from '../../src/rules';
import { printFonts } from '../../src/cli/print-fonts';
import { RULESET_IDS, parseRoster } from '../../src/rulesets';
import { TEMPLATES, templateScenario } from '../../src/scenario';
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

/** Median and worst time of an async PDF build after one warm-up run, and its size. */
async function timePdf(build: () => Promise<Uint8Array>, runs = 5): Promise<{ median: number; max: number; bytes: number }> {
  let bytes = (await build()).length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    bytes = (await build()).length;
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
  name: 'Print (issues 5 and 12)',
  async run() {
    const fonts = await printFonts();
    const base: PrintOptions = { paper: 'a4', scale: 'fit', ink: 'color', correction: 100, documents: ['map', 'rosters', 'reference'], printedOn: '2026-11-22', fonts };
    const rows: BenchRow[] = [];
    const all = await timeBuild({ ...base, documents: ['map', 'rosters', 'reference', 'counters'] });
    rows.push({ label: 'two-divisions, whole pack incl. counters (DejaVu)', value: all.median, unit: 'ms', note: `median of 5, worst ${all.max.toFixed(0)} ms, ${(all.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const game = saveGame(playOut(createGame(templateScenario('open-field')!, { seed: 3, turnLimit: 12 }), simplePolicy(3), applyAction));
    const report = await timePdf(() => battleReportPdf(game, { paper: 'a4', fonts, printedOn: '2026-11-22' }));
    rows.push({ label: `battle report, 12 turns (${game.actions.length} actions)`, value: report.median, unit: 'ms', note: `median of 5, worst ${report.max.toFixed(0)} ms, ${(report.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const six = TEMPLATES.slice(0, 6).map((t) => t.scenario);
    const booklet = await timePdf(() => buildBookletPdf(six, { title: 'Club day', paper: 'a4', reference: true, fonts, printedOn: '2026-11-22' }));
    rows.push({ label: `booklet, ${six.length} scenarios + reference`, value: booklet.median, unit: 'ms', note: `median of 5, worst ${booklet.max.toFixed(0)} ms, ${(booklet.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const fit = await timeBuild(base);
    rows.push({ label: 'two-divisions, fit map + rosters + reference', value: fit.median, unit: 'ms', note: `median of 5, worst ${fit.max.toFixed(0)} ms, ${(fit.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    const tiles = await timeBuild({ ...base, scale: '25mm' });
    rows.push({ label: 'two-divisions, 25mm tiled map + rosters + ref.', value: tiles.median, unit: 'ms', note: `median of 5, worst ${tiles.max.toFixed(0)} ms, ${(tiles.bytes / 1024).toFixed(0)} KB; aim < 1000` });
    for (const ruleset of RULESET_IDS) {
      const t = await timePdf(() => buildReferencePdf({ ruleset, paper: 'a4', printedOn: '2026-11-22' }));
      rows.push({ label: `reference PDF: ${ruleset}`, value: t.median, unit: 'ms', note: `median of 5, worst ${t.max.toFixed(0)} ms, ${(t.bytes / 1024).toFixed(0)} KB` });
    }
    for (const name of ['dewitt-english-retinue', 'splendid-victory-eastern-association']) {
      const parsed = parseRoster(readFileSync(new URL(`../../templates/rosters/${name}.json`, import.meta.url), 'utf8'));
      if (!parsed.ok) throw new Error(`${name} does not parse`);
      const t = await timePdf(() => buildRosterPdf(parsed.roster, { paper: 'a4', printedOn: '2026-11-22' }));
      rows.push({ label: `roster PDF: ${name}`, value: t.median, unit: 'ms', note: `median of 5, worst ${t.max.toFixed(0)} ms, ${(t.bytes / 1024).toFixed(0)} KB` });
    }
    const chunk = await lazyChunkSize();
    rows.push({ label: 'lazy print chunk (vite build, minified)', value: chunk.raw / 1024, unit: 'KB', note: `${chunk.files} file(s)` });
    rows.push({ label: 'lazy print chunk, gzip', value: chunk.gzip / 1024, unit: 'KB' });
    return rows;
  },
};
