/** Two simulated players of a game at a distance, in one process: each keeps its own copy and only messages pass. */
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import { createRng, rollDie, sampleAction, type Scenario } from '../../src/rules';
import { act, invite, join, receive, send, turnOf, type DistanceGame, type Message } from '../../src/distance';

/**
 * Make the players' random values (game ids, secrets, shares, salts) a seeded sequence, so each test plays the same
 * games every run (the protocol itself never depends on where its randomness comes from).
 */
export function seededRandomValues(seed: number): void {
  const rng = createRng(seed);
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
    const bytes = new Uint8Array(array!.buffer, array!.byteOffset, array!.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = rollDie(rng, 256) - 1;
    return array;
  });
}

export function template(name: string): Scenario {
  return JSON.parse(readFileSync(new URL(`../../templates/${name}.json`, import.meta.url), 'utf8')) as Scenario;
}

/** The writer's whole turn: random legal actions (from what its copy shows) until it must send. */
export function playTurn(g: DistanceGame, rng: ReturnType<typeof createRng>): DistanceGame {
  let game = g;
  for (let guard = 0; guard < 2000; guard++) {
    const t = turnOf(game);
    if (!t.canAct) return game;
    game = act(game, sampleAction(t.state!, rng)!);
  }
  throw new Error('a turn that never ends');
}

export interface Exchange {
  players: Record<string, DistanceGame>;
  messages: Message[];
  /** Turns of the game at each message (the receiver's known turn when it was applied). */
  turns: number[];
}

/** Play a whole game by messages between two simulated players; every message is received by the other. */
export async function playWhole(scenario: Scenario, inviterSide: string, seed: number, options: { turnLimit?: number | null; maxMessages?: number } = {}): Promise<Exchange> {
  const rng = createRng(seed);
  const inv = await invite(scenario, inviterSide, options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {});
  const joined = await join(inv.message);
  if (!joined.ok) throw new Error(joined.reason);
  const players: Record<string, DistanceGame> = { [inv.game.me]: inv.game, [joined.game.me]: joined.game };
  const messages = [inv.message, joined.message];
  const turns: number[] = [0, 0];
  let last = joined.message;
  for (let i = 0; i < (options.maxMessages ?? 5000); i++) {
    const to = Object.keys(players).find((s) => s !== last.from)!;
    const r = await receive(players[to]!, JSON.parse(JSON.stringify(last)));
    if (!r.ok) throw new Error(`message ${last.n}: ${r.reason}`);
    const t = turnOf(r.game);
    turns.push(t.state?.turn ?? 0);
    // The game is over and the other side has seen all of it: nothing more to send.
    if (t.state?.phase === 'over' && !t.passNow) { players[to] = r.game; break; }
    const out = await send(playTurn(r.game, rng));
    players[to] = out.game;
    messages.push(out.message);
    last = out.message;
  }
  return { players, messages, turns };
}
