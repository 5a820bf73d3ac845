/**
 * The plain reference move search (digest 6A-6G, 6K), shared by the tests that hold the engine's fast search to it:
 * string squares, a relax-until-stable search over (square, road all the way, hill touched, cover touched), no
 * buckets, no tables, no shortcuts. Written from the rules, not from the engine's code.
 */
import {
  isRoadStep, parseSquare, resolveBoard, riverBlocks, squareName, terrainIndex, TROOPS, BALLISTA_MOVE, MOVE_AFTER_CHARGE,
  type ResolvedRules, type Scenario, type Square, type TroopType,
} from '../../src/rules';

/** The moving unit: its type, square, whether it charged on its side's previous move (6G), whether it carries its ballista (6K). */
export interface ReferenceMover { type: TroopType; at: Square; afterCharge: boolean; carry: boolean }

/** A square the unit may end on: by a normal move and/or a charge, and the cheapest movement used (in squares). */
export interface ReferenceSquare { normal: boolean; charge: boolean; cost: number }

/** Where a unit may end a move, by relaxing (square, road all the way, hill touched, cover touched) until nothing improves. */
export function referenceReach(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: ReferenceMover): Map<Square, ReferenceSquare> {
  return relaxed(scenario, rules, enemies, u).reach;
}

/**
 * R-exit: may the unit step off the board in a normal move? Some path reaches a square on a board edge (or starts
 * there), not an enemy's, with 1 of its allowance to spare for the step off.
 */
export function referenceExit(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: ReferenceMover): boolean {
  return relaxed(scenario, rules, enemies, u).exit;
}

function relaxed(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: ReferenceMover): { reach: Map<Square, ReferenceSquare>; exit: boolean } {
  const t = terrainIndex(scenario);
  const { columns, rows } = resolveBoard(scenario.board);
  const spec = TROOPS[u.type];
  const { afterCharge: after, carry } = u;
  const allowance = (road: boolean, hill: boolean, cover: boolean, charge: boolean): number => {
    if (charge && (spec.charge === null || after || carry || cover)) return -1;
    let base = charge ? spec.charge! : spec.charge !== null && after ? MOVE_AFTER_CHARGE : spec.move;
    if (carry) base = Math.min(base, BALLISTA_MOVE);
    return base + (road ? 1 : 0) - (hill ? rules.hills.movePenalty : 0);
  };
  // No path longer than the most generous allowance (the whole way on road, no hill) can end anywhere.
  const most = Math.max(allowance(true, false, false, false), allowance(true, false, false, true));
  const banned = (sq: Square) => t.hill.has(sq) && (rules.hills.banned.includes(u.type) || (carry && rules.hills.banned.includes('ballista')));
  const enemy = (sq: Square) => enemies.has(sq);
  const best = new Map<string, number>();
  const start = `${u.at}|${t.road.has(u.at)}|${t.hill.has(u.at)}|${t.cover.has(u.at)}`;
  best.set(start, 0);
  // Relax until nothing improves: a node whose cost went down is looked at again.
  const todo = [start];
  while (todo.length > 0) {
    const node = todo.shift()!;
    const cost = best.get(node)!;
    const [sq, road, hill, cover] = node.split('|') as [Square, string, string, string];
    if (sq !== u.at && enemy(sq)) continue; // entered to fight: no further
    const p = parseSquare(sq)!;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      const c = p.col + dx, r = p.row + dy;
      if ((dx === 0 && dy === 0) || c < 0 || r < 0 || c >= columns || r >= rows) continue;
      const to = squareName(c, r);
      if (banned(to) || (carry && (t.protected.has(to) || enemy(to)))) continue;
      if (dx !== 0 && dy !== 0) {
        const b = squareName(c, p.row), d = squareName(p.col, r);
        if (enemy(b) && enemy(d)) continue;
        if ((riverBlocks(t, sq, b) || riverBlocks(t, b, to)) && (riverBlocks(t, sq, d) || riverBlocks(t, d, to))) continue;
      } else if (riverBlocks(t, sq, to)) continue;
      const next = cost + (dx !== 0 && dy !== 0 ? 1.5 : 1);
      if (next > most) continue;
      const key = `${to}|${road === 'true' && isRoadStep(t, sq, to)}|${hill === 'true' || t.hill.has(to)}|${cover === 'true' || t.cover.has(to)}`;
      if ((best.get(key) ?? Infinity) > next) { best.set(key, next); todo.push(key); }
    }
  }
  const out = new Map<Square, ReferenceSquare>();
  let exit = false;
  for (const [node, cost] of best) {
    const [sq, road, hill, cover] = node.split('|').map((x, i) => (i === 0 ? x : x === 'true')) as [Square, boolean, boolean, boolean];
    const c = parseSquare(sq)!;
    const onEdge = c.col === 0 || c.row === 0 || c.col === columns - 1 || c.row === rows - 1;
    if (onEdge && (sq === u.at || !enemy(sq)) && cost + 1 <= allowance(road, hill, cover, false)) exit = true;
    if (sq === u.at) continue;
    const normal = cost <= allowance(road, hill, cover, false), charge = cost <= allowance(road, hill, cover, true);
    if (!normal && !charge) continue;
    const o = out.get(sq) ?? { normal: false, charge: false, cost: Infinity };
    out.set(sq, { normal: o.normal || normal, charge: o.charge || charge, cost: Math.min(o.cost, cost) });
  }
  return { reach: out, exit };
}
