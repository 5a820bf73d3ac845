/**
 * Each unit's move actions on the integer board (issue 9, fast core; digest 7): normal moves, charges, running over,
 * carrying a ballista, splitting knights and leading with a declared supporter, square by square from the unit's move
 * search (memo.ts), with the rules each square asks judged on the integer table (moverules.ts). The lists are kept
 * through a move phase and patched where units changed by keptLists.ts (the moveLists cache); listing.ts checks them
 * against the melees waiting for backing or for a charger, which depend on units anywhere on the board.
 */
import type { Action } from '../rules/actions';
import { TROOP_TYPES } from '../rules/troops';
import { stackFits, BALLISTARII, F_AFTER_CHARGE, KNIGHTS } from './table';
import { reachOf, searched } from './memo';
import { CHARGE, NORMAL, newReach, search, type Mover, type Reach } from './search';
import type { Position } from './position';
import type { Part } from './lists';
import { backers, breaksSupport, chargeFights, engineOf, isCavalryType, mayLead, needsBacking, runsOver, type MoveContext } from './moverules';
import { CARRY, CHARGED, CHARGE_SPLIT, PLAIN, RAN_OVER, SPLIT, makeMove, move, overMove, ownTable, supportedMove, type Table } from './interned';


/** A unit's move actions worked out afresh, with the searches and parts they were made from (a kept list's record). */
export interface FreshMoves { list: Action[]; parts: Part[]; r: Reach; carried: Reach | null }

/**
 * Unit x's move actions, chargers waiting to fight and leads still to be backed aside (listing.ts adds and checks
 * those), worked out from its searches: the plain moves, carrying its ballista, splitting, then off the board.
 */
export function unitMoves(ctx: MoveContext, x: number): FreshMoves {
  const { occ } = ctx;
  const out: Action[] = [];
  const t = ownTable(ctx, x);
  const engine = engineOf(ctx, x);
  const r = reachOf(ctx, x, false);
  const parts: Part[] = [];
  parts.push(way(ctx, t, x, r, occ.stands[x]!, PLAIN, -1, out));
  const carried = engine >= 0 ? reachOf(ctx, x, true) : null;
  if (carried) parts.push(way(ctx, t, x, carried, occ.stands[x]!, CARRY, engine, out));
  // Knights and 2-stand ballistarii crews split, and join again by moving into each other's square (6F, 4).
  if ((occ.type[x] === KNIGHTS || occ.type[x] === BALLISTARII) && occ.stands[x] === 2) parts.push(way(ctx, t, x, r, 1, SPLIT, -1, out));
  // 10A, R-run-over: cavalry riding over a lone stand in its reach, ending there or beyond (a search of its own a target).
  if (isCavalryType(occ.type[x]!)) {
    const enemy = occ.enemy[occ.side[x]!]!;
    for (let k = 0; k < r.count; k++) {
      const j = r.square[k]!;
      if (!enemy[j] || !runsOver(ctx, x, j)) continue;
      const over = newReach(ctx.board.n);
      const m: Mover = { type: TROOP_TYPES[occ.type[x]!]!, from: occ.sq[x]!, afterCharge: (occ.flags[x]! & F_AFTER_CHARGE) !== 0, carry: false, over: j };
      search(ctx.board, ctx.rules, m, enemy, over);
      const part: Part = { r: over, stands: occ.stands[x]!, variant: RAN_OVER, engine: -1, ends: new Array<number>(over.count), over: j };
      for (let q = 0; q < over.count; q++) { destinationAt(ctx, t, x, part, q, out); part.ends[q] = out.length; }
      parts.push(part);
    }
  }
  // R-exit: off the board across an edge, last in the list (a kept list's patches copy what follows its parts as it is).
  if (r.exit) out.push((t.exit[0] ??= Object.freeze(makeMove(t.side, t.unit, 'off', ''))));
  if (carried?.exit) out.push((t.exit[1] ??= Object.freeze(makeMove(t.side, t.unit, 'off', 'carry'))));
  return { list: out, parts, r, carried };
}

/**
 * One way of moving (a search, the mover's stands, a variant, the ballista carried or -1): its squares' actions
 * appended to `out`, and the part that says where each square's actions end. (A function of the module, not a
 * closure made per call: the CLI and the bench run through tsx, which names every closure made in a function, about
 * 0.4 µs each.)
 */
function way(ctx: MoveContext, t: Table, x: number, reach: Reach, stands: number, variant: number, carried: number, out: Action[]): Part {
  const part: Part = { r: reach, stands, variant, engine: carried, ends: new Array<number>(reach.count) };
  const cells = ctx.occ.cells, beside = ctx.besideMelee, square = reach.square, kind = reach.kind, moves = t.moves, at = variant * ctx.board.n;
  for (let k = 0; k < reach.count; k++) {
    const j = square[k]!;
    // An empty square away from melees (most of them): its plain move if it has one, as destinationAt would list.
    if (cells[j]!.length === 0 && (beside === null || (beside[j >> 5]! & (1 << (j & 31))) === 0)) {
      if (kind[k]! & NORMAL) out.push(moves[at + j] ?? move(ctx.board, t, j, variant));
    } else destinationAt(ctx, t, x, part, k, out);
    part.ends[k] = out.length;
  }
  return part;
}

export type { Part } from './lists';

/** The actions of the k-th square of one way of moving (a part: its search, variant and the mover's stands), appended to `out`. */
export function destinationAt(ctx: MoveContext, t: Table, x: number, part: Part, k: number, out: Action[]): void {
  const { board, occ, besideMelee: beside } = ctx;
  const { r, stands, variant, engine } = part;
  const enemy = occ.enemy[occ.side[x]!]!;
  const carry = variant === CARRY;
  const chargeTag = variant === SPLIT ? CHARGE_SPLIT : CHARGED;
  const j = r.square[k]!, normal = (r.kind[k]! & NORMAL) !== 0, charge = (r.kind[k]! & CHARGE) !== 0 && !carry;
  const near = beside !== null && (beside[j >> 5]! & (1 << (j & 31))) !== 0;
  if (variant === RAN_OVER) {
    // R-run-over: a move that rode over part.over on its way, ending there (empty once ridden over) or beyond it.
    const over = part.over!;
    if (j !== over && enemy[j]) { if (!mayLead(ctx, x, stands, j, false)) return; }
    else if (j !== over && (!stackFits(occ, j, x, stands, -1) || breaksSupport(ctx, x, j))) return;
    const fights = j !== over && enemy[j] === 1;
    // (The plain move ending on the square ridden over is listed with the square's own moves, as it always was.)
    if (normal && j !== over) out.push(overMove(t, board.names[j]!, board.names[over]!, false));
    if (charge && (fights || near) && chargeFights(ctx, x, j, fights)) out.push(overMove(t, board.names[j]!, board.names[over]!, true));
    return;
  }
  if (occ.cells[j]!.length === 0) {
    // An empty square (most of them): no stacking, no melee to lead; a charge must support a melee already started.
    // (way() lists an empty square away from melees itself, the same plain move: keep the two in step.)
    if (normal) out.push(move(board, t, j, variant));
    if (charge && near && chargeFights(ctx, x, j, false)) out.push(move(board, t, j, chargeTag));
    return;
  }
  if (enemy[j]) {
    if (carry) return;
    // R-run-over: riding over the stand and ending there, listed first among the square's moves (the run-over parts
    // list the moves that go on beyond it, and the charges).
    if (normal && variant === PLAIN && runsOver(ctx, x, j)) out.push(overMove(t, board.names[j]!, board.names[j]!, false));
    if (!mayLead(ctx, x, stands, j, false)) {
      // 6J: a 1-stand missile unit may still lead when it declares a supporter with its move.
      if (normal && needsBacking(occ.type[x]!, stands) && mayLead(ctx, x, stands, j, true)) {
        for (const y of backers(ctx, x, j)) out.push(supportedMove(t, board.names[j]!, ctx.ids[y]!));
      }
      return;
    }
  } else if (!stackFits(occ, j, x, stands, engine) || breaksSupport(ctx, x, j)) return;
  if (normal) out.push(move(board, t, j, variant));
  if (charge && (enemy[j] || near) && chargeFights(ctx, x, j, enemy[j] === 1)) out.push(move(board, t, j, chargeTag));
}

/**
 * The squares the cheapest path to square j came through (the cheapest charge path with `charge`), nearest first, at
 * most 2, the start square included; undefined when the mover cannot reach j (an attacker retreats back along it, 9L).
 * The search is the memo's (the one the unit's listed moves came from: enemies have not moved since).
 */
export function trailTo(p: Position, x: number, m: Mover, j: number, charge: boolean): number[] | undefined {
  const s = p.side[x]!;
  const r = searched(p.game.memo, p.board, p.game.rules, m, p.enemy[s]!, p.enemyBits[s]!);
  for (let k = 0; k < r.count; k++) {
    if (r.square[k] !== j) continue;
    if (charge && !(r.kind[k]! & CHARGE)) return [];
    const t = charge ? r.chargeTrail : r.trail;
    const out: number[] = [];
    if (t[2 * k]! >= 0) out.push(t[2 * k]!);
    if (t[2 * k + 1]! >= 0) out.push(t[2 * k + 1]!);
    return out;
  }
  return undefined;
}
