/** Helpers for writing sheets (shared wording for lost cells and odds) and reading their text back. */
import type { Sheet, SheetBlock, SheetCell } from './sheet';
import { expectedHitsRows, percent } from './odds';

/** What a table cell the scan lost prints as. */
export const ILLEGIBLE = 'illegible in source';
/** Where a sheet whose source is cut off says so. */
export const SOURCE_ENDS = 'source ends here';

/** A cell's text. */
export function cellText(cell: string | SheetCell): string {
  return typeof cell === 'string' ? cell : cell.note ? `${cell.text} (${cell.note})` : cell.text;
}

/** A cell for a number that may be lost (null): the number, or a shaded "illegible in source". */
export function maybe(value: number | string | null | undefined): string | SheetCell {
  return value === null || value === undefined ? { text: ILLEGIBLE, shade: true } : String(value);
}

/** A number cell with its chance of success underneath, e.g. "2" over "33% per die". */
export function withChance(text: string, chance: number, what = 'per die'): SheetCell {
  return { text, note: `${percent(chance)} ${what}` };
}

/** The odds-aid table for dice that each hit with chance `perDie`. */
export function oddsTable(caption: string, perDie: number, maxDice: number): SheetBlock {
  return { kind: 'table', caption, columns: ['Dice', 'Expected hits', 'At least one hit'], rows: expectedHitsRows(perDie, maxDice) };
}

/** Every piece of text on a sheet, one line per block row, for tests, search and plain-text output. */
export function sheetText(sheet: Sheet): string {
  const lines = [sheet.title, ...(sheet.subtitle ? [sheet.subtitle] : [])];
  for (const b of sheet.blocks) {
    switch (b.kind) {
      case 'heading': case 'paragraph': case 'note': lines.push(b.text); break;
      case 'list': b.items.forEach((item, i) => lines.push(`${b.ordered ? `${i + 1}.` : '-'} ${item}`)); break;
      case 'table':
        if (b.caption) lines.push(b.caption);
        lines.push(b.columns.join(' | '));
        for (const row of b.rows) lines.push(row.map(cellText).join(' | '));
        break;
      case 'pageBreak': break;
    }
  }
  if (sheet.footer) lines.push(sheet.footer);
  return lines.join('\n');
}
