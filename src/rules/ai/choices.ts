/**
 * The search player's choices that need no full search: which root candidates to try (move ordering), the secret
 * MDI pick (a mixed strategy) and deployment (a heuristic placement).
 */
import type { Action } from '../actions';
import { applyAction } from '../game';
import { squareName } from '../coords';
import { squareDistance } from '../geometry';
import { MDIS, type Mdi } from '../melee';
import { createRng } from '../random';
import { defaultFacing } from '../scenario';
import type { GameState } from '../state';
import type { GameView } from '../view';
import { simplePolicy } from './basic';
import { pointsMargin } from './evaluate';
import { drawFrom, regretMatching } from './mixed';
import { playUntil } from './playout';
import type { Deadline } from './clock';
import type { Stream } from './rng';

/** A world consistent with the view: the other side's hidden picks drawn at random, fresh dice. */
export function sampleWorld(view: GameView, r: Stream): GameState {
  let melees = view.melees;
  if (view.hiddenPicks.length > 0 && view.current !== null) {
    const m = view.melees[view.current]!;
    const mdi = { ...m.mdi };
    for (const side of view.hiddenPicks) mdi[side] = MDIS[r.int(MDIS.length)]!;
    melees = view.melees.map((x, i) => (i === view.current ? { ...x, mdi } : x));
  }
  return { ...view, melees, rng: createRng(r.seed()) };
}

/** The "pass" action of a decision (end the move, hold fire, end supports or facing), if it has one. */
export function passAction(pool: Action[]): Action | undefined {
  return pool.find((a) => a.type === 'endMove' || a.type === 'hold' || a.type === 'ballistaHold' || a.type === 'endSupport' || a.type === 'endFacing');
}

/**
 * Move ordering: the simple policy's choice and the "pass" action always stay; the rest are ranked by a cheap
 * prior (leading melees and charges, shooting the nearest target, supporting, closing on the enemy; for the
 * same unit the better of two moves), ties broken at random.
 */
export function orderCandidates(view: GameView, side: string, pool: Action[], k: number, r: Stream): Action[] {
  const enemies = view.units.filter((u) => u.side !== side && u.status === 'active' && u.at !== null && u.type !== 'ballista');
  const nearest = (sq: string) => enemies.reduce((m, u) => Math.min(m, squareDistance(sq, u.at!)), Infinity);
  const at = new Map(view.units.map((u) => [u.id, u.at]));
  const enemyAt = new Set(enemies.map((u) => u.at!));
  const prior = (a: Action): number => {
    switch (a.type) {
      case 'move': {
        if (a.split) return -1;
        if (a.to === 'off') return -2; // leaving halves the unit's worth (R-exit)
        if (enemyAt.has(a.to)) return a.runOver ? 3 : a.charge ? 2.5 : 2;
        const from = at.get(a.unit);
        return from ? Math.min(1, (nearest(from) - nearest(a.to)) / 4) : 0;
      }
      case 'support': return 2;
      case 'fire': { const f = at.get(a.unit), t = at.get(a.target); return f && t ? 2 - squareDistance(f, t) / 10 : 1; }
      case 'ballistaFire': return enemyAt.has(a.target) ? 2 : -1;
      case 'destroyBallista': return 1;
      case 'face': return -0.5;
      default: return 0;
    }
  };
  const simple = simplePolicy(r.seed())(view, pool);
  const pass = passAction(pool);
  const ranked = pool.map((a) => ({ a, p: prior(a) + r.next() * 0.01 })).sort((x, y) => y.p - x.p).map((x) => x.a);
  const out: Action[] = [];
  for (const a of [simple, pass, ...ranked]) {
    if (a && !out.includes(a) && out.length < Math.max(1, k)) out.push(a);
  }
  return out;
}

/**
 * The secret MDI pick: estimate each pair's outcome by resolving the melee in a sampled world, mix by RM+. Past
 * the deadline the remaining pairs count as level, so the pick is still a mix.
 */
export function mdiChoice(view: GameView, side: string, r: Stream, clock: Deadline): Action {
  const cur = view.current!;
  const other = Object.keys(view.melees[cur]!.mdi).find((s) => s !== side)!;
  const rollout = simplePolicy(r.seed());
  const base = sampleWorld(view, r);
  const payoff = MDIS.map((mine) => MDIS.map((theirs: Mdi) => {
    if (clock.over()) return 0;
    return clock.time(() => {
      const melees = base.melees.map((m, i) => (i === cur ? { ...m, mdi: { ...m.mdi, [other]: theirs } } : m));
      const start = applyAction({ ...base, melees }, { type: 'mdi', side, mdi: mine });
      const end = playUntil(start, rollout, (s) => s.current === null || s.phase !== 'melee', 40);
      return pointsMargin(end, side);
    });
  }));
  const { row } = regretMatching(payoff);
  return { type: 'mdi', side, mdi: MDIS[drawFrom(row, r.next())]! };
}

/** Deployment: face the enemy; melee troops towards the middle of the board, missile troops a little behind. */
export function deployChoice(view: GameView, side: string, pool: Action[], r: Stream): Action {
  const me = view.sides.find((s) => s.id === side)!;
  const facing = defaultFacing(me.edge);
  const faced = pool.filter((a) => a.type === 'deploy' && a.facing === facing);
  const options = faced.length > 0 ? faced : pool;
  const cols = view.board.columns, rows = view.board.rows;
  const centre = squareName(Math.floor(cols / 2), Math.floor(rows / 2));
  let best = options[0]!, bestScore = Infinity;
  for (const a of options) {
    if (a.type !== 'deploy') continue;
    const score = squareDistance(a.at, centre) + r.next() * 0.5;
    if (score < bestScore) { bestScore = score; best = a; }
  }
  return best;
}
