/**
 * The plain-JSON facade over the engine's core (architecture "Fast core, plain facade"): createGame, legalActions and
 * applyAction take and give immutable JSON states; inside, each state is read as a position (engine/position.ts) and
 * the rules run on that (engine/turn.ts). A state made here keeps its position, so it is read from JSON only when a
 * state comes from elsewhere (a saved game, a view's sampled world, a test's hand-made state).
 */
import type { Scenario } from './scenario';
import { actionKey, type Action } from './actions';
import { RuleError } from './readings';
import { createGameState, type GameState } from './state';
import { OVER, applyCore, copyPosition, fromState, listActions, pointsOf, setUp, toState, troopsOnBoard, type Position } from '../engine';

/**
 * What the facade knows of each state it made or was handed (states are never changed once made), in one record: the
 * state's position (null once handed on to the next state, or not read yet), its legal actions once listed, the
 * action sampleAction last drew for it (legal by construction), and whether it is a private working copy (then its
 * position changes with it, and nothing is cached). Kept in one map, the state made last beside it.
 */
interface Facts { p: Position | null; legal: readonly Action[] | null; sampled: Action | null; working: boolean }
const facts = new WeakMap<GameState, Facts>();
/**
 * The state made last, and what is known of it, kept out of the map until another is made: then it goes in only if
 * its position is still its own or an action was drawn for it. A state played on from has handed its position on,
 * and is rarely asked again (then it is read from its JSON): a game played action by action inserts nothing.
 */
let lastState: GameState | null = null, lastFacts: Facts | null = null;

function factsOf(state: GameState): Facts {
  if (state === lastState) return lastFacts!;
  let f = facts.get(state);
  if (!f) facts.set(state, (f = { p: null, legal: null, sampled: null, working: false }));
  return f;
}

/** A state made here, with its position. */
function made(state: GameState, p: Position): void {
  if (lastState && (lastFacts!.p || lastFacts!.sampled)) facts.set(lastState, lastFacts!);
  lastState = state;
  lastFacts = { p, legal: null, sampled: null, working: false };
}

/** The core's position of a state (read once per state object; never change it). */
export function positionOf(state: GameState): Position {
  const f = factsOf(state);
  return (f.p ??= fromState(state));
}

/** A new game: undeployed units wait for hidden deployment; then the first-attacker roll and turn 1. */
export function createGame(scenario: Scenario, options: { seed: number; turnLimit?: number | null }): GameState {
  const p = fromState(createGameState(scenario, options));
  p.events = [];
  setUp(p);
  const s = toState(p);
  made(s, p);
  return s;
}

/** Legal actions of a state (listed once: states never change, except working copies, listed afresh each time). */
function listed(f: Facts, state: GameState): readonly Action[] {
  if (f.working) return listActions(f.p!);
  return (f.legal ??= listActions((f.p ??= fromState(state))));
}

/** Every legal action of the side to act; empty when the game is over. (A fresh array: callers may change it.) */
export function legalActions(state: GameState): Action[] {
  const f = factsOf(state);
  return f.working ? listActions(f.p!) : listed(f, state).slice();
}

/** Record that `action` was drawn as legal for `state` (sampleAction). */
export function vouch(state: GameState, action: Action): Action {
  const f = factsOf(state);
  if (!f.working) f.sampled = action;
  return action;
}

/** Apply one action to a copy of the state (the input is never changed); throws RuleError when illegal. */
export function applyAction(state: GameState, action: Action): GameState {
  if (state.phase === 'over') throw new RuleError('game-over', 'The game is over.');
  if (!action || typeof action !== 'object' || typeof (action as { type?: unknown }).type !== 'string') {
    throw new RuleError('bad-action', 'An action is an object with a "type".');
  }
  if (action.side !== state.toAct) throw new RuleError('not-your-turn', `It is ${state.toAct}'s turn to act, not ${String(action.side)}'s.`);
  const f = factsOf(state);
  if (f.sampled !== action) {
    // The very object legalActions handed out is legal (listed objects are interned: one object per action); any
    // other is compared field by field.
    const legal = listed(f, state);
    if (!legal.includes(action)) {
      const key = actionKey(action);
      if (!legal.some((a) => actionKey(a) === key)) {
        const unit = (action as { unit?: string }).unit;
        const code = !legal.some((a) => a.type === action.type) ? 'wrong-phase' : action.type === 'move' ? 'illegal-move' : 'illegal-action';
        throw new RuleError(code, `${action.type} is not legal now (${state.phase} phase, turn ${state.turn})${unit ? ` for ${unit}` : ''}.`);
      }
    }
  }
  // The state's position moves on to the next state (no copy): states are rarely applied twice, and one that is is
  // read again from its JSON.
  let p = f.p;
  if (p && !f.working) f.p = null;
  else p = fromState(state);
  p.events = [];
  p.touched = [];
  applyCore(p, action);
  const next = toState(p, { state, touched: p.touched, action });
  p.touched = null;
  made(next, p);
  return next;
}

// ---- Private working copies for simulations that read the JSON state as they go (the simple policy, balance heat).

/** A private copy of a state for a simulation to change with applyInPlace (never hand it to callers who keep states). */
export function workingCopy(state: GameState): GameState {
  const p = copyPosition(positionOf(state));
  p.events = [];
  p.log = state.log.slice();
  const s = toState(p);
  facts.set(s, { p, legal: null, sampled: null, working: true });
  return s;
}

/**
 * Apply an action to a working copy in place (simulations: no copy of the state per action). The action must be one
 * that legalActions or sampleAction gave for this very position: it is not checked again.
 */
export function applyInPlace(s: GameState, action: Action): void {
  const f = facts.get(s);
  if (!f?.working) throw new Error('applyInPlace changes only a workingCopy');
  const p = f.p!;
  if (p.phase === OVER) throw new RuleError('game-over', 'The game is over.');
  p.touched = [];
  applyCore(p, action);
  const next = toState(p, { state: s, touched: p.touched });
  p.touched = null;
  Object.assign(s, next);
}

/** Does the side still have troops (not ballistas) on the board? */
export function hasTroopsOnBoard(state: GameState, side: string): boolean {
  const p = positionOf(state);
  return troopsOnBoard(p, p.sides.indexOf(side));
}

/** Points of each side now (section 11; public as gamePoints), by side id in the scenario's order. */
export function allPoints(state: GameState): Record<string, number> {
  const p = positionOf(state);
  return { [p.sides[0]!]: pointsOf(p, 0), [p.sides[1]!]: pointsOf(p, 1) };
}
