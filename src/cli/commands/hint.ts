/** `nevsky hint GAME.json [--side X] [--level L] [--seed N] [--json]`: the computer's top three choices for a decision. */
import { parseArgs } from 'node:util';
import { readGame, replayGame, type AiLevel, type GameState } from '../../rules';
import { hint } from '../../ai/hint';
import { SETTING_LIMITS } from '../../scenario';
import { hintLabel, hintLine } from '../../play/hintText';
import { EXIT, intOption, readText, shortText, UsageError, type Io } from '../io';
import type { Command } from '../command';
import { formatDiagnostic } from './validate';

const LEVEL_NAMES: readonly AiLevel[] = ['easy', 'normal', 'hard'];

export const hintCommand: Command = {
  name: 'hint',
  summary: "the computer's top three choices for the decision a saved game stands at, with chances and reasons",
  usage: 'nevsky hint GAME.json [--side SIDE] [--level easy|normal|hard] [--seed N] [--json]',
  help: `GAME.json is a saved game ({scenario, seed, actions}); it is replayed to its last action and the side to act
there is given its three best choices, each with the estimated chance of winning after it and why (what it takes or
risks by the end of the turn), worked out from that side's view only, as the play view's Hint button does.
  --side SIDE   the side asking (must be the side to act; default: the side to act)
  --level L     easy, normal (default) or hard: how much thought goes into the numbers
  --seed N      seed of the sampled worlds and playouts (default: the game's seed, as in the play view)
  --json        print {side, level, seed, choices: [{action, label, win, takes, loses, saves, chosen, reason}]}
Exit status: 0 printed, 1 when the file is not a saved game, an action does not replay, the game is over or the
side is not to act, 2 on bad usage.`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { side: { type: 'string' }, level: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } } });
    if (positionals.length !== 1) throw new UsageError('name one saved game file');
    const level = values.level ?? 'normal';
    if (!LEVEL_NAMES.includes(level as AiLevel)) throw new UsageError(`--level must be one of ${LEVEL_NAMES.join(', ')}, not "${shortText(level)}"`);
    const seedOption = intOption('seed', values.seed, SETTING_LIMITS.seed);
    const file = positionals[0]!;
    const read = await readText(file);
    if ('error' in read) { io.err(read.error); return read.status; }
    const reading = readGame(read.text);
    if (!reading.ok) { io.err(`${file}: ${reading.message}\n${reading.problems.map(formatDiagnostic).join('\n')}`); return EXIT.invalid; }
    let state: GameState;
    try {
      state = replayGame(reading.game);
    } catch (err) {
      io.err(`${file}: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
      return EXIT.invalid;
    }
    const sides = state.sides.map((s) => s.id);
    if (values.side !== undefined && !sides.includes(values.side)) throw new UsageError(`--side must be one of the game's sides (${sides.join(', ')}), not "${shortText(values.side)}"`);
    if (state.phase === 'over' || state.toAct === null) { io.err(`${file}: the game is over: there is no decision to hint at`); return EXIT.invalid; }
    const side = values.side ?? state.toAct;
    if (side !== state.toAct) { io.err(`${file}: ${side} is not to act now (${state.toAct} is)`); return EXIT.invalid; }
    const seed = seedOption ?? state.seed;
    const choices = hint(state, side, { level: level as AiLevel, seed, k: 3 });
    if (values.json) {
      io.out(JSON.stringify({ side, level, seed, choices: choices.map((c) => ({ ...c, label: hintLabel(state, c.action) })) }, null, 1));
    } else {
      io.out(`${file}: turn ${state.turn}, ${state.phase} phase, ${side} to act (level ${level}, seed ${seed})`);
      choices.forEach((c, i) => io.out(`${i + 1}. ${hintLine(state, c)}`));
    }
    return EXIT.ok;
  },
};
