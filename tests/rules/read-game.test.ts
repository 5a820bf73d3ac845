/**
 * Issue 31 item 4: every way a game comes in (Import and drop, a game resumed from the library, `nevsky replay`,
 * `nevsky report`) goes through readGame, which checks the game's scenario with the set-up rules first: each way
 * refuses a game whose two sides share an id with the same message, and nothing is added or opened.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { createGame, formatJson, GAME_REFUSALS, readGame, saveGame, type SavedGame } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { main } from '../../src/cli/main';
import { damageOf } from '../../src/stores/damaged';
import type { GameRecord } from '../../src/stores/db';
import { useGameStore } from '../../src/stores/game';
import { useLibraryStore } from '../../src/stores/library';
import { importProblems, useFiles } from '../../src/composables/useFiles';

const dir = mkdtempSync(join(tmpdir(), 'nevsky-read-game-'));
const SAME_IDS = 'The game\'s scenario has set-up errors and cannot be played: both sides have the id "teutonic".';

function sound(): SavedGame {
  return saveGame(createGame(templateScenario('open-field')!, { seed: 1 }));
}
/** A game file whose scenario gives both sides one id (the schema allows it; the set-up rules do not). */
function sameIds(): SavedGame {
  const game = sound();
  game.scenario.sides[1]!.id = 'teutonic';
  return game;
}
const record = (game: SavedGame): GameRecord => ({
  id: 'g1', kind: 'game', title: 'A game', updated: 1, game, setup: { mode: 'hotseat', computerSide: null, level: 2, sourceId: null }, over: false,
});

function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('readGame', () => {
  test('a sound game is read, its scenario unchanged', () => {
    const game = sound();
    const read = readGame(formatJson(game));
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.game).toEqual(game);
    expect(readGame(game).ok).toBe(true);
  });

  test('two sides with one id: refused with one line, every set-up error kept with its pointer into the game file', () => {
    const read = readGame(formatJson(sameIds()));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toBe(SAME_IDS);
    expect(read.problems[0]).toEqual(expect.objectContaining({ code: 'duplicate-id', severity: 'error', path: '/scenario/sides/1/id' }));
    expect(read.problems.every((d) => d.severity === 'error')).toBe(true);
  });

  test('a first problem that starts with a square keeps its capital', () => {
    const game = sound();
    game.scenario.sides[0]!.units[0]!.at = 'Z9';
    const read = readGame(game);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toBe(`${GAME_REFUSALS.scenario}: Z9 is off the 12x12 board.`);
  });

  test.each([
    ['not JSON', '{"format": "nevsky-game",', /^This is not a saved game: this is not valid JSON at line 1, column 26/],
    ['not a game', '{"format": "nevsky-game", "version": 2}', /^This is not a saved game: the document is missing the required field "scenario"\.$/],
    ['a bad action', formatJson({ ...sound(), actions: [{ type: 'teleport', side: 'teutonic' }] }), /^This is not a saved game: action 0 \(\/actions\/0\/type, a teleport\): actions\[0\]\.type is "teleport"; it must be one of/],
  ])('%s: refused as not a saved game', (_label, text, message) => {
    const read = readGame(text);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.message).toMatch(message);
      expect(read.message.startsWith(GAME_REFUSALS.document)).toBe(true);
    }
  });
});

describe('each way in refuses it with the same message', () => {
  beforeEach(() => { setActivePinia(createPinia()); importProblems.value = null; });

  test('nevsky replay and nevsky report', async () => {
    const file = join(dir, 'same-ids.game.json');
    writeFileSync(file, formatJson(sameIds()));
    for (const args of [['replay', file], ['report', file, '--out', join(dir, 'r.pdf')]]) {
      const r = await run(args);
      expect(r.code, args[0]).toBe(1);
      expect(r.err.split('\n')[0], args[0]).toBe(`${file}: ${SAME_IDS}`);
      expect(r.err).toMatch(/error +duplicate-id \[\/scenario\/sides\/1\/id\]/);
      expect(r.out).toBe('');
    }
  });

  test('Import (and drop, the same path): the problems dialog says it, nothing is opened or added', async () => {
    const openEntry = vi.fn(() => Promise.resolve());
    const openGame = vi.fn(() => Promise.resolve());
    const library = useLibraryStore();
    const files = useFiles(openEntry, openGame);
    expect(await files.importText(formatJson(sameIds()), 'same-ids.game.json')).toBe(false);
    expect(importProblems.value?.summary).toBe(SAME_IDS);
    expect(importProblems.value?.diagnostics[0]).toEqual(expect.objectContaining({ code: 'duplicate-id', path: '/scenario/sides/1/id' }));
    expect(openGame).not.toHaveBeenCalled();
    expect(openEntry).not.toHaveBeenCalled();
    expect(library.records).toEqual([]);
    // A sound game goes on to be opened.
    expect(await files.importText(formatJson(sound()), 'good.game.json')).toBe(true);
    expect(openGame).toHaveBeenCalledOnce();
  });

  test('the library: the entry is marked damaged with the message, and resuming it throws it', () => {
    expect(damageOf(record(sameIds()))).toBe(SAME_IDS);
    expect(damageOf(record(sound()))).toBeNull();
    const game = useGameStore();
    expect(() => game.load(record(sameIds()))).toThrow(SAME_IDS);
    expect(game.state).toBeNull();
    expect(game.id).toBeNull();
  });
});
