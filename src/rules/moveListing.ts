/**
 * The move phase's listing over unit records (digest 7, rules 6A-6L), written plainly: every move of every unit
 * (unitMoves, from the path search and the lead rule of movement.ts), facing changes, support declarations, ending the
 * move and conceding (moveListing), each move and declaration kept only when no charger and no lone missile stand is
 * left with no way to fight (no dead ends). The fast core lists the same (src/engine/listing.ts, chargers.ts,
 * backing.ts); the fuzz suite compares the two at every move-phase position it meets.
 *
 * 7 charges, the reading where the digest is silent (issue 42). The digest asks only that every charger fight, leading
 * or supporting, by the end of the movement, so a charge may end beside an enemy that another unit attacks later in
 * the same move. Stated here:
 * - An idle charger (charged this turn, in no melee yet: not in a contact square, no declared support) has a way to
 *   fight when it can support a melee already started (it may declare at once), or when an enemy square E beside it
 *   holds no melee yet and a leader for E is left: a unit of its side that has not moved (nor is retiring or marked
 *   as retreated), other than the charger, whose move reaches E and which may lead there on its own (mayLead, no
 *   supporter named: a lone missile stand does not count), with the charger able to support the melee once that unit
 *   stands in E (so knights need a cavalry leader; a joined commander never waits this way).
 * - Units are not used twice: one leader leads one melee, and one melee at E may be backed by any number of chargers.
 *   So the chargers with no melee to support now each pick an enemy square beside them, the chargers picking the same
 *   E share one leader, which must suit every one of them; and the squares picked, together with the melees of lone
 *   missile stands waiting for backing (R-missile-lead), must each get a unit of their own (eachGetsOwn, over the
 *   squares picked, not over the chargers). `allFight` tries every pick (few chargers, at most eight squares each).
 * - Every move and support declaration is offered only if allFight holds after it (a facing change takes no way to
 *   fight away: the attacker's support is judged at any facing), and ending the move stays refused while any charger
 *   is idle. So the side can always finish its move: a leader can lead, then each charger declare its support.
 * - The state after a move, for this check (afterMove): the unit done moving where it went; a melee started when it
 *   entered an enemy square, or the enemies there gone when it rode over them; a charge marks it as having charged; a
 *   stand split off is judged as the whole unit moving with 1 stand (the stand left behind is counted neither as a
 *   leader nor in its square); a supporter named with a lead is declared.
 */
import { FACINGS, SIDE_FACINGS, parseSquare, squareName, type Facing, type Square } from './coords';
import type { Action } from './actions';
import { supportGeometry } from './combat';
import { resolveBoard } from './scenario';
import { besideSquare, breaksSupport, canSupport, markedAsRetreated, troopsIn } from './support';
import type { GameState, Melee, UnitState } from './state';
import { allFightOn, chargeFightsOn, idleOn, unbackedOn, type FightGround } from './waysToFight';
import { CAVALRY, TROOPS } from './troops';
import {
  enemySquares, exitByRules, mayLead, movesAfterCharge, needsBacking, reachByRules, riddenOver, runOverTarget, stackingAllows, unitReach,
  type ReachSquare,
} from './movement';

const enemyAt = (s: GameState, side: string, sq: Square) => s.units.some((x) => x.status === 'active' && x.at === sq && x.type !== 'ballista' && x.side !== side);
const on = (s: GameState, u: UnitState) => s.units.filter((x) => x.status === 'active' && x.at === u.at);

/** A charge must end in a melee: leading one, or supporting one already started (6G). */
function fights(s: GameState, c: UnitState, sq: Square): boolean {
  return chargeFightsOn(stateFight(s), c, sq, enemyAt(s, c.side, sq));
}

/** The attacker's units that charged this turn and fight in no melee yet (movement may not end while there are any). */
export function idleChargers(s: GameState): UnitState[] {
  return idleOn(stateFight(s));
}

/** Every move unit u may make now (6A-6K, 10A run-overs, R-exit), before the whole listing's R-missile-lead check. */
export function unitMoves(s: GameState, u: UnitState): Action[] {
  const out: Action[] = [];
  const side = u.side;
  const engine = on(s, u).find((b) => b.type === 'ballista' && b.controller === side && !b.moved);
  const variants: Array<'plain' | 'carry' | 'split'> = ['plain', ...(engine ? ['carry' as const] : []), ...((u.type === 'knights' || u.type === 'ballistarii') && u.stands === 2 ? ['split' as const] : [])];
  for (const v of variants) {
    const mover = v === 'split' ? { ...u, stands: 1, half: 0 } : u;
    const tag = v === 'carry' ? { carry: true as const } : v === 'split' ? { split: true as const } : {};
    for (const [to, o] of unitReach(s, u, v === 'carry')) {
      if (enemyAt(s, side, to)) {
        if (v === 'carry') continue;
        if (!mayLead(s, mover, to)) {
          if (o.normal && needsBacking(mover) && mayLead(s, mover, to, true)) {
            const after = movedTo(s, mover, to);
            for (const x of after.units) if (x.side === side && x.id !== u.id && canSupport(after, x, after.melees.find((m) => m.contact === to)!, true)) out.push({ type: 'move', side, unit: u.id, to, supporter: x.id });
            // R-missile-lead: or with no backing yet, when a commander or supporter can still come this move (allFight,
            // in moveListing's check of every move).
            if (v === 'plain') out.push({ type: 'move', side, unit: u.id, to });
          }
          continue;
        }
      } else if (!stackingAllows(s, mover, to, mover.stands, v === 'carry' ? engine : undefined) || breaksSupport(s, mover, to)) continue;
      if (o.normal) out.push({ type: 'move', side, unit: u.id, to, ...tag });
      if (o.charge && v !== 'carry' && (fights(s, mover, to) || unattackedBeside(s, side, to).length > 0)) out.push({ type: 'move', side, unit: u.id, to, charge: true, ...(v === 'split' ? { split: true as const } : {}) });
    }
  }
  // 10A, R-run-over: cavalry riding over a lone stand on its way, ending there or beyond (see the top).
  if (CAVALRY.includes(u.type)) {
    for (const [over] of unitReach(s, u, false)) {
      if (!runOverTarget(s, u, over)) continue;
      const after = riddenOver(s, over);
      for (const [to, o] of reachByRules(s.scenario, s.rules, enemySquares(s, side), { type: u.type, at: u.at!, afterCharge: movesAfterCharge(s, u), carry: false, over })) {
        if (enemyAt(after, side, to) ? !mayLead(after, u, to) : !stackingAllows(after, u, to, u.stands) || breaksSupport(after, u, to)) continue;
        if (o.normal) out.push({ type: 'move', side, unit: u.id, to, runOver: over });
        // A run-over charge must fight where it ends (it does not wait beside an enemy another unit attacks later).
        if (o.charge && fights(after, u, to)) out.push({ type: 'move', side, unit: u.id, to, charge: true, runOver: over });
      }
    }
  }
  // R-exit: off the board across an edge, alone or with the ballista it carries.
  for (const carry of engine ? [false, true] : [false]) {
    if (exitByRules(s.scenario, s.rules, enemySquares(s, side), { type: u.type, at: u.at!, afterCharge: movesAfterCharge(s, u), carry })) out.push({ type: 'move', side, unit: u.id, to: 'off', ...(carry ? { carry: true as const } : {}) });
  }
  // 6G, no dead ends (every charger keeps a way to fight) and R-missile-lead: moveListing checks each move (allFight).
  return out;
}

/** The enemy squares next to square sq (side's enemies) where no melee has started yet: where a charge may wait (7). */
function unattackedBeside(s: GameState, side: string, sq: Square): Square[] {
  const p = parseSquare(sq)!;
  const out: Square[] = [];
  const { columns, rows } = resolveBoard(s.scenario.board);
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const c = p.col + dx, r = p.row + dy;
    if ((dx === 0 && dy === 0) || c < 0 || r < 0 || c >= columns || r >= rows) continue;
    const e = squareName(c, r);
    if (enemyAt(s, side, e) && !s.melees.some((m) => m.contact === e)) out.push(e);
  }
  return out;
}

/** The state with unit u (done moving) on square `to` ('off': off the board), a melee started there if it holds enemies. */
function movedTo(s: GameState, u: UnitState, to: Square | 'off'): GameState {
  const units = s.units.map((x) => (x.id === u.id ? (to === 'off' ? { ...u, at: null, status: 'off' as const, moved: true } : { ...u, at: to, moved: true }) : x));
  const starts = to !== 'off' && enemyAt(s, u.side, to) && !s.melees.some((m) => m.contact === to && !m.fought);
  return { ...s, units, melees: starts ? [...s.melees, { contact: to, supports: [], mdi: {}, fought: false }] : s.melees };
}

/** The state after move `a` for the no-dead-ends check (see the header: 7 charges, afterMove). */
function afterMove(s: GameState, a: Extract<Action, { type: 'move' }>): GameState {
  const u = s.units.find((x) => x.id === a.unit)!;
  const mover: UnitState = { ...u, ...(a.split ? { stands: 1, half: 0 } : {}), ...(a.charge ? { chargedTurn: s.turn } : {}) };
  // 10A: the stand ridden over is gone first; no melee starts on its square.
  let after = movedTo(a.runOver ? riddenOver(s, a.runOver) : s, mover, a.to);
  // A lead that names its supporter (6J) uses that unit up too: it backs this melee, no other.
  if (a.supporter && a.to !== 'off') after = declared(after, a.supporter, a.to);
  return after;
}

/** The state with unit `id` (done moving) declared a supporter of the unfought melee at `contact`. */
function declared(s: GameState, id: string, contact: Square): GameState {
  const side = s.units.find((x) => x.id === id)!.side;
  return {
    ...s, units: s.units.map((x) => (x.id === id ? { ...x, moved: true } : x)),
    melees: s.melees.map((m) => (m.contact === contact && !m.fought ? { ...m, supports: [...m.supports, { side, unit: id }] } : m)),
  };
}

/** R-missile-lead: the contact squares of melees led by a lone missile stand with no commander there and no supporter yet. */
export function unbackedMelees(s: GameState): Square[] {
  return unbackedOn(stateFight(s)).map((m) => m.contact);
}

/**
 * No dead ends (7 charges, R-missile-lead; waysToFight.ts states the rule): can every idle charger still fight and
 * every melee of a lone missile stand still be backed, no unit used twice? `reaches`: the units' reaches already worked
 * out in this listing.
 */
export function allFight(s: GameState, reaches: Reaches = new Map()): boolean {
  return allFightOn(stateFight(s, reaches));
}

/** The game state's answers to what the no-dead-ends rule asks (waysToFight.ts), units as records, squares by name. */
function stateFight(s: GameState, reaches?: Reaches): FightGround<UnitState, Square, Melee> {
  if (reaches) return fightOf(s, reaches);
  let g = grounds.get(s);
  if (!g) grounds.set(s, (g = fightOf(s, new Map())));
  return g;
}

/** stateFight's grounds by state (their answers read the state as it is; the reaches they keep are keyed by square and enemies). */
const grounds = new WeakMap<GameState, FightGround<UnitState, Square, Melee>>();

function fightOf(s: GameState, reaches: Reaches): FightGround<UnitState, Square, Melee> {
  const attacker = s.attacker!;
  return {
    attackers: () => s.units.filter((y) => y.side === attacker && y.status === 'active' && y.at !== null && y.type !== 'ballista'),
    melees: () => s.melees,
    fought: (m) => m.fought,
    contactOf: (m) => m.contact,
    ownIn: (q) => troopsIn(s, q, attacker),
    backedBySupport: (m) => m.supports.some((y) => y.side === attacker),
    declaredAny: (u) => s.melees.some((m) => m.supports.some((x) => x.unit === u.id)),
    squareOf: (u) => u.at!,
    needsBacking,
    isCommander: (u) => u.type === 'commander',
    chargedNow: (u) => u.chargedTurn === s.turn,
    mayMove: (u) => !u.moved && !u.retiring && !markedAsRetreated(s, u),
    supportsFrom: (u, at, m) => canSupport(s, { ...u, at }, m, true),
    reachNear: (u) => reachOf(s, u, reaches).keys(),
    reaches: (u, q) => reachOf(s, u, reaches).has(q),
    beside: besideSquare,
    enemyAt: (q) => enemyAt(s, attacker, q),
    fits: (u, q) => stackingAllows(s, u, q, u.stands),
    unattackedBeside: (q) => unattackedBeside(s, attacker, q),
    mayLead: (u, e) => mayLead(s, u, e),
    supportsLed(c, at, y, e) {
      const led = movedTo(s, y, e);
      return canSupport(led, { ...c, at }, led.melees.find((m) => m.contact === e)!, true);
    },
  };
}

/** Does every charger keep a way to fight, and every lone missile stand's melee its backing, after this action? */
function keepsWays(s: GameState, a: Action, quiet: boolean, reaches: Reaches): boolean {
  // With no charger idle and no melee waiting for backing, only a charge or a lone missile stand's lead can make one.
  if (quiet && !(a.type === 'move' && (a.charge || (a.to !== 'off' && !a.supporter && enemyAt(s, a.side, a.to) && needsBacking(s.units.find((x) => x.id === a.unit)!))))) return true;
  if (a.type === 'move') return allFight(afterMove(s, a), reaches);
  if (a.type === 'support') return allFight(declared(s, a.unit, a.contact), reaches);
  return true;
}

/** Units' reaches worked out in one listing, by unit, square and enemy squares (reachOf). */
type Reaches = Map<string, Map<Square, ReachSquare>>;

/**
 * Unit u's reach (a plain move, its ballista left), kept in `reaches` for one listing (moveListing): the same unit on
 * the same square against the same enemies reaches the same squares, and the what-ifs ask for it again and again.
 */
function reachOf(s: GameState, u: UnitState, reaches: Reaches): Map<Square, ReachSquare> {
  const key = `${u.id}|${u.at}|${[...enemySquares(s, u.side)].sort().join(',')}`;
  let r = reaches.get(key);
  if (!r) reaches.set(key, (r = unitReach(s, u, false)));
  return r;
}

/**
 * Every action of the side to act in the move phase: moves (unitMoves), facing changes (6L: free, retiring units
 * included; a declared supporter keeps a facing it supports from), support declarations (9E), ending the move (not
 * while a charger has no melee or a lone missile stand waits for backing) and conceding.
 */
export function moveListing(s: GameState): Action[] {
  const side = s.toAct!;
  const out: Action[] = [];
  for (const u of s.units) {
    if ((u.type === 'ballista' ? u.controller !== side : u.side !== side) || u.status !== 'active' || u.at === null) continue;
    if (u.type !== 'ballista' && !u.moved && !u.retiring && !markedAsRetreated(s, u)) out.push(...unitMoves(s, u));
    let allowed: readonly Facing[] = TROOPS[u.type].support === 1 ? SIDE_FACINGS : FACINGS;
    const troops = on(s, u).filter((x) => x.type !== 'ballista' && x.id !== u.id);
    if (u.type === 'ballista') {
      // A ballista faces as the troops of its side with it may (a corner only when one of them can).
      const crew = troops.filter((x) => x.side === u.controller);
      if (crew.length === 0) continue;
      allowed = crew.some((x) => TROOPS[x.type].support !== 1) ? FACINGS : SIDE_FACINGS;
    } else if (u.type === 'commander' && troops.some((x) => x.side === u.side)) continue; // a joined commander turns with its unit
    const m = s.melees.find((x) => !x.fought && x.supports.some((y) => y.unit === u.id));
    const p = parseSquare(u.at)!, q = m && parseSquare(m.contact)!;
    for (const f of allowed) {
      if (f !== u.facing && (!q || supportGeometry(u.type, f, [q.col - p.col, q.row - p.row]))) out.push({ type: 'face', side, unit: u.id, facing: f });
    }
  }
  for (const u of s.units) for (const m of s.melees) if (u.side === side && canSupport(s, u, m, side === s.attacker)) out.push({ type: 'support', side, unit: u.id, contact: m.contact });
  if (idleChargers(s).length === 0 && unbackedMelees(s).length === 0) out.push({ type: 'endMove', side });
  out.push({ type: 'concede', side });
  const quiet = idleChargers(s).length === 0 && unbackedMelees(s).length === 0, reaches: Reaches = new Map();
  return out.filter((a) => keepsWays(s, a, quiet, reaches));
}
