/**
 * Generated valid scenarios for the fuzz suite: random terrain (protected squares, roads, a river with crossings,
 * hills), random rules options and standard divisions, some units reduced, deployed at random in their set-up rows
 * or left for hidden deployment. Only scenarios that validateScenario passes without errors are used.
 */
import fc from 'fast-check';
import {
  DIVISION, TROOP_TYPES, deploymentRows, fullStands, squareName, validateScenario, SIDE_FACINGS, FACINGS, TROOPS,
  type Edge, type Scenario, type UnitSpec,
} from '../../../src/rules';

/** A seeded draw of numbers in [0, n) (fast-check's own generator, so runs are reproducible by seed). */
type Draw = (n: number) => number;

function terrain(draw: Draw, columns: number, rows: number): NonNullable<Scenario['terrain']> {
  const sq = (c: number, r: number) => squareName(c, r);
  const used = new Set<string>();
  const middle = () => ({ c: draw(columns), r: 3 + draw(rows - 6) });
  const roads: Array<{ path: string[] }> = [];
  for (let i = draw(3); i > 0; i--) {
    const a = middle();
    const vertical = draw(2) === 0;
    const b = vertical ? { c: a.c, r: draw(rows) } : { c: draw(columns), r: a.r };
    if (a.c === b.c && a.r === b.r) continue;
    const path = [sq(a.c, a.r), sq(b.c, b.r)];
    if (draw(2) === 0) path.push(vertical ? sq(draw(columns), b.r) : sq(b.c, draw(rows)));
    if (path[2] === path[1]) path.pop();
    roads.push({ path });
  }
  const protectedSquares: Array<{ at: string; kind: 'woods' | 'buildings' | 'rocks' | 'village' }> = [];
  for (let i = draw(8); i > 0; i--) {
    const p = middle();
    if (used.has(sq(p.c, p.r))) continue;
    used.add(sq(p.c, p.r));
    protectedSquares.push({ at: sq(p.c, p.r), kind: (['woods', 'buildings', 'rocks', 'village'] as const)[draw(4)]! });
  }
  const hills: Array<{ squares: string[] }> = [];
  for (let i = draw(3); i > 0; i--) {
    const p = middle();
    const squares = [sq(p.c, p.r), ...(p.c + 1 < columns ? [sq(p.c + 1, p.r)] : []), ...(draw(2) === 0 ? [sq(p.c, p.r + 1)] : [])]
      .filter((s) => !used.has(s));
    squares.forEach((s) => used.add(s));
    if (squares.length > 0) hills.push({ squares });
  }
  const out: NonNullable<Scenario['terrain']> = { protected: protectedSquares, roads, hills };
  if (draw(3) === 0) {
    // A river across the board between two middle rows, with one or two crossings.
    const r = Math.floor(rows / 2) - 1;
    const edges: Edge[] = [];
    for (let c = 0; c < columns; c++) edges.push([sq(c, r), sq(c, r + 1)]);
    out.rivers = [{ edges }];
    out.crossings = [{ edge: edges[draw(columns)]!, kind: 'ford' }];
    if (draw(2) === 0) out.crossings.push({ edge: edges[draw(columns)]!, kind: 'bridge' });
    if (out.crossings.length === 2 && out.crossings[0]!.edge === out.crossings[1]!.edge) out.crossings.pop();
  }
  return out;
}

function side(draw: Draw, id: string, army: 'teutonic' | 'russian', edge: 'north' | 'south', columns: number, rows: number, hidden: boolean): Scenario['sides'][number] {
  const divisions = Math.max(1, Math.floor(columns / 12));
  const units: UnitSpec[] = [];
  let n = 0;
  for (const type of TROOP_TYPES) {
    for (let i = 0; i < DIVISION[army][type] * divisions; i++) {
      const u: UnitSpec = { id: `${id}-${type}-${++n}`, type };
      if (type !== 'ballista' && type !== 'ballistarii' && fullStands(type) > 1 && draw(6) === 0) u.stands = 1 + draw(fullStands(type) - 1);
      units.push(u);
    }
  }
  if (!hidden) {
    const zone = deploymentRows(edge, rows);
    const free: string[] = [];
    for (let r = zone.from; r <= zone.to; r++) for (let c = 0; c < columns; c++) free.push(squareName(c, r));
    const take = () => free.splice(draw(free.length), 1)[0]!;
    const crewAt: string[] = [];
    for (const u of units) {
      if (u.type === 'ballista') continue;
      if (u.type === 'commander') { u.at = units.find((x) => x.type === 'knights' && x.at)?.at ?? take(); }
      else u.at = take();
      if (u.type === 'ballistarii') crewAt.push(u.at);
      const facings = TROOPS[u.type].support === 1 ? SIDE_FACINGS : FACINGS;
      u.facing = facings[draw(facings.length)]!;
    }
    for (const u of units) if (u.type === 'ballista') { u.at = crewAt.shift() ?? take(); u.facing = edge === 'north' ? 'S' : 'N'; }
  }
  // Shuffle so that deployment order differs from the table order (a ballista may come before its crew).
  for (let i = units.length - 1; i > 0; i--) { const j = draw(i + 1); [units[i], units[j]] = [units[j]!, units[i]!]; }
  return { id, army, edge, ...(divisions > 1 ? { divisions } : {}), units };
}

/** A valid scenario from a seed (tries until validateScenario reports no error). */
export function generatedScenario(seed: number): Scenario {
  const rng = fc.sample(fc.array(fc.nat(1_000_000), { minLength: 4000, maxLength: 4000 }), { seed, numRuns: 1 })[0]!;
  let k = 0;
  const draw: Draw = (n) => (n <= 0 ? 0 : rng[k++ % rng.length]! % n);
  for (let attempt = 0; attempt < 50; attempt++) {
    const columns = draw(4) === 0 ? 24 : 12;
    const rows = draw(3) === 0 ? 14 : 12;
    const hidden = draw(3) === 0;
    const s: Scenario = {
      format: 'nevsky-scenario', version: 1, meta: { title: `generated ${seed}` }, ruleset: 'nevsky',
      board: { columns, rows }, terrain: terrain(draw, columns, rows),
      rules: {
        turnLimit: 4 + draw(9), firstAttacker: draw(2) === 0 ? 'roll' : 'north', fractions: draw(2) === 0 ? 'roll' : 'ledger',
        hills: { movePenalty: [0, 1, 1, 2][draw(4)]!, protected: draw(3) > 0, meleePenalty: draw(2) === 0 },
      },
      sides: [side(draw, 'north', 'teutonic', 'north', columns, rows, hidden), side(draw, 'south', 'russian', 'south', columns, rows, hidden)],
    };
    // Format version 2: up to three objectives of 1-3 squares anywhere, some for one side only (R-objectives).
    const objectives = Array.from({ length: draw(4) }, (_, i) => {
      const squares = [...new Set(Array.from({ length: 1 + draw(3) }, () => squareName(draw(columns), draw(rows))))];
      const only = [undefined, 'north', 'south'][draw(3)];
      return { id: `obj-${i}`, label: `Objective ${i + 1}`, squares, points: 1 + draw(100), ...(only ? { for: only } : {}) };
    });
    if (objectives.length > 0) s.objectives = objectives;
    if (!validateScenario(s).some((d) => d.severity === 'error')) return s;
  }
  throw new Error(`no valid scenario from seed ${seed}`);
}
