/** `nevsky pdf SCENARIO --out DIR ...`: write the print pack (map, rosters, reference) as PDF files. */
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseScenario, type ParseResult } from '../../scenario';
import {
  COUNTER_MODES, CORRECTION_RANGE, INKS, PAPERS, PRINT_DOCUMENTS, buildPrintFiles, checkPrintOptions, hasSideBriefings, missingWarning, parseScale, printPlan,
  type CounterMode, type Ink, type MapScale, type Paper, type PrintDocument, type PrintOptions,
} from '../../pdf';
import { fontFiles, printFonts } from '../print-fonts';
import { readScenarioText } from '../sources';
import { checkOutputDir, checkOutputFile, EXIT, numberOption, shortText, UsageError, writeOutput, type Io } from '../io';
import type { Command } from '../command';
import { formatDiagnostic } from './validate';

/** Read --paper/--ink (shared with `nevsky reference`), naming the bad value. */
export function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')} (got "${shortText(value)}")`);
  return value as T;
}

/** Read --scale: "fit", or the FIGURES' size (15mm-figures / 25mm-figures, or the squares 3in-squares / 4in-squares); the old "15mm" / "25mm" mean figures too. */
export function scaleOption(value: string | undefined): MapScale {
  if (value === undefined) return 'fit';
  const scale = parseScale(value);
  if (!scale) {
    throw new UsageError(`--scale "${shortText(value)}" is not a scale: use fit (one page), 15mm-figures (3 in squares) or 25mm-figures (4 in squares); ` +
      '15mm and 25mm name the figures\' size, not the squares\'');
  }
  return scale;
}

/** Today's date as YYYY-MM-DD, for the footers. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const DEFAULT_DOCUMENTS = 'map,rosters,reference';

export const pdfCommand: Command = {
  name: 'pdf',
  summary: 'print a scenario: map (fit or true scale), rosters, the quick reference and counters as PDF files',
  usage: 'nevsky pdf SCENARIO --out DIR [--paper a4|letter] [--scale fit|15mm-figures|25mm-figures] [--ink color|saver] [--only map,briefings,rosters,reference,counters] [--counters unit|stand] [--mark-errors] [--terrain-only] [--correction PCT]',
  help: `Writes one PDF per document into DIR, named after the scenario file:
  NAME-map-SCALE.pdf   the map: "fit" puts the board on one page; "15mm-figures" / "25mm-figures" print it
                       at table scale for figures of that size (3 in / 4 in squares) over several pages
                       with an assembly index page (SCALE in the file name: fit, 15mm or 25mm)
  NAME-briefings.pdf   each side's briefing on a page of its own, to hand to that side alone (with the
                       objectives as they concern it and the scenario's notes)
  NAME-rosters.pdf     one roster per side, with casualty tick boxes and points
  NAME-reference.pdf   the Nevsky quick-reference sheet (two pages: print both sides of one sheet)
  NAME-counters.pdf    cut-out counters for every unit of both sides, sized to the map's squares
                       (compact for the fit map)
It first lists each file's pages and paper. Text in any language prints (DejaVu Sans is embedded);
characters the font lacks print as a white square and are named in a warning.
Options:
  --out DIR          folder for the files (created if missing)
  --paper P          a4 (default) or letter
  --scale S          fit (default): the board on one page
                     15mm-figures (or 3in-squares): table scale for 15mm figures, 3 inch squares
                     25mm-figures (or 4in-squares): table scale for 25mm figures, 4 inch squares
                     "15mm" and "25mm" still work and mean the FIGURES' size (squares are 3 in / 4 in)
  --ink I            color (default) or saver (no filled areas)
  --only LIST        comma-separated subset of map,briefings,rosters,reference,counters (default: all but
                     counters, and briefings only when a side of the scenario has a briefing)
  --counters MODE    unit (default): one counter per unit; stand: one counter per stand
  --mark-errors      outline the squares named by set-up errors in red on the map
  --terrain-only     the map without units: a mat to play on (NAME-mat-SCALE.pdf)
  --correction PCT   true-scale correction in percent, ${CORRECTION_RANGE.min}-${CORRECTION_RANGE.max} (default 100); measure the ruler on the index page
A scenario with set-up errors still prints (the rosters list the errors); one that cannot be read does not (exit 1).`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true,
      options: {
        out: { type: 'string' }, paper: { type: 'string' }, scale: { type: 'string' }, ink: { type: 'string' }, only: { type: 'string' },
        correction: { type: 'string' }, counters: { type: 'string' }, 'mark-errors': { type: 'boolean' }, 'terrain-only': { type: 'boolean' },
      },
    });
    if (positionals.length !== 1) throw new UsageError('name exactly one scenario file');
    if (!values.out) throw new UsageError('--out DIR is required');
    const correction = numberOption('correction', values.correction, CORRECTION_RANGE) ?? 100;
    const documents = (values.only ?? DEFAULT_DOCUMENTS).split(',').map((d) => d.trim()).filter(Boolean);
    for (const d of documents) if (!(PRINT_DOCUMENTS as readonly string[]).includes(d)) throw new UsageError(`--only: "${shortText(d)}" is not one of ${PRINT_DOCUMENTS.join(', ')}`);
    const options: PrintOptions = {
      paper: choice<Paper>('paper', values.paper, PAPERS, 'a4'),
      scale: scaleOption(values.scale),
      ink: choice<Ink>('ink', values.ink, INKS, 'color'),
      correction, documents: documents as PrintDocument[], printedOn: today(),
      counters: choice<CounterMode>('counters', values.counters, COUNTER_MODES, 'unit'), markErrors: values['mark-errors'] === true, terrainOnly: values['terrain-only'] === true,
      fonts: await printFonts(),
    };
    const problems = checkPrintOptions(options);
    if (problems.length) throw new UsageError(problems.join('; '));
    const file = positionals[0]!;
    await checkOutputDir('--out', values.out);
    const parsed = await scenarioToPrint(file, io);
    if (typeof parsed === 'number') return parsed;
    // Side briefings print by default when the scenario has them.
    if (values.only === undefined && hasSideBriefings(parsed.scenario)) options.documents = ['map', 'briefings', 'rosters', 'reference'];
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      io.err(`${file}: warning: printing although the scenario has ${errors.length} set-up error${errors.length === 1 ? '' : 's'} (listed on the rosters)` +
        (options.markErrors ? '; their squares are marked in red on the map' : '; add --mark-errors to mark their squares on the map'));
    }
    const base = basename(file, extname(file));
    const plan = printPlan(parsed.scenario, options, base);
    const warning = missingWarning(plan.missing);
    if (warning) io.err(`${file}: warning: ${warning}`);
    // Each file is checked before any is built: a link in the folder to the scenario or a device is refused.
    for (const entry of plan.entries) await checkOutputFile('--out', join(values.out, entry.fileName), [file, ...fontFiles()]);
    const built = await buildPrintFiles(parsed.scenario, options);
    for (const [i, { bytes }] of built.entries()) {
      const entry = plan.entries[i]!;
      const out = join(values.out, entry.fileName);
      await writeOutput('--out', out, bytes);
      io.out(`${out}  ${entry.pages} ${plan.paper} page${entry.pages === 1 ? '' : 's'}: ${entry.note}  (${(bytes.length / 1024).toFixed(0)} KB)`);
    }
    return EXIT.ok;
  },
};

/** The scenario FILE names, read to be printed; when it cannot be read, says why and gives the exit status. */
export async function scenarioToPrint(file: string, io: Io): Promise<Extract<ParseResult, { ok: true }> | number> {
  const read = await readScenarioText(file);
  if ('error' in read) { io.err(read.error); return read.status; }
  const parsed = parseScenario(read.text);
  if (parsed.ok) return parsed;
  io.err(`${file}: cannot print, the scenario cannot be read:`);
  for (const d of parsed.diagnostics) io.err(formatDiagnostic(d));
  return EXIT.invalid;
}
