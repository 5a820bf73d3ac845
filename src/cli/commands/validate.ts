/** `nevsky validate FILE... [--json]`: check scenario files and print their diagnostics. */
import { parseArgs } from 'node:util';
import { parseJson, sortDiagnostics, validateScenario, type Diagnostic } from '../../rules';
import { migrateDocument, MAX_SCENARIO_BYTES, TEMPLATES, utf8Length } from '../../scenario';
import { readScenarioText } from '../sources';
import { EXIT, UsageError, type Io } from '../io';
import type { Command } from '../command';

/** One diagnostic as a line: severity, code, squares, pointer, message. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.squares?.length ? d.squares.join(',') : '', d.path !== undefined && d.path !== '' ? d.path : ''].filter(Boolean).join(' ');
  return `  ${d.severity.padEnd(7)} ${d.code}${where ? ` [${where}]` : ''}: ${d.message}`;
}

/** Diagnostics for file text (size limit, JSON, migration, validation). */
export function checkText(text: string): Diagnostic[] {
  if (utf8Length(text) > MAX_SCENARIO_BYTES) return [{ code: 'json', severity: 'error', message: 'The file is larger than 1 MB; scenario files are limited to 1 MB.' }];
  const parsed = parseJson(text);
  if ('error' in parsed) return [parsed.error];
  return sortDiagnostics(validateScenario(migrateDocument(parsed.value)));
}

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check scenario files against the format and the set-up rules',
  usage: 'nevsky validate FILE|TEMPLATE... [--json]',
  help: `Prints each file's diagnostics (severity, code, squares, JSON pointer, message). A bundled template's id
(${TEMPLATES.map((t) => t.id).join(', ')}) checks that template.
Exit status: 0 when no file has an error (warnings allowed), 1 when any has an error,
2 when a file cannot be read or the arguments are wrong.
  --json   print one JSON object: { "files": [{ "file", "diagnostics": [...] }] }`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length === 0) throw new UsageError('name at least one scenario file');
    let status: number = EXIT.ok;
    const report: Array<{ file: string; diagnostics?: Diagnostic[]; error?: string }> = [];
    for (const file of positionals) {
      const read = await readScenarioText(file);
      if ('error' in read) {
        status = Math.max(status, read.status);
        report.push({ file, error: read.error });
        if (!values.json) io.err(read.error);
        continue;
      }
      const diagnostics = checkText(read.text);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      if (errors > 0 && status === EXIT.ok) status = EXIT.invalid;
      report.push({ file, diagnostics });
      if (!values.json) {
        const warnings = diagnostics.length - errors;
        io.out(`${file}: ${errors === 0 ? 'OK' : 'INVALID'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`);
        for (const d of diagnostics) io.out(formatDiagnostic(d));
      }
    }
    if (values.json) io.out(JSON.stringify({ files: report }, null, 2));
    return status;
  },
};
