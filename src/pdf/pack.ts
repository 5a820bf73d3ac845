/**
 * The print pack: map (fit or true scale), rosters and the Nevsky reference sheet, as one PDF or one PDF per
 * document. Pure: data and options in, bytes out; the caller may pass `pause` to yield between pages so a
 * browser page stays responsive.
 */
import type { Scenario } from '../rules';
import { nevskyReference } from '../rulesets/nevsky-reference';
import { drawFitMap } from './map-fit';
import { drawTiledMap } from './map-tiles';
import { checkPrintOptions, type PrintDocument, type PrintOptions } from './options';
import { addPage } from './page';
import { createDoc, finishDoc, FONT, type Doc } from './pdfkit';
import { rosterSheets } from './roster';
import { renderSheet } from './sheet';

export interface BuildHooks {
  /** Called between documents and sheets; return a promise to let other work run (the browser's event loop). */
  pause?: () => Promise<void>;
  /** Progress as (done, total) documents. */
  progress?: (done: number, total: number) => void;
}

/** Pages a document section added, counted by pdfkit's page events. */
function pageCounter(doc: Doc): () => number {
  let n = 0;
  doc.on('pageAdded', () => { n++; });
  return () => n;
}

async function drawDocument(doc: Doc, scenario: Scenario, which: PrintDocument, opts: PrintOptions, pages: () => number, hooks: BuildHooks): Promise<void> {
  if (which === 'map') {
    if (opts.scale === 'fit') drawFitMap(doc, scenario, opts); else await drawTiledMap(doc, scenario, opts, hooks.pause);
  } else if (which === 'rosters') {
    for (const sheet of rosterSheets(scenario)) {
      renderSheet(doc, sheet, { paper: opts.paper, ink: opts.ink, fontSize: 8, printedOn: opts.printedOn });
      await hooks.pause?.();
    }
  } else {
    // The reference is one sheet printed on both sides: start it on an odd page of a combined PDF.
    if (pages() % 2 === 1) {
      const { width, height } = addPage(doc, opts.paper);
      doc.font(FONT.italic).fontSize(9).fillColor('#666666')
        .text('Left blank on purpose: the quick-reference sheet that follows prints on both sides of one sheet.', 60, height / 2, { width: width - 120, align: 'center' });
    }
    renderSheet(doc, nevskyReference(), { paper: opts.paper, ink: opts.ink, columns: 2, fontSize: 7.5, fitPages: 2, printedOn: opts.printedOn });
  }
}

/** File-name part and title of each document. */
export const DOCUMENT_TITLES: Record<PrintDocument, string> = { map: 'Map', rosters: 'Rosters', reference: 'Nevsky quick reference' };

/** One PDF holding the chosen documents in the order map, rosters, reference. */
export async function buildPrintPdf(scenario: Scenario, opts: PrintOptions, hooks: BuildHooks = {}): Promise<Uint8Array> {
  const problems = checkPrintOptions(opts);
  if (problems.length) throw new Error(`print options: ${problems.join('; ')}`);
  const doc = createDoc({ title: `${scenario.meta.title}: print pack`, subject: opts.documents.map((d) => DOCUMENT_TITLES[d]).join(', ') });
  const pages = pageCounter(doc);
  const order = (['map', 'rosters', 'reference'] as const).filter((d) => opts.documents.includes(d));
  for (const [i, which] of order.entries()) {
    await drawDocument(doc, scenario, which, opts, pages, hooks);
    hooks.progress?.(i + 1, order.length);
    await hooks.pause?.();
  }
  return finishDoc(doc);
}

/** One PDF per chosen document, for the command line. */
export async function buildPrintFiles(scenario: Scenario, opts: PrintOptions, hooks: BuildHooks = {}): Promise<Array<{ document: PrintDocument; bytes: Uint8Array }>> {
  const out: Array<{ document: PrintDocument; bytes: Uint8Array }> = [];
  for (const document of (['map', 'rosters', 'reference'] as const).filter((d) => opts.documents.includes(d))) {
    out.push({ document, bytes: await buildPrintPdf(scenario, { ...opts, documents: [document] }, hooks) });
  }
  return out;
}

/** The Nevsky reference sheet alone (two pages). */
export async function buildReferencePdf(opts: Pick<PrintOptions, 'paper' | 'ink' | 'printedOn'>): Promise<Uint8Array> {
  const doc = createDoc({ title: 'Nevsky quick reference' });
  renderSheet(doc, nevskyReference(), { paper: opts.paper, ink: opts.ink, columns: 2, fontSize: 7.5, fitPages: 2, printedOn: opts.printedOn });
  return finishDoc(doc);
}
