/** The `nevsky` command line: a registry of sub-commands. */
import { stdio, EXIT, OutputError, UsageError, type Io } from './io';
import { validateCommand } from './commands/validate';
import { rosterCommand } from './commands/roster';
import { pdfCommand } from './commands/pdf';
import { referenceCommand } from './commands/reference';
import { playCommand } from './commands/play';
import { replayCommand } from './commands/replay';
import { reportCommand } from './commands/report';
import { bookletCommand } from './commands/booklet';
import { balanceCommand } from './commands/balance';
import { hintCommand } from './commands/hint';
import { clubCommand, serveCommand } from './commands/serve';
import { workerCommand } from './commands/worker';
import { TEMPLATES } from '../scenario';
import { ROSTER_EXAMPLES } from '../rulesets/examples';

import type { Command } from './command';

export type { Command } from './command';

/** Every sub-command, in the order `--help` lists them. */
export const COMMANDS: Command[] = [validateCommand, playCommand, replayCommand, hintCommand, balanceCommand, pdfCommand, referenceCommand, rosterCommand, reportCommand, bookletCommand, serveCommand, clubCommand, workerCommand];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'nevsky: Nevsky Scenario Studio command line',
    '',
    'Usage: nevsky <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'A scenario may be named by a bundled template\'s id instead of a file:',
    `  ${TEMPLATES.map((t) => t.id).join(', ')}`,
    'and a roster by a bundled example\'s id:',
    `  ${ROSTER_EXAMPLES.map((r) => r.id).join(', ')}`,
    '',
    'Run "nevsky <command> --help" for a command\'s options.',
  ].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/[.\s]+$/, '');
}

/** Run the command line; returns the exit status. */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`nevsky: unknown command "${name}"\n\n${overview()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: ${command.usage}\n\n${command.help}`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`nevsky ${command.name}: ${oneLine(err.message)}. Usage: ${command.usage}`);
      return EXIT.usage;
    }
    if (err instanceof OutputError) {
      io.err(`nevsky ${command.name}: ${oneLine(err.message)}`);
      return EXIT.usage;
    }
    // Never a stack trace: one line saying what failed.
    io.err(`nevsky ${command.name}: failed: ${oneLine(err instanceof Error ? err.message : String(err))}`);
    return EXIT.invalid;
  }
}
