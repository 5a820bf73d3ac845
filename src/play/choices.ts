/**
 * The decisions in front of a player, arranged for the play view: actions grouped by unit, a sensible default for
 * each, the map mark of each, and what an action changed (for the map markers).
 */
import { eventLabel, eventSquare, type Action, type GameEvent, type GameState, type Square } from '../rules';
import type { MarkKind } from '../render/playOverlay';
import { actionSquare, actionUnit } from './describe';
import { fireOdds } from './odds';

/** Unit decisions the rules require of every such unit before play goes on (the unit is pre-selected). */
const REQUIRED = new Set<Action['type']>(['deploy', 'fire', 'hold', 'fireFirst', 'ballistaFire', 'ballistaHold', 'ballistaLoss', 'allocate', 'retreat']);

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

/** The default among one unit's actions: the best-odds shot, else holding; the engine's first listed otherwise. */
export function defaultUnitAction(state: GameState, actions: Action[], facing?: string): Action | null {
  if (actions.length === 0) return null;
  if (actions[0]!.type === 'deploy' && facing) return actions.find((a) => a.type === 'deploy' && a.facing === facing) ?? actions[0]!;
  const fires = actions.filter((a) => a.type === 'fire');
  if (fires.length > 0) {
    const score = (a: Action) => (a.type === 'fire' ? fireOdds(state, a.unit, a.target)?.expected ?? 0 : 0);
    return [...fires].sort((a, b) => score(b) - score(a))[0]!;
  }
  const shot = actions.find((a) => a.type === 'ballistaFire');
  if (shot) return shot;
  return actions[0]!;
}

/** The default general action: finish the phase step without giving anything up (never concede). */
export function defaultGeneralAction(general: Action[]): Action | null {
  const order: Array<Action['type']> = ['endMove', 'endSupport', 'fight', 'mdi', 'endFacing', 'endTurn'];
  for (const t of order) {
    const hit = general.find((a) => a.type === t && (t !== 'mdi' || (a as { mdi: string }).mdi === 'line'));
    if (hit) return hit;
  }
  return general.find((a) => a.type !== 'concede') ?? null;
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
