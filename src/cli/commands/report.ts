/** `nevsky report GAME.json --out report.pdf`: the battle report of a saved game as a PDF. */
import { parseArgs } from 'node:util';
import { INKS, PAPERS, battleReportPdf, missingWarning, type Ink, type Paper } from '../../pdf';
import { readGame } from '../../rules';
import { checkOutputFile, EXIT, readText, UsageError, writeOutput, type Io } from '../io';
import { fontFiles, printFonts } from '../print-fonts';
import type { Command } from '../command';
import { choice, today } from './pdf';
import { formatDiagnostic } from './validate';

export const reportCommand: Command = {
  name: 'report',
  summary: 'battle report of a saved game as a PDF: result, points, maps turn by turn and the log',
  usage: 'nevsky report GAME.json --out FILE.pdf [--paper a4|letter] [--ink color|saver]',
  help: `GAME.json is a saved game ({scenario, seed, actions}) as written by "nevsky play --log" or the play view.
The game is replayed; the PDF has the title, the result and points, a small map at the start, after each
turn and at the end (open pips = stands lost, red crosses = where stands were lost that turn) and the log.
Exit status: 0 written, 1 when the file is not a saved game, its scenario has set-up errors or an action does not
replay, 2 on bad usage.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string' }, paper: { type: 'string' }, ink: { type: 'string' } } });
    if (positionals.length !== 1) throw new UsageError('name exactly one saved game file');
    if (!values.out) throw new UsageError('--out FILE.pdf is required');
    const paper = choice<Paper>('paper', values.paper, PAPERS, 'a4');
    const ink = choice<Ink>('ink', values.ink, INKS, 'color');
    const file = positionals[0]!;
    await checkOutputFile('--out', values.out, [file, ...fontFiles()]);
    const read = await readText(file);
    if ('error' in read) { io.err(read.error); return read.status; }
    const reading = readGame(read.text);
    if (!reading.ok) { io.err(`${file}: ${reading.message}\n${reading.problems.map(formatDiagnostic).join('\n')}`); return EXIT.invalid; }
    let bytes: Uint8Array;
    try {
      bytes = await battleReportPdf(reading.game, { paper, ink, printedOn: today(), fonts: await printFonts() }, {
        missing: (chars) => io.err(`${file}: warning: ${missingWarning(chars)}`),
      });
    } catch (err) {
      io.err(`${file}: ${(err as Error).message}`);
      return EXIT.invalid;
    }
    await writeOutput('--out', values.out, bytes);
    io.out(`${values.out}  (${(bytes.length / 1024).toFixed(0)} KB)`);
    return EXIT.ok;
  },
};
