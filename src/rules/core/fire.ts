/**
 * Ballista fire (digest 8) and missile fire (digest 9) on the position (issue 9, fast core): who may fire, at what,
 * and the dice. Events are written only when the position keeps them.
 */
import { FACINGS, FACING_VECTORS } from '../coords';
import { inConeOf, lineClear, stepsDistance } from '../geometry';
import { hitRule, maxMissileRange, scoreDice } from '../fire';
import { MISSILE_TROOPS, TROOPS, TROOP_TYPES } from '../troops';
import { rollDice, rollDie } from '../random';
import { facesOnTarget, hitsAmong, mayFireFor, strayFrom, wrecks, type Landing, type ShotHit } from '../ballistaFire';
import { diceOf, firesBefore } from '../missileFire';
import { T_COVER, T_CROSSING, type Board } from './board';
import { BALLISTA, BALLISTARII, troopsIn } from './table';
import { ACTIVE, DESTROYED, settle, type Hit, type Position } from './position';

const typeTable = (f: (t: (typeof TROOP_TYPES)[number]) => boolean) => Uint8Array.from(TROOP_TYPES, (t) => (f(t) ? 1 : 0));
const SHOOTER = typeTable((t) => MISSILE_TROOPS.includes(t));
const COST = Float64Array.from(TROOP_TYPES, (t) => TROOPS[t].cost);
export const BALLISTA_RANGE = TROOPS.ballista.range!;

/** Take up to n whole stands from unit x (half-killed ones first); at none left it is destroyed. */
export function removeStands(p: Position, x: number, n: number): void {
  for (let i = 0; i < n && p.stands[x]! > 0; i++) {
    if (p.half[x]! > 0) p.half[x]!--;
    p.stands[x]!--;
  }
  if (p.stands[x]! <= 0) {
    p.stands[x] = 0;
    p.half[x] = 0;
    p.status[x] = DESTROYED;
  }
  settle(p, x);
}

/** Line of fire (9B reading): crossed squares screen when they hold troops or give cover; exact corners need both. */
export function fireClear(p: Position, from: number, to: number): boolean {
  lineOf = p;
  const clear = lineClear(p.board.names[from]!, p.board.names[to]!, screens);
  lineOf = null;
  return clear;
}

/**
 * The position fireClear asks about, for screens: a function of the module, not a closure made per line (tsx, which
 * runs the CLI and the bench, names every closure as it is made, about 0.4 µs each).
 */
let lineOf: Position | null = null;

/** Does square sq screen a line of fire (troops or cover there)? */
function screens(sq: string): boolean {
  const p = lineOf!, j = p.board.index.get(sq)!;
  return (p.board.terrain[j]! & T_COVER) !== 0 || troopsIn(p, j);
}

// ---- Ballistas.

/** May ballista b fire for `side`: controlled by it, on the board, not on a crossing, crewed by its ballistarii (7D, 7H)? */
export function mayFireBallista(p: Position, b: number, side: number): boolean {
  if (p.type[b] !== BALLISTA) return false; // asked of every unit: no ground made for those that are not ballistas
  return mayFireFor({
    controller: (y) => (p.type[y] === BALLISTA && p.sq[y]! >= 0 && p.ctrl[y]! >= 0 ? p.ctrl[y]! : null),
    onCrossing: (y) => (p.board.terrain[p.sq[y]!]! & T_CROSSING) !== 0,
    with: (y) => p.cells[p.sq[y]!]!,
    crewOf: (y, s) => p.type[y] === BALLISTARII && p.side[y] === s && p.stands[y]! > 0,
  }, b, side);
}

const targetLists = new WeakMap<Board, Map<number, number[]>>();

/** Squares a ballista at j facing f may aim at: within range and its cone, never its own square (7). */
export function ballistaTargets(board: Board, j: number, f: number): readonly number[] {
  let byKey = targetLists.get(board);
  if (!byKey) targetLists.set(board, (byKey = new Map()));
  let list = byKey.get(j * 8 + f);
  if (!list) {
    list = [];
    const cols = board.columns, [fx, fy] = FACING_VECTORS[FACINGS[f]!];
    for (let t = 0; t < board.n; t++) {
      const vx = (t % cols) - (j % cols), vy = Math.floor(t / cols) - Math.floor(j / cols);
      if (t !== j && stepsDistance(vx, vy) <= BALLISTA_RANGE && inConeOf(fx, fy, vx, vy)) list.push(t);
    }
    byKey.set(j * 8 + f, list);
  }
  return list;
}

/**
 * Troop units a stand may be taken from in square j, costliest first (then by id); with `ownSide` >= 0 only that
 * side's (a stray shot outside the cone, R-ballista-stray).
 */
export function hitChoices(p: Position, j: number, ownSide = -1): number[] {
  const out: number[] = [];
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.type[y] !== BALLISTA && p.stands[y]! > 0 && (ownSide < 0 || p.side[y] === ownSide)) out.push(y);
  }
  return out.sort((a, b) => COST[p.type[b]!]! - COST[p.type[a]!]! || p.ids[a]!.localeCompare(p.ids[b]!));
}

/** A shot that lands nowhere hits nothing. */
const NO_HIT: ShotHit<number> = { kind: 'none', troops: [], engine: null, spared: false };

/**
 * Roll every declared ballista shot (digest 8). Where a shot lands and what it may hit there are src/rules/ballistaFire.ts's
 * own rules (facesOnTarget, strayFrom, hitsAmong), asked with the core's squares and units; the core rolls the dice
 * and books the hits. Where one lands a ballista there may be wrecked and a stand is lost: the shooter picks whose (an
 * action) when several units stand there. Losses wait in `hits` and apply together.
 */
export function resolveBallistaFire(p: Position): void {
  const { board } = p;
  for (let k = 0; k < p.shots.length; k += 2) {
    const b = p.shots[k]!, aim = p.shots[k + 1]!, from = p.at[b]!;
    const side = p.ctrl[b]! >= 0 ? p.ctrl[b]! : p.side[b]!;
    const d = rollDie(p.rng, 6), strayed = d > facesOnTarget((board.terrain[aim]! & T_COVER) !== 0);
    const dice = [d];
    let landing: Landing = { lands: board.names[aim]!, outsideCone: false };
    if (strayed) {
      dice.push(rollDie(p.rng, 8));
      landing = strayFrom(board.names[from]!, FACINGS[p.face[b]!]!, board.names[aim]!, FACINGS[dice[1]! - 1]!, board);
    }
    const lands = landing.lands === null ? -1 : board.index.get(landing.lands)!;
    const there = lands < 0 ? -1 : engineAt(p, lands);
    const found = lands < 0 ? NO_HIT : hitsAmong(hitChoices(p, lands).map((y) => ({ unit: y, side: p.sides[p.side[y]!]! })), there >= 0 ? there : null, landing.outsideCone, p.sides[side]!);
    const troops = found.troops, engine = found.engine ?? -1;
    let wreck = 0;
    if (found.kind === 'choice') p.hits.push({ side, at: lands, unit: -2, engine: -1, ownOnly: false, either: true });
    else if (found.kind === 'engine') {
      wreck = rollDie(p.rng, 6);
      dice.push(wreck);
      if (wrecks(wreck)) p.hits.push({ side, at: lands, unit: -1, engine, ownOnly: false, either: false });
    } else if (found.kind === 'stand') p.hits.push({ side, at: lands, unit: troops.length === 1 ? troops[0]! : -2, engine: -1, ownOnly: landing.outsideCone, either: false });
    p.events?.push({
      kind: 'ballista', side: p.sides[side]!, unit: p.ids[b]!, at: board.names[from]!, aim: board.names[aim]!, dice,
      ...(strayed ? { stray: FACINGS[dice[1]! - 1]! } : {}), lands: landing.lands,
      outsideCone: landing.outsideCone, spared: found.spared, hit: found.kind, ...(engine >= 0 ? { engine: p.ids[engine]! } : {}),
      ...(wreck > 0 ? { wreckRoll: wreck, wrecked: wrecks(wreck) } : {}),
    });
  }
}

/** The ballista standing in square j (-1: none). */
export function engineAt(p: Position, j: number): number {
  for (let i = 0, here = p.cells[j]!; i < here.length; i++) if (p.type[here[i]!] === BALLISTA) return here[i]!;
  return -1;
}

/** The ballista hit whose stand the shooter is choosing (unit -2), if any. */
export function choosingHit(p: Position): Hit | undefined {
  for (const h of p.hits) if (h.unit === -2) return h;
  return undefined;
}

/**
 * The shooter's choice for a waiting hit (7, R-stand-or-engine): a stand of unit x, or (x the ballista there) the
 * ballista: a d6, on a 6 it is wrecked and a stand there is lost too (the shooter picks whose when several).
 */
export function chooseHit(p: Position, h: Hit, x: number): void {
  if (p.type[x] !== BALLISTA) { h.unit = x; h.either = false; return; }
  const roll = rollDie(p.rng, 6), wrecked = wrecks(roll);
  const troops = hitChoices(p, h.at);
  h.either = false;
  h.engine = wrecked ? x : -1;
  h.unit = !wrecked ? -1 : troops.length === 1 ? troops[0]! : -2;
  p.events?.push({ kind: 'ballista-hit', side: p.sides[h.side]!, unit: p.ids[x]!, at: p.board.names[h.at]!, dice: [roll], wrecked });
}

/** Apply the ballista fire's losses together, once the shooters have chosen (7). */
export function applyBallistaHits(p: Position): void {
  for (const h of p.hits) {
    if (h.engine >= 0) { p.status[h.engine] = DESTROYED; settle(p, h.engine); }
    if (h.unit >= 0) {
      removeStands(p, h.unit, 1);
      p.events?.push({ kind: 'loss', side: p.sides[p.side[h.unit]!]!, unit: p.ids[h.unit]!, at: p.board.names[h.at]!, cause: 'ballista', stands: 1, destroyed: p.stands[h.unit] === 0 });
    }
  }
  p.hits = [];
}

// ---- Missile fire.

/** May unit x fire missiles for its side this phase: on the board, not retiring, a missile type (10B)? */
export function mayShoot(p: Position, x: number): boolean {
  // The type first: most units are no missile troops, and the sampler asks of every unit at every missile decision.
  return SHOOTER[p.type[x]!] === 1 && p.status[x] === ACTIVE && p.at[x]! >= 0 && p.stands[x]! > 0 && !p.retiring[x];
}

/** Enemy units (not ballistas) missile unit x may target: range, cone, clear line (9B); by slot. */
export function missileTargets(p: Position, x: number): number[] {
  const out: number[] = [];
  const i = p.at[x]!;
  if (i < 0) return out;
  const max = maxMissileRange(TROOP_TYPES[p.type[x]!]!);
  const cols = p.board.columns, ix = i % cols, iy = (i - ix) / cols;
  const [fx, fy] = FACING_VECTORS[FACINGS[p.face[x]!]!];
  for (let t = 0; t < p.n; t++) {
    const j = p.at[t]!;
    if (p.side[t] === p.side[x] || p.status[t] !== ACTIVE || j < 0 || p.type[t] === BALLISTA || j === i) continue;
    const vx = (j % cols) - ix, vy = (j - (j % cols)) / cols - iy;
    if (stepsDistance(vx, vy) > max || !inConeOf(fx, fy, vx, vy)) continue;
    if (fireClear(p, i, j)) out.push(t);
  }
  return out;
}

/** The declared shooters at each target (in declaration order of the targets), each with its range. */
function shootersByTarget(p: Position): Map<number, Array<{ unit: number; range: number }>> {
  const cols = p.board.columns;
  const byTarget = new Map<number, Array<{ unit: number; range: number }>>();
  for (let k = 0; k < p.fires.length; k += 2) {
    const u = p.fires[k]!, t = p.fires[k + 1]!;
    let list = byTarget.get(t);
    if (!list) byTarget.set(t, (list = []));
    list.push({ unit: u, range: stepsDistance((p.at[u]! % cols) - (p.at[t]! % cols), Math.floor(p.at[u]! / cols) - Math.floor(p.at[t]! / cols)) });
  }
  return byTarget;
}

/**
 * Reading R-converging (9): the first shooter at a target must be one of the closest. Where several are equally close
 * and the firing side has not yet said which goes first, the side chooses: the first such target's closest shooters
 * (empty when there is no choice left to make).
 */
export function firstShooterChoice(p: Position): number[] {
  for (const shooters of shootersByTarget(p).values()) {
    const closest = Math.min(...shooters.map((s) => s.range));
    const tied = shooters.filter((s) => s.range === closest).map((s) => s.unit);
    if (tied.length > 1 && !tied.some((u) => p.first.includes(u))) return tied;
  }
  return [];
}

/**
 * Resolve all declared missile fire at once (stands lost still fire). The order shooters at one target fire in and the
 * dice each rolls are src/rules/missileFire.ts's rules (firesBefore: closest first, then the one its side chose;
 * diceOf: a converging die for each after the first, one die fewer into a protected square); the core rolls and books.
 */
export function resolveMissileFire(p: Position): void {
  const { board } = p;
  const hits = new Map<number, number>();
  for (const [t, shooters] of shootersByTarget(p)) {
    const order = shooters.map(({ unit, range }) => ({ unit, range, first: p.first.includes(unit), id: p.ids[unit]! })).sort(firesBefore);
    const covered = (board.terrain[p.at[t]!]! & T_COVER) !== 0;
    order.forEach(({ unit, range }, i) => {
      const dice = rollDice(p.rng, diceOf(p.stands[unit]!, covered, i > 0));
      const rule = hitRule(TROOP_TYPES[p.type[unit]!]!, TROOP_TYPES[p.type[t]!]!, range);
      const h = rule ? scoreDice(rule, dice) : 0;
      hits.set(t, (hits.get(t) ?? 0) + h);
      p.events?.push({
        kind: 'fire', side: p.sides[p.side[unit]!]!, unit: p.ids[unit]!, at: board.names[p.at[unit]!]!, target: p.ids[t]!,
        targetAt: board.names[p.at[t]!]!, range, converging: i > 0, covered, dice, hits: h,
      });
    });
  }
  for (const [t, h] of hits) {
    if (h <= 0) continue;
    const had = p.stands[t]!, at = p.at[t]!;
    removeStands(p, t, h);
    p.events?.push({ kind: 'loss', side: p.sides[p.side[t]!]!, unit: p.ids[t]!, at: board.names[at]!, cause: 'missile', stands: had - p.stands[t]!, destroyed: p.stands[t] === 0 });
  }
}
