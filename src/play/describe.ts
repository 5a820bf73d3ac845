/** Plain-English words for the play view: units, actions (button labels and log lines) and the points breakdown. */
import { FACING_WORDS, hasTroopsOnBoard, objectiveHoldings, scoreParts, TROOPS, type Action, type GameState } from '../rules';
import { sideDoes } from '../rules/narrate';

/** Facings in words: the narrator's (src/rules/narrate.ts), one list for every layer. */
export { FACING_WORDS };

export function sideName(state: GameState, id: string | null | undefined): string {
  return state.sides.find((s) => s.id === id)?.name ?? String(id ?? '');
}

/** The result in a line, the verb agreeing with the winner's name: "Russians win", "Novgorod wins", "A draw". */
export function resultHeadline(state: GameState): string {
  const w = state.result?.winner;
  const won = w ? sideDoes(sideName(state, w), 'wins') : null;
  if (state.conceded) return `${sideName(state, state.conceded)} conceded — ${won ?? 'a draw'}`;
  return won ?? 'A draw';
}

/** Why a finished game ended, in a sentence (10G). Empty while it goes on. */
export function endReason(state: GameState): string {
  const r = state.result;
  if (!r) return '';
  switch (r.reason) {
    case 'conceded': return `${sideName(state, state.conceded)} gave up the field.`;
    case 'no-troops': {
      const gone = state.sides.filter((x) => !hasTroopsOnBoard(state, x.id));
      return `${gone.map((x) => x.name).join(' and ')} ${gone.length === 1 ? 'has' : 'have'} no troops left on the board.`;
    }
    case 'turn-limit': return r.winner ? `Decided on points at the end of turn ${state.turn}.` : `Equal points at the end of turn ${state.turn}.`;
  }
}

/** "Knights k1" style name of a unit. */
export function unitName(state: GameState, id: string): string {
  const u = state.units.find((x) => x.id === id);
  return u ? `${TROOPS[u.type].name} ${u.id}` : id;
}

function target(state: GameState, id: string): string {
  const u = state.units.find((x) => x.id === id);
  return u ? `${unitName(state, id)}${u.at ? ` at ${u.at}` : ''}` : id;
}

/** Is this unit a ballista (a hit aimed at the engine, not a stand)? */
function isBallista(state: GameState, id: string): boolean {
  return state.units.some((u) => u.id === id && u.type === 'ballista');
}

/** A short label for an action's button (the acting unit is named by the group it sits in). */
export function actionLabel(state: GameState, a: Action): string {
  switch (a.type) {
    case 'deploy': return `Deploy at ${a.at} facing ${FACING_WORDS[a.facing]}`;
    case 'ballistaFire': return `Shoot at ${a.target}`;
    case 'ballistaHold': case 'hold': return 'Hold fire';
    case 'fire': return `Fire at ${target(state, a.target)}`;
    case 'fireLoss': return `The shot's hits fall on ${target(state, a.unit)}`;
    case 'move': {
      if (a.to === 'off') return `Move off the board${a.carry ? ' with the ballista' : ''} (it counts half at the end)`;
      const enemy = state.units.some((u) => u.at === a.to && u.side !== a.side && u.status === 'active' && u.type !== 'ballista');
      let t = `${a.charge ? 'Charge' : 'Move'} to ${a.to}`;
      // R-run-over: the stand ridden over on the way (or on the square the move ends on).
      if (a.runOver) t += a.runOver === a.to ? ', riding over' : `, riding over ${a.runOver} on the way`;
      if (enemy && a.runOver !== a.to) t += ' and lead a melee';
      if (a.carry) t += ' with the ballista';
      if (a.split) t += ' (split one stand off)';
      if (a.supporter) t += `, supported by ${a.supporter}`;
      return t;
    }
    case 'face': return `Turn to face ${FACING_WORDS[a.facing]}`;
    case 'support': return `Support the melee at ${a.contact}`;
    case 'endMove': return 'End movement';
    case 'endSupport': return 'Done declaring support';
    case 'fight': return `Fight the melee at ${a.contact}`;
    case 'mdi': return `Deployment: ${a.mdi}`;
    case 'allocate': return a.half ? 'Half-kill a stand' : 'Lose a stand here';
    case 'retreat': return a.to === 'off' ? 'Retreat off the board' : `Retreat to ${a.to}`;
    case 'endFacing': return 'Done turning';
    case 'destroyBallista': return 'Destroy this ballista';
    case 'ballistaLoss': return isBallista(state, a.unit) ? 'Aim the hit at the ballista (a 6 wrecks it, and a stand there)' : `The ballista hit takes a stand from ${target(state, a.unit)}`;
    case 'endTurn': return 'End the turn';
    case 'concede': return 'Concede the game';
  }
}

/** One line for the game log: who did what, in words. */
export function actionSentence(state: GameState, a: Action): string {
  const who = sideName(state, a.side);
  const unit = 'unit' in a ? unitName(state, a.unit) : '';
  switch (a.type) {
    case 'deploy': return `${who}: ${unit} deploys at ${a.at}.`;
    case 'ballistaFire': return `${who}: ${unit} aims at ${a.target}.`;
    case 'fire': return `${who}: ${unit} fires at ${target(state, a.target)}.`;
    case 'fireLoss': return `${who}: the shot's hits fall on ${unit}.`;
    case 'ballistaHold': case 'hold': return `${who}: ${unit} holds its fire.`;
    case 'move': {
      const l = actionLabel(state, a);
      return `${who}: ${unit} ${l.charAt(0).toLowerCase()}${l.slice(1).replace(/^(\w+)/, (w) => ({ move: 'moves', charge: 'charges' })[w] ?? w).replace(' and lead ', ' and leads ')}.`;
    }
    case 'face': return `${who}: ${unit} turns to face ${FACING_WORDS[a.facing]}.`;
    case 'support': return `${who}: ${unit} supports the melee at ${a.contact}.`;
    case 'endMove': return `${who} ends movement.`;
    case 'endSupport': return `${who} has declared support.`;
    case 'fight': return `${who} chooses to fight the melee at ${a.contact}.`;
    case 'mdi': return `${who} picks a deployment in secret.`;
    case 'allocate': return `${who}: ${unit} ${a.half ? 'has a stand half-killed' : 'takes the loss'}.`;
    case 'retreat': return `${who}: ${unit} retreats ${a.to === 'off' ? 'off the board' : `to ${a.to}`}.`;
    case 'endFacing': return `${who} is done turning.`;
    case 'destroyBallista': return `${who} destroys ${unit}.`;
    case 'ballistaLoss': return isBallista(state, a.unit) ? `${who} aims the hit at ${unit}.` : `${who}: the ballista hit takes a stand from ${unit}.`;
    case 'endTurn': return `${who} ends the turn.`;
    case 'concede': return `${who} concedes.`;
  }
}

/** The acting unit of an action, if it has one. */
export function actionUnit(a: Action): string | null {
  return 'unit' in a ? a.unit : null;
}

/** The square an action points at on the map, if any. */
export function actionSquare(state: GameState, a: Action): string | null {
  switch (a.type) {
    case 'deploy': return a.at;
    case 'ballistaFire': return a.target;
    case 'fire': return state.units.find((u) => u.id === a.target)?.at ?? null;
    case 'move': return a.to === 'off' ? null : a.to;
    case 'support': case 'fight': return a.contact;
    case 'retreat': return a.to === 'off' ? null : a.to;
    default: return null;
  }
}

export interface PointsBreakdown { side: string; name: string; surviving: number; offBoard: number; halfKilled: number; objectives: number; total: number }

/**
 * Each side's points by kind (digest 11, src/rules/points.ts): stands and ballistas held on the board, units off the
 * board at half, half-killed stands at half; `total` is the engine's own score when the game is over.
 */
export function pointsBreakdown(state: GameState): PointsBreakdown[] {
  return scoreParts(state).map((x) => ({
    side: x.side, name: state.sides.find((s) => s.id === x.side)!.name,
    surviving: x.onBoard + x.ballistas, offBoard: x.offBoard, halfKilled: x.halfKilled, objectives: x.objectives,
    total: state.result?.points[x.side] ?? x.total,
  }));
}

/**
 * One line per objective of the scenario (R-objectives, src/rules/objectives.ts): its label, squares, points, for
 * whom, and who holds it now, e.g. "The ford (B5, B6), 20 points: held by the Teutonic Order".
 */
export function objectiveLines(state: GameState): string[] {
  const name = (id: string) => state.sides.find((s) => s.id === id)?.name ?? id;
  return objectiveHoldings(state).map((o) => `${o.label} (${o.squares.join(', ')}), ${o.points} point${o.points === 1 ? '' : 's'}${o.for ? ` for ${name(o.for)} only` : ''}: ${o.holder ? `held by ${name(o.holder)}` : 'held by nobody'}`);
}

/**
 * Why a unit offers two moves to the same square, where it does (issue 44): knights and ballistarii of two stands may
 * go whole or send one stand off alone (the other stays). Null when the unit has no such choice.
 */
export function splitChoiceNote(actions: readonly Action[]): string | null {
  if (!actions.some((a) => a.type === 'move' && a.split)) return null;
  return 'This unit has two stands: it may move whole, or split one stand off to go alone while the other stays. '
    + 'The list shows both for each square ("split one stand off" marks the second). On the map, the first click on a '
    + 'square picks the whole unit\'s move and a second click confirms it.';
}
