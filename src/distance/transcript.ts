/**
 * A game at a distance as far as one reader can know it: the messages in order, each one's actions (its open ones,
 * then its sealed ones once opened), replayed through the engine with the dice seeds agreed so far. Synchronous: the
 * hashing is done before (see player.ts), and this part is the one rule for where dice restart and where a message
 * may end, shared by the players and by `nevsky replay`'s check.
 */
import type { Action } from '../rules/actions';
import { applyAction, createGame, legalActions } from '../rules/game';
import { createRng } from '../rules/random';
import type { GameState } from '../rules/state';
import { secretPending } from '../rules/view';
import type { Message } from './message';

/** A place in the exchange the reader cannot pass yet: the start or a message's dice not agreed, or sealed actions. */
export type Frontier = { kind: 'start' } | { kind: 'dice'; n: number } | { kind: 'hidden'; n: number };

/** What the reader knows of the game. */
export interface Progress {
  /** The state reached (null when even the start is not known yet). */
  state: GameState | null;
  /** Where the dice generator restarted (before the action at index `at`), for the saved game. */
  dice: Array<{ at: number; seed: number }>;
  /** Where the replay stopped, or null when every message is known. */
  frontier: Frontier | null;
  /** Why the messages cannot be played (an illegal action, dice rolled in the middle of a message...), else null. */
  fault: string | null;
}

/** What a reader knows beyond the messages: dice seeds by message and opened seals by message. */
export interface Knowledge {
  seeds: ReadonlyMap<number, number>;
  sealed: ReadonlyMap<number, readonly Action[]>;
}

/** The side that sends message n (even: the inviter, odd: the other side). */
export function senderOf(messages: readonly Message[], n: number): string {
  const inviter = messages[0]!.from;
  if (n % 2 === 0) return inviter;
  const sides = messages[0]!.scenario!.sides.map((s) => s.id);
  return sides.find((s) => s !== inviter)!;
}

/** A copy of the state whose dice restart from `seed`. */
export function reseeded(state: GameState, seed: number): GameState {
  return { ...state, rng: createRng(seed) };
}

/** Must this action of `side` travel sealed: a secret choice made before the other side has made its own? */
export function isSecretAction(s: GameState, action: Action): boolean {
  if (action.type === 'deploy') {
    return s.units.some((u) => u.side !== action.side && u.at === null && u.status === 'active');
  }
  if (action.type === 'mdi') {
    const m = s.current !== null ? s.melees[s.current] : undefined;
    return !!m && Object.entries(m.mdi).some(([side, pick]) => side !== action.side && pick === null);
  }
  return false;
}

/**
 * Stand-ins for sealed actions not yet opened: the hidden side's first legal choices while its secret is under way,
 * so the other side can make its own choice (its choices never depend on the hidden ones; the real ones are checked
 * when opened). Only for the screen and the choices of the side at it: never sent, never saved.
 */
export function standIns(state: GameState, hider: string): GameState {
  let s = state;
  for (let guard = 0; guard < 1000 && s.toAct === hider && s.phase !== 'over' && secretPending(s); guard++) {
    s = applyAction(s, legalActions(s)[0]!);
  }
  return s;
}

/**
 * Replay the messages as far as `known` allows. Message n's last action, when it rolls dice, rolls them from message
 * n's agreed seed (the start of the game uses message 1's); any other action that rolls dice is a fault, as is a
 * message that stops while its side still had to act.
 */
export function replayMessages(messages: readonly Message[], known: Knowledge, reader?: string): Progress {
  const first = messages[0]!;
  const start = known.seeds.get(1);
  if (messages.length < 2 || start === undefined) return { state: null, dice: [], frontier: { kind: 'start' }, fault: null };
  // Messages only ever come after the others and what a reader knows only grows: what it replayed up to its last
  // frontier stays as it was, so the replay goes on from there (the same reader, the same message objects).
  const key = reader === undefined ? undefined : `${first.game}|${reader}`;
  const cp = key === undefined ? undefined : checkpoints.get(key);
  const resume = cp && cp.n <= messages.length && cp.messages.slice(0, cp.n).every((m, i) => messages[i] === m) ? cp : undefined;
  let s = resume ? resume.state : createGame(first.scenario!, { seed: start, ...(first.turnLimit !== undefined ? { turnLimit: first.turnLimit } : {}) });
  const dice: Progress['dice'] = resume ? [...resume.dice] : [];
  const done = (n: number, p: Progress): Progress => {
    if (key !== undefined && p.fault === null) {
      checkpoints.delete(key);
      checkpoints.set(key, { messages, n, state: p.state!, dice: [...p.dice] });
      if (checkpoints.size > 16) checkpoints.delete(checkpoints.keys().next().value!);
    }
    return p;
  };
  for (let n = resume ? resume.n : 1; n < messages.length; n++) {
    const atStart = s, diceAtStart = dice.length;
    const halt = (frontier: Frontier): Progress => {
      done(n, { state: atStart, dice: dice.slice(0, diceAtStart), frontier, fault: null });
      return { state: s, dice, frontier, fault: null };
    };
    const m = messages[n]!;
    const sealed = m.seal ? known.sealed.get(n) : [];
    const open = (m.actions ?? []).length;
    const actions = [...(m.actions ?? []), ...(sealed ?? [])];
    const sender = senderOf(messages, n);
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      const where = `message ${n}, action ${i + 1}`;
      if (a.side !== sender) return { state: s, dice, frontier: null, fault: `${where}: an action of ${a.side} in a message from ${sender}` };
      if (i >= open && !isSecretAction(s, a)) return { state: s, dice, frontier: null, fault: `${where} (${a.type}) was sealed but is not a secret choice` };
      try {
        const next = applyAction(s, a);
        if (next.rng.s !== s.rng.s) {
          if (i !== actions.length - 1 || (m.seal && sealed === undefined)) return { state: s, dice, frontier: null, fault: `${where} rolls dice but is not the message's last action` };
          const seed = known.seeds.get(n);
          if (seed === undefined) return halt({ kind: 'dice', n });
          dice.push({ at: s.log.length, seed });
          s = applyAction(reseeded(s, seed), a);
        } else {
          s = next;
        }
      } catch (err) {
        return { state: s, dice, frontier: null, fault: `${where} (${a.type}): ${err instanceof Error ? err.message : String(err)}` };
      }
    }
    if (m.seal && sealed === undefined) {
      if (s.toAct !== sender || !secretPending(s)) return { state: s, dice, frontier: null, fault: `message ${n} seals actions when ${sender} has no secret choice to make` };
      return halt({ kind: 'hidden', n });
    }
    // A message may end only where its side had to stop: the other side (or nobody) to act, its last action rolled
    // dice it could not know, or it answered a secret the other side's message had sealed. (The join, message 1,
    // comes before its sender knows the start.)
    const rolled = dice.length > 0 && dice[dice.length - 1]!.at === s.log.length - 1 && actions.length > 0;
    if (n >= 2 && s.phase !== 'over' && s.toAct === sender && !rolled && !messages[n - 1]!.seal) {
      return { state: s, dice, frontier: null, fault: `message ${n} stops while ${sender} still has to act (${s.phase} phase, turn ${s.turn})` };
    }
  }
  return done(messages.length, { state: s, dice, frontier: null, fault: null });
}

const checkpoints = new Map<string, { messages: readonly Message[]; n: number; state: GameState; dice: Progress['dice'] }>();
