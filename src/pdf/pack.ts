/**
 * The print pack: map (fit or true scale), rosters, the Nevsky reference sheet and the counter sheet, as one PDF
 * or one PDF per document, and the plan of what a build will give (pages, paper, file names) before building.
 * Pure: data and options in, bytes out; the caller may pass `pause` to yield between pages so a browser page
 * stays responsive.
 */
import { validateScenario, type Scenario } from '../rules';
import { resolveScenario } from '../scenario';
import { hasSideBriefings, sideBriefingSheets } from './briefings';
import { drawCounterSheets, layoutCounters } from './counters';
import { describeCharacters } from './fonts';
import { briefingBand, drawFitMap, fitOrientation } from './map-fit';
import { drawTiledMap, tilePlanFor } from './map-tiles';
import { checkPrintOptions, PAPER_SIZES, PRINT_DOCUMENTS, scaleWords, type PrintDocument, type PrintOptions } from './options';
import { addPage } from './page';
import { createDoc, finishDoc, FONT, missingCharacters, type Doc } from './pdfkit';
import { rosterSheets } from './roster';
import { drawReference, referencePages } from './ruleset-pdfs';
import { renderSheet, sheetPages } from './sheet';

export interface BuildHooks {
  /** Called between documents and sheets; return a promise to let other work run (the browser's event loop). */
  pause?: () => Promise<void>;
  /** Progress as (done, total) documents. */
  progress?: (done: number, total: number) => void;
  /** Told the characters the font could not print (each once), when there are any. */
  missing?: (chars: string[]) => void;
}

/** Pages a document section added, counted by pdfkit's page events. */
function pageCounter(doc: Doc): () => number {
  let n = 0;
  doc.on('pageAdded', () => { n++; });
  return () => n;
}

const ROSTER_FONT = 8;
const BRIEFING_FONT = 10;
const BLANK_NOTE = 'Left blank on purpose: the quick-reference sheet that follows prints on both sides of one sheet.';

async function drawDocument(doc: Doc, scenario: Scenario, which: PrintDocument, opts: PrintOptions, pages: () => number, hooks: BuildHooks): Promise<void> {
  if (which === 'map') {
    if (opts.scale === 'fit') drawFitMap(doc, scenario, opts); else await drawTiledMap(doc, scenario, opts, hooks.pause);
  } else if (which === 'briefings') {
    for (const sheet of sideBriefingSheets(scenario)) {
      renderSheet(doc, sheet, { paper: opts.paper, ink: opts.ink, fontSize: BRIEFING_FONT, printedOn: opts.printedOn });
      await hooks.pause?.();
    }
  } else if (which === 'rosters') {
    for (const sheet of rosterSheets(scenario)) {
      renderSheet(doc, sheet, { paper: opts.paper, ink: opts.ink, fontSize: ROSTER_FONT, printedOn: opts.printedOn });
      await hooks.pause?.();
    }
  } else if (which === 'counters') {
    drawCounterSheets(doc, scenario, opts);
  } else {
    // The standard reference is one sheet printed on both sides: start it on an odd page of a combined PDF.
    if (doubleSided(opts) && pages() % 2 === 1) {
      const { width, height } = addPage(doc, opts.paper);
      doc.font(FONT.italic).fontSize(9).fillColor('#666666').text(BLANK_NOTE, 60, height / 2, { width: width - 120, align: 'center' });
    }
    drawReference(doc, 'nevsky', { ...opts, print: opts.reference });
  }
}

/** The standard Nevsky reference is one sheet printed on both sides; large print is read page by page. */
function doubleSided(opts: Pick<PrintOptions, 'reference'>): boolean {
  return (opts.reference ?? 'standard') === 'standard';
}

/** File-name part and title of each document. */
export const DOCUMENT_TITLES: Record<PrintDocument, string> = { map: 'Map', briefings: 'Side briefings', rosters: 'Rosters', reference: 'Nevsky quick reference', counters: 'Counters' };

/** The documents chosen, in print order. */
function ordered(opts: PrintOptions): PrintDocument[] {
  return PRINT_DOCUMENTS.filter((d) => opts.documents.includes(d));
}

/** A file-name stem from a title: lower case, letters of any script and digits kept, the rest as dashes. */
export function fileSlug(title: string): string {
  const slug = title.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return [...slug].slice(0, 60).join('') || 'scenario';
}

/**
 * File name of one document: `<base>-map-fit.pdf`, `-map-25mm.pdf` (a terrain-only mat: `-mat-25mm.pdf`), `-rosters.pdf`,
 * `-briefings.pdf`, `-reference.pdf`, `-counters.pdf`.
 */
export function documentFileName(base: string, document: PrintDocument, opts: Pick<PrintOptions, 'scale' | 'terrainOnly'>): string {
  return document === 'map' ? `${base}-${opts.terrainOnly ? 'mat' : 'map'}-${opts.scale}.pdf` : `${base}-${document}.pdf`;
}

/** File name of a PDF with several of the documents: the one document's name, or `<base>-pack.pdf`. */
export function packFileName(base: string, opts: Pick<PrintOptions, 'scale' | 'documents' | 'terrainOnly'>): string {
  const docs = PRINT_DOCUMENTS.filter((d) => opts.documents.includes(d));
  return docs.length === 1 ? documentFileName(base, docs[0]!, opts) : `${base}-pack.pdf`;
}

export interface PlanEntry { document: PrintDocument; title: string; pages: number; fileName: string; note: string }
export interface PrintPlan {
  entries: PlanEntry[];
  /** Pages of the one-file pack (including a blank page before a double-sided reference when needed). */
  totalPages: number;
  paper: string;
  packFileName: string;
  /** Set-up errors of the scenario (it still prints). */
  errors: number;
  /** Scenario text the font cannot print, each character once. */
  missing: string[];
}

/** Every text of a scenario that prints: titles, description, author, notes, objective labels, side names, briefings and unit ids. */
export function scenarioTexts(scenario: Scenario): string[] {
  const m = scenario.meta;
  return [m.title, m.author ?? '', m.description ?? '', scenario.notes ?? '', ...(scenario.objectives ?? []).map((o) => o.label),
    ...scenario.sides.flatMap((s) => [s.name ?? '', s.id, s.briefing ?? '', ...s.units.map((u) => u.id)])];
}

/** What a build will give, before building: pages per document, paper and file names. */
export function printPlan(scenario: Scenario, opts: PrintOptions, base = fileSlug(scenario.meta.title)): PrintPlan {
  const rs = resolveScenario(scenario);
  const paper = PAPER_SIZES[opts.paper].label;
  const measure = createDoc({ title: 'measure', fonts: opts.fonts });
  const entries: PlanEntry[] = ordered(opts).map((document) => {
    let pages = 0;
    let note = '';
    if (document === 'map') {
      if (opts.scale === 'fit') {
        pages = 1;
        note = `fit to one ${paper} page (${fitOrientation(rs.board.columns, rs.board.rows, opts.paper, briefingBand(scenario))})`;
      } else {
        const plan = tilePlanFor(scenario, opts);
        pages = plan.tiles.length + 1;
        note = `${plan.tiles.length} tiles (${plan.tileRows} x ${plan.tileColumns}, ${plan.orientation}) at table scale ${scaleWords(opts.scale)} + 1 assembly page`;
      }
      if (opts.terrainOnly) note += '; terrain only, no units';
    } else if (document === 'briefings') {
      pages = sideBriefingSheets(scenario).reduce((n, sheet) => n + sheetPages(measure, sheet, { paper: opts.paper, ink: opts.ink, fontSize: BRIEFING_FONT }), 0);
      note = `one page per side, to hand to that side alone${hasSideBriefings(scenario) ? '' : ' (this scenario has no side briefings yet)'}`;
    } else if (document === 'rosters') {
      pages = rosterSheets(scenario).reduce((n, sheet) => n + sheetPages(measure, sheet, { paper: opts.paper, ink: opts.ink, fontSize: ROSTER_FONT }), 0);
      note = `${rs.sides.length} sides`;
    } else if (document === 'reference') {
      pages = referencePages(measure, 'nevsky', { paper: opts.paper, ink: opts.ink, print: opts.reference });
      note = doubleSided(opts) ? 'print both sides of one sheet' : 'large print, nothing under 9 pt';
    } else {
      const layout = layoutCounters(rs, opts);
      pages = layout.pages.length;
      note = `${layout.pages.reduce((n, p) => n + p.counters.length, 0)} counters, one per ${opts.counters === 'stand' ? 'stand' : 'unit'}`;
    }
    return { document, title: DOCUMENT_TITLES[document], pages, fileName: documentFileName(base, document, opts), note };
  });
  let totalPages = 0;
  for (const e of entries) {
    if (e.document === 'reference' && doubleSided(opts) && totalPages % 2 === 1) totalPages++;
    totalPages += e.pages;
  }
  return { entries, totalPages, paper, packFileName: packFileName(base, opts), errors: validateScenario(scenario).filter((d) => d.severity === 'error').length, missing: unprintable(scenario, opts) };
}

function unprintable(scenario: Scenario, opts: PrintOptions): string[] {
  const doc = createDoc({ title: 'check', fonts: opts.fonts });
  for (const t of scenarioTexts(scenario)) doc.widthOfString(t);
  return missingCharacters(doc);
}

/** A warning naming the characters that print as the placeholder, or null when everything prints. */
export function missingWarning(chars: readonly string[]): string | null {
  return chars.length ? `The font has no glyph for ${describeCharacters(chars)}: ${chars.length === 1 ? 'it prints' : 'they print'} as a white square (□).` : null;
}

/** One PDF holding the chosen documents in the order map, side briefings, rosters, reference, counters. */
export async function buildPrintPdf(scenario: Scenario, opts: PrintOptions, hooks: BuildHooks = {}): Promise<Uint8Array> {
  const problems = checkPrintOptions(opts);
  if (problems.length) throw new Error(`print options: ${problems.join('; ')}`);
  const doc = createDoc({ title: `${scenario.meta.title}: print pack`, subject: opts.documents.map((d) => DOCUMENT_TITLES[d]).join(', '), fonts: opts.fonts });
  const pages = pageCounter(doc);
  const order = ordered(opts);
  for (const [i, which] of order.entries()) {
    await drawDocument(doc, scenario, which, opts, pages, hooks);
    hooks.progress?.(i + 1, order.length);
    await hooks.pause?.();
  }
  const missing = missingCharacters(doc);
  if (missing.length) hooks.missing?.(missing);
  return finishDoc(doc);
}

/** One PDF per chosen document, for the command line. */
export async function buildPrintFiles(scenario: Scenario, opts: PrintOptions, hooks: BuildHooks = {}): Promise<Array<{ document: PrintDocument; bytes: Uint8Array }>> {
  const out: Array<{ document: PrintDocument; bytes: Uint8Array }> = [];
  for (const document of ordered(opts)) {
    out.push({ document, bytes: await buildPrintPdf(scenario, { ...opts, documents: [document] }, hooks) });
  }
  return out;
}
