/** What to print and how: the options shared by the print dialog, the CLI and the PDF builders. */
import type { PdfFonts } from './fonts';

export const PAPERS = ['a4', 'letter'] as const;
export type Paper = (typeof PAPERS)[number];
export const MAP_SCALES = ['fit', '15mm', '25mm'] as const;
export type MapScale = (typeof MAP_SCALES)[number];
export const INKS = ['color', 'saver'] as const;
export type Ink = (typeof INKS)[number];
/** The quick reference's print: the standard sheet (Nevsky: one sheet, both sides) or large print (8 pt and up, more pages). */
export const REFERENCE_PRINTS = ['standard', 'large'] as const;
export type ReferencePrint = (typeof REFERENCE_PRINTS)[number];
/** The documents of the print pack, in print order ('briefings': each side's briefing on a page of its own). */
export const PRINT_DOCUMENTS = ['map', 'briefings', 'rosters', 'reference', 'counters'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

/** Paper sizes in points (1 in = 72 pt), portrait. */
export const PAPER_SIZES: Readonly<Record<Paper, { width: number; height: number; label: string }>> = {
  a4: { width: 595.28, height: 841.89, label: 'A4' },
  letter: { width: 612, height: 792, label: 'Letter' },
};

/** Points per inch and per millimetre. */
export const PT_PER_INCH = 72;
export const PT_PER_MM = 72 / 25.4;

/**
 * The words a user may type for a map scale. "15mm" and "25mm" name the FIGURES' size (3 in and 4 in squares),
 * never the squares': the unambiguous spellings say so ("15mm-figures", or the squares as "3in-squares").
 */
export const SCALE_WORDS: Readonly<Record<string, MapScale>> = {
  'fit': 'fit',
  '15mm-figures': '15mm', '3in-squares': '15mm', '15mm': '15mm',
  '25mm-figures': '25mm', '4in-squares': '25mm', '25mm': '25mm',
};

/** What a scale means in words: "fit to one page", "for 15mm figures (3 in squares)". */
export function scaleWords(scale: MapScale): string {
  return scale === 'fit' ? 'fit to one page' : `for ${scale} figures (${scale === '15mm' ? 3 : 4} in squares)`;
}

/** The scale a typed word names, or null (e.g. "15" or "20mm"). */
export function parseScale(word: string): MapScale | null {
  return Object.hasOwn(SCALE_WORDS, word) ? SCALE_WORDS[word]! : null;
}

/** Side of a table square at true scale, before correction: 3 in for 15mm figures, 4 in for 25mm. */
export const TRUE_SQUARE_PT: Readonly<Record<Exclude<MapScale, 'fit'>, number>> = { '15mm': 216, '25mm': 288 };

/** Scale correction limits in percent (a printer that prints 2% small is corrected with 102). */
export const CORRECTION_RANGE = { min: 80, max: 120 } as const;

export interface PrintOptions {
  paper: Paper;
  scale: MapScale;
  ink: Ink;
  /** Scale correction in percent applied to true-scale maps (100 = none). */
  correction: number;
  documents: PrintDocument[];
  /** Date printed in the footers (ISO), supplied by the caller so the builders stay pure. */
  printedOn?: string;
  /** A Unicode font to embed (bytes supplied by the caller); the standard Latin-1 fonts when left out. */
  fonts?: PdfFonts;
  /** Mark the squares named by the scenario's set-up errors on the map. */
  markErrors?: boolean;
  /** Counter sheet: one counter per stand, or one per unit (default). */
  counters?: CounterMode;
  /** The quick reference in standard (default) or large print. */
  reference?: ReferencePrint;
  /** The map without units: a terrain-only mat to play on with figures or counters. */
  terrainOnly?: boolean;
}

export const COUNTER_MODES = ['unit', 'stand'] as const;
export type CounterMode = (typeof COUNTER_MODES)[number];

export const DEFAULT_PRINT_OPTIONS: PrintOptions = { paper: 'a4', scale: 'fit', ink: 'color', correction: 100, documents: ['map', 'rosters', 'reference'] };

/** Problems with print options, as plain messages naming the option; empty when they are usable. */
export function checkPrintOptions(o: PrintOptions): string[] {
  const out: string[] = [];
  if (!PAPERS.includes(o.paper)) out.push(`paper "${String(o.paper)}" is not one of ${PAPERS.join(', ')}`);
  if (!MAP_SCALES.includes(o.scale)) out.push(`scale "${String(o.scale)}" is not one of ${MAP_SCALES.join(', ')}`);
  if (!INKS.includes(o.ink)) out.push(`ink "${String(o.ink)}" is not one of ${INKS.join(', ')}`);
  if (!Number.isFinite(o.correction) || o.correction < CORRECTION_RANGE.min || o.correction > CORRECTION_RANGE.max) {
    out.push(`correction ${String(o.correction)}% is outside ${CORRECTION_RANGE.min}-${CORRECTION_RANGE.max}%`);
  }
  if (o.documents.length === 0) out.push(`choose at least one document (${PRINT_DOCUMENTS.join(', ')})`);
  if (o.counters !== undefined && !COUNTER_MODES.includes(o.counters)) out.push(`counters "${String(o.counters)}" is not one of ${COUNTER_MODES.join(', ')}`);
  if (o.reference !== undefined && !REFERENCE_PRINTS.includes(o.reference)) out.push(`reference print "${String(o.reference)}" is not one of ${REFERENCE_PRINTS.join(', ')}`);
  for (const d of o.documents) if (!PRINT_DOCUMENTS.includes(d)) out.push(`document "${String(d)}" is not one of ${PRINT_DOCUMENTS.join(', ')}`);
  return out;
}
