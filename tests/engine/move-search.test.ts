/**
 * The engine's move search (src/engine/search.ts, digest 6) held to the plain reference search of
 * src/rules/movement.ts on thousands of generated inputs: boards from 8x8 to 48x24 with random roads, hills, protected
 * squares, rivers with fords and bridges, random enemies (often crowded round the mover), every troop type, after a
 * charge or not, carrying a ballista or not, hill rules with and without banned types and penalties.
 */
import { expect, test } from 'vitest';
import {
  createRng, resolveRules, rollDie, squareName, TROOP_TYPES,
  type Edge, type ResolvedRules, type RngState, type Scenario, type Square, type Terrain, type TroopType,
} from '../../src/rules';
import { boardOf, T_ROAD, type Board } from '../../src/engine/board';
import { CHARGE, NORMAL, newReach, search, type Mover, type Reach } from '../../src/engine/search';
import { memoFor, memoSearch } from '../../src/engine/memo';
import { exitByRules as referenceExit, reachByRules as referenceReach } from '../../src/rules/movement';

const SIZES: ReadonlyArray<[number, number]> = [[8, 8], [12, 12], [12, 12], [9, 17], [20, 16], [31, 10], [32, 8], [24, 24], [48, 24]];
const KINDS = ['woods', 'buildings', 'rocks', 'village'] as const;

interface Input { scenario: Scenario; board: Board; rules: ResolvedRules; mover: Mover; enemy: Uint8Array; label: string }

/** One generated input (seeded: a failure names its seed). */
function generate(seed: number): Input {
  const rng: RngState = createRng(seed);
  const draw = (n: number) => rollDie(rng, n) - 1;
  const chance = (percent: number) => draw(100) < percent;
  const [columns, rows] = SIZES[draw(SIZES.length)]!;
  const sq = (c: number, r: number): Square => squareName(c, r);
  const anySquare = () => sq(draw(columns), draw(rows));
  const terrain: Terrain = { roads: [], protected: [], hills: [], rivers: [], crossings: [] };
  // Roads: straight runs between path points, turning at right angles.
  for (let k = draw(4); k > 0; k--) {
    let c = draw(columns), r = draw(rows);
    const path = [sq(c, r)];
    for (let p = 1 + draw(3); p > 0; p--) {
      if (draw(2) === 0) c = draw(columns); else r = draw(rows);
      path.push(sq(c, r));
    }
    terrain.roads!.push({ path });
  }
  // Now and then a road of points that do not line up, each taken on its own (the validator reports it; the engine
  // still reads it): road squares with no road next to them.
  if (chance(30)) terrain.roads!.push({ path: [anySquare(), anySquare(), anySquare()] });
  const density = draw(4); // 0: none of a kind, up to one square in eight
  for (let k = Math.floor((columns * rows * density) / 40); k > 0; k--) terrain.protected!.push({ at: anySquare(), kind: KINDS[draw(4)]! });
  for (let k = Math.floor((columns * rows * draw(4)) / 60); k > 0; k--) {
    const c = draw(columns), r = draw(rows);
    terrain.hills!.push({ squares: [sq(c, r), ...(c + 1 < columns && chance(50) ? [sq(c + 1, r)] : []), ...(r + 1 < rows && chance(50) ? [sq(c, r + 1)] : [])] });
  }
  // Rivers: wandering runs of square edges, some crossed by a ford or a bridge.
  for (let k = chance(60) ? 1 + draw(3) : 0; k > 0; k--) {
    const edges: Edge[] = [];
    let c = draw(columns), r = draw(rows);
    for (let s = 4 + draw(20); s > 0; s--) {
      const vertical = draw(2) === 0;
      const c2 = vertical ? c : c + 1, r2 = vertical ? r + 1 : r;
      if (c2 < columns && r2 < rows) {
        edges.push([sq(c, r), sq(c2, r2)]);
        if (chance(15)) terrain.crossings!.push({ edge: [sq(c, r), sq(c2, r2)], kind: draw(2) === 0 ? 'ford' : 'bridge' });
      }
      if (draw(2) === 0) c = Math.min(columns - 1, c + 1); else r = Math.min(rows - 1, Math.max(0, r + draw(3) - 1));
    }
    if (edges.length > 0) terrain.rivers!.push({ edges });
  }
  const banned = chance(25) ? [] : TROOP_TYPES.filter(() => chance(40));
  const hills = { banned, movePenalty: [0, 0.5, 1, 1, 1.5, 2, 3][draw(7)]!, protected: chance(50) };
  const scenario: Scenario = {
    format: 'nevsky-scenario', version: 1, meta: { title: `search ${seed}` }, ruleset: 'nevsky', board: { columns, rows }, terrain, rules: { hills },
    sides: [{ id: 'a', army: 'teutonic', edge: 'north', units: [] }, { id: 'b', army: 'russian', edge: 'south', units: [] }],
  };
  const board = boardOf(scenario);
  // Often from a road square (a path that starts on the road may keep the road bonus), else anywhere.
  const onRoad = Array.from({ length: board.n }, (_, i) => i).filter((i) => board.terrain[i]! & T_ROAD);
  const from = onRoad.length > 0 && chance(30) ? onRoad[draw(onRoad.length)]! : draw(board.n);
  const type: TroopType = TROOP_TYPES[draw(TROOP_TYPES.length)]!;
  // Enemies: anywhere at some density, and often crowded round the mover (squeezes, blocked paths).
  const enemy = new Uint8Array(board.n);
  const spread = draw(4) * 5;
  for (let i = 0; i < board.n; i++) if (draw(100) < spread) enemy[i] = 1;
  if (chance(70)) {
    const c0 = from % columns, r0 = Math.floor(from / columns), near = 20 + draw(50);
    for (let dr = -3; dr <= 3; dr++) for (let dc = -3; dc <= 3; dc++) {
      const c = c0 + dc, r = r0 + dr;
      if (c >= 0 && r >= 0 && c < columns && r < rows && draw(100) < near) enemy[r * columns + c] = 1;
    }
  }
  enemy[from] = 0;
  const mover: Mover = { type, from, afterCharge: chance(20), carry: chance(20) };
  return { scenario, board, rules: resolveRules(scenario.rules), mover, enemy, label: `seed ${seed}: ${type} from ${board.names[from]} on ${columns}x${rows}${mover.afterCharge ? ', after a charge' : ''}${mover.carry ? ', carrying' : ''}` };
}

const enemiesOf = (x: Input) => new Set(x.board.names.filter((_, i) => x.enemy[i] === 1));

/** A search's result as plain data: squares in listing order with cost, kind and both trails (square names). */
function listing(x: Input, r: Reach) {
  const name = (i: number) => (i < 0 ? null : x.board.names[i]!);
  return Array.from({ length: r.count }, (_, k) => ({
    square: name(r.square[k]!), cost: r.cost[k]!, kind: r.kind[k]!,
    trail: [name(r.trail[2 * k]!), name(r.trail[2 * k + 1]!)], chargeTrail: r.kind[k]! & CHARGE ? [name(r.chargeTrail[2 * k]!), name(r.chargeTrail[2 * k + 1]!)] : null,
  }));
}

const adjacent = (b: Board, i: number, j: number) => i !== j && Math.abs((i % b.columns) - (j % b.columns)) <= 1 && Math.abs(Math.floor(i / b.columns) - Math.floor(j / b.columns)) <= 1;
const stepCost = (b: Board, i: number, j: number) => (i % b.columns !== j % b.columns && Math.floor(i / b.columns) !== Math.floor(j / b.columns) ? 3 : 2);

const INPUTS = 3000;

test('6A-6G, 6K the move search finds the same squares, costs and kinds as the plain reference search on generated boards, terrain, enemies, troop types and hill rules', () => {
  const out = newReach(48 * 24);
  let squares = 0, charges = 0, big = 0;
  for (let seed = 1; seed <= INPUTS; seed++) {
    const x = generate(seed);
    search(x.board, x.rules, x.mover, x.enemy, out);
    const want = referenceReach(x.scenario, x.rules, enemiesOf(x), { type: x.mover.type, at: x.board.names[x.mover.from]!, afterCharge: x.mover.afterCharge, carry: x.mover.carry });
    const got = new Map<Square, { normal: boolean; charge: boolean; cost: number }>();
    const cost = new Map<number, number>([[x.mover.from, 0]]);
    for (let k = 0; k < out.count; k++) {
      const i = out.square[k]!, name = x.board.names[i]!;
      expect(got.has(name), `${x.label}: ${name} listed twice`).toBe(false);
      got.set(name, { normal: (out.kind[k]! & NORMAL) !== 0, charge: (out.kind[k]! & CHARGE) !== 0, cost: out.cost[k]! / 2 });
      // Listed in order of cost.
      if (k > 0) expect(out.cost[k]!, `${x.label}: ${name} listed after a dearer square`).toBeGreaterThanOrEqual(out.cost[k - 1]!);
      cost.set(i, out.cost[k]!);
    }
    expect(got, x.label).toEqual(want);
    expect(out.exit === 1, `${x.label}: R-exit`).toBe(referenceExit(x.scenario, x.rules, enemiesOf(x), { type: x.mover.type, at: x.board.names[x.mover.from]!, afterCharge: x.mover.afterCharge, carry: x.mover.carry }));
    // Trails: the square before the last comes first, next to it, never an enemy square, the one before that next to
    // it (or none when the path started there). The cheapest path's comes from a square reached more cheaply by at
    // least that step; the cheapest charge path's (which may cost more: no protected squares) from a charge square.
    const charged = new Set(Array.from({ length: out.count }, (_, k) => (out.kind[k]! & CHARGE ? out.square[k]! : -1)));
    for (let k = 0; k < out.count; k++) {
      const i = out.square[k]!, name = x.board.names[i]!;
      for (const t of out.kind[k]! & CHARGE ? [out.trail, out.chargeTrail] : [out.trail]) {
        const a = t[2 * k]!, b = t[2 * k + 1]!;
        expect(adjacent(x.board, a, i), `${x.label}: trail of ${name}`).toBe(true);
        expect(a === x.mover.from || x.enemy[a] === 0, `${x.label}: trail of ${name} through an enemy`).toBe(true);
        if (t === out.trail) expect(cost.get(a)! + stepCost(x.board, a, i), `${x.label}: trail of ${name}`).toBeLessThanOrEqual(out.cost[k]!);
        else expect(a === x.mover.from || charged.has(a), `${x.label}: charge trail of ${name}`).toBe(true);
        if (a === x.mover.from) expect(b).toBe(-1);
        else expect(adjacent(x.board, b, a), `${x.label}: trail of ${name}`).toBe(true);
      }
    }
    squares += out.count;
    charges += Array.from(out.kind).slice(0, out.count).filter((k) => k & CHARGE).length;
    if (x.board.n >= 48 * 24) big++;
  }
  // The inputs reach plenty: many squares, charges, and the largest boards.
  expect(squares).toBeGreaterThan(INPUTS * 8);
  expect(charges).toBeGreaterThan(INPUTS);
  expect(big).toBeGreaterThan(INPUTS / 20);
}, 300_000);

test('6A a move search reads no enemy square outside the region it reports (what the memo of searches relies on)', () => {
  const a = newReach(48 * 24), b = newReach(48 * 24);
  let flipped = 0;
  for (let seed = 1; seed <= INPUTS / 3; seed++) {
    const x = generate(100_000 + seed);
    const region = new Uint32Array(x.board.words);
    search(x.board, x.rules, x.mover, x.enemy, a, region);
    const first = listing(x, a);
    // Every square reached and its neighbours are in the region: moves into enemies next to them were considered.
    for (let k = 0; k < a.count; k++) expect((region[a.square[k]! >> 5]! >>> (a.square[k]! & 31)) & 1, x.label).toBe(1);
    // Enemies placed or removed anywhere outside the region change nothing, not even the order or the trails.
    const enemy = x.enemy.slice();
    for (let i = 0; i < x.board.n; i++) if (i !== x.mover.from && !((region[i >> 5]! >>> (i & 31)) & 1) && (i * 7 + seed) % 3 === 0) { enemy[i] = enemy[i] === 1 ? 0 : 1; flipped++; }
    search(x.board, x.rules, x.mover, enemy, b);
    expect(listing(x, b), x.label).toEqual(first);
  }
  expect(flipped).toBeGreaterThan(INPUTS);
}, 300_000);

test('6A a remembered move search is the fresh search whenever enemies come and go (memo hits and misses over generated boards)', () => {
  const fresh = newReach(48 * 24), scratch = newReach(48 * 24);
  let hits = 0, calls = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const x = generate(200_000 + seed);
    const memo = memoFor(x.board, x.rules);
    const rng = createRng(seed);
    const enemy = x.enemy.slice(), bits = new Uint32Array(x.board.words);
    for (let i = 0; i < x.board.n; i++) if (enemy[i]) bits[i >> 5]! |= 1 << (i & 31);
    const typeIndex = TROOP_TYPES.indexOf(x.mover.type);
    // Enemies step on and off a few squares near the mover and back again, so that placements repeat.
    const near = Array.from({ length: x.board.n }, (_, i) => i).filter((i) => i !== x.mover.from && Math.abs((i % x.board.columns) - (x.mover.from % x.board.columns)) <= 4 && Math.abs(Math.floor(i / x.board.columns) - Math.floor(x.mover.from / x.board.columns)) <= 4);
    const toggles = Array.from({ length: 3 }, () => near[rollDie(rng, near.length) - 1]!);
    for (let step = 0; step < 40; step++) {
      const i = toggles[rollDie(rng, toggles.length) - 1]!;
      enemy[i] = enemy[i] === 1 ? 0 : 1;
      bits[i >> 5]! ^= 1 << (i & 31);
      const before = memo.size;
      const got = memoSearch(memo, x.board, x.rules, x.mover, typeIndex, enemy, bits, scratch);
      if (memo.size === before) hits++;
      calls++;
      search(x.board, x.rules, x.mover, enemy, fresh);
      expect(listing(x, got), `${x.label}, step ${step}`).toEqual(listing(x, fresh));
    }
  }
  // Most placements come back: the memo answers many of them (and the check above holds them to fresh searches).
  expect(hits).toBeGreaterThan(calls / 3);
});

test('10A R-run-over: the search of the moves riding over an enemy square on the way finds the same squares, costs and kinds as the reference search with `over`', () => {
  const plainReach = newReach(48 * 24), out = newReach(48 * 24);
  let searches = 0, beyond = 0;
  for (let seed = 1; seed <= INPUTS / 2; seed++) {
    const x = generate(300_000 + seed);
    const mover: Mover = { ...x.mover, carry: false };
    search(x.board, x.rules, mover, x.enemy, plainReach);
    // The enemy squares the ordinary search reaches (the listing rides over those only), at most three of them.
    const targets = Array.from({ length: plainReach.count }, (_, k) => plainReach.square[k]!).filter((i) => x.enemy[i] === 1).slice(0, 3);
    for (const over of targets) {
      search(x.board, x.rules, { ...mover, over }, x.enemy, out);
      const want = referenceReach(x.scenario, x.rules, enemiesOf(x), { type: mover.type, at: x.board.names[mover.from]!, afterCharge: mover.afterCharge, carry: false, over: x.board.names[over]! });
      const got = new Map<Square, { normal: boolean; charge: boolean; cost: number }>();
      for (let k = 0; k < out.count; k++) got.set(x.board.names[out.square[k]!]!, { normal: (out.kind[k]! & NORMAL) !== 0, charge: (out.kind[k]! & CHARGE) !== 0, cost: out.cost[k]! / 2 });
      expect(got, `${x.label}, riding over ${x.board.names[over]}`).toEqual(want);
      searches++;
      beyond += out.count - (got.has(x.board.names[over]!) ? 1 : 0);
    }
  }
  expect(searches).toBeGreaterThan(INPUTS / 4);
  expect(beyond).toBeGreaterThan(INPUTS);
}, 300_000);
