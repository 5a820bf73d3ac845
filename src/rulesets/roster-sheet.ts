/** A roster as printable sheet content: its units, points and check results, for any rule set. */
import type { Sheet, SheetBlock } from './sheet';
import { rosterIsValid } from './diagnostics';
import { getRuleset } from './registry';
import { rosterLines, rosterPoints, validateRoster } from './roster';
import type { Roster, RosterDiagnostic } from './types';

/** The roster sheet: one table of units (with points where the rules have them), the total and the findings. */
export function rosterSheet(roster: Roster, diagnostics: readonly RosterDiagnostic[] = validateRoster(roster)): Sheet {
  const ruleset = getRuleset(roster.ruleset);
  const lines = rosterLines(roster);
  const points = rosterPoints(roster);
  const blocks: SheetBlock[] = [];
  if (roster.meta.description) blocks.push({ kind: 'paragraph', text: roster.meta.description });
  let running = 0;
  blocks.push(points
    ? { kind: 'table', caption: 'Units', columns: ['Unit', 'What', 'Workings', 'Points', 'Running total'], widths: [2, 4, 3, 1, 1],
        rows: lines.map((l) => [l.name, l.description, l.workings ?? '', String(l.points ?? 0), String((running += l.points ?? 0))]) }
    : { kind: 'table', caption: 'Units', columns: ['Unit', 'What'], widths: [2, 5], rows: lines.map((l) => [l.name, l.description]) });
  if (points) {
    blocks.push({ kind: 'paragraph', text: `Total: ${points.total} points${points.limit === null ? '' : ` (${points.limitLabel ?? 'limit'} ${points.limit})`}.` });
  } else {
    blocks.push({ kind: 'paragraph', text: `${lines.length} units. These rules have no points system.` });
  }
  blocks.push({ kind: 'heading', text: 'Checks' });
  if (diagnostics.length === 0) blocks.push({ kind: 'paragraph', text: 'The army meets every composition rule.' });
  else blocks.push({ kind: 'list', items: diagnostics.map((d) => `${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.message}`) });
  return {
    title: roster.meta.title,
    subtitle: `${ruleset?.name ?? roster.ruleset} roster${rosterIsValid(diagnostics) ? '' : ' (NOT VALID)'}`,
    blocks,
    footer: `Nevsky Scenario Studio${roster.meta.author ? ` · ${roster.meta.author}` : ''}`,
  };
}
