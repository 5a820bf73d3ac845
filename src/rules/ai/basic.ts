/** Simple built-in policies for `nevsky play`, the bench and the fuzz suite. */
import type { Action } from '../actions';
import { applyAction } from '../game';
import { choose, coreSamplers, playUntil } from './playout';
import { createRng, type RngState } from '../random';
import { randomIndex, sampleAction, sampleIn } from '../sample';
import { squareDistance, stepsDistance } from '../geometry';
import { parseSquare } from '../coords';
import type { GameState } from '../state';
import { MDIS } from '../melee';

/**
 * A policy: picks one of the listed legal actions. A policy may also carry `sample`, which draws its action
 * without a list (sampleAction); playOut then never lists the legal actions.
 */
export type Policy = ((state: GameState, actions: Action[]) => Action) & { sample?: (state: GameState) => Action | null };

/**
 * Random choice among the legal actions (concession excluded unless it is the only one). Facing changes, which the
 * rules allow without limit in a move (6L), are drawn 1 time in 8 when there is anything else to do, so random games
 * still move and end; otherwise every action is equally likely. Its `sample` draws with sampleAction instead.
 */
export function randomPolicy(seed: number): Policy {
  const r: RngState = createRng(seed);
  const policy: Policy = (_state, actions) => {
    const n = actions.length;
    if (n <= 1) return actions[0]!;
    // The kind first (a facing change 1 time in 8), then random places in the list until one holds that kind: the same
    // draw as counting the kinds and taking the k-th, without reading every action (move-phase lists run to hundreds,
    // and reading them all cost as much as applying the action).
    const face = randomIndex(r, 8) === 0;
    for (let tries = 0; tries < 16; tries++) {
      const a = actions[randomIndex(r, n)]!;
      if (a.type !== 'concede' && (a.type === 'face') === face) return a;
    }
    // Rarely reached with both kinds listed; always when the kind drawn has none (then any action but conceding).
    return counted(actions, face, r);
  };
  policy.sample = (state) => sampleAction(state, r);
  coreSamplers.set(policy, (p) => sampleIn(p, r));
  return policy;
}

/**
 * randomPolicy's draw by counting: an action of the kind asked for (a facing change or not) if the list has one,
 * else any; never conceding when there is anything else. Every action of the kind is equally likely.
 */
function counted(actions: readonly Action[], face: boolean, r: RngState): Action {
  let pool = 0, faces = 0;
  for (let i = 0; i < actions.length; i++) { const t = actions[i]!.type; if (t !== 'concede') { pool++; if (t === 'face') faces++; } }
  const size = face ? faces : pool - faces;
  const any = size === 0;
  let k = randomIndex(r, any ? pool : size);
  for (let i = 0; i < actions.length; i++) {
    const t = actions[i]!.type;
    if (t === 'concede' || (!any && (t === 'face') !== face)) continue;
    if (k-- === 0) return actions[i]!;
  }
  return actions[0]!;
}

/**
 * A plain, readable policy: ballistas and missiles shoot the nearest target; the attacker closes on the enemy
 * (leading melees where it can, knights charging), supporters join; MDIs picked at random; default loss order.
 */
export function simplePolicy(seed: number): Policy {
  const pick = randomPolicy(seed);
  return (state, actions) => {
    const read = new Reading(state);
    switch (state.phase) {
      case 'ballista': case 'missile': {
        const shots = actions.filter((a) => a.type === 'fire' || a.type === 'ballistaFire');
        if (shots.length === 0) return actions.find((a) => a.type === 'hold' || a.type === 'ballistaHold') ?? pick(state, actions);
        const shooter = shots[0]!;
        const mine = shots.filter((a) => (a as { unit: string }).unit === (shooter as { unit: string }).unit);
        // Squares holding any enemy unit (a ballista too) for ballista aims; each shot's distance worked out once.
        const occupied = new Set(state.units.filter((u) => u.side !== state.toAct && u.status === 'active' && u.at).map((u) => u.at!));
        // The nearest shot, the first listed among equals.
        let best = mine[0]!, bestDist = shotDistance(read, occupied, best);
        for (let k = 1; k < mine.length; k++) { const d = shotDistance(read, occupied, mine[k]!); if (d < bestDist) { best = mine[k]!; bestDist = d; } }
        return bestDist === Infinity ? actions.find((a) => a.type === 'hold' || a.type === 'ballistaHold')! : best;
      }
      case 'move': {
        const supports = ofType(actions, 'support');
        if (supports.length > 0) return supports[0]!;
        // Leaving the board halves a unit's worth (R-exit): the simple policy never does it.
        const moves = ofType(actions, 'move').filter((a) => a.type === 'move' && !a.split && a.to !== 'off');
        const leads = moves.filter((a) => a.type === 'move' && read.enemyHeld().has(a.to));
        if (leads.length > 0) return leads.find((a) => a.type === 'move' && a.charge) ?? leads[0]!;
        // Advance: the unmoved unit with the move that gets closest to the enemy without entering.
        let best: Action | null = null;
        let bestGain = 0.5;
        for (const a of moves) {
          if (a.type !== 'move' || a.charge) continue;
          const u = read.unit(a.unit);
          if (u.type === 'ballistarii' && !a.carry) continue;
          const gain = read.enemyNear(u.at!) - read.enemyNear(a.to);
          if (gain > bestGain && read.enemyNear(a.to) >= 1) { best = a; bestGain = gain; }
        }
        if (best) return best;
        return ofType(actions, 'endMove')[0] ?? pick(state, actions);
      }
      case 'support': return ofType(actions, 'support')[0] ?? ofType(actions, 'endSupport')[0]!;
      case 'melee':
        if (ofType(actions, 'mdi').length > 0) return { type: 'mdi', side: state.toAct!, mdi: MDIS[Math.floor(pickIndex(pick, state, actions) % MDIS.length)]! };
        return actions.find((a) => a.type === 'endFacing') ?? actions.find((a) => a.type !== 'concede')!;
      case 'endTurn': return ofType(actions, 'endTurn')[0]!;
      default: return pick(state, actions.filter((a) => a.type !== 'concede'));
    }
  };
}

/**
 * What simplePolicy reads of one state, worked out once and only when asked (it is asked for hundreds of moves a
 * decision): the enemy troops' squares, each square's distance to the nearest of them, units by id. A class, not
 * closures made per decision: the CLI runs through tsx, which names every closure made in a function (about 0.4 µs each).
 */
class Reading {
  private near: Map<string, number> | null = null;
  private enemySquares: Array<{ col: number; row: number }> = [];
  private held: Set<string> | null = null;
  private byId: Map<string, GameState['units'][number]> | null = null;
  constructor(private readonly state: GameState) {}

  enemyHeld(): Set<string> {
    const s = this.state;
    return (this.held ??= new Set(s.units.filter((u) => u.side !== s.toAct && u.at && u.status === 'active' && u.type !== 'ballista').map((u) => u.at!)));
  }

  enemyNear(sq: string): number {
    if (!this.near) {
      this.near = new Map();
      this.enemySquares = [...this.enemyHeld()].map((at) => parseSquare(at)!);
    }
    let best = this.near.get(sq);
    if (best === undefined) {
      const p = parseSquare(sq)!;
      best = Infinity;
      for (const e of this.enemySquares) best = Math.min(best, stepsDistance(p.col - e.col, p.row - e.row));
      this.near.set(sq, best);
    }
    return best;
  }

  unit(id: string): GameState['units'][number] {
    return (this.byId ??= new Map(this.state.units.map((u) => [u.id, u]))).get(id)!;
  }
}

/** The listed actions of one type. */
function ofType(actions: readonly Action[], t: Action['type']): Action[] {
  return actions.filter((a) => a.type === t);
}

/** How far a shot reaches: to its target unit, or for a ballista to an enemy-held square (Infinity: no enemy there). */
function shotDistance(read: Reading, occupied: ReadonlySet<string>, a: Action): number {
  const from = read.unit((a as { unit: string }).unit).at!;
  if (a.type === 'fire') return squareDistance(from, read.unit(a.target).at!);
  if (a.type === 'ballistaFire') return occupied.has(a.target) ? squareDistance(from, a.target) : Infinity;
  return Infinity;
}

function pickIndex(pick: Policy, state: GameState, actions: Action[]): number {
  return Math.max(0, actions.indexOf(pick(state, actions)));
}

/**
 * Play a game to its end with one policy per side (or one for both); a policy's `sample` is used when it has one.
 * The third argument is either how to apply an action (applyAction by default) or a random generator: then a
 * sampling policy draws with sampleAction from that generator (architecture's `playOut(state, policy, rng)`).
 * Without an `apply` of its own and without `onStep`, it plays on a private working copy, in place.
 */
export function playOut(state: GameState, policy: Policy | Record<string, Policy>, applyOrRng: ((s: GameState, a: Action) => GameState) | RngState = applyAction, onStep?: (s: GameState, a: Action) => void): GameState {
  const apply = typeof applyOrRng === 'function' ? applyOrRng : applyAction;
  if (typeof applyOrRng !== 'function') policy = withRng(policy, applyOrRng);
  if (apply === applyAction && !onStep) return playUntil(state, policy, null, Infinity);
  let s = state;
  for (;;) {
    const a = choose(s, policy);
    if (!a) return s;
    s = apply(s, a);
    onStep?.(s, a);
  }
}

/** The policies with their sampling drawn from `rng`. */
function withRng(policy: Policy | Record<string, Policy>, rng: RngState): Policy | Record<string, Policy> {
  const one = (p: Policy): Policy => {
    if (!p.sample) return p;
    const q: Policy = Object.assign((s: GameState, a: Action[]) => p(s, a), { sample: (s: GameState) => sampleAction(s, rng) });
    coreSamplers.set(q, (pos) => sampleIn(pos, rng));
    return q;
  };
  return typeof policy === 'function' ? one(policy) : Object.fromEntries(Object.entries(policy).map(([k, p]) => [k, one(p)]));
}
