/**
 * No dead ends on the fast core (digest 7, 6G, R-missile-lead; issue 42 "7 charges"). The rule is stated once, in
 * src/rules/waysToFight.ts (the lists of idle chargers' options and of backers, and the matching that must serve them
 * all), over questions the move context answers (moverules.ts fightGround); the reading where the digest is silent is
 * in the header of src/rules/moveListing.ts. This module asks it at each listing, of each move and support declaration,
 * and keeps what it read between the questions.
 *
 * Kept fast: nothing is asked unless a charger is idle, a melee waits for backing, or the move is a charge to a
 * square with no melee to support (waitingCharges). The listing's lists of leaders and backers are worked out once
 * (planOf), and kept for the move phase's next listings while the squares they were read from stand (keptPlan); a
 * move changes them only by taking its unit out of them, unless it touches a square they were read from
 * (one next to a melee waiting for backing, an idle charger's), leads next to a waiting charger, into a melee or as a
 * lone missile stand, rides over or names a supporter: then the state after it is made on the table and judged afresh
 * (make and unmake, as backing.ts). A unit none of whose moves can do that is not checked at all (movesNeedCheck).
 * Run-overs (10A) are read in one place, keepsMove's `over` (moveListing.ts afterMove): the stand on the square ridden over is gone.
 */
import type { Action } from '../rules/actions';
import type { Square } from '../rules/coords';
import { TROOPS, TROOP_TYPES, isCavalry } from '../rules/troops';
import { fightListsOn, idleOn, leadersOn, optionsOn, pickSquares, served, supportsAnyOn, unbackedOn, type FightLists, type FightOption, type OptionAsk } from '../rules/waysToFight';
import { BALLISTA, F_CHARGED_NOW, F_MOVED, KNIGHTS, stackFits, type Ints } from './table';
import { reachOf } from './memo';
import { CACHES } from './caches';
import { addSquare } from './keptLists';
import { CHARGE, type Reach } from './search';
import { breaksSupport, canMove, chargeFights, dropMelee, engineOf, fightGround, needsBacking, place, startMelee, type MoveContext } from './moverules';
import { CHARGED, CHARGE_SPLIT, move, ownTable } from './interned';

/** An enemy square a waiting charger could support a melee at, and the units that could lead there for it. */
type Option = FightOption<number, number>;

/** The ways to fight of one state, as lists: the matching's input (waysToFight.ts fightListsOn). */
type Lists = FightLists<number, number>;

/** One listing's lists, read once and asked for each move (a move that changes nothing else takes its unit out). */
interface Plan extends Lists {
  ok: boolean;
  /** By unit: 1 when it is in a list (a backer or a leader). */
  member: Uint8Array;
  /** By square: 1 when a unit arriving or leaving may change the lists (next to a melee waiting for backing, an idle charger's). */
  special: Uint8Array;
  /** By square: 1 where a waiting charger has an option. */
  optionAt: Uint8Array;
  /** By square: 1 next to a charger with no melee to support now (a melee started there may give it one, or take its option). */
  nearWaiting: Uint8Array;
  /** The lists' result with one unit taken out, by unit; the lists themselves (restOf). */
  without: Map<number, boolean>;
  rest: Map<number, Lists>;
}

const CHARGES = TROOP_TYPES.map((t) => TROOPS[t].charge !== null);
const CAVALRY_TYPE = TROOP_TYPES.map((t) => isCavalry(t));

/**
 * One listing's scratch (its context's: a listing makes a context of its own, and asks nothing after the position
 * changes): the squares next to an enemy square with no melee yet, the leaders by enemy square, and the plan.
 */
interface Scratch {
  ctx: MoveContext | null; beside: Uint8Array | null; leaders: Array<readonly number[] | undefined> | null; plan: Plan | null;
  kept: KeptPlan | null; asks: Array<OptionAsk<number, number> | undefined> | null;
  /** How optionsOf asks for options outside the plan's lists (made when first asked). */
  free: OptionAsk<number, number> | null;
}
let scratch: Scratch = { ctx: null, beside: null, leaders: null, plan: null, kept: null, asks: null, free: null };

function scratchOf(ctx: MoveContext): Scratch {
  if (scratch.ctx !== ctx) scratch = { ctx, beside: null, leaders: null, plan: null, kept: null, asks: null, free: null };
  return scratch;
}

/**
 * The units that could lead a melee at enemy square e in the listing's position (waysToFight.ts leadersOn), read once a square, and
 * never inside a what-if (the listing's own questions: planOf, waitQuick). A what-if that moved units and rode over
 * no one has the same leaders less the units it moved: a leader's search reads only enemies, and whether it may lead
 * at e reads only e (optionsOf).
 */
function leadersOf(ctx: MoveContext, e: number): readonly number[] {
  const sc = scratchOf(ctx);
  const leaders = (sc.leaders ??= keptLeaders(ctx));
  return (leaders[e] ??= leadersOn(fightGround(ctx), e));
}

/**
 * The leaders by square as read at this move phase's earlier listings (the moveLists cache, caches.ts), to be read
 * less those that have moved since (optionsOf asks canMove): none joins them, as the units that may move only become
 * fewer, their searches read only enemies and whether they may lead at an enemy square with no melee reads only that
 * square's enemies. Read afresh when enemies left the board (the journal's -1) or units were added.
 */
function keptLeaders(ctx: MoveContext): Array<readonly number[] | undefined> {
  const lists = CACHES.moveLists ? ctx.lists : null;
  if (!lists) return new Array<readonly number[] | undefined>(ctx.board.n);
  const was = lists.leaders;
  if (was && was.n === ctx.n && !lists.journal.includes(-1, was.at)) return was.bySquare;
  lists.leaders = { at: lists.journal.length, n: ctx.n, bySquare: new Array<readonly number[] | undefined>(ctx.board.n) };
  return lists.leaders.bySquare;
}

/** besideUnattacked's buffer, the last listing's, cleared (only the current listing's scratch reads it), when nothing keeps it. */
let besideBuffer = new Uint8Array(0);

/**
 * By square, 1 when next to an enemy square with no melee yet: where a charge may wait, in the listing's position.
 * Kept through the move phase (the moveLists cache) while no enemy has left the board and the melees are the same.
 */
function besideUnattacked(ctx: MoveContext): Uint8Array {
  const sc = scratchOf(ctx);
  if (sc.beside) return sc.beside;
  const lists = CACHES.moveLists ? ctx.lists : null, was = lists?.beside;
  if (was && sameSquares(was.contact, ctx.contact) && !lists!.journal.includes(-1, was.at)) return (sc.beside = was.squares);
  const { board, occ } = ctx, enemy = occ.enemy[ctx.attacker]!;
  if (!lists && besideBuffer.length < board.n) besideBuffer = new Uint8Array(board.n);
  const out = lists ? new Uint8Array(board.n) : besideBuffer.fill(0);
  for (let e = 0; e < board.n; e++) {
    if (!enemy[e] || ctx.contact.includes(e)) continue;
    for (let d = 0; d < 8; d++) { const j = board.step[e * 8 + d]!; if (j >= 0) out[j] = 1; }
  }
  if (lists) lists.beside = { at: lists.journal.length, contact: ctx.contact.slice(), squares: out };
  return (sc.beside = out);
}

/** Are the two lists of squares the same, in order? */
function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Charger c's options on square `at` (waysToFight.ts optionsOn), its leaders as leadersAsk takes them. With `first`,
 * only whether it has any; with `free`, only squares no other charger of that plan may pick and leaders in none of its lists.
 */
function optionsOf(ctx: MoveContext, c: number, at: number, cached: boolean, first: boolean, sameEnemies = true, free: Plan | null = null): Option[] {
  const g = fightGround(ctx, !sameEnemies);
  if (!free) return optionsOn(g, c, at, leadersAsk(ctx, cached, sameEnemies, first));
  const ask = leadersAsk(ctx, cached, sameEnemies, first), skip = ask.skipLeader;
  return optionsOn(g, c, at, (scratchOf(ctx).free ??= {
    ...ask, skipSquare: (e) => free.optionAt[e] === 1, skipLeader: (y) => free.member[y] === 1 || (skip !== undefined && skip(y)),
  }));
}

/** The lists of the table as it stands (`cached`: the listing's own position, its leaders read once). */
function listsNow(ctx: MoveContext, cached: boolean, sameEnemies = true): Lists {
  const g = fightGround(ctx, !sameEnemies);
  return cached ? fightListsOn(g, ctx.idle, ctx.unbacked, leadersAsk(ctx, true, sameEnemies)) : fightListsOn(g, idleOn(g), unbackedOn(g), leadersAsk(ctx, false, sameEnemies));
}

/**
 * Where optionsOn takes the leaders of a square: the listing's, kept (`cached`), or in a what-if that rode over no one
 * the listing's less those it has moved (a leader's search reads only enemies, and whether it may lead at e reads only
 * e), else read afresh. Kept leaders that have moved since are passed over.
 */
function leadersAsk(ctx: MoveContext, cached: boolean, sameEnemies: boolean, first = false): OptionAsk<number, number> {
  const sc = scratchOf(ctx), k = (cached ? 1 : 0) + (sameEnemies ? 2 : 0) + (first ? 4 : 0);
  const asks = (sc.asks ??= []);
  let ask = asks[k];
  if (ask) return ask;
  const { occ } = ctx, g = fightGround(ctx, !sameEnemies);
  const skipLeader = (y: number) => !canMove(occ, y);
  if (cached) ask = { leaders: (e) => leadersOf(ctx, e), skipLeader, first };
  else if (sameEnemies) ask = { leaders: (e) => (sc.leaders ??= keptLeaders(ctx))[e] ?? leadersOn(g, e), skipLeader, first };
  else ask = { first };
  return (asks[k] = ask);
}

/** The lists with unit x taken out of them. */
function withoutUnit(l: Lists, x: number): Lists {
  return {
    backing: l.backing.map((b) => (b.includes(x) ? b.filter((y) => y !== x) : b)),
    options: l.options.map((o) => o.map((w) => (w.leaders.includes(x) ? { at: w.at, leaders: w.leaders.filter((y) => y !== x) } : w))),
  };
}

let buffers = { member: new Uint8Array(0), special: new Uint8Array(0), nearWaiting: new Uint8Array(0), optionAt: new Uint8Array(0) };

/**
 * The plans worked out under each kept plan of the moveLists cache (keptPlan): while a kept plan stands its lists are
 * the same (keptPlan says why), and so is everything a plan reads besides them (the idle chargers' and the waiting
 * melees' squares and those next to them, and whether an idle charger has a melee to support, which only a melee
 * started next to it changes), so the next listings of the move phase read it again instead of working it out.
 */
const keptPlans = new WeakMap<KeptPlan, Plan>();

/** The listing's plan (worked out once per context, or kept from an earlier listing under the same kept plan). */
function planOf(ctx: MoveContext): Plan {
  const sc = scratchOf(ctx);
  if (sc.plan) return sc.plan;
  const lists = CACHES.moveLists ? ctx.lists : null;
  if (!lists) return (sc.plan = freshPlan(ctx, false));
  const kept = keptPlan(ctx, lists);
  let plan = keptPlans.get(kept) ?? sc.plan;
  if (!plan) plan = freshPlan(ctx, true);
  keptPlans.set(kept, plan);
  return (sc.plan = plan);
}

/** The plan of the context's position, worked out; `own`: in arrays of its own (to be kept), else the last plan's buffers. */
function freshPlan(ctx: MoveContext, own: boolean): Plan {
  const lists = listsNow(ctx, true);
  const { board, occ } = ctx;
  // The buffers are the last plan's, cleared (a plan lives only while its listing's context is the one asked).
  if (buffers.member.length < ctx.n) buffers.member = new Uint8Array(ctx.n);
  if (buffers.special.length < board.n) buffers = { member: buffers.member, special: new Uint8Array(board.n), nearWaiting: new Uint8Array(board.n), optionAt: new Uint8Array(board.n) };
  const member = own ? new Uint8Array(ctx.n) : buffers.member.fill(0), special = own ? new Uint8Array(board.n) : buffers.special.fill(0);
  const nearWaiting = own ? new Uint8Array(board.n) : buffers.nearWaiting.fill(0), optionAt = own ? new Uint8Array(board.n) : buffers.optionAt.fill(0);
  for (const b of lists.backing) for (const y of b) member[y] = 1;
  for (const o of lists.options) for (const w of o) { optionAt[w.at] = 1; for (const y of w.leaders) member[y] = 1; }
  for (const m of ctx.unbacked) {
    const c = ctx.contact[m]!;
    for (let d = 0; d < 8; d++) { const j = board.step[c * 8 + d]!; if (j >= 0) special[j] = 1; }
  }
  for (const c of ctx.idle) {
    const at = occ.sq[c]!;
    if (at < 0) continue;
    special[at] = 1;
    if (supportsAnyOn(fightGround(ctx), c)) continue;
    for (let d = 0; d < 8; d++) { const j = board.step[at * 8 + d]!; if (j >= 0) nearWaiting[j] = 1; }
  }
  return { ...lists, ok: served(lists), member, special, nearWaiting, optionAt, without: new Map(), rest: new Map() };
}

/** What a move does besides standing its unit elsewhere, for the what-if. */
interface Effects { charge: boolean; split: boolean; over: number; backer: number; supports: number }

const NO_EFFECTS: Effects = { charge: false, split: false, over: -1, backer: -1, supports: -1 };

/**
 * The lists' result with unit x done moving as the action leaves it: on square `to` (-1: off the board; null: where
 * it is), a melee started there when it enters enemies, the lone stand on square `over` ridden over (gone), charged, split off
 * (judged with 1 stand, the stand left behind counted nowhere), `backer` named with its lead and declared, or x
 * declared a supporter of melee `supports`. All put back after.
 */
function fightsAfter(ctx: MoveContext, x: number, to: number | null, fx: Effects): boolean {
  const { occ } = ctx;
  const flags = occ.flags as Ints, stands = occ.stands as Ints, cells = occ.cells as Array<readonly number[]>;
  const s = occ.side[x]!, enemy = occ.enemy[s] as Ints, bits = occ.enemyBits[s]!;
  const own = flags[x]!, ownStands = stands[x]!, backerOwn = fx.backer >= 0 ? flags[fx.backer]! : 0;
  const rode = fx.over;
  const before = rode >= 0 ? cells[rode]! : null, word = rode >= 0 ? bits[rode >> 5]! : 0;
  if (rode >= 0) {
    cells[rode] = before!.filter((y) => occ.type[y] === BALLISTA || occ.side[y] === s);
    enemy[rode] = 0;
    bits[rode >> 5] = word & ~(1 << (rode & 31));
  }
  const from = to !== null ? place(occ, x, to) : -1;
  const started = to !== null && to >= 0 && enemy[to] === 1 && !ctx.contact.includes(to);
  if (started) startMelee(ctx, to);
  const declared = fx.supports >= 0 ? fx.supports : fx.backer >= 0 && to !== null && to >= 0 ? ctx.contact.indexOf(to) : -1;
  const supporters = declared >= 0 ? ctx.supports[declared]! : null;
  if (declared >= 0) ctx.supports[declared] = [...supporters!, fx.backer >= 0 ? fx.backer : x];
  flags[x] = own | F_MOVED | (fx.charge ? F_CHARGED_NOW : 0);
  if (fx.split) stands[x] = 1;
  if (fx.backer >= 0) flags[fx.backer] = backerOwn | F_MOVED;
  try {
    return served(listsNow(ctx, false, rode < 0));
  } finally {
    if (fx.backer >= 0) flags[fx.backer] = backerOwn;
    stands[x] = ownStands;
    flags[x] = own;
    if (declared >= 0) ctx.supports[declared] = supporters!;
    if (started) dropMelee(ctx);
    if (to !== null) place(occ, x, from);
    if (rode >= 0) {
      cells[rode] = before!;
      enemy[rode] = 1;
      bits[rode >> 5] = word;
    }
  }
}

/**
 * Does action `a` of unit x (a move, or a support declaration) leave every idle charger a way to fight and every melee
 * waiting for backing its backer (moveListing.ts keepsWays)? Asked only when a charger is idle or a melee waits for
 * backing, and of charges that would wait (waitingCharges).
 */
export function keepsWays(ctx: MoveContext, x: number, a: Action): boolean {
  if (a.type === 'support') return fightsAfter(ctx, x, null, { ...NO_EFFECTS, supports: ctx.contact.indexOf(ctx.board.index.get(a.contact)!) });
  if (a.type !== 'move') return true;
  const to = a.to === 'off' ? -1 : ctx.board.index.get(a.to)!;
  const charge = a.charge === true;
  return keepsMove(ctx, x, a, to, charge && to >= 0 && !ctx.occ.enemy[ctx.occ.side[x]!]![to] && !chargeFights(ctx, x, to, false));
}

/** keepsWays of move `a` of unit x to square `to` (-1: off the board); `waits`: a charge with no melee to support there. */
function keepsMove(ctx: MoveContext, x: number, a: Extract<Action, { type: 'move' }>, to: number, waits: boolean): boolean {
  const { occ } = ctx;
  const from = occ.sq[x]!, charge = a.charge === true;
  if (waits) {
    const quick = waitQuick(ctx, x, to);
    if (quick >= 0) return quick === 1;
  }
  const plan = planOf(ctx);
  // 10A: the square a move rides over (its one place here, as moveListing.ts afterMove).
  const over = a.runOver && to >= 0 ? ctx.board.index.get(a.runOver)! : -1;
  // A lead starts a melee that a waiting charger next to it may support (or lose as its option), a lone missile stand's
  // waits for backing, and one joined changes who is in its contact square: then judged afresh. Else it only uses x up.
  const leads = to >= 0 && occ.enemy[occ.side[x]!]![to] === 1
    && (plan.nearWaiting[to] === 1 || ctx.contact.includes(to) || needsBacking(occ.type[x]!, a.split ? 1 : occ.stands[x]!));
  if (a.supporter || over >= 0 || leads || (to >= 0 && plan.special[to]) || plan.special[from]) {
    return fightsAfter(ctx, x, to, { charge, split: a.split === true, over, backer: a.supporter ? ctx.ids.indexOf(a.supporter) : -1, supports: -1 });
  }
  // Anything else changes the lists only by taking x out of them (it has moved).
  return withoutOk(plan, x);
}

/** Are the plan's lists solved with unit x taken out (kept for the listing)? */
function withoutOk(plan: Plan, x: number): boolean {
  if (!plan.member[x]) return plan.ok;
  let ok = plan.without.get(x);
  if (ok === undefined) plan.without.set(x, (ok = served(restOf(plan, x))));
  return ok;
}

/**
 * Must unit x's moves be checked one by one (keepsWays) in this listing? Not when none of them can change the answer:
 * x is in no list, stands on no square the lists were read from, and reaches none (nor an enemy square it could lead
 * or ride into with consequences: next to a waiting charger, a contact square, any when it is a lone missile stand,
 * any it could ride over while there are lists): then every move it has keeps the plan's verdict, which holds.
 */
export function movesNeedCheck(ctx: MoveContext, x: number): boolean {
  const { occ } = ctx;
  const plan = planOf(ctx);
  if (!plan.ok || plan.member[x] || plan.special[occ.sq[x]!] || needsBacking(occ.type[x]!, occ.stands[x]!)) return true;
  const rides = CAVALRY_TYPE[occ.type[x]!]! && (plan.options.length > 0 || plan.backing.length > 0);
  if (reachesAny(ctx, plan, reachOf(ctx, x, false), rides)) return true;
  return engineOf(ctx, x) >= 0 && reachesAny(ctx, plan, reachOf(ctx, x, true), rides);
}

/** Does the search reach a square the lists were read from, or an enemy square whose melee (or ride-over) would matter? */
function reachesAny(ctx: MoveContext, plan: Plan, r: Reach, rides: boolean): boolean {
  const enemy = ctx.occ.enemy[ctx.attacker]!;
  for (let k = 0; k < r.count; k++) {
    const j = r.square[k]!;
    if (plan.special[j] || (enemy[j] && (rides || plan.nearWaiting[j] || ctx.contact.includes(j)))) return true;
  }
  return false;
}

/** The plan's lists with unit x taken out (kept for the listing). */
function restOf(plan: Plan, x: number): Lists {
  if (!plan.member[x]) return plan;
  let rest = plan.rest.get(x);
  if (!rest) plan.rest.set(x, (rest = withoutUnit(plan, x)));
  return rest;
}

/**
 * A charge of unit x to square `to`, with no melee to support there, judged without a what-if: 1 it keeps every
 * charger a way to fight, 0 it does not; -1 when it must be judged on the state after it (a square the lists were
 * read from). x waits there with its options beside it (its own lead aside); the others' lists lose x. Its stands
 * play no part here, so a stand split off is judged as the whole unit.
 */
function waitQuick(ctx: MoveContext, x: number, to: number, leaders: Uint32Array | null = null): number {
  // Nobody idle, no melee waiting for backing (most listings): a charge that waits needs only a leader of its own.
  if (ctx.idle.length === 0 && ctx.unbacked.length === 0) return firstLeader(ctx, x, to, null, leaders);
  const plan = planOf(ctx);
  if (plan.special[to] || plan.special[ctx.occ.sq[x]!]) return -1;
  const rest = restOf(plan, x);
  if (rest.options.length === 0 && rest.backing.length === 0) return firstLeader(ctx, x, to, null, leaders);
  // One more charger only adds to what must be found: none when the others cannot be served already.
  if (!withoutOk(plan, x)) return 0;
  // A square no other charger may pick, with a leader in no list: the others' answer stands, and x takes that one.
  if (firstLeader(ctx, x, to, plan, leaders) === 1) return 1;
  const mine = optionsOf(ctx, x, to, true, false);
  if (leaders) for (const o of mine) for (const y of o.leaders) addSquare(leaders, ctx.board, false, ctx.occ.sq[y]!);
  return mine.length > 0 && pickSquares([...rest.options, mine], rest.backing) ? 1 : 0;
}

/** 1 when charger x on square `to` has an option (with `free`, one outside that plan's lists), its leader's square put in `leaders`; else 0. */
function firstLeader(ctx: MoveContext, x: number, to: number, free: Plan | null, leaders: Uint32Array | null): number {
  const first = optionsOf(ctx, x, to, true, true, true, free);
  if (first.length === 0) return 0;
  if (leaders) addSquare(leaders, ctx.board, false, ctx.occ.sq[first[0]!.leaders[0]!]!);
  return 1;
}

/**
 * Unit x's charges that would wait: to a square with no melee it can support but an enemy square with no melee yet
 * next to it, that keep every charger a way to fight (keepsWays): its chargeCandidates that pass chargeWaits. They
 * depend on units anywhere on the board (the leaders), so they are kept apart from the unit's move list (keptLists.ts):
 * a list stands while the lists of the idle chargers and the melees waiting for backing stand (the kept plan,
 * keptPlan) and none of the squares it was read from has changed (keptCharges).
 */
export function waitingCharges(ctx: MoveContext, x: number): readonly Action[] {
  if (!mayWait(ctx, x)) return NO_ACTIONS;
  const kept = keptCharges(ctx, x);
  if (kept) return kept;
  const lists = CACHES.moveLists ? ctx.lists : null;
  let squares = lists ? new Uint32Array(ctx.board.words) : null;
  let out: Action[] | null = null;
  // The verdict without a what-if holds for the whole unit and a stand split off alike (waitQuick): asked once a square.
  let at = -1, quick = 0;
  for (const a of chargeCandidates(ctx, x, squares)) {
    const j = ctx.board.index.get((a as { to: Square }).to)!;
    if (j !== at) { at = j; quick = waitQuick(ctx, x, j, squares); }
    // Judged on the state after it: read from squares beyond telling, so not kept.
    if (quick === -1) squares = null;
    if (quick === 1 || (quick === -1 && keepsMove(ctx, x, a as MoveAction, j, true))) (out ??= []).push(a);
  }
  const list = out ?? NO_ACTIONS;
  if (lists) lists.charges[x] = squares ? { at: lists.journal.length, squares, list, plan: keptPlan(ctx, lists) } : undefined;
  return list;
}

type MoveAction = Extract<Action, { type: 'move' }>;

/** May unit x have charges that wait (the attacker's, a charging type, not moved)? */
function mayWait(ctx: MoveContext, x: number): boolean {
  const { occ } = ctx;
  return occ.side[x] === ctx.attacker && CHARGES[occ.type[x]!]! && !(occ.flags[x]! & F_MOVED);
}

/** Unit x's charges that would wait as kept from an earlier listing (the moveLists cache), when they stand; else null. */
export function keptCharges(ctx: MoveContext, x: number): readonly Action[] | null {
  if (!mayWait(ctx, x)) return NO_ACTIONS;
  const lists = CACHES.moveLists ? ctx.lists : null;
  if (!lists) return null;
  const kept = lists.charges[x];
  return kept && kept.plan === keptPlan(ctx, lists) && unchangedSince(kept.squares, kept.at, lists.journal) ? kept.list : null;
}

/**
 * Unit x's charges that might wait, in the order listed: to each square of its charge reach next to an enemy square
 * with no melee, where it would not fight at once (chargeFights), would break no declared support and fits (the whole
 * unit, then a stand split off). Whether each waits is chargeWaits's question. `squares`, when given, takes the
 * squares read (each one and those next to it, and the unit's own).
 */
export function chargeCandidates(ctx: MoveContext, x: number, squares: Uint32Array | null = null): readonly Action[] {
  if (!mayWait(ctx, x)) return NO_ACTIONS;
  const { occ, board } = ctx;
  const r = reachOf(ctx, x, false), enemy = occ.enemy[occ.side[x]!]!, beside = besideUnattacked(ctx);
  const split = occ.type[x] === KNIGHTS && occ.stands[x] === 2;
  let out: Action[] | null = null;
  if (squares) addSquare(squares, board, true, occ.sq[x]!);
  for (let k = 0; k < r.count; k++) {
    const j = r.square[k]!;
    if (!beside[j] || !(r.kind[k]! & CHARGE) || enemy[j]) continue;
    if (squares) addSquare(squares, board, true, j);
    if (chargeFights(ctx, x, j, false) || breaksSupport(ctx, x, j)) continue;
    for (let v = 0; v < (split ? 2 : 1); v++) {
      if (stackFits(occ, j, x, v === 1 ? 1 : occ.stands[x]!, -1)) (out ??= []).push(move(board, ownTable(ctx, x), j, v === 1 ? CHARGE_SPLIT : CHARGED));
    }
  }
  return out ?? NO_ACTIONS;
}

/** Does charge `a` of unit x, one of its chargeCandidates, wait with every charger keeping a way to fight? */
export function chargeWaits(ctx: MoveContext, x: number, a: Action): boolean {
  const j = ctx.board.index.get((a as MoveAction).to as Square)!;
  const quick = waitQuick(ctx, x, j);
  return quick === 1 || (quick === -1 && keepsMove(ctx, x, a as MoveAction, j, true));
}

/**
 * The kept plan of the moveLists cache (caches.ts): which units are idle chargers and which melees wait for backing,
 * and the squares their lists were read from (planOf: the idle chargers' squares and those next to them, the
 * waiting melees' contact squares and those next to them, and the squares of every unit in the lists). It stands
 * while the idle chargers and waiting melees are the same and none of those squares has changed: then the lists are
 * the same (a unit leaves them only by moving or declaring a support, which marks its square; none joins them, as
 * the units that may move only become fewer and their searches read only enemies). A new plan makes every kept list
 * of charges stale. Read once a listing.
 */
function keptPlan(ctx: MoveContext, lists: NonNullable<MoveContext['lists']>): KeptPlan {
  const sc = scratchOf(ctx);
  if (sc.kept) return sc.kept;
  const was = lists.plan, key = planKey(ctx);
  if (was && was.key === key && was.n === ctx.n && unchangedSince(was.squares, was.at, lists.journal)) return (sc.kept = was);
  const squares = new Uint32Array(ctx.board.words);
  if (key !== '') {
    // The plan these squares are read from (kept with them by planOf).
    const plan = (sc.plan ??= freshPlan(ctx, true)), { occ, board } = ctx;
    for (const c of ctx.idle) if (occ.sq[c]! >= 0) addSquare(squares, board, true, occ.sq[c]!);
    for (const m of ctx.unbacked) addSquare(squares, board, true, ctx.contact[m]!);
    for (const b of plan.backing) for (const y of b) addSquare(squares, board, false, occ.sq[y]!);
    for (const o of plan.options) for (const w of o) for (const y of w.leaders) addSquare(squares, board, false, occ.sq[y]!);
  }
  const kept: KeptPlan = { at: lists.journal.length, key, n: ctx.n, squares };
  // The plan these squares were read from is kept with them (planOf reads it at the next listings).
  if (sc.plan) keptPlans.set(kept, sc.plan);
  return (sc.kept = lists.plan = kept);
}

type KeptPlan = NonNullable<NonNullable<MoveContext['lists']>['plan']>;

/** The idle chargers and the contact squares of the melees waiting for backing, as a key ('' when none). */
function planKey(ctx: MoveContext): string {
  if (ctx.idle.length === 0 && ctx.unbacked.length === 0) return '';
  return `${ctx.idle.join(',')}|${ctx.unbacked.map((m) => ctx.contact[m]).join(',')}`;
}

/** Has none of the squares (bits) changed since the journal's entry `at` (none left the board: -1)? */
function unchangedSince(squares: Uint32Array, at: number, journal: readonly number[]): boolean {
  for (let k = at; k < journal.length; k++) {
    const j = journal[k]!;
    if (j < 0 || squares[j >> 5]! & (1 << (j & 31))) return false;
  }
  return true;
}

const NO_ACTIONS: readonly Action[] = Object.freeze([]);
