/**
 * Each side's briefing on its own page (format version 2), to be handed to that side alone: its orders in the
 * organiser's words, the objectives as they concern it, the scenario's notes (not enforced by the program) and its
 * forces. Used by the print pack ("Side briefings") and the event booklet.
 */
import { TROOPS, TROOP_TYPES, type Scenario } from '../rules';
import type { Sheet, SheetBlock } from '../rulesets/sheet';
import { resolveScenario } from '../scenario';

/** The line every printed and shown copy of the notes carries. */
export const NOTES_NOT_ENFORCED = 'Special rules in the organiser\'s words: they are not enforced by the program. The players apply them.';

/** Does any side of the scenario have a briefing of its own? */
export function hasSideBriefings(scenario: Scenario): boolean {
  return scenario.sides.some((s) => (s.briefing ?? '').trim() !== '');
}

/** Paragraphs of a text, split at blank lines. */
function paragraphs(text: string): SheetBlock[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => ({ kind: 'paragraph', text: p }));
}

/** The briefing sheet of one side (by id); one page for any briefing the format allows. */
export function sideBriefingSheet(scenario: Scenario, sideId: string): Sheet {
  const rs = resolveScenario(scenario);
  const side = rs.sides.find((s) => s.id === sideId);
  if (!side) throw new Error(`no side "${sideId}" in the scenario`);
  const other = rs.sides.find((s) => s.id !== sideId);
  const m = scenario.meta;
  const blocks: SheetBlock[] = [];
  blocks.push({ kind: 'note', text: `For the ${side.name} player only. Fold this page or keep it face down: ${other ? `the ${other.name} player has a briefing of their own` : 'the other side has its own'}.` });
  blocks.push({ kind: 'heading', text: 'Your orders' });
  const own = (scenario.sides.find((s) => s.id === sideId)?.briefing ?? '').trim();
  if (own) blocks.push(...paragraphs(own));
  else blocks.push({ kind: 'paragraph', text: 'The scenario gives this side no orders of its own: win on points at the turn limit.' });
  const objectives = scenario.objectives ?? [];
  if (objectives.length) {
    blocks.push({ kind: 'heading', text: 'Objectives' });
    blocks.push({ kind: 'paragraph', text: 'At the end of the game a side holds an objective when its troops stand on at least one of its squares and no enemy troops stand on any of them (a ballista alone does not count); it then adds the objective\'s points to its total.' });
    blocks.push({
      kind: 'table',
      columns: ['Objective', 'Squares', 'Points', 'For you'],
      rows: objectives.map((o) => [
        { text: o.label, strong: true }, o.squares.join(', '), String(o.points),
        !o.for || o.for === sideId ? 'you can score it' : `only ${rs.sides.find((s) => s.id === o.for)?.name ?? o.for} scores it: you can deny it`,
      ]),
    });
  }
  const notes = (scenario.notes ?? '').trim();
  if (notes) {
    blocks.push({ kind: 'heading', text: 'Notes' });
    blocks.push({ kind: 'note', text: NOTES_NOT_ENFORCED });
    blocks.push(...paragraphs(notes));
  }
  blocks.push({ kind: 'heading', text: 'Your forces' });
  const counts = TROOP_TYPES.map((t) => [t, side.units.filter((u) => u.type === t).length] as const).filter(([, n]) => n > 0);
  blocks.push({ kind: 'paragraph', text: `${side.name} (${side.edge} edge, ${side.divisions} division${side.divisions === 1 ? '' : 's'}): ${counts.map(([t, n]) => `${n} ${TROOPS[t].name.toLowerCase()}`).join(', ') || 'no units yet'}.` });
  return { title: m.title, subtitle: `Briefing for ${side.name}`, footer: `Nevsky Scenario Studio · ${m.title} · ${side.name} only`, blocks };
}

/** Every side's briefing sheet, in the scenario's order of sides. */
export function sideBriefingSheets(scenario: Scenario): Sheet[] {
  return scenario.sides.map((s) => sideBriefingSheet(scenario, s.id));
}
