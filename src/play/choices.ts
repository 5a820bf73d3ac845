/**
 * The decisions in front of a player, arranged for the play view: actions grouped by unit, a sensible default for
 * each, the map mark of each, and what an action changed (for the map markers).
 */
import { actionKey, eventLabel, eventSquare, squareDistance, type Action, type GameEvent, type GameState, type Square } from '../rules';
import type { MarkKind } from '../render/playOverlay';
import { actionSquare, actionUnit } from './describe';
import { ballistaOdds } from './odds';

/** Unit decisions the rules require of every such unit before play goes on (the unit is pre-selected). */
const REQUIRED = new Set<Action['type']>(['deploy', 'fire', 'hold', 'fireLoss', 'ballistaFire', 'ballistaHold', 'ballistaLoss', 'allocate', 'retreat']);

export interface Choices {
  /** Units with actions, in list order, each with its actions. */
  units: Array<{ unit: string; actions: Action[] }>;
  /** Actions not tied to a unit (end a phase, fight, MDI, concede). */
  general: Action[];
  /** The unit selected when nothing is chosen yet (a required decision), or null. */
  firstUnit: string | null;
}

export function choicesOf(actions: Action[]): Choices {
  const byUnit = new Map<string, Action[]>();
  const general: Action[] = [];
  for (const a of actions) {
    const u = actionUnit(a);
    if (u === null) { general.push(a); continue; }
    const list = byUnit.get(u);
    if (list) list.push(a); else byUnit.set(u, [a]);
  }
  const units = [...byUnit].map(([unit, list]) => ({ unit, actions: list }));
  const first = units.find((u) => u.actions.some((a) => REQUIRED.has(a.type)));
  return { units, general, firstUnit: first?.unit ?? null };
}

/** Why an action would hurt its own side, or null: a ballista aimed at a square holding its own troops, a move off the board or farther from the enemy. */
export function harmsOwnSide(state: GameState, a: Action): string | null {
  if (a.type === 'ballistaFire') return (ballistaOdds(state, a.unit, a.target)?.ownAtTarget.length ?? 0) > 0 ? 'aims at a square holding your own troops' : null;
  if (a.type !== 'move') return null;
  if (a.to === 'off') return 'leaves the board';
  const from = state.units.find((u) => u.id === a.unit)?.at;
  const enemies = state.units.filter((u) => u.side !== a.side && u.status === 'active' && u.at && u.type !== 'ballista').map((u) => u.at!);
  if (!from || enemies.length === 0) return null;
  const nearest = (sq: Square) => Math.min(...enemies.map((e) => squareDistance(sq, e)));
  return nearest(a.to) > nearest(from) ? 'moves away from the enemy' : null;
}

/** Unit decisions whose first listed choice is a fair default (the engine lists the usual one first). */
const FIRST_IS_FAIR = new Set<Action['type']>(['allocate', 'retreat', 'fireLoss', 'hold', 'ballistaHold']);
/** Actions only the player picks (where to go or set up, whom to shoot): never a default one key confirms. */
export const PLAYER_PICKS: ReadonlySet<Action['type']> = new Set<Action['type']>(['deploy', 'move', 'fire', 'ballistaFire', 'face', 'support', 'destroyBallista']);

/**
 * The default among one unit's actions, never one that harms its own side and never one the player must pick (a
 * deployment square, a move, a charge, a shot or a ballista aim: one key confirms a default, so it may only be a step
 * without a real choice of where or whom). The suggestion (what Suggest picks) when it is this unit's and of that kind;
 * else a ballista hit taken by the enemy (else by the own unit with most stands, the commander last), or the engine's
 * first listed loss, retreat or hold. Deployments, moves, shots, facings and support have no default: nothing is
 * highlighted until the player picks (a deployment's facing starts towards the enemy once the player picks a square).
 */
export function defaultUnitAction(state: GameState, actions: Action[], suggested?: Action | null): Action | null {
  if (actions.length === 0) return null;
  const hit = suggested ? actions.find((a) => actionKey(a) === actionKey(suggested)) : undefined;
  if (hit && !PLAYER_PICKS.has(hit.type) && !harmsOwnSide(state, hit)) return hit;
  const losses = actions.filter((a) => a.type === 'ballistaLoss');
  if (losses.length > 0) {
    const unitOf = (a: Action) => state.units.find((u) => u.id === (a as { unit: string }).unit);
    const rank = (a: Action) => { const u = unitOf(a); return !u ? 0 : u.side !== a.side ? 1000 : u.type === 'commander' ? -1 : u.stands; };
    return [...losses].sort((a, b) => rank(b) - rank(a))[0]!;
  }
  return actions.find((a) => FIRST_IS_FAIR.has(a.type)) ?? null;
}

/**
 * The default general action: the suggestion when it is one, else finishing the phase step. Never conceding, and
 * never a melee deployment: that secret pick is the player's own (nothing is highlighted until they pick).
 */
export function defaultGeneralAction(general: Action[], suggested?: Action | null): Action | null {
  if (suggested && suggested.type !== 'mdi' && suggested.type !== 'concede') {
    const hit = general.find((a) => actionKey(a) === actionKey(suggested));
    if (hit) return hit;
  }
  const order: Array<Action['type']> = ['endMove', 'endSupport', 'fight', 'endFacing', 'endTurn'];
  for (const t of order) {
    const hit = general.find((a) => a.type === t);
    if (hit) return hit;
  }
  return general.find((a) => a.type !== 'concede' && a.type !== 'mdi') ?? null;
}

/** A decision the player has no real choice in, and why (shown in the log). */
export interface Forced { action: Action; reason: string }

export const STEP_ENDS: ReadonlySet<Action['type']> = new Set<Action['type']>(['endMove', 'endSupport', 'endFacing', 'endTurn']);

/** True when a ballista aim can hurt the enemy: enemies on the square, or next to it where a stray shot may land. */
function aimCanHit(state: GameState, a: Action): boolean {
  if (a.type !== 'ballistaFire') return a.type === 'fire';
  const o = ballistaOdds(state, a.unit, a.target);
  return !!o && (o.enemyAtTarget.length > 0 || o.strayEnemy > 0);
}

/**
 * The decision that makes itself, or null: the only legal choice (conceding aside), or holding fire for a missile
 * unit or ballista with nothing of the enemy's it could hit. The play view resolves these for a human player.
 */
export function forcedDecision(state: GameState, actions: Action[]): Forced | null {
  const real = actions.filter((a) => a.type !== 'concede');
  const idle = holdsWithoutTarget(state, real)[0];
  if (idle) return { action: idle, reason: 'no target in range' };
  if (real.length === 1) return { action: real[0]!, reason: STEP_ENDS.has(real[0]!.type) ? 'nothing else to do' : 'the only choice' };
  return null;
}

/** Every missile unit and ballista with nothing in range, each with its hold-fire action (one button holds them all). */
export function holdsWithoutTarget(state: GameState, actions: Action[]): Action[] {
  return choicesOf(actions).units.flatMap(({ actions: list }) => {
    const hold = list.find((a) => a.type === 'hold' || a.type === 'ballistaHold');
    return hold && !list.some((a) => aimCanHit(state, a)) ? [hold] : [];
  });
}

/** How an action is marked on the map. */
export function markKind(a: Action): MarkKind {
  switch (a.type) {
    case 'move': return a.charge ? 'charge' : 'move';
    case 'fire': case 'ballistaFire': return 'fire';
    case 'support': return 'support';
    case 'fight': return 'fight';
    case 'deploy': return 'deploy';
    case 'retreat': return 'retreat';
    default: return 'other';
  }
}

/** Map marks for a unit's actions: one per square (a charge mark wins over a plain move to the same square). */
export function targetMarks(state: GameState, actions: Action[], chosen: Action | null): Array<{ square: Square; kind: MarkKind; chosen: boolean }> {
  const bySquare = new Map<Square, { square: Square; kind: MarkKind; chosen: boolean }>();
  const chosenSq = chosen ? actionSquare(state, chosen) : null;
  for (const a of actions) {
    const sq = actionSquare(state, a);
    if (!sq) continue;
    const kind = markKind(a);
    const prev = bySquare.get(sq);
    if (!prev || (kind === 'charge' && prev.kind === 'move')) bySquare.set(sq, { square: sq, kind, chosen: sq === chosenSq });
  }
  return [...bySquare.values()];
}

/** What changed on the board between two views: units that moved, stands lost, units gone. */
export function changes(before: GameState, after: GameState): { moved: Array<{ from: Square; to: Square }>; losses: Array<{ square: Square; text: string }>; destroyed: Square[] } {
  const moved: Array<{ from: Square; to: Square }> = [];
  const losses: Array<{ square: Square; text: string }> = [];
  const destroyed: Square[] = [];
  const prior = new Map(before.units.map((u) => [u.id, u]));
  for (const u of after.units) {
    const p = prior.get(u.id);
    if (!p || p.at === null) continue;
    if (u.status === 'destroyed' && p.status === 'active') { destroyed.push(p.at); continue; }
    if (u.status === 'active' && u.at && u.at !== p.at && before.phase !== 'deploy') moved.push({ from: p.at, to: u.at });
    const lost = p.stands - u.stands;
    const half = u.half - p.half;
    if (u.at && u.status === 'active' && (lost > 0 || half > 0)) losses.push({ square: u.at, text: lost > 0 ? `−${lost}` : '−½' });
  }
  return { moved, losses, destroyed };
}

/**
 * Labels for the map from an action's events (the narrator's short labels, on each event's square): the dice each
 * shooter, ballista or levy rolled, the MDIs revealed at a melee.
 */
export function eventLabels(events: readonly GameEvent[]): Array<{ square: Square; text: string }> {
  const out: Array<{ square: Square; text: string }> = [];
  for (const e of events) {
    const text = eventLabel(e), square = eventSquare(e);
    if (text !== null && square !== null) out.push({ square, text });
  }
  return out;
}
