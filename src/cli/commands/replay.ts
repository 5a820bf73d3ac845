/** `nevsky replay FILE`: re-run a saved game and print its final score and state hash. */
import { parseArgs } from 'node:util';
import { readGame, replayGame, stateHash } from '../../rules';
import { checkDistanceGame, checkWords } from '../../distance';
import { EXIT, readText, UsageError, type Io } from '../io';
import type { Command } from '../command';
import { eventLines, scoreLine } from './play';
import { formatDiagnostic } from './validate';

export const replayCommand: Command = {
  name: 'replay',
  summary: 'replay a saved game log and print the final score and state hash (with --events, what happened)',
  usage: 'nevsky replay FILE [--events]',
  help: `FILE is a saved game written by "nevsky play --log" ({scenario, seed, actions}).
  --events     print what happened, event by event in plain English, as "nevsky play" does
Its scenario is checked with the set-up rules before any action is replayed (as the app checks an imported game).
A game played at a distance has every dice and secret-choice commitment checked against its reveal first: that
shows the messages are consistent, not that two different people played them.
Exit status: 0 when every action replays, 1 when the file is malformed, its scenario has set-up errors
or an action is illegal, 2 when the file cannot be read or the arguments are wrong.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { events: { type: 'boolean' } } });
    if (positionals.length !== 1) throw new UsageError('name one saved game file');
    const file = positionals[0]!;
    const read = await readText(file);
    if ('error' in read) { io.err(read.error); return read.status; }
    const reading = readGame(read.text);
    if (!reading.ok) { io.err(`${file}: ${reading.message}\n${reading.problems.map(formatDiagnostic).join('\n')}`); return EXIT.invalid; }
    const game = reading.game;
    // A game played at a distance: every commitment must match its reveal, and its messages give these very actions.
    const distance = game.distance ? await checkDistanceGame(game) : null;
    if (distance && !distance.ok) { io.err(`${file}: this game at a distance does not check: ${distance.reason}`); return EXIT.invalid; }
    try {
      const end = replayGame(game, values.events ? (s) => { for (const line of eventLines(s)) io.out(line); } : undefined);
      io.out(`${file}: ${game.actions.length} actions replayed, turn ${end.turn}`);
      if (distance?.ok) for (const line of checkWords(distance, end.phase === 'over')) io.out(line);
      io.out(`Final score: ${scoreLine(end)}`);
      io.out(`State hash: ${stateHash(end)}`);
      return EXIT.ok;
    } catch (err) {
      io.err(`${file}: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
      return EXIT.invalid;
    }
  },
};
