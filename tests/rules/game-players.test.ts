/** Issue 27 item 6: a saved game carries who plays each side; older files (without it) are hot-seat games. */
import { describe, expect, test } from 'vitest';
import { createGame, readGame, saveGame, type SavedGame } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { playersOf, setupOf } from '../../src/stores/game';

function sound(): SavedGame {
  return saveGame(createGame(templateScenario('open-field')!, { seed: 1 }));
}

describe('players in a saved game', () => {
  test('a game against the computer keeps its side and level through the file; an old file is hot-seat', () => {
    const game = sound();
    const players = playersOf({ mode: 'computer', computerSide: 'russian', level: 3 }, game.scenario.sides);
    expect(players).toEqual({ teutonic: { kind: 'human' }, russian: { kind: 'computer', level: 3 } });
    const read = readGame(JSON.stringify({ ...game, players }));
    expect(read.ok).toBe(true);
    if (read.ok) expect(setupOf(read.game.players)).toEqual({ mode: 'computer', computerSide: 'russian', level: 3 });
    expect(setupOf(undefined)).toEqual({ mode: 'hotseat', computerSide: null, level: 2 });
    expect(setupOf(playersOf({ mode: 'hotseat', computerSide: null, level: 2 }, game.scenario.sides)).mode).toBe('hotseat');
  });

  test.each([
    [{ russian: { kind: 'computer' } }, 'players.russian is missing the required field "level"'],
    [{ russian: { kind: 'computer', level: 7 } }, 'players.russian.level is 7'],
    [{ russian: { kind: 'robot' } }, 'players.russian.kind is "robot"'],
    [{ mongols: { kind: 'human' } }, 'players name the side "mongols", which the scenario does not have'],
  ])('a file with players %j is refused, naming what is wrong', (players, words) => {
    const read = readGame({ ...sound(), players });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(words);
  });

  test('the app refuses a file where the computer plays both sides, in words', () => {
    expect(() => setupOf({ teutonic: { kind: 'computer', level: 1 }, russian: { kind: 'computer', level: 2 } })).toThrow(/computer plays both sides/);
  });
});
