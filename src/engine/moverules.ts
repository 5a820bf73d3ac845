/**
 * The move phase's rules on the integer unit table (a position, table.ts) (issue 9, fast core; digest 6, 9E, 10A): who may still
 * move or turn, stacking into a square, leading a melee (6J) and the supporters a lone missile stand may declare,
 * riding over (10A), supporting (9E), a charge that must fight and the chargers still waiting to (6G). They read
 * units by index in the state's order and squares by index, never the unit records. What-ifs (a unit standing
 * elsewhere, a melee started) are made on the table and taken back (make/unmake), not built as trial states.
 */
import { TROOPS, TROOP_TYPES, FOOT, isCavalry, type TroopType } from '../rules/troops';
import { NEEDS_BACKING, RUN_OVER_TARGETS, mayLeadOn, type LeadGround } from '../rules/movement';
import { OWN_CAVALRY, OWN_FOOT, OWN_TROOPS, breaksSupportOn, canSupportOn, type SupportGround } from '../rules/support';
import type { ResolvedRules } from '../rules/scenario';
import { T_COVER, dirBetween, type Board } from './board';
import { BALLISTA, COMMANDER, F_ACTIVE, F_CHARGED_NOW, F_MOVED, F_RETIRING, F_RETREATED, stackFits, withUnit, type Table } from './table';
import { memoFor, reachOf, type Memo } from './memo';
import { chargeFightsOn, idleOn, unbackedOn, type FightGround } from '../rules/waysToFight';
import type { MoveLists } from './lists';


// ---- Troop types as integers.

const typeTable = (f: (t: (typeof TROOP_TYPES)[number]) => boolean) => Uint8Array.from(TROOP_TYPES, (t) => (f(t) ? 1 : 0));
const CAVALRY = typeTable(isCavalry);
/** Foot (9E): not cavalry, and not a commander (R-cavalry-support: a lone commander is not foot). */
const FOOT_TYPE = typeTable((t) => FOOT.includes(t));
/** Cavalry that may ride over a lone stand (10A); missile foot that needs backing to lead at 1 stand (6J). */
const SKIRMISHER = typeTable((t) => NEEDS_BACKING.includes(t));
const RUN_OVER = typeTable((t) => RUN_OVER_TARGETS.includes(t));

/** One listing's view of a state in the move phase (built once, read by every unit's generation). */
export interface MoveContext {
  occ: Table;
  /** Unit ids by index, how many units, the rules and the turn. */
  ids: readonly string[];
  n: number;
  rules: ResolvedRules;
  turn: number;
  board: Board;
  memo: Memo;
  /** Side indices of the attacker and of the side to act (-1: none). */
  attacker: number;
  toAct: number;
  /** Chargers (unit indices) that would fight in no melee (then movement may not end, 6G reading). */
  idle: number[];
  /** Melees led by a lone missile stand not yet backed (then movement may not end, R-missile-lead). */
  unbacked: number[];
  /** Squares next to a melee's contact square (where a charge may end to support it), a bit per square; null without melees. */
  besideMelee: Uint32Array | null;
  /** The melees (and, while one is tried, one more): contact square, fought, supporters' unit indices. */
  contact: number[];
  fought: boolean[];
  supports: Array<readonly number[]>;
  /** This move phase's lists kept for the next listing (a position's), or null. */
  lists: MoveLists | null;
  /** The support rule's and the lead rule's grounds over this context, made when first asked. */
  support?: CoreSupport;
  lead?: CoreLead;
  /** The no-dead-ends rule's ground over this context (fightGround), and the same asking every search afresh. */
  fight?: CoreFight;
  fightFresh?: CoreFight;
}

/**
 * The move context of a table, its melees given by contact square, fought or not, and supporters' indices. `memo`:
 * the move memo when the caller has it (else looked up by board and hill rules); `charged`: false when no unit charged
 * this turn (then there are no idle chargers to look for).
 */
export function contextOf(occ: Table, ids: readonly string[], n: number, rules: ResolvedRules, turn: number, attacker: number, toAct: number,
  melees: ReadonlyArray<{ contact: number; fought: boolean; supports: readonly number[] }>, lists: MoveLists | null = null,
  memo: Memo | null = null, charged = true): MoveContext {
  const board = occ.board;
  const ctx: MoveContext = {
    occ, ids, n, rules, turn, board, memo: memo ?? memoFor(board, rules), attacker, toAct, idle: [], unbacked: [], besideMelee: null, contact: [], fought: [], supports: [], lists,
  };
  if (melees.length > 0) {
    const besideMelee = new Uint32Array(board.words);
    for (const m of melees) {
      const c = m.contact;
      ctx.contact.push(c);
      ctx.fought.push(m.fought);
      ctx.supports.push(m.supports);
      for (let d = 0; d < 8; d++) { const j = board.step[c * 8 + d]!; if (j >= 0) besideMelee[j >> 5]! |= 1 << (j & 31); }
    }
    ctx.besideMelee = besideMelee;
    ctx.unbacked = unbackedMelees(ctx);
  }
  if (charged) ctx.idle = idleChargers(ctx);
  return ctx;
}

/** The attacker's units that charged this turn and fight in no melee yet (waysToFight.ts idleOn). */
export function idleChargers(ctx: MoveContext): number[] {
  return idleOn(fightGround(ctx));
}

/** Can the unit (by index) still move this turn (not moved, not retreated last turn, not retiring)? */
export function canMove(occ: Table, x: number): boolean {
  return (occ.flags[x]! & (F_ACTIVE | F_MOVED | F_RETIRING | F_RETREATED)) === F_ACTIVE && occ.sq[x]! >= 0 && occ.type[x] !== BALLISTA;
}

/** Does the side (index) act for this unit in the move phase (a ballista: the side controlling it)? */
export function actsFor(occ: Table, x: number, side: number): boolean {
  return occ.type[x] === BALLISTA ? occ.ctrl[x] === side : occ.side[x] === side;
}

/** May unit x change facing in the move phase (on the board; retiring units too, 6L: facing changes are free)? */
export function mayTurn(occ: Table, x: number): boolean {
  return (occ.flags[x]! & F_ACTIVE) !== 0 && occ.sq[x]! >= 0;
}

/** The unit's side's ballista in its square that it may carry (6K), if any (-1: none). */
export function engineOf(ctx: MoveContext, x: number): number {
  const { occ } = ctx;
  const j = occ.sq[x]!;
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
    const b = here[k]!;
    if (occ.type[b] === BALLISTA && occ.ctrl[b] === occ.side[x] && !(occ.flags[b]! & F_MOVED)) return b;
  }
  return -1;
}

/** The first unfought melee unit x is a declared supporter of (-1: none). */
export function supportedMelee(ctx: MoveContext, x: number): number {
  for (let m = 0; m < ctx.contact.length; m++) if (!ctx.fought[m] && ctx.supports[m]!.includes(x)) return m;
  return -1;
}

// ---- Make and unmake on the table: a unit standing elsewhere, a melee started (what-ifs; always taken back).

/** Put unit x on square `to` (-1: nowhere), keeping each square's units in slot order; returns where it stood. */
export function place(occ: Table, x: number, to: number): number {
  const from = occ.sq[x]!;
  const cells = occ.cells as Array<readonly number[]>;
  if (from >= 0) cells[from] = cells[from]!.filter((y) => y !== x);
  if (to >= 0) cells[to] = withUnit(cells[to]!, x);
  occ.sq[x] = to;
  return from;
}

export function startMelee(ctx: MoveContext, c: number): void {
  ctx.contact.push(c); ctx.fought.push(false); ctx.supports.push([]);
}

export function dropMelee(ctx: MoveContext): void {
  ctx.contact.pop(); ctx.fought.pop(); ctx.supports.pop();
}

// ---- The rules the listing asks, on the integer table.

// ---- Support (9E, R-support-holds): src/rules/support.ts states the rule once; the context answers its questions.

/** The move context's answers to the support rule's questions (units, squares and melees by index). */
interface CoreSupport extends SupportGround<number, number, number> { ctx: MoveContext }

function mayBack(this: CoreSupport, x: number): boolean {
  const { occ } = this.ctx;
  return occ.type[x] !== BALLISTA && occ.sq[x]! >= 0 && (occ.flags[x]! & (F_ACTIVE | F_RETIRING | F_RETREATED)) === F_ACTIVE && occ.stands[x]! > 0;
}
function fought(this: CoreSupport, m: number): boolean { return this.ctx.fought[m]!; }
function contactOf(this: CoreSupport, m: number): number { return this.ctx.contact[m]!; }
function dirTo(this: CoreSupport, a: number, b: number): number { return a < 0 ? -1 : dirBetween(this.ctx.board, a, b); }
function isContact(this: CoreSupport, j: number): boolean { return this.ctx.contact.includes(j); }
function declared(this: CoreSupport, x: number): boolean { return supportedMelee(this.ctx, x) >= 0; }
function supports(this: CoreSupport, m: number, x: number): boolean { return this.ctx.supports[m]!.includes(x); }
function ownTroops(this: CoreSupport, x: number, j: number): number {
  const { occ } = this.ctx, s = occ.side[x]!;
  let out = 0;
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (occ.side[y] !== s || occ.type[y] === BALLISTA) continue;
    out |= OWN_TROOPS | (CAVALRY[occ.type[y]!] ? OWN_CAVALRY : 0) | (FOOT_TYPE[occ.type[y]!] ? OWN_FOOT : 0);
  }
  return out;
}
function isAttacker(this: CoreSupport, x: number): boolean { return this.ctx.occ.side[x] === this.ctx.attacker; }
function typeOf(this: CoreSupport, x: number): number { return this.ctx.occ.type[x]!; }
function facingOf(this: CoreSupport, x: number): number { return this.ctx.occ.face[x]!; }
function joinedTo(this: CoreSupport, x: number, j: number): number | null {
  const { occ } = this.ctx;
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (y !== x && occ.side[y] === occ.side[x] && occ.type[y] !== BALLISTA) return y;
  }
  return null;
}
function loneCommanderAt(this: CoreSupport, x: number, j: number): number | null {
  const { occ } = this.ctx;
  let commander: number | null = null;
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
    const y = here[k]!;
    if (y === x || occ.side[y] !== occ.side[x] || occ.type[y] === BALLISTA) continue;
    if (occ.type[y] !== COMMANDER || commander !== null) return null;
    commander = y;
  }
  return commander;
}
function supportedBy(this: CoreSupport, x: number): number | null { const m = supportedMelee(this.ctx, x); return m < 0 ? null : m; }

/** The support ground of a move context (one object a context, its answers module functions). */
function supportGround(ctx: MoveContext): CoreSupport {
  return ctx.support ??= {
    ctx, mayBack, fought, contactOf, dirTo, isContact, declared, supports, ownTroops, isAttacker, typeOf, facingOf, joinedTo,
    loneCommanderAt, supportedBy,
  };
}

/**
 * Can unit x, standing on `at`, support melee m (support.ts canSupportOn)? With `anyFacing` (the attacker, who may
 * turn freely) any facing it may take counts.
 */
export function canSupportFrom(ctx: MoveContext, x: number, at: number, m: number, anyFacing: boolean): boolean {
  return canSupportOn(supportGround(ctx), x, at, m, anyFacing);
}

/** Reading R-support-holds for a move (support.ts breaksSupportOn): would unit x joining square j break a lone commander's declared support? */
export function breaksSupport(ctx: MoveContext, x: number, j: number): boolean {
  return breaksSupportOn(supportGround(ctx), x, j);
}

/** Would a charge by unit x ending on square j fight (lead there, or support a melee already started; waysToFight.ts chargeFightsOn)? */
export function chargeFights(ctx: MoveContext, x: number, j: number, enemyThere: boolean): boolean {
  return chargeFightsOn(fightGround(ctx), x, j, enemyThere);
}

/** Is the troop type (its index) cavalry (knights, turcopoles, light cavalry)? */
export function isCavalryType(type: number): boolean {
  return CAVALRY[type] === 1;
}

/** Can unit x ride over square j (10A): a lone enemy 1-stand unit of a type that may be ridden over, in the open, no ballista? */
export function runsOver(ctx: MoveContext, x: number, j: number): boolean {
  const { occ } = ctx;
  if (!CAVALRY[occ.type[x]!] || occ.cells[j]!.length !== 1 || ctx.board.terrain[j]! & T_COVER) return false;
  const y = occ.cells[j]![0]!;
  return occ.type[y] !== BALLISTA && occ.side[y] !== occ.side[x] && occ.stands[y] === 1 && RUN_OVER[occ.type[y]!] === 1;
}

/** A 1-stand javelin, longbow or crossbow unit: it leads only with a commander or a supporter (6J). */
export function needsBacking(type: number, stands: number): boolean {
  return stands === 1 && SKIRMISHER[type] === 1;
}

/** The move context's answers to what leading a melee asks (movement.ts LeadGround), units and squares by index. */
interface CoreLead extends LeadGround<number, number> { ctx: MoveContext }

function leadType(this: CoreLead, x: number): TroopType { return TROOP_TYPES[this.ctx.occ.type[x]!]!; }
function leadRetiring(this: CoreLead, x: number): boolean { return (this.ctx.occ.flags[x]! & F_RETIRING) !== 0; }
function ownTroopsIn(this: CoreLead, x: number, j: number): boolean {
  const { occ } = this.ctx;
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) { const y = here[k]!; if (y !== x && occ.type[y] !== BALLISTA && occ.side[y] === occ.side[x]) return true; }
  return false;
}
function commanderIn(this: CoreLead, x: number, j: number): boolean { return commanderAmong(this.ctx.occ, j, this.ctx.occ.side[x]!); }
function leadSupported(this: CoreLead, x: number, j: number): boolean { return supportedAt(this.ctx, j, this.ctx.occ.side[x]!); }
function fitsTroops(this: CoreLead, x: number, stands: number, j: number): boolean { return stackFits(this.ctx.occ, j, x, stands, -1, true); }

/** May unit x (at `stands` stands) lead or join a melee in the enemy square j (6J; movement.ts mayLeadOn)? */
export function mayLead(ctx: MoveContext, x: number, stands: number, j: number, withSupporter: boolean): boolean {
  const g = ctx.lead ??= { ctx, typeOf: leadType, retiring: leadRetiring, ownTroopsIn, commanderIn, supportedAt: leadSupported, fitsTroops };
  return mayLeadOn(g, x, stands, j, withSupporter);
}

/** Is a commander of side s in square j? (One left behind in the square a unit started from does not count, 6J.) */
function commanderAmong(occ: Table, j: number, s: number): boolean {
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) { const y = here[k]!; if (occ.type[y] === COMMANDER && occ.side[y] === s) return true; }
  return false;
}

/**
 * Reading R-missile-lead (6J): the melees the attacker has led with a lone javelin, longbow or crossbow stand that is
 * not yet backed (no commander of its side in the contact square, no declared supporter): movement may not end while
 * any is left (indices into the context's melees).
 */
export function unbackedMelees(ctx: MoveContext): number[] {
  return unbackedOn(fightGround(ctx));
}

/** Does the first melee at square j have a declared supporter of side s? */
function supportedAt(ctx: MoveContext, j: number, s: number): boolean {
  const m = ctx.contact.indexOf(j);
  return m >= 0 && ctx.supports[m]!.some((y) => ctx.occ.side[y] === s);
}

/**
 * Units of the mover's side that could support a melee the mover would start at j (9E, judged with the mover standing
 * there): the supporters a 1-stand missile unit may declare with its move (6J).
 */
export function backers(ctx: MoveContext, x: number, j: number): number[] {
  const { occ } = ctx;
  const out: number[] = [];
  const from = place(occ, x, j);
  startMelee(ctx, j);
  try {
    const m = ctx.contact.length - 1;
    for (let y = 0; y < ctx.n; y++) if (y !== x && occ.side[y] === occ.side[x] && canSupportFrom(ctx, y, occ.sq[y]!, m, true)) out.push(y);
  } finally {
    dropMelee(ctx);
    place(occ, x, from);
  }
  return out;
}

// ---- No dead ends (7 charges, R-missile-lead): src/rules/waysToFight.ts states the rule once; the context answers its questions.

/**
 * The move context's answers to the no-dead-ends rule's questions (units, squares and melees by index). `bits`: the
 * squares each unit's search reaches, a bit per square, read once a listing (a what-if moves only units that then move
 * no more, and the others' searches read only enemies); `fresh`: every search asked again (a what-if that rode over a
 * stand, whose enemies differ).
 */
interface CoreFight extends FightGround<number, number, number> { ctx: MoveContext; fresh: boolean; bits: Array<Uint32Array | undefined> }

/** By troop type: the longest move it can make (its charge or move, +1 on a road), in squares. */
const FARTHEST = TROOP_TYPES.map((t) => Math.max(TROOPS[t].move, TROOPS[t].charge ?? 0) + 1);
/** The melees by index, 0 to k - 1, for k melees (shared: read them, never change them). */
const MELEES: Array<readonly number[]> = [];

/** Is square j farther from square q than unit y's longest move, plus `more` squares? (Then its search need not be read.) */
function tooFar(ctx: MoveContext, y: number, q: number, more: number): boolean {
  const { board } = ctx, from = ctx.occ.sq[y]!;
  const dx = Math.abs((from % board.columns) - (q % board.columns)), dy = Math.abs(Math.floor(from / board.columns) - Math.floor(q / board.columns));
  return Math.abs(dx - dy) + 1.5 * Math.min(dx, dy) > FARTHEST[ctx.occ.type[y]!]! + more;
}

function fAttackers(this: CoreFight): number[] {
  const { occ, n, attacker } = this.ctx, out: number[] = [];
  for (let y = 0; y < n; y++) if (occ.side[y] === attacker && occ.sq[y]! >= 0 && occ.type[y] !== BALLISTA) out.push(y);
  return out;
}
function fMelees(this: CoreFight): readonly number[] {
  const k = this.ctx.contact.length;
  return (MELEES[k] ??= Object.freeze(Array.from({ length: k }, (_, m) => m)));
}
function fFought(this: CoreFight, m: number): boolean { return this.ctx.fought[m]!; }
function fContactOf(this: CoreFight, m: number): number { return this.ctx.contact[m]!; }
function fOwnIn(this: CoreFight, j: number): number[] {
  const { occ, attacker } = this.ctx, out: number[] = [];
  for (let k = 0, here = occ.cells[j]!; k < here.length; k++) { const y = here[k]!; if (occ.side[y] === attacker && occ.type[y] !== BALLISTA) out.push(y); }
  return out;
}
function fBackedBySupport(this: CoreFight, m: number): boolean { const { occ, attacker } = this.ctx; return this.ctx.supports[m]!.some((y) => occ.side[y] === attacker); }
function fDeclaredAny(this: CoreFight, x: number): boolean { return this.ctx.supports.some((list) => list.includes(x)); }
function fSquareOf(this: CoreFight, x: number): number { return this.ctx.occ.sq[x]!; }
function fNeedsBacking(this: CoreFight, x: number): boolean { return needsBacking(this.ctx.occ.type[x]!, this.ctx.occ.stands[x]!); }
function fIsCommander(this: CoreFight, x: number): boolean { return this.ctx.occ.type[x] === COMMANDER; }
function fChargedNow(this: CoreFight, x: number): boolean { return (this.ctx.occ.flags[x]! & F_CHARGED_NOW) !== 0; }
function fMayMove(this: CoreFight, x: number): boolean { return canMove(this.ctx.occ, x); }
function fSupportsFrom(this: CoreFight, x: number, at: number, m: number): boolean { return canSupportFrom(this.ctx, x, at, m, true); }
function fReachNear(this: CoreFight, y: number, q: number): number[] {
  // Too far to get beside q with the longest move it could have: nothing to search.
  if (tooFar(this.ctx, y, q, 1.5)) return [];
  const r = reachOf(this.ctx, y, false);
  return Array.from(r.square.slice(0, r.count) as ArrayLike<number>);
}
function fReaches(this: CoreFight, y: number, q: number): boolean {
  const ctx = this.ctx;
  if (tooFar(ctx, y, q, 0)) return false;
  if (this.fresh) {
    const r = reachOf(ctx, y, false);
    for (let k = 0; k < r.count; k++) if (r.square[k] === q) return true;
    return false;
  }
  let bits = this.bits[y];
  if (!bits) {
    bits = this.bits[y] = new Uint32Array(ctx.board.words);
    const r = reachOf(ctx, y, false);
    for (let k = 0; k < r.count; k++) { const j = r.square[k]!; bits[j >> 5]! |= 1 << (j & 31); }
  }
  return (bits[q >> 5]! & (1 << (q & 31))) !== 0;
}
function fBeside(this: CoreFight, a: number, b: number): boolean { return dirBetween(this.ctx.board, a, b) >= 0; }
function fEnemyAt(this: CoreFight, j: number): boolean { return this.ctx.occ.enemy[this.ctx.attacker]![j] === 1; }
function fFits(this: CoreFight, x: number, j: number): boolean { return stackFits(this.ctx.occ, j, x, this.ctx.occ.stands[x]!, -1); }
function fUnattackedBeside(this: CoreFight, j: number): number[] {
  const { board, occ, contact, attacker } = this.ctx, enemy = occ.enemy[attacker]!, out: number[] = [];
  for (let d = 0; d < 8; d++) { const e = board.step[j * 8 + d]!; if (e >= 0 && enemy[e] && !contact.includes(e)) out.push(e); }
  return out;
}
function fMayLead(this: CoreFight, x: number, e: number): boolean { return mayLead(this.ctx, x, this.ctx.occ.stands[x]!, e, false); }
function fSupportsLed(this: CoreFight, c: number, at: number, y: number, e: number): boolean {
  const ctx = this.ctx, from = place(ctx.occ, y, e);
  startMelee(ctx, e);
  try {
    return canSupportFrom(ctx, c, at, ctx.contact.length - 1, true);
  } finally {
    dropMelee(ctx);
    place(ctx.occ, y, from);
  }
}

/**
 * Whether a charger could support a leader's melee depends on the leader only by its being cavalry (9E) and its leaving
 * the charger's own square (a commander joined to it), as canSupportOn reads the contact square: should it come to
 * read more of the leader, this must follow (the fuzz holds it to the readable listing, which asks each leader).
 */
function fLedKind(this: CoreFight, at: number, y: number): number { return (CAVALRY[this.ctx.occ.type[y]!] ? 2 : 0) + (this.ctx.occ.sq[y] === at ? 1 : 0); }

/** The no-dead-ends ground of a move context (one a context; with `fresh`, the one that reads every search afresh). */
export function fightGround(ctx: MoveContext, fresh = false): CoreFight {
  const made = fresh ? ctx.fightFresh : ctx.fight;
  if (made) return made;
  const g: CoreFight = {
    ctx, fresh, bits: [], attackers: fAttackers, melees: fMelees, fought: fFought, contactOf: fContactOf, ownIn: fOwnIn,
    backedBySupport: fBackedBySupport, declaredAny: fDeclaredAny, squareOf: fSquareOf, needsBacking: fNeedsBacking,
    isCommander: fIsCommander, chargedNow: fChargedNow, mayMove: fMayMove, supportsFrom: fSupportsFrom, reachNear: fReachNear,
    reaches: fReaches, beside: fBeside, enemyAt: fEnemyAt, fits: fFits, unattackedBeside: fUnattackedBeside, mayLead: fMayLead,
    supportsLed: fSupportsLed, ledKind: fLedKind,
  };
  return fresh ? (ctx.fightFresh = g) : (ctx.fight = g);
}
