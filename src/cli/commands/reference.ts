/** `nevsky reference --out FILE [--paper a4|letter] [--ink color|saver]`: the Nevsky quick-reference sheet alone. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { INKS, PAPERS, buildReferencePdf, type Ink, type Paper } from '../../pdf';
import { EXIT, UsageError, type Io } from '../io';
import type { Command } from '../main';
import { choice, today } from './pdf';

export const referenceCommand: Command = {
  name: 'reference',
  summary: 'write the Nevsky quick-reference sheet (two pages, one sheet double-sided) as a PDF',
  usage: 'nevsky reference --out FILE [--paper a4|letter] [--ink color|saver]',
  help: `Writes the quick-reference sheet: troop table, sequence of play, movement, both missile tables with the
odds of each cell, the MDI grid, melee steps with a worked example, retreats, other rules and the readings
this program takes. Print both pages on one sheet, double-sided.
  --out FILE   the PDF to write
  --paper P    a4 (default) or letter
  --ink I      color (default) or saver`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: 'string' }, paper: { type: 'string' }, ink: { type: 'string' } } });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (!values.out) throw new UsageError('--out FILE is required');
    const bytes = await buildReferencePdf({
      paper: choice<Paper>('paper', values.paper, PAPERS, 'a4'), ink: choice<Ink>('ink', values.ink, INKS, 'color'), printedOn: today(),
    });
    await mkdir(dirname(values.out), { recursive: true });
    await writeFile(values.out, bytes);
    io.out(`${values.out}  (${(bytes.length / 1024).toFixed(0)} KB)`);
    return EXIT.ok;
  },
};
