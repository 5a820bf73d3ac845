/** A roster as printable sheet content: its units, points and check results, for any rule set. */
import { TICK_BOX, type Sheet, type SheetBlock } from './sheet';
import { rosterIsValid } from './diagnostics';
import { getRuleset } from './registry';
import { rosterLines, rosterPoints, rosterProfile, validateRoster } from './roster';
import type { Roster, RosterDiagnostic } from './types';

/**
 * The roster sheet: one table of units (with points where the rules have them), the total and the findings. Rule
 * sets with unit profiles (A Splendid Victory!, Dewitt) print each unit's profile with casualty tick boxes, then
 * the rules each kind of unit uses, as BattleScribe or Army Forge print a list.
 */
export function rosterSheet(roster: Roster, diagnostics: readonly RosterDiagnostic[] = validateRoster(roster)): Sheet {
  const ruleset = getRuleset(roster.ruleset);
  const lines = rosterLines(roster);
  const points = rosterPoints(roster);
  const profile = rosterProfile(roster);
  const blocks: SheetBlock[] = [];
  if (roster.meta.description) blocks.push({ kind: 'paragraph', text: roster.meta.description });
  let running = 0;
  if (profile) {
    // Where the rules have points, a running total follows each unit's points.
    blocks.push({
      kind: 'table', caption: 'Units', columns: ['Casualties', 'Unit', ...profile.columns, ...(points ? ['Total so far'] : [])],
      widths: [...profile.widths, ...(points ? [1.1] : [])],
      rows: profile.rows.map((r, i) => [r.casualties > 0 ? TICK_BOX.repeat(r.casualties) : '', ...r.cells, ...(points ? [String((running += lines[i]!.points ?? 0))] : [])]),
    });
    blocks.push({ kind: 'paragraph', text: `Casualties: ${profile.casualtyNote} Moves and ranges in inches.` });
  } else {
    blocks.push(points
      ? { kind: 'table', caption: 'Units', columns: ['Unit', 'What', 'Workings', 'Points', 'Running total'], widths: [2, 4, 3, 1, 1],
          rows: lines.map((l) => [l.name, l.description, l.workings ?? '', String(l.points ?? 0), String((running += l.points ?? 0))]) }
      : { kind: 'table', caption: 'Units', columns: ['Unit', 'What'], widths: [2, 5], rows: lines.map((l) => [l.name, l.description]) });
  }
  if (points) {
    blocks.push({ kind: 'paragraph', text: `Total: ${points.total} points${points.limit === null ? '' : ` (${points.limitLabel ?? 'limit'} ${points.limit})`}.` });
  } else {
    blocks.push({ kind: 'paragraph', text: `${lines.length} units. These rules have no points system.` });
  }
  if (profile) {
    blocks.push({ kind: 'heading', text: 'Rules for these units' });
    for (const r of profile.rules) blocks.push({ kind: 'paragraph', text: `${r.kind} (${r.units.join(', ')}):` }, { kind: 'list', items: r.text });
  }
  blocks.push({ kind: 'heading', text: 'Checks' });
  if (diagnostics.length === 0) blocks.push({ kind: 'paragraph', text: 'The army meets every composition rule.' });
  else blocks.push({ kind: 'list', items: diagnostics.map((d) => `${d.severity === 'error' ? 'Error' : 'Warning'}: ${d.message}`) });
  return {
    title: roster.meta.title,
    subtitle: `${ruleset?.name ?? roster.ruleset} roster${rosterIsValid(diagnostics) ? '' : ' (NOT VALID)'}`,
    blocks,
    footer: `Nevsky Scenario Studio · ${ruleset?.name ?? roster.ruleset}${roster.meta.author ? ` · roster by ${roster.meta.author}` : ''}${profile ? ' · tick a box for each casualty' : ''}`,
  };
}
