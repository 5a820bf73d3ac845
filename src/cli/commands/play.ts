/** `nevsky play SCENARIO --seed N [--turns N] [--log FILE]`: both sides played by the built-in policy. */
import { parseArgs } from 'node:util';
import { applyAction, createGame, machineTurnLimit, SELF_PLAY_TURN_CAP, turnCapNote, isPlayable, narrate, objectiveHoldings, parseJson, saveGame, simplePolicy, stateHash, validateScenario, playOut, type GameState, type Scenario } from '../../rules';
import { migrateDocument, SETTING_LIMITS, templateScenario, TEMPLATES } from '../../scenario';
import { readScenarioText } from '../sources';
import { checkOutputFile, EXIT, intOption, MAX_FILE_BYTES, UsageError, writeOutput, type Io } from '../io';
import type { Command } from '../command';
import { formatDiagnostic } from './validate';

/** A scenario from a template id or a file; errors are plain messages. */
export async function loadScenario(arg: string): Promise<{ scenario: Scenario } | { error: string; status: number }> {
  const read = await readScenarioText(arg);
  if ('error' in read) return read;
  const parsed = parseJson(read.text);
  if ('error' in parsed) return { error: `${arg}: ${parsed.error.message}`, status: EXIT.invalid };
  const value = migrateDocument(parsed.value);
  const diagnostics = validateScenario(value);
  if (!isPlayable(diagnostics)) return { error: `${arg}: the scenario has errors and cannot be played:\n${diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n')}`, status: EXIT.invalid };
  return { scenario: value as Scenario };
}

/** The saved game as `play --log` writes it, for `replay`, `report` and the app's Import. */
function logText(state: GameState): string {
  return JSON.stringify(saveGame(state), null, 1) + '\n';
}

/** Megabytes, for the messages about the 1 MB limit. */
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB (${bytes} bytes)`;

/**
 * What the last action did, in the narrator's words, one line per event as play and replay print them (a turn opens
 * with a blank line; placements are left out: the field is shown when turn 1 begins by what follows).
 */
export function eventLines(s: GameState): string[] {
  const out: string[] = [];
  for (const e of s.events) if (e.kind !== 'deploy' || 'noRoom' in e) out.push(`${e.kind === 'turn' ? '\n' : '  '}${narrate(e, s)}`);
  return out;
}

export function scoreLine(s: GameState): string {
  const r = s.result;
  if (!r) return `unfinished (turn ${s.turn}, ${s.phase})`;
  const held = objectiveHoldings(s).map((o) => `\n  objective ${o.id} "${o.label}" (${o.points}): ${o.holder ?? 'nobody'}`).join('');
  return `${Object.entries(r.points).map(([k, v]) => `${k} ${v}`).join(', ')}: ${r.winner ? `${r.winner} wins` : 'draw'}${held}`;
}

export const playCommand: Command = {
  name: 'play',
  summary: 'play a scenario headless with the built-in policy and print the turn log',
  usage: 'nevsky play SCENARIO --seed N [--turns N] [--log FILE] [--quiet]',
  help: `SCENARIO is a scenario file or a template id (${TEMPLATES.map((t) => t.id).join(', ')}).
Both sides are played by a simple built-in policy; the same seed gives the same game.
  --seed N     seed of the dice and of the policy (required, ${SETTING_LIMITS.seed.min} to ${SETTING_LIMITS.seed.max})
  --turns N    turns to play, ${SETTING_LIMITS.turns.min} to ${SETTING_LIMITS.turns.max} (default: the scenario's turn limit; ${SELF_PLAY_TURN_CAP} when it has
               none, as self-play needs an end)
  --log FILE   write the saved game ({scenario, seed, actions}) to FILE for "nevsky replay"; a log over the
               1 MB limit of game files is not written (exit 2): play fewer turns
  --quiet      print only the final score and the state hash`,
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({ args, options: { seed: { type: 'string' }, turns: { type: 'string' }, log: { type: 'string' }, quiet: { type: 'boolean' } }, allowPositionals: true });
    if (positionals.length !== 1) throw new UsageError('name one scenario file or template id');
    const seed = intOption('seed', values.seed, SETTING_LIMITS.seed);
    if (seed === undefined) throw new UsageError('--seed is required');
    const turns = intOption('turns', values.turns, SETTING_LIMITS.turns);
    const source = positionals[0]!;
    if (values.log !== undefined) await checkOutputFile('--log', values.log, templateScenario(source) ? [] : [source]);
    const loaded = await loadScenario(source);
    if ('error' in loaded) { io.err(loaded.error); return loaded.status; }
    const start = createGame(loaded.scenario, { seed, turnLimit: turns ?? machineTurnLimit(loaded.scenario) });
    const capped = turns === undefined ? turnCapNote(loaded.scenario, 'this headless game') : null;
    if (capped && !values.quiet) io.out(`Note: ${capped}`);
    // A game file is limited to 1 MB like the scenario in it: one whose scenario alone leaves no room is refused unplayed.
    const empty = values.log === undefined ? 0 : Buffer.byteLength(logText(start));
    if (empty > MAX_FILE_BYTES) {
      io.err(`--log: the game log would be over the 1 MB limit of game files (${MAX_FILE_BYTES} bytes) before the first action: its scenario alone takes ${mb(empty)}; nothing was played`);
      return EXIT.usage;
    }
    const print = (s: GameState) => { if (!values.quiet) for (const line of eventLines(s)) io.out(line); };
    print(start);
    const end = playOut(start, simplePolicy(seed), applyAction, (s) => print(s));
    io.out(`\nFinal score after ${end.turn} turn${end.turn === 1 ? '' : 's'}: ${scoreLine(end)}${capped ? ` (${capped})` : ''}`);
    io.out(`State hash: ${stateHash(end)}`);
    if (values.log !== undefined) {
      const text = logText(end);
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_FILE_BYTES) {
        io.err(`--log: the game log is ${mb(bytes)} (${end.log.length} actions, ${end.turn} turns), over the 1 MB limit (${MAX_FILE_BYTES} bytes) that replay, report and Import read; nothing was written: play fewer turns with --turns`);
        return EXIT.usage;
      }
      await writeOutput('--log', values.log, text);
      io.out(`Game log written to ${values.log} (${end.log.length} actions)`);
    }
    return EXIT.ok;
  },
};
