/**
 * Export, import (file picker or drop) and share links. Import tells scenarios from rosters by their `format`;
 * bad input is reported as a list of problems and nothing changes.
 */
import { ref, shallowRef } from 'vue';
import { formatJson, parseJson, type Diagnostic, type SavedGame } from '../rules';
import type { GameRecord } from '../stores/db';
import type { RosterDiagnostic } from '../rulesets';
import { MAX_SCENARIO_BYTES, decodeShare, encodeShare, parseScenario, serializeScenario, SHARE_PREFIX } from '../scenario';
import { useLibraryStore } from '../stores/library';
import { useEditorStore } from '../stores/editor';
import { rosterStore } from '../stores/rosterStore';
import { useScenarioStore } from '../stores/scenario';
import { importNotice, useImportPlacement } from './importPlacement';
import { withMergedRivers } from '../stores/terrainEdits';
import { linkBase } from '../club/links';

/** Problems of the last rejected import, with where it came from (and, for a game, readGame's one-line refusal). */
export const importProblems = shallowRef<{ source: string; diagnostics: Array<Diagnostic | RosterDiagnostic>; summary?: string } | null>(null);
/** The last share link made, shown in its dialog. */
export const shareLink = ref<{ url: string; copied: boolean } | null>(null);

/** A file name for a scenario title: "the-ford-at-uzmen.json". */
export function fileNameFor(title: string): string {
  const slug = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return `${slug || 'scenario'}.json`;
}

/** Offer text as a downloaded file. */
export function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** JSON text's value when it is an object (a document claiming a `format`), else undefined. */
function jsonDocument(text: string): { format?: unknown } | undefined {
  const parsed = parseJson(text);
  if ('error' in parsed) return undefined;
  const v = parsed.value as { format?: unknown } | null;
  return v && typeof v === 'object' ? v : undefined;
}

/** The parsed value when JSON text claims to be a saved game (`format: "nevsky-game"`), else undefined. */
function gameValue(text: string): unknown {
  const v = jsonDocument(text);
  return v?.format === 'nevsky-game' ? v : undefined;
}

/** The rule sets' roster code (and the roster validator): loaded with the first roster read or written, not with the app. */
const rosterCode = () => import('../rulesets');

/** True when JSON text claims to be a roster file (so its problems are a roster's problems). */
async function isRosterText(text: string): Promise<boolean> {
  const parsed = parseJson(text);
  return !('error' in parsed) && (await rosterCode()).looksLikeRoster(parsed.value);
}

export function useFiles(openEntry: (id: string) => Promise<void>, openGame?: (game: SavedGame, title: string) => Promise<void>) {
  const store = useScenarioStore();
  const library = useLibraryStore();
  const placement = useImportPlacement(openEntry);

  function exportScenario(): void {
    download(serializeScenario(withMergedRivers(store.scenario)), fileNameFor(store.scenario.meta.title));
  }

  /** Download the open roster exactly as `serializeRoster` writes it: "eastern-association-1644.roster.json". */
  async function exportRoster(): Promise<void> {
    const { roster } = await rosterStore();
    download((await rosterCode()).serializeRoster(roster), fileNameFor(roster.meta.title).replace(/\.json$/, '.roster.json'));
  }

  /** Download a game in the saved-game format (schemas/game.schema.json) that `nevsky replay` reads. */
  function exportGame(game: SavedGame, title: string): void {
    download(formatJson(game), fileNameFor(title).replace(/\.json$/, '.game.json'));
  }

  /** Open scenario, roster or game text as a new library entry, or list its problems. */
  async function importText(text: string, source: string): Promise<boolean> {
    // A message of a game at a distance (an invitation, a turn) goes to that game.
    if (jsonDocument(text)?.format === 'nevsky-message') {
      // The distance store needs the engine: it loads with the first message opened.
      const distance = (await import('../stores/distance')).useDistanceStore();
      const opened = await distance.open(text);
      if (opened) useEditorStore().view = 'play';
      else importProblems.value = { source, diagnostics: [{ code: 'json', severity: 'error', message: distance.error }] };
      return opened;
    }
    const game = gameValue(text);
    if (game !== undefined && openGame) {
      // The saved-game check (and its validator) loads with the first game file opened.
      const read = (await import('../rules/readGame')).readGame(game);
      if (!read.ok) {
        importProblems.value = { source, diagnostics: read.problems, summary: read.message };
        return false;
      }
      importProblems.value = null;
      // A game at a distance this browser plays goes back to its own copy (which holds this player's secrets, never
      // written to an export before they are revealed): the game resumes where it was.
      const played = read.game.distance ? library.records.find((r) => r.kind === 'game' && (r as GameRecord).distance?.game === read.game.distance!.game) : undefined;
      if (played) {
        await openEntry(played.id);
        importNotice.value = `This game at a distance is in your library: your own copy of “${played.title}” is open again.`;
        return true;
      }
      // Another player's game at a distance: its commitments are checked first, as `nevsky replay` checks them.
      let checked: string[] = [];
      if (read.game.distance) {
        const { checkDistanceGame, checkWords } = await import('../distance');
        const check = await checkDistanceGame(read.game);
        if (!check.ok) {
          importProblems.value = { source, diagnostics: [{ code: 'schema', severity: 'error', message: `This game at a distance does not check: ${check.reason}` }] };
          return false;
        }
        const finished = (await import('../rules/replay')).replayGame(read.game).phase === 'over';
        checked = [...checkWords(check, finished), ...(finished ? [] : ['Only the browser that plays it can carry it on.'])];
      }
      await openGame(read.game, source.replace(/\.json$/i, ''));
      if (checked.length) importNotice.value = checked.join(' ');
      return true;
    }
    if (await isRosterText(text)) {
      const roster = (await rosterCode()).parseRoster(text);
      if (!roster.ok) {
        importProblems.value = { source, diagnostics: roster.diagnostics };
        return false;
      }
      importProblems.value = null;
      await openEntry(await library.createRoster(roster.roster));
      importNotice.value = `Added the roster “${roster.roster.meta.title}” to your library from ${source}.`;
      return true;
    }
    const result = parseScenario(text);
    if (!result.ok) {
      importProblems.value = { source, diagnostics: result.diagnostics };
      return false;
    }
    importProblems.value = null;
    await placement.place(result.scenario, source);
    return true;
  }

  async function importFile(file: File): Promise<boolean> {
    if (file.size > MAX_SCENARIO_BYTES) {
      importProblems.value = {
        source: file.name,
        diagnostics: [{ code: 'json', severity: 'error', message: `The file is ${(file.size / 1048576).toFixed(1)} MB; scenario files are limited to 1 MB.` }],
      };
      return false;
    }
    return importText(await file.text(), file.name);
  }

  async function share(): Promise<void> {
    const fragment = await encodeShare(withMergedRivers(store.scenario));
    // Served by a club server: the link starts with its public address (issue 39), else this page's.
    const url = `${linkBase()}#${fragment}`;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = false;
    }
    shareLink.value = { url, copied };
  }

  /**
   * Import a share link's scenario as a new entry: the fragment the router took off the address (src/router.ts),
   * or else the address's own. Returns true when it did.
   */
  async function openShareFromUrl(fragment?: string): Promise<boolean> {
    const hash = (fragment ?? location.hash).replace(/^#/, '');
    if (!hash.startsWith(SHARE_PREFIX)) return false;
    if (fragment === undefined) history.replaceState(history.state, '', location.pathname + location.search);
    if (hash.length > MAX_SCENARIO_BYTES) {
      importProblems.value = { source: 'share link', diagnostics: [{ code: 'json', severity: 'error', message: 'This share link is over 1 MB and was not opened.' }] };
      return false;
    }
    const result = await decodeShare(hash);
    if (!result.ok) {
      importProblems.value = { source: 'share link', diagnostics: result.diagnostics };
      return false;
    }
    await placement.place(result.scenario, 'a share link');
    return true;
  }

  return { exportScenario, exportRoster, exportGame, importText, importFile, share, openShareFromUrl };
}
