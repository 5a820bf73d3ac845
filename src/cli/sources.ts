/**
 * What a command's FILE argument names: a file, or else one of the files that ship with the program (a scenario
 * template's id, an example roster's id), so an installed `nevsky` works from any folder. A file of that name in the
 * current folder wins over a bundled one.
 */
import { existsSync } from 'node:fs';
import { ROSTER_EXAMPLES } from '../rulesets/examples';
import { TEMPLATES } from '../scenario';
import { readText, type ReadResult } from './io';

async function readOrBundled(arg: string, bundled: ReadonlyArray<{ id: string; value: unknown }>, kind: string): Promise<ReadResult> {
  const shipped = bundled.find((b) => b.id === arg);
  if (shipped && !existsSync(arg)) return { text: JSON.stringify(shipped.value) };
  const read = await readText(arg);
  if ('error' in read && !shipped) return { error: `${read.error} (or name a bundled ${kind}: ${bundled.map((b) => b.id).join(', ')})`, status: read.status };
  return read;
}

/** A scenario file's text, or a bundled template's. */
export function readScenarioText(arg: string): Promise<ReadResult> {
  return readOrBundled(arg, TEMPLATES.map((t) => ({ id: t.id, value: t.scenario })), 'template');
}

/** A roster file's text, or a bundled example roster's. */
export function readRosterText(arg: string): Promise<ReadResult> {
  return readOrBundled(arg, ROSTER_EXAMPLES.map((r) => ({ id: r.id, value: r.roster })), 'example roster');
}
