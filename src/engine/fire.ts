/**
 * Ballista fire (digest 8) and missile fire (digest 9) on the position (issue 9, fast core): who may fire, at what,
 * and the dice. Events are written only when the position keeps them.
 */
import { FACINGS, FACING_VECTORS } from '../rules/coords';
import { inConeOf, lineClear, stepsDistance } from '../rules/geometry';
import { inMissileReachOf, missileTarget, namesTheShot, screens } from '../rules/lineOfFire';
import { hitRule, scoreDice } from '../rules/fire';
import { MISSILE_TROOPS, TROOPS, TROOP_TYPES } from '../rules/troops';
import { rollDice, rollDie } from '../rules/random';
import { facesOnTarget, hitsAmong, mayFireFor, strayFrom, wrecks, type Landing, type ShotHit } from '../rules/ballistaFire';
import { diceOf, opensFire } from '../rules/missileFire';
import { T_COVER, T_CROSSING, type Board } from './board';
import { BALLISTA, BALLISTARII, troopsIn } from './table';
import { ACTIVE, DESTROYED, settle, type Hit, type PFire, type Position } from './position';
import { CACHES } from './caches';

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

/** Line of fire (9B reading, lineOfFire.ts `screens`): crossed squares screen when they hold troops or give cover; exact corners need both. */
export function fireClear(p: Position, from: number, to: number): boolean {
  const { board } = p;
  return lineClear(board.names[from]!, board.names[to]!, (sq) => {
    const j = board.index.get(sq)!;
    return screens((board.terrain[j]! & T_COVER) !== 0, troopsIn(p, j));
  });
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

/** The missile units able to fire as the missile phase begins, each with its stands then (R-fire-order). */
export function startVolley(p: Position): void {
  p.fires = [];
  p.missileReach = [];
  for (let x = 0; x < p.n; x++) if (mayShoot(p, x)) p.fires.push({ unit: x, stands: p.stands[x]!, target: -1, losses: null });
}

/** Unit x's place in the volley (undefined: not in it). */
export function volleyOf(p: Position, x: number): PFire | undefined {
  for (const f of p.fires) if (f.unit === x) return f;
  return undefined;
}

/** Is unit x still to fire this missile phase (in the volley, not yet decided)? Destroyed since, it still fires (R-fire-order). */
export function waitingToFire(p: Position, x: number): boolean {
  return volleyOf(p, x) !== undefined && !p.decided.includes(x);
}

/**
 * The first unit of side `side` still to fire, from place `k` of the volley on (-1: none): the volley's units in
 * turn, as waitingToFire asks of one.
 */
export function nextToFire(p: Position, side: number, k: number): number {
  for (; k < p.fires.length; k++) { const x = p.fires[k]!.unit; if (p.side[x] === side && !p.decided.includes(x)) return k; }
  return -1;
}

/** The shot whose losses its side is choosing (R-two-types), if any. */
export function choosingShot(p: Position): PFire | undefined {
  for (const f of p.fires) if (f.losses) return f;
  return undefined;
}

/**
 * Squares missile unit x may reach from its square, as the enemy unit each shot there is named after (lineOfFire.ts:
 * range, cone, a troop target, one per square with the unit before the commander, a clear line); by slot.
 */
export function missileTargets(p: Position, x: number): readonly number[] {
  return CACHES.missileLists ? (p.missileReach[x] ??= targetsOf(p, x)) : targetsOf(p, x);
}

/** missileTargets worked out. */
function targetsOf(p: Position, x: number): number[] {
  const out: number[] = [];
  const i = p.at[x]!;
  if (i < 0) return out;
  const type = p.type[x]!, facing = p.face[x]!;
  const cols = p.board.columns, ix = i % cols, iy = (i - ix) / cols;
  for (let t = 0; t < p.n; t++) {
    const j = p.sq[t]!;
    if (p.side[t] === p.side[x] || j < 0 || !missileTarget(TROOP_TYPES[p.type[t]!]!) || j === i) continue;
    if (!inMissileReachOf(type, facing, (j % cols) - ix, (j - (j % cols)) / cols - iy) || namedBefore(p, t, j)) continue;
    if (fireClear(p, i, j)) out.push(t);
  }
  return out;
}

/** Is another enemy unit in square j the one a shot there is named after, rather than t (the unit before the commander, then by slot)? */
function namedBefore(p: Position, t: number, j: number): boolean {
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (y === t || p.side[y] !== p.side[t] || !missileTarget(TROOP_TYPES[p.type[y]!]!)) continue;
    const order = namesTheShot(TROOP_TYPES[p.type[y]!]!, TROOP_TYPES[p.type[t]!]!);
    if (order < 0 || (order === 0 && y < t)) return true;
  }
  return false;
}

/** Has side shot at square j this phase? */
function shotAt(p: Position, side: number, j: number): boolean {
  for (const f of p.fires) if (f.target === j && p.side[f.unit] === side) return true;
  return false;
}

const rangeOf = (p: Position, a: number, b: number) => {
  const cols = p.board.columns;
  return stepsDistance((a % cols) - (b % cols), Math.floor(a / cols) - Math.floor(b / cols));
};

/**
 * The units missile unit x may fire at now (missileFire.ts `opensFire`): its targets whose square its side has shot at
 * already, or where no other unit of its side still to fire that can reach that square stands closer.
 */
export function fireTargets(p: Position, x: number): readonly number[] {
  const mine = missileTargets(p, x);
  return mine.length === 0 ? mine : mine.filter((t) => {
    const j = p.at[t]!, already = shotAt(p, p.side[x]!, j);
    return opensFire(already, !already && closerWaiting(p, x, j));
  });
}

/** Does another unit of x's side still to fire stand closer to square j (holding a target) and reach it (range, cone, clear line)? */
function closerWaiting(p: Position, x: number, j: number): boolean {
  const range = rangeOf(p, p.at[x]!, j);
  for (const f of p.fires) {
    const y = f.unit;
    if (y === x || p.side[y] !== p.side[x] || p.decided.includes(y) || rangeOf(p, p.at[y]!, j) >= range) continue;
    const reach = missileTargets(p, y);
    for (let k = 0; k < reach.length; k++) if (p.sq[reach[k]!] === j) return true;
  }
  return false;
}

/**
 * Unit x fires at the square of unit t, now (R-fire-order): it rolls missileFire.ts's dice (`diceOf`: its stands when
 * the phase began, one fewer into cover, one more where its side has shot already) and the dice are read against each
 * enemy type's row there (R-two-types). Where only one unit would lose stands it loses them at once; where several
 * would, the side chooses (choosingShot, then chooseShotLoss).
 */
export function fireShot(p: Position, x: number, t: number): void {
  const { board } = p, f = volleyOf(p, x)!, j = p.at[t]!, side = p.side[x]!;
  const covered = (board.terrain[j]! & T_COVER) !== 0, converging = shotAt(p, side, j), range = rangeOf(p, p.at[x]!, j);
  f.target = j;
  const dice = rollDice(p.rng, diceOf(f.stands, covered, converging));
  const shooter = TROOP_TYPES[p.type[x]!]!;
  const losses: number[] = [];
  let named = 0;
  const rows: Array<{ unit: string; hits: number }> = [];
  for (const y of shotUnits(p, j, p.side[t]!)) {
    const rule = hitRule(shooter, TROOP_TYPES[p.type[y]!]!, range);
    const h = rule ? scoreDice(rule, dice) : 0;
    if (y === t) named = h;
    rows.push({ unit: p.ids[y]!, hits: h });
    if (h > 0) losses.push(y, Math.min(h, p.stands[y]!));
  }
  p.events?.push({
    kind: 'fire', side: p.sides[side]!, unit: p.ids[x]!, at: board.names[p.at[x]!]!, target: p.ids[t]!,
    targetAt: board.names[j]!, range, converging, covered, dice, hits: named, ...(rows.length > 1 ? { rows } : {}),
  });
  if (losses.length === 2) loseStands(p, losses[0]!, losses[1]!);
  else if (losses.length > 2) f.losses = losses;
}

/** The enemy troop units in square j (side `side`), the one a shot is named after first (the default loss). */
function shotUnits(p: Position, j: number, side: number): number[] {
  const out: number[] = [];
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (p.side[y] === side && missileTarget(TROOP_TYPES[p.type[y]!]!)) out.push(y);
  }
  return out.sort((a, b) => namesTheShot(TROOP_TYPES[p.type[a]!]!, TROOP_TYPES[p.type[b]!]!) || a - b);
}

/** The side's choice for the shot waiting on it (R-two-types): unit x there loses the stands the dice give against its row. */
export function chooseShotLoss(p: Position, f: PFire, x: number): void {
  const losses = f.losses!;
  f.losses = null;
  for (let k = 0; k < losses.length; k += 2) if (losses[k] === x) loseStands(p, x, losses[k + 1]!);
}

function loseStands(p: Position, y: number, n: number): void {
  const had = p.stands[y]!, at = p.at[y]!;
  removeStands(p, y, n);
  if (p.stands[y] === 0) p.missileReach = []; // a target and a screen gone: every unit's reach is worked out again
  p.events?.push({ kind: 'loss', side: p.sides[p.side[y]!]!, unit: p.ids[y]!, at: p.board.names[at]!, cause: 'missile', stands: had - p.stands[y]!, destroyed: p.stands[y] === 0 });
}
