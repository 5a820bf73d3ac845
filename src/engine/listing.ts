/**
 * Every legal action of the side to act, on the position (fast core; digest 6-11), in the engine's fixed order: the
 * ballista and missile phases' choices, the move phase's moves (each unit's kept list, keptLists.ts, checked against the
 * melees waiting for backing or for a charger), facing changes and support declarations, and the melee phase's (melee.ts).
 */
import type { Action } from '../rules/actions';
import { SUPPORT_TYPE, supportGeometryOf } from '../rules/combat';
import { dirBetween } from './board';
import { BALLISTA, COMMANDER } from './table';
import { CACHES } from './caches';
import { ACTIVE, BALLISTA_FIRE, DEPLOY, END_TURN, MELEE, MISSILE, MOVE, OVER, SUPPORT, type Position } from './position';
import { actsFor, canMove, canSupportFrom, contextOf, mayTurn, needsBacking, supportedMelee, type MoveContext } from './moverules';
import { unbackedLeads } from './backing';
import { keepsWays, movesNeedCheck, waitingCharges } from './chargers';
import { keptMoves } from './keptLists';
import { PLAIN, ballistaShots, endMove, face, move, ownTable, sideAction, tableOf, type Table } from './interned';
import { choosingHit, choosingShot, engineAt, fireTargets, hitChoices, mayFireBallista, waitingToFire, ballistaTargets } from './fire';
import { meleeChoices } from './melee';
import { deployActions } from './deploy';

/** The move rules' view of a position. */
export function positionContext(p: Position): MoveContext {
  // The idle chargers are looked for only when a unit charged this turn (p.charged holds the turn it last charged).
  return contextOf(p, p.ids, p.n, p.game.rules, p.turn, p.attacker, p.toAct, p.melees, p.moveLists, p.game.memo, p.charged.includes(p.turn));
}

// ---- Listing.

/** Every legal action of the side to act (empty when the game is over). */
export function listActions(p: Position): Action[] {
  const side = p.toAct;
  if (p.phase === OVER || side < 0) return [];
  const s = p.sides[side]!;
  let out: Action[] = [];
  switch (p.phase) {
    case DEPLOY: return deployActions(p, side);
    case BALLISTA_FIRE: {
      const choosing = choosingHit(p);
      if (choosing) {
        for (const x of hitChoices(p, choosing.at, choosing.ownOnly ? choosing.side : -1)) out.push({ type: 'ballistaLoss', side: s, unit: p.ids[x]! });
        // R-stand-or-engine: or the ballista there (listed last: the stand is the default).
        if (choosing.either) out.push({ type: 'ballistaLoss', side: s, unit: p.ids[engineAt(p, choosing.at)]! });
        break;
      }
      for (let b = 0; b < p.n; b++) if (mayFireBallista(p, b, side) && !p.decided.includes(b)) ballistaChoices(p, b, out);
      break;
    }
    case MISSILE: {
      // R-two-types: a shot's losses chosen first (the unit the shot is named after listed first: the default).
      const choosing = choosingShot(p);
      if (choosing) {
        for (let k = 0; k < choosing.losses!.length; k += 2) out.push({ type: 'fireLoss', side: s, unit: p.ids[choosing.losses![k]!]! });
        break;
      }
      // R-fire-order: any unit of the side still to fire may go next, at what it may open fire on now.
      for (let x = 0; x < p.n; x++) if (p.side[x] === side && waitingToFire(p, x)) out.push(...missileChoiceList(p, x));
      break;
    }
    case MOVE: return moveActions(positionContext(p), s, undefined, undefined, sideAction('concede', s));
    case SUPPORT:
      out = supportActions(positionContext(p), s);
      out.push(sideAction('endSupport', s));
      break;
    case MELEE: meleeChoices(p, side, out); break;
    case END_TURN:
      for (let b = 0; b < p.n; b++) if (p.type[b] === BALLISTA && p.status[b] === ACTIVE && p.ctrl[b] === side) out.push({ type: 'destroyBallista', side: s, unit: p.ids[b]! });
      out.push(sideAction('endTurn', s));
      break;
  }
  out.push(sideAction('concede', s));
  return out;
}

/** Ballista b's choices in the ballista phase (7): a shot at each square in its arc and range, then holding, onto `out`. */
function ballistaChoices(p: Position, b: number, out: Action[]): void {
  const s = p.sides[p.toAct]!, shots = ballistaShots(p.board, s, p.ids[b]!);
  for (const t of ballistaTargets(p.board, p.at[b]!, p.face[b]!)) out.push((shots[t] ??= Object.freeze<Action>({ type: 'ballistaFire', side: s, unit: p.ids[b]!, target: p.board.names[t]! })));
  out.push((shots[p.board.n] ??= Object.freeze<Action>({ type: 'ballistaHold', side: s, unit: p.ids[b]! })));
}

/**
 * The start of the ballista phase's listing (listActions): the first undecided ballista's choices; null when a hit is
 * being chosen or no ballista is left to decide (for a caller that reads the listing's first shooter only).
 */
export function firstBallistaChoices(p: Position): Action[] | null {
  if (p.phase !== BALLISTA_FIRE || p.toAct < 0 || choosingHit(p)) return null;
  for (let b = 0; b < p.n; b++) {
    if (!mayFireBallista(p, b, p.toAct) || p.decided.includes(b)) continue;
    const out: Action[] = [];
    ballistaChoices(p, b, out);
    return out;
  }
  return null;
}

/** A missile unit's choices now (9): fire at each target it may, or hold. The position's own list (until the next shot): read it, never change it. */
export function missileChoiceList(p: Position, x: number): readonly Action[] {
  return CACHES.missileLists ? (p.missileLists[x] ??= choicesOf(p, x)) : choicesOf(p, x);
}

/** Missile unit x's choices, worked out (once between shots: see Position.missileLists). */
function choicesOf(p: Position, x: number): readonly Action[] {
  const s = p.sides[p.side[x]!]!, id = p.ids[x]!;
  const out: Action[] = [];
  for (const t of fireTargets(p, x)) out.push(Object.freeze<Action>({ type: 'fire', side: s, unit: id, target: p.ids[t]! }));
  out.push(Object.freeze<Action>({ type: 'hold', side: s, unit: id }));
  return out;
}

// ---- Moves.

/**
 * Move actions of one unit (by index): its kept moves (keptLists.ts), then the leads still waiting for backing, as far as
 * moveCheck lets them, then its charges that would wait beside an enemy for another unit's lead (chargers.ts, checked
 * as they are found). The list may be the one kept for the next listing: read it, never change it.
 */
export function unitMoveList(ctx: MoveContext, x: number): readonly Action[] {
  const listed = keptMoves(ctx, x), leads = waitingLeads(ctx, x), check = moveCheck(ctx, x);
  const all = leads.length === 0 ? listed : [...listed, ...leads];
  const checked = check ? all.filter(check) : all, charges = waitingCharges(ctx, x);
  return charges.length === 0 ? checked : [...checked, ...charges];
}

/**
 * The rest of unit x's candidate moves, after keptMoves: R-missile-lead's leads of a lone missile stand with no backing
 * yet, when backing can still come this move (worked out afresh each time: it depends on units anywhere on the board).
 */
export function waitingLeads(ctx: MoveContext, x: number): readonly Action[] {
  return needsBacking(ctx.occ.type[x]!, ctx.occ.stands[x]!) ? leadsOf(ctx, x) : NONE;
}

/**
 * Which of unit x's candidate moves (keptMoves, then waitingLeads) are listed now, as a test of one move; null when all are. A
 * caller that needs only some of them (the simple policy: the first lead, the best advance) tests just those.
 */
export function moveCheck(ctx: MoveContext, x: number): ((a: Action) => boolean) | null {
  // No dead ends (7 charges, R-missile-lead): while a charger is idle or a melee waits for backing, no move may leave
  // a charger without a way to fight or the melee without a backer (chargers.ts keepsWays).
  if ((ctx.unbacked.length === 0 && ctx.idle.length === 0) || !movesNeedCheck(ctx, x)) return null;
  return (a) => keepsWays(ctx, x, a);
}

/** R-missile-lead: unit x's leads with no backing yet (backing.ts), as interned move actions. */
function leadsOf(ctx: MoveContext, x: number): readonly Action[] {
  const squares = unbackedLeads(ctx, x);
  if (squares.length === 0) return NONE;
  const t = ownTable(ctx, x);
  return squares.map((j) => move(ctx.board, t, j, PLAIN));
}

// ---- Facing changes (6L).

/**
 * Facing changes of one unit (by index) in the move phase: any allowed facing but its own, as often as wished. A
 * ballista is turned by the side controlling it and faces where the troops of that side with it could (a corner only
 * when one of them may face a corner); a joined commander turns with its unit, not on its own; a declared supporter
 * keeps facings that still support (6G). The list may be shared: read it, never change it.
 */
export function faceList(ctx: MoveContext, x: number): readonly Action[] {
  const { occ, board } = ctx;
  const type = occ.type[x]!, j = occ.sq[x]!;
  let corners = SUPPORT_TYPE[type] !== 1;
  let t: Table;
  if (type === BALLISTA) {
    const c = occ.ctrl[x]!;
    if (c < 0 || c !== ctx.toAct) return NONE;
    let crew = false;
    corners = false;
    for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
      const y = here[k]!;
      if (occ.type[y] === BALLISTA || occ.side[y] !== c) continue;
      crew = true;
      if (SUPPORT_TYPE[occ.type[y]!] !== 1) corners = true;
    }
    if (!crew) return NONE;
    // A ballista is turned by the side controlling it, which need not be the side that fielded it (9M capture).
    t = tableOf(board, occ.sides[c]!, ctx.ids[x]!);
  } else {
    if (type === COMMANDER) {
      for (let k = 0, here = occ.cells[j]!; k < here.length; k++) {
        const y = here[k]!;
        if (y !== x && occ.type[y] !== BALLISTA && occ.side[y] === occ.side[x]) return NONE;
      }
    }
    t = ownTable(ctx, x);
  }
  const own = occ.face[x]!;
  const m = ctx.contact.length > 0 ? supportedMelee(ctx, x) : -1;
  const dir = m >= 0 ? dirBetween(board, j, ctx.contact[m]!) : -1;
  if (dir < 0) {
    const slot = (corners ? 8 : 0) + own;
    let list = t.turns[slot];
    if (!list) {
      list = [];
      for (let f = 0; f < 8; f += corners ? 1 : 2) if (f !== own) list.push(face(t, f));
      t.turns[slot] = list;
    }
    return list;
  }
  const out: Action[] = [];
  for (let f = 0; f < 8; f += corners ? 1 : 2) if (f !== own && supportGeometryOf(type, f, dir)) out.push(face(t, f));
  return out;
}

/** No actions (no facing changes, no support declarations): one shared list, never changed. */
export const NONE: readonly Action[] = Object.freeze([]);

// ---- Support declarations, ending the move, the whole listing.

/**
 * Support declarations of a side (9E), optionally of one unit: each unit beside each melee it could support now. With
 * `first`, only the first of them (for a caller that takes the first).
 */
export function supportActions(ctx: MoveContext, side: string, onlyUnit?: string, first = false): Action[] {
  const out: Action[] = [];
  if (ctx.contact.length === 0) return out;
  const { occ } = ctx;
  const s = occ.sides.indexOf(side);
  const anyFacing = s === ctx.attacker;
  const beside = ctx.besideMelee!;
  for (let x = 0; x < ctx.n; x++) {
    // Only a unit next to a contact square can support its melee (most units are next to none).
    const at = occ.sq[x]!;
    if (occ.side[x] !== s || at < 0 || (beside[at >> 5]! & (1 << (at & 31))) === 0 || (onlyUnit && ctx.ids[x] !== onlyUnit)) continue;
    for (let m = 0; m < ctx.contact.length; m++) {
      if (!canSupportFrom(ctx, x, occ.sq[x]!, m, anyFacing)) continue;
      const t = ownTable(ctx, x), c = ctx.contact[m]!;
      const a = (t.support[c] ??= Object.freeze<Action>({ type: 'support', side, unit: t.unit, contact: ctx.board.names[c]! }));
      // R-missile-lead, 7 charges: no declaration that leaves a melee waiting for backing unable to get it, or a charger
      // no way to fight (the declared unit is no longer free to lead).
      if (anyFacing && (ctx.unbacked.length > 0 || ctx.idle.length > 0) && !keepsWays(ctx, x, a)) continue;
      out.push(a);
      if (first) return out;
    }
  }
  return out;
}

/**
 * Every move-phase action of `side`, optionally of one unit and/or one type, in the engine's order, and `tail` after
 * them (the listing's concession: joined in, not pushed onto a full array, which would copy it again).
 */
export function moveActions(ctx: MoveContext, side: string, onlyUnit?: string, onlyType?: Action['type'], tail?: Action): Action[] {
  const { occ } = ctx;
  const s = occ.sides.indexOf(side);
  // Each unit's lists as they are (most are kept from the last listing), joined once at the end.
  const parts: Array<readonly Action[]> = [];
  const moves = onlyType === undefined || onlyType === 'move', faces = onlyType === undefined || onlyType === 'face';
  for (let x = 0; x < ctx.n; x++) {
    if (!actsFor(occ, x, s) || (onlyUnit && ctx.ids[x] !== onlyUnit)) continue;
    if (moves && canMove(occ, x)) { const l = unitMoveList(ctx, x); if (l.length > 0) parts.push(l); }
    if (faces && mayTurn(occ, x)) { const l = faceList(ctx, x); if (l.length > 0) parts.push(l); }
  }
  if (onlyType === undefined || onlyType === 'support') parts.push(supportActions(ctx, side, onlyUnit));
  if ((onlyType === undefined || onlyType === 'endMove') && !onlyUnit && ctx.idle.length === 0 && ctx.unbacked.length === 0) parts.push([endMove(side)]);
  return joined(parts, tail);
}

/** The lists one after another, then `tail` if given, in a new array (made at its full length: faster than pushing or concat). */
function joined(parts: ReadonlyArray<readonly Action[]>, tail: Action | undefined): Action[] {
  let n = tail ? 1 : 0;
  for (let j = 0; j < parts.length; j++) n += parts[j]!.length;
  const out = new Array<Action>(n);
  let i = 0;
  for (let j = 0; j < parts.length; j++) { const l = parts[j]!; for (let k = 0; k < l.length; k++) out[i++] = l[k]!; }
  if (tail) out[i] = tail;
  return out;
}
