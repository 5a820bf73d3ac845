/** `nevsky booklet A.json B.json ... --title "..." --out booklet.pdf`: an event booklet of several scenarios. */
import { parseArgs } from 'node:util';
import { INKS, PAPERS, bookletPages, buildBookletPdf, missingWarning, type BookletOptions, type Ink, type Paper } from '../../pdf';
import type { Scenario } from '../../rules';
import { SETTING_LIMITS } from '../../scenario';
import { checkOutputFile, EXIT, textOption, UsageError, writeOutput, type Io } from '../io';
import { fontFiles, printFonts } from '../print-fonts';
import type { Command } from '../command';
import { choice, scenarioToPrint, today } from './pdf';

export const bookletCommand: Command = {
  name: 'booklet',
  summary: 'event booklet: several scenarios in one PDF with a cover, contents, briefings and maps',
  usage: 'nevsky booklet SCENARIO... --title "EVENT" --out FILE.pdf [--date TEXT] [--rosters] [--no-reference] [--large-print] [--paper a4|letter] [--ink color|saver]',
  help: `One PDF for a club day: a cover with the event name and date, a contents page, then for each scenario
its briefing (title, description, rules options, forces and points) and its map fitted to one page; when
its sides have briefings, each side's briefing follows on a page of its own, to hand to that side alone.
  --title TEXT     the event's name (required, ${SETTING_LIMITS.bookletTitle.min} to ${SETTING_LIMITS.bookletTitle.max} characters)
  --date TEXT      the event's date as you want it printed (default: today; at most ${SETTING_LIMITS.bookletDate.max} characters)
  --rosters        add each scenario's rosters after its map
  --no-reference   leave out the Nevsky quick reference (one copy, at the end, by default)
  --large-print    the quick reference in large print (12 pt, nothing under 9 pt, more pages)
A scenario with set-up errors is still printed (with a warning); one that cannot be read stops the booklet.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true,
      options: {
        out: { type: 'string' }, title: { type: 'string' }, date: { type: 'string' }, rosters: { type: 'boolean' }, 'no-reference': { type: 'boolean' }, 'large-print': { type: 'boolean' },
        paper: { type: 'string' }, ink: { type: 'string' },
      },
    });
    if (positionals.length === 0) throw new UsageError('name at least one scenario file');
    if (!values.out) throw new UsageError('--out FILE.pdf is required');
    if (!values.title?.trim()) throw new UsageError('--title "EVENT NAME" is required');
    const title = textOption('title', values.title, SETTING_LIMITS.bookletTitle)!;
    const date = textOption('date', values.date, SETTING_LIMITS.bookletDate);
    await checkOutputFile('--out', values.out, [...positionals, ...fontFiles()]);
    const scenarios: Scenario[] = [];
    for (const file of positionals) {
      const parsed = await scenarioToPrint(file, io);
      if (typeof parsed === 'number') return parsed;
      const errors = parsed.diagnostics.filter((d) => d.severity === 'error').length;
      if (errors) io.err(`${file}: warning: printing although the scenario has ${errors} set-up error${errors === 1 ? '' : 's'}`);
      scenarios.push(parsed.scenario);
    }
    const options: BookletOptions = {
      title, date: date ?? today(), paper: choice<Paper>('paper', values.paper, PAPERS, 'a4'),
      ink: choice<Ink>('ink', values.ink, INKS, 'color'), rosters: values.rosters === true, reference: values['no-reference'] !== true,
      referencePrint: values['large-print'] === true ? 'large' : 'standard',
      printedOn: today(), fonts: await printFonts(),
    };
    io.out(`${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}: ${bookletPages(scenarios, options)} ${options.paper === 'a4' ? 'A4' : 'Letter'} pages`);
    const bytes = await buildBookletPdf(scenarios, options, { missing: (chars) => io.err(`warning: ${missingWarning(chars)}`) });
    await writeOutput('--out', values.out, bytes);
    io.out(`${values.out}  (${(bytes.length / 1024).toFixed(0)} KB)`);
    return EXIT.ok;
  },
};
