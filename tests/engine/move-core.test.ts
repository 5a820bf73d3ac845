/**
 * The fast core's move phase (issue 9): on many move-phase positions, the listed actions equal those of a
 * straightforward reference written here from the rules (digest 6, 6G, 6J, 6K, 6L, 9E, 10A): string squares, the plain
 * relax-until-stable search over (square, path flags) of move-reference.ts, no occupancy tables, no memo, no
 * interning, no shortcuts.
 * The order of the listing is proven separately by the replay fixture (replay-fixture.test.ts).
 */
import { expect, test } from 'vitest';
import {
  actionKey, applyAction, createGame, legalActions, randomPolicy, reachableSquares, simplePolicy, parseSquare, squareName,
  terrainIndex, FACINGS, SIDE_FACINGS, TROOPS, ENGINE_READINGS,
  type Action, type Facing, type GameState, type Scenario, type Square, type UnitState,
} from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { RUN_OVER_TARGETS } from '../../src/rules/core/moverules';
import { facingOf, supportGeometry } from '../../src/rules/combat';
import { generatedScenario } from './fuzz/scenarios';
import { gameOf, withUnit } from './helpers';
import { boardOf, squareIndex } from '../../src/rules/core/board';
import { memoFor, memoSearch } from '../../src/rules/core/memo';
import { newReach } from '../../src/rules/core/search';
import { referenceExit, referenceReach, type ReferenceSquare } from './move-reference';

const on = (s: GameState, u: UnitState) => s.units.filter((x) => x.status === 'active' && x.at === u.at);
const enemyAt = (s: GameState, side: string, sq: Square) => s.units.some((x) => x.status === 'active' && x.at === sq && x.type !== 'ballista' && x.side !== side);
const near = (a: Square, b: Square) => { const p = parseSquare(a)!, q = parseSquare(b)!; return a !== b && Math.abs(p.col - q.col) <= 1 && Math.abs(p.row - q.row) <= 1; };

/** 6A-6G, 6K: where a unit may end a move (the shared plain reference search). */
function reference(s: GameState, u: UnitState, carry: boolean): Map<Square, ReferenceSquare> {
  return referenceReach(s.scenario, s.rules, enemiesOf(s, u.side), { type: u.type, at: u.at!, afterCharge: afterChargeOf(s, u), carry });
}

/** Held to 1 1/2 after charging on its side's previous move (6G)? */
function afterChargeOf(s: GameState, u: UnitState): boolean {
  return u.chargedTurn !== null && s.turn - u.chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}

/** The squares troops of the other side hold. */
function enemiesOf(s: GameState, side: string): Set<Square> {
  return new Set(s.units.filter((x) => x.status === 'active' && x.at !== null && x.type !== 'ballista' && x.side !== side).map((x) => x.at!));
}

// ---- The rules the listing asks, written plainly over unit records (the engine judges them on its integer table).

const troopsIn = (s: GameState, sq: Square, side?: string) => s.units.filter((x) => x.status === 'active' && x.at === sq && x.type !== 'ballista' && (side === undefined || x.side === side));
const CAVALRY: readonly string[] = ['knights', 'turcopoles', 'lightCavalry'];
const FOOT: readonly string[] = ['armoredInfantry', 'mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];

/** 2B, 6C-F: a commander, a ballista (any side's), and knights up to 2 stands, ballistarii up to 4, or one other unit. */
function stackingAllows(s: GameState, u: UnitState, sq: Square, stands: number, carried?: UnitState): boolean {
  const here = s.units.filter((x) => x.status === 'active' && x.at === sq && x.id !== u.id && x.id !== carried?.id && (x.type === 'ballista' || x.side === u.side));
  const all = [...here.map((x) => ({ type: x.type, stands: x.stands })), { type: u.type, stands }, ...(carried ? [{ type: 'ballista', stands: 1 }] : [])];
  const count = (t: string) => all.filter((x) => x.type === t).length;
  const standsOf = (t: string) => all.filter((x) => x.type === t).reduce((n, x) => n + x.stands, 0);
  const others = all.filter((x) => !['commander', 'ballista', 'knights', 'ballistarii'].includes(x.type)).length;
  return count('commander') <= 1 && count('ballista') <= 1 && standsOf('knights') <= 2 && standsOf('ballistarii') <= 4
    && (standsOf('knights') > 0 ? 1 : 0) + (standsOf('ballistarii') > 0 ? 1 : 0) + others <= 1;
}

/** 10A: cavalry rides over a lone enemy stand of a foot type (not armored infantry) in the open, no ballista there. */
function runOverTarget(s: GameState, u: UnitState, sq: Square): boolean {
  const here = s.units.filter((x) => x.status === 'active' && x.at === sq);
  return CAVALRY.includes(u.type) && here.length === 1 && here[0]!.side !== u.side && here[0]!.type !== 'ballista'
    && here[0]!.stands === 1 && RUN_OVER_TARGETS.includes(here[0]!.type) && !terrainIndex(s.scenario).cover.has(sq);
}

/** 6J: a 1-stand javelin, longbow or crossbow unit leads only with its commander there or a supporter. */
const needsBacking = (u: UnitState) => u.stands === 1 && ['javelinmen', 'longbowmen', 'crossbowmen'].includes(u.type);

/** 6J: may the unit lead or join a melee in the enemy square (its own troops there leaving room)? */
function mayLead(s: GameState, u: UnitState, sq: Square, withSupporter = false): boolean {
  if (u.type === 'ballistarii' || u.retiring) return false;
  const own = troopsIn(s, sq, u.side);
  if (u.type === 'commander' && own.length === 0) return false;
  if (needsBacking(u) && !withSupporter) {
    const supported = s.melees.find((m) => m.contact === sq)?.supports.some((x) => x.side === u.side) ?? false;
    if (!own.some((x) => x.type === 'commander') && !supported) return false;
  }
  const all = [...own, u];
  const knights = all.filter((x) => x.type === 'knights').reduce((n, x) => n + (x.id === u.id ? u.stands : x.stands), 0);
  const crew = all.filter((x) => x.type === 'ballistarii').reduce((n, x) => n + x.stands, 0);
  const others = all.filter((x) => !['commander', 'knights', 'ballistarii'].includes(x.type)).length;
  return all.filter((x) => x.type === 'commander').length <= 1 && knights <= 2 && crew <= 4 && (knights > 0 ? 1 : 0) + (crew > 0 ? 1 : 0) + others <= 1;
}

/** 9E: could the unit support the melee now (the attacker, who may turn freely, at its best facing)? */
function canSupport(s: GameState, u: UnitState, m: GameState['melees'][number], anyFacing: boolean): boolean {
  if (m.fought || u.type === 'ballista' || !u.at || u.status !== 'active' || u.retiring || u.stands <= 0) return false;
  if (u.retreatedTurn !== null && s.turn - u.retreatedTurn <= 1) return false;
  if (!near(u.at, m.contact)) return false;
  if (s.melees.some((x) => x.contact === u.at || (!x.fought && x.supports.some((y) => y.unit === u.id)))) return false;
  const own = troopsIn(s, m.contact, u.side);
  if (own.length === 0) return false;
  const p = parseSquare(u.at)!, q = parseSquare(m.contact)!;
  const dir: [number, number] = [q.col - p.col, q.row - p.row];
  if (CAVALRY.includes(u.type)) {
    if (u.side === s.attacker && !own.some((x) => CAVALRY.includes(x.type))) return false;
    // R-cavalry-support: backing foot (no cavalry there), the contact square lies exactly to its left or right.
    if (u.side !== s.attacker && ENGINE_READINGS.defendingCavalryBesideOnly && !own.some((x) => CAVALRY.includes(x.type)) && own.some((x) => FOOT.includes(x.type))) {
      const f = FACINGS.indexOf(u.facing), d = FACINGS.indexOf(facingOf(dir[0], dir[1]));
      if (d !== (f + 2) % 8 && d !== (f + 6) % 8) return false;
    }
  }
  if (u.type === 'commander') {
    const unit = troopsIn(s, u.at, u.side).find((x) => x.id !== u.id);
    return unit ? m.supports.some((x) => x.unit === unit.id) : true;
  }
  if (!anyFacing) return supportGeometry(u.type, u.facing, dir);
  return FACINGS.some((f) => (TROOPS[u.type].support !== 1 || SIDE_FACINGS.includes(f)) && supportGeometry(u.type, f, dir));
}

/**
 * R-support-holds: joining a lone commander that is a declared supporter makes it support as the unit it joins, so the
 * join is allowed only where that unit could support the same melee from there.
 */
function breaksSupport(s: GameState, u: UnitState, to: Square): boolean {
  const here = s.units.filter((x) => x.status === 'active' && x.at === to && x.side === u.side && x.type !== 'ballista' && x.id !== u.id);
  if (here.length !== 1 || here[0]!.type !== 'commander') return false;
  const m = s.melees.find((x) => !x.fought && x.supports.some((y) => y.unit === here[0]!.id));
  return !!m && !canSupport(s, { ...u, at: to }, m, true);
}

/** A charge must end in a melee: leading one, or supporting one already started (6G). */
function fights(s: GameState, c: UnitState, sq: Square): boolean {
  return enemyAt(s, c.side, sq) || s.melees.some((m) => near(sq, m.contact) && canSupport(s, { ...c, at: sq }, m, true));
}

function idle(s: GameState): UnitState[] {
  return s.units.filter((c) => c.side === s.attacker && c.status === 'active' && c.chargedTurn === s.turn
    && !s.melees.some((m) => m.contact === c.at || m.supports.some((x) => x.unit === c.id)));
}

function referenceMoves(s: GameState, u: UnitState): Action[] {
  const out: Action[] = [];
  const side = u.side;
  const engine = on(s, u).find((b) => b.type === 'ballista' && b.controller === side && !b.moved);
  const variants: Array<'plain' | 'carry' | 'split'> = ['plain', ...(engine ? ['carry' as const] : []), ...((u.type === 'knights' || u.type === 'ballistarii') && u.stands === 2 ? ['split' as const] : [])];
  for (const v of variants) {
    const mover = v === 'split' ? { ...u, stands: 1, half: 0 } : u;
    const tag = v === 'carry' ? { carry: true as const } : v === 'split' ? { split: true as const } : {};
    for (const [to, o] of reference(s, u, v === 'carry')) {
      if (enemyAt(s, side, to)) {
        if (v === 'carry') continue;
        if (o.normal && v !== 'split' && runOverTarget(s, u, to)) out.push({ type: 'move', side, unit: u.id, to, runOver: true });
        if (!mayLead(s, mover, to)) {
          if (o.normal && needsBacking(mover) && mayLead(s, mover, to, true)) {
            const after = movedTo(s, mover, to);
            for (const x of after.units) if (x.side === side && x.id !== u.id && canSupport(after, x, after.melees.find((m) => m.contact === to)!, true)) out.push({ type: 'move', side, unit: u.id, to, supporter: x.id });
            // R-missile-lead: or with no backing yet, when a commander or supporter can still come this move.
            if (v === 'plain' && backable(after, to)) out.push({ type: 'move', side, unit: u.id, to });
          }
          continue;
        }
      } else if (!stackingAllows(s, mover, to, mover.stands, v === 'carry' ? engine : undefined) || breaksSupport(s, mover, to)) continue;
      if (o.normal) out.push({ type: 'move', side, unit: u.id, to, ...tag });
      if (o.charge && v !== 'carry' && fights(s, mover, to)) out.push({ type: 'move', side, unit: u.id, to, charge: true, ...(v === 'split' ? { split: true as const } : {}) });
    }
  }
  // R-exit: off the board across an edge, alone or with the ballista it carries.
  for (const carry of engine ? [false, true] : [false]) if (referenceExit(s.scenario, s.rules, enemiesOf(s, side), { type: u.type, at: u.at!, afterCharge: afterChargeOf(s, u), carry })) out.push({ type: 'move', side, unit: u.id, to: 'off', ...(carry ? { carry: true as const } : {}) });
  // 6G, no dead ends: a move onto a waiting charger's square must leave every waiting charger a melee to fight in.
  const waiting = idle(s).filter((c) => c.id !== u.id);
  return out.filter((a) => {
    if (a.type !== 'move' || !waiting.some((c) => c.at === a.to)) return true;
    const trial: GameState = {
      ...s, units: s.units.map((x) => (x.id === u.id ? { ...u, at: a.to } : x)),
      melees: enemyAt(s, side, a.to) && !s.melees.some((m) => m.contact === a.to) ? [...s.melees, { contact: a.to, supports: [], mdi: {}, fought: false }] : s.melees,
    };
    return waiting.every((c) => fights(trial, c, c.at!));
  });
}

/** The state with unit u (done moving) on square `to` ('off': off the board), a melee started there if it holds enemies. */
function movedTo(s: GameState, u: UnitState, to: Square | 'off'): GameState {
  const units = s.units.map((x) => (x.id === u.id ? (to === 'off' ? { ...u, at: null, status: 'off' as const, moved: true } : { ...u, at: to, moved: true }) : x));
  const starts = to !== 'off' && enemyAt(s, u.side, to) && !s.melees.some((m) => m.contact === to && !m.fought);
  return { ...s, units, melees: starts ? [...s.melees, { contact: to, supports: [], mdi: {}, fought: false }] : s.melees };
}

/** R-missile-lead: the contact squares of melees led by a lone missile stand with no commander there and no supporter yet. */
function unbacked(s: GameState): Square[] {
  return s.melees.filter((m) => {
    if (m.fought) return false;
    const own = troopsIn(s, m.contact, s.attacker!);
    return own.length > 0 && own.every((x) => needsBacking(x)) && !m.supports.some((y) => y.side === s.attacker);
  }).map((m) => m.contact);
}

/** R-missile-lead: can the melee at `contact` still be backed: a supporter now, a commander reaching it, or a unit reaching a square beside it to support from? */
function backable(s: GameState, contact: Square): boolean {
  const m = s.melees.find((x) => x.contact === contact && !x.fought)!;
  return s.units.some((y) => {
    if (y.side !== s.attacker || y.status !== 'active' || !y.at || y.at === contact || y.type === 'ballista') return false;
    if (canSupport(s, y, m, true)) return true;
    if (y.moved || y.retiring || (y.retreatedTurn !== null && s.turn - y.retreatedTurn <= 1)) return false;
    for (const [sq] of reference(s, y, false)) {
      if (sq === contact) { if (y.type === 'commander') return true; continue; }
      if (!near(sq, contact) || enemyAt(s, y.side, sq) || !stackingAllows(s, y, sq, y.stands)) continue;
      if (canSupport(s, { ...y, at: sq }, m, true)) return true;
    }
    return false;
  });
}

/** R-missile-lead: does every melee waiting for backing stay backable after this action? */
function keepsBacking(s: GameState, a: Action): boolean {
  if (unbacked(s).length === 0) return true;
  let after: GameState;
  if (a.type === 'move') after = movedTo(s, s.units.find((x) => x.id === a.unit)!, a.to);
  else if (a.type === 'support') after = { ...s, units: s.units.map((x) => (x.id === a.unit ? { ...x, moved: true } : x)), melees: s.melees.map((m) => (m.contact === a.contact && !m.fought ? { ...m, supports: [...m.supports, { side: a.side, unit: a.unit }] } : m)) };
  else return true;
  return unbacked(after).every((c) => backable(after, c));
}

/** 6L facing changes, 9E support declarations, ending the move, conceding. */
function referenceListing(s: GameState): Action[] {
  const side = s.toAct!;
  const out: Action[] = [];
  for (const u of s.units) {
    if ((u.type === 'ballista' ? u.controller !== side : u.side !== side) || u.status !== 'active' || u.at === null) continue;
    if (u.type !== 'ballista' && !u.moved && !u.retiring && !(u.retreatedTurn !== null && s.turn - u.retreatedTurn <= 1)) out.push(...referenceMoves(s, u));
    // 6L: facing changes are free, retiring units included.
    let allowed: readonly Facing[] = TROOPS[u.type].support === 1 ? SIDE_FACINGS : FACINGS;
    const troops = on(s, u).filter((x) => x.type !== 'ballista' && x.id !== u.id);
    if (u.type === 'ballista') {
      const crew = troops.filter((x) => x.side === u.controller);
      if (crew.length === 0) continue;
      allowed = crew.some((x) => TROOPS[x.type].support !== 1) ? FACINGS : SIDE_FACINGS;
    } else if (u.type === 'commander' && troops.some((x) => x.side === u.side)) continue;
    const m = s.melees.find((x) => !x.fought && x.supports.some((y) => y.unit === u.id));
    const p = parseSquare(u.at)!, q = m && parseSquare(m.contact)!;
    for (const f of allowed) {
      if (f !== u.facing && (!q || supportGeometry(u.type, f, [q.col - p.col, q.row - p.row]))) out.push({ type: 'face', side, unit: u.id, facing: f });
    }
  }
  for (const u of s.units) for (const m of s.melees) if (u.side === side && canSupport(s, u, m, side === s.attacker)) out.push({ type: 'support', side, unit: u.id, contact: m.contact });
  if (idle(s).length === 0 && unbacked(s).length === 0) out.push({ type: 'endMove', side });
  out.push({ type: 'concede', side });
  return out.filter((a) => keepsBacking(s, a));
}

/**
 * Play a game (random or simple policy, by seed) and compare every `every`-th move-phase position; returns the
 * positions compared. The simple policy closes on the enemy, so its games reach melees, charges and supports.
 */
function compareGame(scenario: Scenario, seed: number, turnLimit: number | null, every = 1): number {
  const pick = seed % 2 === 0 ? randomPolicy(seed) : simplePolicy(seed);
  let s = createGame(scenario, { seed, ...(turnLimit === null ? {} : { turnLimit }) });
  let compared = 0, seen = 0;
  while (s.phase !== 'over') {
    const legal = legalActions(s);
    if (s.phase === 'move' && seen++ % every === 0) {
      const want = referenceListing(s).map(actionKey).sort();
      const got = legal.map(actionKey).sort();
      if (got.join('\n') !== want.join('\n')) {
        expect.fail(`turn ${s.turn}, ${s.toAct}: listed but not in the reference: ${got.filter((k) => !want.includes(k)).join(' / ')}; missing: ${want.filter((k) => !got.includes(k)).join(' / ')}`);
      }
      // reachableSquares reads the same search: the cheapest movement to every square a plain move reaches.
      const u = s.units.find((x) => x.side === s.toAct && x.status === 'active' && x.at !== null && x.type !== 'ballista');
      if (u && compared % 5 === 0) {
        const costs = Object.fromEntries([...reference(s, u, false)].map(([sq, o]) => [sq, o.cost]));
        for (const [sq, cost] of Object.entries(reachableSquares(s, u.id))) expect(cost).toBe(costs[sq]);
      }
      compared++;
    }
    s = applyAction(s, pick(s, legal));
  }
  return compared;
}

test.each(TEMPLATES.map((t) => t.id))('6 the move phase lists exactly the reference actions at move-phase positions of full simple-play and short random-play games (%s)', (id) => {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  const compared = compareGame(scenario, 1, null, 3) + compareGame(scenario, 2, id === 'two-divisions' ? 2 : 4);
  expect(compared).toBeGreaterThan(60);
}, 300_000);

test('6 the move phase lists exactly the reference actions over generated scenarios (terrain, rivers, hill options)', () => {
  let compared = 0;
  for (let g = 0; g < 10; g++) compared += compareGame(generatedScenario(7100 + g), g, 3);
  expect(compared).toBeGreaterThan(100);
}, 300_000);

test('6A/6J a unit listed again on the same square sees enemies that came into reach or left (move searches are remembered per square)', () => {
  const far = gameOf([['t', 'kn', 'knights', 'F3', 'S'], ['r', 'mi', 'mediumInfantry', 'F11', 'N'], ['r', 'mi2', 'mediumInfantry', 'A12', 'N']]);
  const moves = (s: GameState) => legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === 'kn' && !a.split ? [a.to] : [])).sort();
  const before = moves(far);
  expect(before).toContain('E4');
  expect(before).not.toContain('F7');
  // An enemy comes within charge reach (4 squares, beyond the normal move of 3): the knight may now charge it (6G).
  const near = withUnit(far, 'mi', { at: 'F7' });
  expect(moves(near)).toContain('F7');
  // Enemies on both corner squares stop the diagonal step F3-E4 (6A); one of them alone does not.
  const one = withUnit(far, 'mi', { at: 'E3' });
  expect(moves(one)).toContain('E4');
  const both = withUnit(one, 'mi2', { at: 'F4' });
  expect(moves(both)).not.toContain('E4');
  expect(moves(withUnit(both, 'mi2', { at: 'A12' }))).toEqual(moves(one));
  // And back where they started: the same moves as at first.
  expect(moves(withUnit(near, 'mi', { at: 'F11' }))).toEqual(before);
});

test('6A a remembered move search is found again whatever squares the enemies hold (the top bit of a bit-set word too)', () => {
  const s = createGame(TEMPLATES.find((t) => t.id === 'empty-board')!.scenario, { seed: 1 });
  const board = boardOf(s.scenario);
  const memo = memoFor(board, s.rules);
  const search = (enemies: number[], from: number) => {
    const enemy = new Uint8Array(board.n), bits = new Uint32Array(board.words);
    for (const i of enemies) { enemy[i] = 1; bits[i >> 5]! |= 1 << (i & 31); }
    return memoSearch(memo, board, s.rules, { type: 'knights', from, afterCharge: false, carry: false }, 0, enemy, bits, newReach(board.n));
  };
  // Squares 31 and 63 are the last of their words: their bits are the words' sign bits.
  for (const enemy of [30, 31, 63]) {
    const from = enemy + 2 * board.columns;
    const first = search([enemy], from);
    expect(first.count).toBeGreaterThan(0);
    expect(search([enemy], from), `enemy on square ${enemy}`).toBe(first);
    expect(search([enemy - 1], from)).not.toBe(first);
  }
});

test('the integer board numbers squares row by row and reads a square name as the board does (others: -1)', () => {
  const s = createGame(generatedScenario(7300), { seed: 1 });
  const board = boardOf(s.scenario);
  expect(board.n).toBe(s.board.columns * s.board.rows);
  for (let r = 0; r < s.board.rows; r++) for (let c = 0; c < s.board.columns; c++) {
    expect(board.names[r * s.board.columns + c]).toBe(squareName(c, r));
    expect(squareIndex(board, squareName(c, r))).toBe(r * s.board.columns + c);
  }
  for (const bad of ['', 'A', '1', 'A0', 'A01', 'a1', 'A1x', 'AAA1', 'A100', squareName(s.board.columns, 0), squareName(0, s.board.rows)]) expect(squareIndex(board, bad)).toBe(-1);
});

test('6G/9E a melee led in mid-move lets the units beside it charge in support at once, as a fresh reading of the same state lists (kept move lists are worked out again around the new contact square)', () => {
  const start = gameOf([['t', 'kn1', 'knights', 'F3', 'S'], ['t', 'kn2', 'knights', 'H3', 'S'], ['r', 'mi', 'mediumInfantry', 'F6', 'N'], ['r', 'lv', 'levyInfantry', 'A12', 'N']]);
  const charges = (s: GameState) => legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === 'kn2' && a.charge ? [a.to] : [])).sort();
  const keys = (s: GameState) => legalActions(s).map(actionKey);
  // No melee yet: a charge must end where it fights, and G6 (beside the enemy) holds nobody to fight.
  expect(charges(start)).not.toContain('G6');
  const led = applyAction(start, { type: 'move', side: 'teutonic', unit: 'kn1', to: 'F6' });
  expect(led.melees.map((m) => m.contact)).toEqual(['F6']);
  // Now G6 is beside a melee the knights lead (knights support square on, 9E): kn2 may charge there to support it.
  expect(charges(led)).toContain('G6');
  // The listing carried on from the first position equals one read afresh from the JSON.
  expect(keys(led)).toEqual(keys(structuredClone(led)));
  const supported = applyAction(led, { type: 'move', side: 'teutonic', unit: 'kn2', to: 'G6', charge: true });
  expect(keys(supported)).toEqual(keys(structuredClone(supported)));
});
