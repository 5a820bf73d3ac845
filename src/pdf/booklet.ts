/**
 * The event booklet: several scenarios in one PDF for a club day. A cover (event name, date), a contents page,
 * then per scenario its briefing (title, description, rules options, forces and points) and fit map, each side's
 * own briefing on pages of its own (when the scenario has side briefings), optionally its rosters, and at the end one copy of the quick reference. Page numbers in the contents are measured first;
 * every page after the cover prints its number in the footer (maps, the blank page and the reference too).
 */
import { TROOPS, TROOP_TYPES, divisionPoints, unitPoints, type Scenario } from '../rules';
import type { Sheet, SheetBlock } from '../rulesets/sheet';
import { resolveScenario } from '../scenario';
import { hasSideBriefings, NOTES_NOT_ENFORCED, sideBriefingSheets } from './briefings';
import { drawFitMap, rulesLine } from './map-fit';
import type { Ink, Paper, PrintOptions, ReferencePrint } from './options';
import { addPage, footer } from './page';
import { createDoc, finishDoc, FONT, missingCharacters, type Doc, type PdfFonts } from './pdfkit';
import { rosterSheets } from './roster';
import { drawReference, referencePages } from './ruleset-pdfs';
import { renderSheet, sheetPages } from './sheet';

export interface BookletOptions {
  title: string;
  /** The event's date as the organiser writes it (free text). */
  date?: string;
  paper: Paper;
  ink?: Ink;
  rosters?: boolean;
  reference?: boolean;
  /** The reference in standard print (one double-sided sheet, the default) or large print. */
  referencePrint?: ReferencePrint;
  printedOn?: string;
  fonts?: PdfFonts;
}

/** A scenario's briefing for both sides: description, rules options, objectives, notes, forces and points (never a side's own orders). */
export function briefingSheet(scenario: Scenario): Sheet {
  const rs = resolveScenario(scenario);
  const m = scenario.meta;
  const blocks: SheetBlock[] = [];
  const by = [m.author ? `By ${m.author}` : '', m.created ? `created ${m.created}` : '', `${rs.board.columns} x ${rs.board.rows} squares`].filter(Boolean).join(' · ');
  blocks.push({ kind: 'paragraph', text: by });
  if (m.description) for (const para of m.description.split(/\n\s*\n/)) blocks.push({ kind: 'paragraph', text: para.trim() });
  blocks.push({ kind: 'heading', text: 'Rules options' }, { kind: 'paragraph', text: rulesLine(rs) });
  const objectives = scenario.objectives ?? [];
  if (objectives.length) {
    const sideName = (id: string): string => rs.sides.find((s) => s.id === id)?.name ?? id;
    blocks.push({ kind: 'heading', text: 'Objectives' }, {
      kind: 'table',
      columns: ['Objective', 'Squares', 'Points', 'Scored by'],
      rows: objectives.map((o) => [{ text: o.label, strong: true }, o.squares.join(', '), String(o.points), o.for ? `${sideName(o.for)} only` : 'either side']),
    });
  }
  const notes = (scenario.notes ?? '').trim();
  if (notes) {
    blocks.push({ kind: 'heading', text: 'Notes' }, { kind: 'note', text: NOTES_NOT_ENFORCED });
    for (const para of notes.split(/\n\s*\n/)) if (para.trim()) blocks.push({ kind: 'paragraph', text: para.trim() });
  }
  blocks.push({ kind: 'heading', text: 'Forces' });
  blocks.push({
    kind: 'table',
    columns: ['Side', 'Army', 'Edge', 'Divisions', 'Units', 'Points', 'Standard'],
    rows: rs.sides.map((s) => [
      { text: s.name, strong: true }, s.army === 'teutonic' ? 'Teutonic' : 'Russian', s.edge, String(s.divisions), String(s.units.length),
      String(s.units.reduce((n, u) => n + unitPoints(u.type, u.stands), 0)), String(divisionPoints(s.army, s.divisions)),
    ]),
  });
  for (const s of rs.sides) {
    const counts = TROOP_TYPES.map((t) => [t, s.units.filter((u) => u.type === t).length] as const).filter(([, n]) => n > 0);
    blocks.push({ kind: 'paragraph', text: `${s.name}: ${counts.map(([t, n]) => `${n} ${TROOPS[t].name.toLowerCase()}`).join(', ') || 'no units yet'}.` });
  }
  return { title: m.title, subtitle: 'Briefing', footer: `Nevsky Scenario Studio · ${m.title}`, blocks };
}

/** Font size of the sides' briefing pages. */
const SIDE_FONT = 10;

/**
 * A scenario's pages: its briefing, its map, then (when a side has a briefing) each side's briefing on pages of its
 * own, then its rosters. `sides` holds each side's sheet with its first page.
 */
interface Section {
  scenario: Scenario; briefing: Sheet; rosters: Sheet[]; start: number; briefingPages: number; pages: number;
  sides: Array<{ name: string; sheet: Sheet; start: number; pages: number }>;
}

function plan(doc: Doc, scenarios: Scenario[], o: BookletOptions): { sections: Section[]; referenceStart: number; blankBeforeReference: boolean } {
  let page = 3;
  const sections = scenarios.map((scenario) => {
    const briefing = briefingSheet(scenario);
    const rosters = o.rosters ? rosterSheets(scenario) : [];
    const briefingPages = sheetPages(doc, briefing, { paper: o.paper, ink: o.ink ?? 'color', fontSize: 9.5 });
    let at = page + briefingPages + 1;
    const sides = (hasSideBriefings(scenario) ? sideBriefingSheets(scenario) : []).map((sheet, i) => {
      const n = sheetPages(doc, sheet, { paper: o.paper, ink: o.ink ?? 'color', fontSize: SIDE_FONT });
      const side = { name: scenario.sides[i]!.name ?? scenario.sides[i]!.id, sheet, start: at, pages: n };
      at += n;
      return side;
    });
    const pages = at - page + rosters.reduce((n, r) => n + sheetPages(doc, r, { paper: o.paper, ink: o.ink ?? 'color', fontSize: 8 }), 0);
    const s = { scenario, briefing, rosters, start: page, briefingPages, pages, sides };
    page += pages;
    return s;
  });
  // The standard reference is one sheet printed on both sides: it starts on an odd page.
  const blankBeforeReference = (o.referencePrint ?? 'standard') === 'standard' && page % 2 === 0;
  return { sections, referenceStart: page + (blankBeforeReference ? 1 : 0), blankBeforeReference };
}

function cover(doc: Doc, o: BookletOptions, scenarios: Scenario[]): void {
  const { width, height } = addPage(doc, o.paper);
  doc.rect(40, 40, width - 80, height - 80).lineWidth(1.5).strokeColor('#333333').stroke();
  doc.font(FONT.bold).fontSize(30).fillColor('#111111').text(o.title, 70, height * 0.3, { width: width - 140, align: 'center' });
  let y = doc.y + 18;
  if (o.date) { doc.font(FONT.regular).fontSize(16).fillColor('#333333').text(o.date, 70, y, { width: width - 140, align: 'center' }); y = doc.y + 14; }
  doc.font(FONT.italic).fontSize(11).fillColor('#444444')
    .text(`${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'} for Nevsky`, 70, y, { width: width - 140, align: 'center' });
  doc.font(FONT.regular).fontSize(8).fillColor('#666666').text('Made with Nevsky Scenario Studio', 70, height - 70, { width: width - 140, align: 'center' });
}

function contents(doc: Doc, o: BookletOptions, p: ReturnType<typeof plan>): void {
  const { width, height } = addPage(doc, o.paper);
  const m = 56;
  doc.font(FONT.bold).fontSize(18).fillColor('#111111').text('Contents', m, m, { lineBreak: false });
  let y = m + 36;
  const line = (title: string, page: number, indent = 0, bold = false): void => {
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(bold ? 11 : 9.5).fillColor('#111111');
    const num = String(page);
    const nw = doc.widthOfString(num);
    doc.text(title, m + indent, y, { width: width - 2 * m - indent - nw - 20, lineBreak: false, ellipsis: true });
    doc.text(num, width - m - nw, y, { lineBreak: false });
    y += bold ? 17 : 14;
  };
  p.sections.forEach((s, i) => {
    line(`${i + 1}. ${s.scenario.meta.title}`, s.start, 0, true);
    line('Briefing', s.start, 16);
    line('Map', s.start + s.briefingPages, 16);
    for (const side of s.sides) line(`Briefing for ${side.name} (hand to that side alone)`, side.start, 16);
    if (s.rosters.length) line('Rosters', s.start + s.briefingPages + 1 + s.sides.reduce((n, x) => n + x.pages, 0), 16);
  });
  if (o.reference) line(o.referencePrint === 'large' ? 'Nevsky quick reference (large print)' : 'Nevsky quick reference (print both sides of one sheet)', p.referenceStart, 0, true);
  footer(doc, width, height, o.title, 'page 2', 30);
}

/** An event booklet of several scenarios as one PDF. */
export async function buildBookletPdf(scenarios: Scenario[], o: BookletOptions, hooks: { pause?: () => Promise<void>; progress?: (done: number, total: number) => void; missing?: (chars: string[]) => void } = {}): Promise<Uint8Array> {
  if (scenarios.length === 0) throw new Error('a booklet needs at least one scenario');
  if (!o.title.trim()) throw new Error('a booklet needs an event name (title)');
  const doc = createDoc({ title: o.title, subject: `Event booklet: ${scenarios.map((s) => s.meta.title).join(', ')}`, fonts: o.fonts });
  const p = plan(createDoc({ title: 'measure', fonts: o.fonts }), scenarios, o);
  cover(doc, o, scenarios);
  contents(doc, o, p);
  const ink = o.ink ?? 'color';
  const map: PrintOptions = { paper: o.paper, scale: 'fit', ink, correction: 100, documents: ['map'], printedOn: o.printedOn };
  for (const [i, s] of p.sections.entries()) {
    renderSheet(doc, s.briefing, { paper: o.paper, ink, fontSize: 9.5, printedOn: o.printedOn, firstPage: s.start });
    drawFitMap(doc, s.scenario, map, s.start + s.briefingPages);
    for (const side of s.sides) renderSheet(doc, side.sheet, { paper: o.paper, ink, fontSize: SIDE_FONT, printedOn: o.printedOn, firstPage: side.start });
    let page = s.start + s.briefingPages + 1 + s.sides.reduce((n, x) => n + x.pages, 0);
    for (const r of s.rosters) page += renderSheet(doc, r, { paper: o.paper, ink, fontSize: 8, printedOn: o.printedOn, firstPage: page }).pages;
    hooks.progress?.(i + 1, p.sections.length + (o.reference ? 1 : 0));
    await hooks.pause?.();
  }
  if (o.reference) {
    if (p.blankBeforeReference) {
      const { width, height } = addPage(doc, o.paper);
      doc.font(FONT.italic).fontSize(9).fillColor('#666666').text('Left blank on purpose: the quick reference that follows prints on both sides of one sheet.', 60, height / 2, { width: width - 120, align: 'center' });
      footer(doc, width, height, o.title, `page ${p.referenceStart - 1}`, 30);
    }
    drawReference(doc, 'nevsky', { paper: o.paper, ink, printedOn: o.printedOn, firstPage: p.referenceStart, print: o.referencePrint });
  }
  const missing = missingCharacters(doc);
  if (missing.length) hooks.missing?.(missing);
  return finishDoc(doc);
}

/** Pages of a booklet, worked out before building. */
export function bookletPages(scenarios: Scenario[], o: BookletOptions): number {
  const p = plan(createDoc({ title: 'measure', fonts: o.fonts }), scenarios, o);
  if (!o.reference) return p.referenceStart - 1 - (p.blankBeforeReference ? 1 : 0);
  return p.referenceStart - 1 + referencePages(createDoc({ title: 'measure', fonts: o.fonts }), 'nevsky', { paper: o.paper, ink: o.ink ?? 'color', print: o.referencePrint });
}
