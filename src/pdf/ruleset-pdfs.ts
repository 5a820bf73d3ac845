/**
 * PDFs for any rule set: its quick-reference sheet and army rosters from roster files. The same functions serve
 * the browser (roster builder, lazy-loaded) and the CLI (`nevsky reference --ruleset`, `nevsky roster --pdf`).
 */
import { RULESET_IDS, getRuleset, rosterSheet, validateRoster, type Roster, type RosterDiagnostic, type RulesetId } from '../rulesets';
import { checkPrintOptions, DEFAULT_PRINT_OPTIONS, type Ink, type Paper, type ReferencePrint } from './options';
import { createDoc, finishDoc, type Doc, type PdfFonts } from './pdfkit';
import { renderSheet, sheetPages, type SheetRenderOptions } from './sheet';

type SheetLayout = Pick<SheetRenderOptions, 'columns' | 'fontSize' | 'fitPages' | 'minFontSize' | 'titleSize' | 'pageBreaks'>;

/** How each rule set's reference sheet is laid out. Nevsky's must stay one sheet printed on both sides. */
export const REFERENCE_LAYOUT: Readonly<Record<RulesetId, SheetLayout>> = {
  'nevsky': { columns: 2, fontSize: 7.5, fitPages: 2 },
  'splendid-victory': { columns: 2, fontSize: 8, fitPages: 1 },
  'dewitt-medieval': { columns: 2, fontSize: 8, fitPages: 1 },
  'ancients-quick': { columns: 2, fontSize: 8.5, fitPages: 1 },
};

/**
 * Large print, for reading at arm's length: one wide column, 12 pt text, headings and title to match, and nothing on
 * the page under 9 pt (small print under table cells, footers); as many pages as the content takes, flowing on
 * past the page break the two-page sheet needs.
 */
export const LARGE_PRINT_LAYOUT: SheetLayout = { columns: 1, fontSize: 12, minFontSize: 9, titleSize: 20, pageBreaks: false };

/** The layout of a rule set's reference sheet in a print size (standard when left out). */
export function referenceLayout(ruleset: RulesetId, print: ReferencePrint = 'standard'): SheetLayout {
  return print === 'large' ? LARGE_PRINT_LAYOUT : REFERENCE_LAYOUT[ruleset];
}

export interface SheetPdfOptions {
  paper: Paper;
  ink?: Ink;
  /** Date printed in the footers (ISO), supplied by the caller so the builders stay pure. */
  printedOn?: string;
  /** A Unicode font to embed; the standard fonts when left out. */
  fonts?: PdfFonts;
}

export interface ReferencePdfOptions extends SheetPdfOptions {
  /** Which rule set's sheet; Nevsky when left out. */
  ruleset?: RulesetId;
  /** Standard (default) or large print. */
  print?: ReferencePrint;
}

function checkPaper(o: SheetPdfOptions & { print?: ReferencePrint }): void {
  const problems = checkPrintOptions({ ...DEFAULT_PRINT_OPTIONS, paper: o.paper, ink: o.ink ?? 'color', ...(o.print !== undefined ? { reference: o.print } : {}) });
  if (problems.length) throw new Error(`print options: ${problems.join('; ')}`);
}

/** Add a rule set's reference sheet to a document (footers numbered from `firstPage`); returns the pages it took. */
export function drawReference(doc: Doc, ruleset: RulesetId, o: SheetPdfOptions & { print?: ReferencePrint; firstPage?: number }): number {
  const rs = getRuleset(ruleset);
  if (!rs) throw new Error(`unknown rule set "${String(ruleset)}": one of ${RULESET_IDS.join(', ')}`);
  return renderSheet(doc, rs.referenceSheet(), {
    paper: o.paper, ink: o.ink ?? 'color', printedOn: o.printedOn, ...(o.firstPage ? { firstPage: o.firstPage } : {}), ...referenceLayout(rs.id as RulesetId, o.print),
  }).pages;
}

/** Pages a rule set's reference sheet takes in a print size, measured without drawing (`measure`: a scratch document). */
export function referencePages(measure: Doc, ruleset: RulesetId, o: Pick<SheetPdfOptions, 'paper' | 'ink'> & { print?: ReferencePrint }): number {
  return sheetPages(measure, getRuleset(ruleset)!.referenceSheet(), { paper: o.paper, ink: o.ink ?? 'color', ...referenceLayout(ruleset, o.print) });
}

/** A rule set's quick-reference sheet as a PDF (Nevsky by default: two pages, one sheet double-sided). */
export async function buildReferencePdf(o: ReferencePdfOptions): Promise<Uint8Array> {
  checkPaper(o);
  const ruleset = o.ruleset ?? 'nevsky';
  const rs = getRuleset(ruleset);
  if (!rs) throw new Error(`unknown rule set "${String(ruleset)}": one of ${RULESET_IDS.join(', ')}`);
  const doc = createDoc({ title: `${rs.referenceSheet().title}${o.print === 'large' ? ' (large print)' : ''}`, subject: rs.name, fonts: o.fonts });
  drawReference(doc, ruleset, o);
  return finishDoc(doc);
}

/**
 * A roster file's army as a PDF: each unit with what it is (and its points and running total where the rules
 * have points), the total, and the roster's findings. A roster with errors still prints, errors listed first.
 */
export async function buildRosterPdf(roster: Roster, o: SheetPdfOptions & { diagnostics?: readonly RosterDiagnostic[] }): Promise<Uint8Array> {
  checkPaper(o);
  const sheet = rosterSheet(roster, o.diagnostics ?? validateRoster(roster));
  const doc = createDoc({ title: `${roster.meta.title}: roster`, subject: getRuleset(roster.ruleset)?.name ?? roster.ruleset, fonts: o.fonts });
  renderSheet(doc, sheet, { paper: o.paper, ink: o.ink ?? 'color', fontSize: 9, printedOn: o.printedOn });
  return finishDoc(doc);
}
