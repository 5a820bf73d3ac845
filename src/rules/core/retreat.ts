/** Retreats on the position (issue 9, fast core; digest 10, rule 9L, reading R-retreat): the routes of retreat.ts. */
import { OFF, walkRoutes, type Route } from '../retreat';
import { T_HILL, T_PROTECTED } from './board';
import { BALLISTA, STACK, TYPE_INDEX } from './occupancy';
import { OFF as GONE, settle, type Position } from './position';
import { rearStep } from './after';

const BALLISTA_TYPE = TYPE_INDEX.ballista!;

/** Every way unit x may retreat, best first. */
function routes(p: Position, x: number): Route[] {
  const from = p.at[x]!;
  if (from < 0) return [];
  const contested: number[] = [];
  p.melees.forEach((m, i) => { if (!m.fought && i !== p.current) contested.push(m.contact); });
  const s = p.side[x]!;
  const n = p.trailN[x]!;
  const trail = s === p.attacker && n >= 0 ? [p.trail0[x]!, p.trail1[x]!].slice(0, n) : null;
  return walkRoutes({
    occ: p, board: p.board, x, from, enemy: p.enemy[s]!, banned: p.game.banned[p.type[x]!] === 1, contested, rear: rearStep(p, s), trail,
  });
}

/** The best retreat ends (OFF: off the board); where several are equally good the retreating side chooses. Empty: destroyed. */
export function retreatOptions(p: Position, x: number): number[] {
  const all = routes(p, x);
  const best = all[0]?.score;
  const out: number[] = [];
  for (const r of all) if (r.score === best && !out.includes(r.end)) out.push(r.end);
  return out;
}

/**
 * Carry out a retreat to a chosen end (OFF: off the board). A ballista of the unit's side in its square goes along only
 * where every square of the route is one a ballista may enter, and off the board with it; otherwise it stays.
 */
export function doRetreat(p: Position, x: number, to: number, marked: boolean): void {
  const from = p.at[x]!, s = p.side[x]!;
  const route = routes(p, x).find((r) => r.end === to);
  let engine = -1;
  for (let k = 0, base = from * STACK; k < p.cellN[from]!; k++) {
    const b = p.cell[base + k]!;
    if (p.type[b] === BALLISTA && p.ctrl[b] === s) { engine = b; break; }
  }
  const { terrain } = p.board;
  const ballistaMay = (j: number) => !(terrain[j]! & T_PROTECTED) && !(terrain[j]! & T_HILL && p.game.banned[BALLISTA_TYPE]);
  let follows = engine >= 0 && route !== undefined && route.path.every(ballistaMay);
  if (follows && to !== OFF) for (let k = 0, base = to * STACK; k < p.cellN[to]!; k++) if (p.type[p.cell[base + k]!] === BALLISTA) follows = false;
  if (to === OFF) { p.at[x] = -1; p.status[x] = GONE; } else p.at[x] = to;
  if (marked) p.retreated[x] = p.turn;
  settle(p, x);
  if (follows) {
    p.at[engine] = p.at[x]!;
    if (to === OFF) p.status[engine] = GONE;
    settle(p, engine);
  }
  p.events?.push({
    kind: 'retreat', side: p.sides[s]!, unit: p.ids[x]!,
    text: `${p.ids[x]} retreats from ${p.board.names[from]} to ${to === OFF ? 'off the board' : p.board.names[to]}${follows ? ' with its ballista' : ''}`,
  });
}
