/** `nevsky roster FILE [--json] [--pdf OUT]`: check an army roster against its rule set, print it with its points, write its PDF. */
import { parseArgs } from 'node:util';
import { INKS, PAPERS, buildRosterPdf, type Ink, type Paper } from '../../pdf';
import type { Diagnostic } from '../../rules';
import {
  getRuleset, parseRoster, rosterIsValid, rosterLines, rosterPoints, type Roster, type RosterDiagnostic,
} from '../../rulesets';
import { readRosterText } from '../sources';
import { checkOutputFile, EXIT, UsageError, writeOutput, type Io } from '../io';
import { fontFiles, printFonts } from '../print-fonts';
import type { Command } from '../command';
import { choice, today } from './pdf';
import { formatDiagnostic } from './validate';

/** A roster diagnostic in the `validate` command's line format (same fields, its own codes). */
function formatRosterDiagnostic(d: RosterDiagnostic): string {
  return formatDiagnostic(d as Omit<RosterDiagnostic, 'code'> as Diagnostic);
}

/** The roster as text: title, rule set, one line per unit with its points, and the total. */
export function formatRoster(roster: Roster): string[] {
  const lines = rosterLines(roster);
  const points = rosterPoints(roster);
  const nameWidth = Math.min(32, Math.max(4, ...lines.map((l) => l.name.length)));
  const out = [`${roster.meta.title} (${getRuleset(roster.ruleset)?.name ?? roster.ruleset})`];
  let running = 0;
  if (points) out.push(`  ${'Unit'.padEnd(nameWidth)}  ${'Pts'.padStart(5)}  ${'Total'.padStart(6)}  What`);
  for (const l of lines) {
    const name = l.name.length > nameWidth ? `${l.name.slice(0, nameWidth - 1)}~` : l.name.padEnd(nameWidth);
    running += l.points ?? 0;
    out.push(`  ${name}  ${l.points === null ? '' : `${String(l.points).padStart(5)}  ${String(running).padStart(6)}  `}${l.description}`);
  }
  if (points) {
    out.push(`  ${'Total'.padEnd(nameWidth)}  ${''.padStart(5)}  ${String(points.total).padStart(6)}${points.limit === null ? '' : `  (${points.limitLabel ?? 'limit'} ${points.limit})`}`);
  } else {
    out.push(`  ${lines.length} unit${lines.length === 1 ? '' : 's'}; these rules have no points.`);
  }
  return out;
}

export const rosterCommand: Command = {
  name: 'roster',
  summary: 'check an army roster against its rule set and print it with its points',
  usage: 'nevsky roster FILE [--json] [--pdf OUT [--paper a4|letter] [--ink color|saver]]',
  help: `Checks a roster file (format "roster": Nevsky, A Splendid Victory! or Dewitt) against the
roster schema and its rule set's composition rules, then prints each unit with its points
and the total, followed by the diagnostics (severity, code, JSON pointer, message).
Exit status: 0 when the roster has no error (warnings allowed), 1 when it has an error,
2 when the file cannot be read or the arguments are wrong.
  --json      print one JSON object: { "file", "valid", "diagnostics", "units", "points" }
  --pdf OUT   also write the roster sheet as a PDF: units, points with a running total, findings;
              A Splendid Victory! and Dewitt rosters print each unit's profile, a casualty tick
              box per stand (ASV) or per hit (Dewitt) and the rules each kind of unit uses.
              A roster with errors still prints, its errors listed; one that cannot be read does not.
  --paper P   a4 (default) or letter, for --pdf
  --ink I     color (default) or saver, for --pdf`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' }, pdf: { type: 'string' }, paper: { type: 'string' }, ink: { type: 'string' } }, allowPositionals: true });
    const paper = choice<Paper>('paper', values.paper, PAPERS, 'a4');
    const ink = choice<Ink>('ink', values.ink, INKS, 'color');
    if (values.pdf === '') throw new UsageError('--pdf needs a file name');
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name a roster file' : 'name one roster file');
    const file = positionals[0]!;
    if (values.pdf !== undefined) await checkOutputFile('--pdf', values.pdf, [file, ...fontFiles()]);
    const read = await readRosterText(file);
    if ('error' in read) {
      io.err(read.error);
      return read.status;
    }
    const result = parseRoster(read.text);
    const diagnostics = result.diagnostics;
    const valid = rosterIsValid(diagnostics);
    if (values.json) {
      io.out(JSON.stringify({
        file, valid, diagnostics,
        ...(result.ok ? { units: rosterLines(result.roster), points: rosterPoints(result.roster) } : {}),
      }, null, 2));
    } else {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = diagnostics.length - errors;
      io.out(`${file}: ${valid ? 'OK' : 'INVALID'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`);
      if (result.ok) for (const line of formatRoster(result.roster)) io.out(line);
      for (const d of diagnostics) io.out(formatRosterDiagnostic(d));
    }
    if (values.pdf !== undefined) {
      if (!result.ok) {
        io.err(`${file}: no PDF written, the roster cannot be read`);
      } else {
        const bytes = await buildRosterPdf(result.roster, { paper, ink, printedOn: today(), diagnostics, fonts: await printFonts() });
        await writeOutput('--pdf', values.pdf, bytes);
        (values.json ? io.err : io.out)(`${values.pdf}  (${(bytes.length / 1024).toFixed(0)} KB)`);
      }
    }
    return valid ? EXIT.ok : EXIT.invalid;
  },
};
