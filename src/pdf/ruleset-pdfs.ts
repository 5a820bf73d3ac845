/**
 * PDFs for any rule set: its quick-reference sheet and army rosters from roster files. The same functions serve
 * the browser (roster builder, lazy-loaded) and the CLI (`nevsky reference --ruleset`, `nevsky roster --pdf`).
 */
import { RULESET_IDS, getRuleset, rosterSheet, validateRoster, type Roster, type RosterDiagnostic, type RulesetId } from '../rulesets';
import { checkPrintOptions, DEFAULT_PRINT_OPTIONS, type Ink, type Paper } from './options';
import { createDoc, finishDoc, type Doc, type PdfFonts } from './pdfkit';
import { renderSheet, type SheetRenderOptions } from './sheet';

/** How each rule set's reference sheet is laid out. Nevsky's must stay one sheet printed on both sides. */
export const REFERENCE_LAYOUT: Readonly<Record<RulesetId, Pick<SheetRenderOptions, 'columns' | 'fontSize' | 'fitPages'>>> = {
  'nevsky': { columns: 2, fontSize: 7.5, fitPages: 2 },
  'splendid-victory': { columns: 2, fontSize: 8, fitPages: 1 },
  'dewitt-medieval': { columns: 2, fontSize: 8, fitPages: 1 },
  'ancients-quick': { columns: 2, fontSize: 8.5, fitPages: 1 },
};

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
}

function checkPaper(o: SheetPdfOptions): void {
  const problems = checkPrintOptions({ ...DEFAULT_PRINT_OPTIONS, paper: o.paper, ink: o.ink ?? 'color' });
  if (problems.length) throw new Error(`print options: ${problems.join('; ')}`);
}

/** Add a rule set's reference sheet to a document; returns the pages it took. */
export function drawReference(doc: Doc, ruleset: RulesetId, o: SheetPdfOptions): number {
  const rs = getRuleset(ruleset);
  if (!rs) throw new Error(`unknown rule set "${String(ruleset)}": one of ${RULESET_IDS.join(', ')}`);
  return renderSheet(doc, rs.referenceSheet(), { paper: o.paper, ink: o.ink ?? 'color', printedOn: o.printedOn, ...REFERENCE_LAYOUT[rs.id as RulesetId] }).pages;
}

/** A rule set's quick-reference sheet as a PDF (Nevsky by default: two pages, one sheet double-sided). */
export async function buildReferencePdf(o: ReferencePdfOptions): Promise<Uint8Array> {
  checkPaper(o);
  const ruleset = o.ruleset ?? 'nevsky';
  const rs = getRuleset(ruleset);
  if (!rs) throw new Error(`unknown rule set "${String(ruleset)}": one of ${RULESET_IDS.join(', ')}`);
  const doc = createDoc({ title: rs.referenceSheet().title, subject: rs.name, fonts: o.fonts });
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
