/**
 * Printable sheet content as plain data: reference sheets and roster sheets for every rule set are written as
 * blocks, and src/pdf renders any sheet with one code path. Text here is always the project's own words.
 */

/** The tick-box character: a table cell of only these prints as that many boxes (one per stand, or per hit). */
export const TICK_BOX = '\u2610';

/** One cell of a table: text, with optional small print under it (e.g. odds) and emphasis. */
export interface SheetCell { text: string; note?: string; strong?: boolean; shade?: boolean }

export type SheetBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  | { kind: 'table'; caption?: string; columns: string[]; rows: Array<Array<string | SheetCell>>; widths?: number[] }
  | { kind: 'note'; text: string }          // a boxed remark: a reading the program takes, or "illegible in source"
  | { kind: 'pageBreak' };

/** A sheet: title line, a subtitle (rule set and edition), and its blocks in reading order. */
export interface Sheet {
  title: string;
  subtitle?: string;
  blocks: SheetBlock[];
  /** Footer text on every page, e.g. "Nevsky Scenario Studio · readings marked R". */
  footer?: string;
}
