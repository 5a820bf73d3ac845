/** `nevsky reference --out FILE [--ruleset ID] [--paper a4|letter] [--ink color|saver] [--large-print]`: a rule set's quick-reference sheet. */
import { parseArgs } from 'node:util';
import { INKS, PAPERS, buildReferencePdf, type Ink, type Paper } from '../../pdf';
import { RULESET_IDS, type RulesetId } from '../../rulesets';
import { checkOutputFile, EXIT, UsageError, writeOutput, type Io } from '../io';
import { fontFiles, printFonts } from '../print-fonts';
import type { Command } from '../command';
import { choice, today } from './pdf';

export const referenceCommand: Command = {
  name: 'reference',
  summary: 'write a rule set\'s quick-reference sheet as a PDF (Nevsky: two pages, one sheet double-sided)',
  usage: `nevsky reference --out FILE [--ruleset ${RULESET_IDS.join('|')}] [--paper a4|letter] [--ink color|saver] [--large-print]`,
  help: `Writes a quick-reference sheet. Nevsky (the default): troop table, sequence of play, movement, both
missile tables with the odds of each cell, the MDI grid, melee steps with a worked example, retreats, other
rules and the readings this program takes; print both pages on one sheet, double-sided. The other rule sets
print their decoded tables with odds aids; numbers lost in the scanned source print as "illegible in source".
  --out FILE      the PDF to write
  --ruleset ID    ${RULESET_IDS.join(', ')} (default nevsky)
  --paper P       a4 (default) or letter
  --ink I         color (default) or saver
  --large-print   large print for reading at arm's length: one column of 12 pt text, nothing under 9 pt
                  (notes and footers included), on as many pages as it takes; the standard sheet
                  (two pages for Nevsky) is the default`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true,
      options: { out: { type: 'string' }, ruleset: { type: 'string' }, paper: { type: 'string' }, ink: { type: 'string' }, 'large-print': { type: 'boolean' } },
    });
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const ruleset = choice<RulesetId>('ruleset', values.ruleset, RULESET_IDS, 'nevsky');
    if (!values.out) throw new UsageError('--out FILE is required');
    await checkOutputFile('--out', values.out, fontFiles());
    const bytes = await buildReferencePdf({
      ruleset, paper: choice<Paper>('paper', values.paper, PAPERS, 'a4'), ink: choice<Ink>('ink', values.ink, INKS, 'color'), printedOn: today(), fonts: await printFonts(),
      print: values['large-print'] === true ? 'large' : 'standard',
    });
    await writeOutput('--out', values.out, bytes);
    io.out(`${values.out}  (${(bytes.length / 1024).toFixed(0)} KB)`);
    return EXIT.ok;
  },
};
