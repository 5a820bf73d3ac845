/** `nevsky replay FILE`: re-run a saved game and print its final score and state hash. */
import { parseArgs } from 'node:util';
import { replayGame, savedGameProblems, stateHash, type SavedGame } from '../../rules';
import { EXIT, readText, UsageError, type Io } from '../io';
import type { Command } from '../main';
import { scoreLine } from './play';

export const replayCommand: Command = {
  name: 'replay',
  summary: 'replay a saved game log and print the final score and state hash',
  usage: 'nevsky replay FILE',
  help: `FILE is a saved game written by "nevsky play --log" ({scenario, seed, actions}).
Exit status: 0 when every action replays, 1 when the file is malformed or an action is illegal.`,
  async run(args: string[], io: Io): Promise<number> {
    const { positionals } = parseArgs({ args, allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('name one saved game file');
    const file = positionals[0]!;
    const read = await readText(file);
    if ('error' in read) { io.err(read.error); return EXIT.usage; }
    let value: unknown;
    try { value = JSON.parse(read.text); } catch (err) { io.err(`${file}: not valid JSON (${(err as Error).message})`); return EXIT.invalid; }
    const problems = savedGameProblems(value);
    if (problems.length > 0) { io.err(`${file}: not a saved game:\n${problems.map((p) => `  ${p}`).join('\n')}`); return EXIT.invalid; }
    try {
      const end = replayGame(value as SavedGame);
      io.out(`${file}: ${(value as SavedGame).actions.length} actions replayed, turn ${end.turn}`);
      io.out(`Final score: ${scoreLine(end)}`);
      io.out(`State hash: ${stateHash(end)}`);
      return EXIT.ok;
    } catch (err) {
      io.err(`${file}: ${(err as Error).message}`);
      return EXIT.invalid;
    }
  },
};
