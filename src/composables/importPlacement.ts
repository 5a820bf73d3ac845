/**
 * Where an imported scenario goes: a new library entry, or, when the library already holds a scenario of that
 * title, the user's choice of opening the existing one, replacing it (one undo step) or keeping both (the copy
 * named so the two can be told apart). Every outcome is confirmed by a notice naming the entry.
 */
import { ref, shallowRef } from 'vue';
import type { Scenario } from '../rules';
import { serializeScenario } from '../scenario';
import { isScenarioRecord, type LibraryEntry } from '../stores/db';
import { useLibraryStore } from '../stores/library';
import { useScenarioStore } from '../stores/scenario';

/** The confirmation of the last import or share link (shown until dismissed). */
export const importNotice = ref('');

/** An import waiting for the user's choice because its scenario is already in the library. */
export interface ImportChoice {
  scenario: Scenario;
  source: string;
  existing: { id: string; title: string; updated: number; identical: boolean };
}
export const importChoice = shallowRef<ImportChoice | null>(null);

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The library's scenario entry with the same title (the most recently edited one), if any. */
export function findExisting(records: readonly LibraryEntry[], scenario: Scenario): LibraryEntry | undefined {
  return records.filter((r) => isScenarioRecord(r) && sameTitle(r.title, scenario.meta.title)).sort((a, b) => b.updated - a.updated)[0];
}

/** A title for the kept copy that no entry has: "Title (imported 2026-11-23)", then "... 2", "... 3". */
export function copyTitle(title: string, taken: readonly string[], date: string): string {
  const base = `${title} (imported ${date})`;
  const fits = (t: string) => (t.length <= 120 ? t : `${title.slice(0, 120 - (t.length - title.length))}${t.slice(title.length)}`);
  for (let n = 1; ; n++) {
    const candidate = fits(n === 1 ? base : `${base.slice(0, -1)} ${n})`);
    if (!taken.some((t) => sameTitle(t, candidate))) return candidate;
  }
}

export function useImportPlacement(openEntry: (id: string) => Promise<void>) {
  const library = useLibraryStore();

  async function addNew(scenario: Scenario, source: string): Promise<void> {
    await openEntry(await library.create(scenario));
    importNotice.value = `Added “${scenario.meta.title}” to your library from ${source}.`;
  }

  /** Open an imported scenario: new entry, or ask when the library already has it. */
  async function place(scenario: Scenario, source: string): Promise<void> {
    const match = findExisting(library.records, scenario);
    if (!match || !isScenarioRecord(match)) return addNew(scenario, source);
    const identical = serializeScenario(match.scenario) === serializeScenario(scenario);
    importNotice.value = '';
    importChoice.value = { scenario, source, existing: { id: match.id, title: match.title, updated: match.updated, identical } };
  }

  /** Carry out the user's choice for the waiting import. */
  async function choose(kind: 'open' | 'replace' | 'both' | 'cancel'): Promise<void> {
    const c = importChoice.value;
    importChoice.value = null;
    if (!c || kind === 'cancel') return;
    if (kind === 'both') {
      const copy: Scenario = { ...c.scenario, meta: { ...c.scenario.meta, title: copyTitle(c.scenario.meta.title, library.records.map((r) => r.title), new Date().toISOString().slice(0, 10)) } };
      return addNew(copy, c.source);
    }
    await openEntry(c.existing.id);
    if (kind === 'open') {
      importNotice.value = `Opened “${c.existing.title}”, already in your library; nothing was added.`;
      return;
    }
    const { COMMANDS } = await import('../stores/commands');
    useScenarioStore().run(COMMANDS.replaceScenario, c.scenario);
    importNotice.value = `Replaced “${c.existing.title}” with the scenario from ${c.source}. Undo (Ctrl+Z) brings back the version it replaced.`;
  }

  return { place, choose };
}
