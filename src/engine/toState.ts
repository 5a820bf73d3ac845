/**
 * A position written back to its JSON GameState (issue 9, fast core): every unit record that did not change shared
 * with the state it was read from, field order as createGameState writes it (state hashes are over the JSON text).
 */
import { FACINGS, type Square } from '../rules/coords';
import { TROOP_TYPES } from '../rules/troops';
import { MDIS } from '../rules/melee';
import type { Action } from '../rules/actions';
import type { EndReason, GameState, UnitState } from '../rules/state';
import { PHASES, STAGES, STATUSES, type GameInfo, type Position } from './position';

/** A side index's id (null for -1). */
function sideId(g: GameInfo, s: number): string | null {
  return s < 0 ? null : g.sideIds[s]!;
}


const names = (p: Position, j: number): Square | null => (j < 0 ? null : p.board.names[j]!);

/** The JSON record of unit x (field order as createGameState writes it: state hashes are over the JSON text). */
function unitRecord(p: Position, x: number): UnitState {
  const names = p.board.names;
  const tn = p.trailN[x]!;
  const trail = tn < 0 ? null : tn === 0 ? [] : tn === 1 ? [names[p.trail0[x]!]!] : [names[p.trail0[x]!]!, names[p.trail1[x]!]!];
  const type = TROOP_TYPES[p.type[x]!]!, at = p.at[x]! < 0 ? null : names[p.at[x]!]!;
  const charged = p.charged[x]!, retreated = p.retreated[x]!;
  // Written out (no spreads): one object shape for every unit, as copyUnit makes them.
  return type === 'ballista'
    ? {
      id: p.ids[x]!, side: p.sides[p.side[x]!]!, type, stands: p.stands[x]!, half: p.half[x]!, at, facing: FACINGS[p.face[x]!]!, status: STATUSES[p.status[x]!]!,
      controller: p.ctrl[x]! < 0 ? null : p.sides[p.ctrl[x]!]!, moved: p.moved[x] === 1, chargedTurn: charged < 0 ? null : charged,
      retreatedTurn: retreated < 0 ? null : retreated, retiring: p.retiring[x] === 1, levyRolled: p.levy[x] === 1, trail,
    }
    : {
      id: p.ids[x]!, side: p.sides[p.side[x]!]!, type, stands: p.stands[x]!, half: p.half[x]!, at, facing: FACINGS[p.face[x]!]!, status: STATUSES[p.status[x]!]!,
      moved: p.moved[x] === 1, chargedTurn: charged < 0 ? null : charged,
      retreatedTurn: retreated < 0 ? null : retreated, retiring: p.retiring[x] === 1, levyRolled: p.levy[x] === 1, trail,
    };
}

/**
 * The JSON state of a position. With `prev` (the state the position was read from or written to before the units
 * `touched` changed), the other unit records are shared with it, and the log is prev's with `action` added; without
 * an action, or without `prev`, the log is the position's own array (none kept: empty).
 */
export function toState(p: Position, prev?: { state: GameState; touched: readonly number[]; action?: Action }): GameState {
  const g = p.game;
  let units: UnitState[];
  if (prev) {
    units = prev.state.units.slice();
    // Once each (a unit may be touched several times by one action).
    for (const x of prev.touched) if (units[x] === prev.state.units[x]) units[x] = unitRecord(p, x);
  } else {
    units = new Array<UnitState>(p.n);
    for (let x = 0; x < p.n; x++) units[x] = unitRecord(p, x);
  }
  const r = p.resolution;
  const A = p.attacker;
  return {
    format: 'nevsky-game', scenario: g.scenario, seed: g.seed, board: g.boardSize, rules: g.rules, sides: g.sides, units,
    turn: p.turn, attacker: sideId(g, A), phase: PHASES[p.phase]!, toAct: sideId(g, p.toAct),
    shots: p.shots.length === 0 ? [] : shotRecords(p),
    fires: p.fires.length === 0 ? [] : fireRecords(p),
    hits: p.hits.length === 0 ? [] : p.hits.map((h) => ({ side: sideId(g, h.side)!, at: names(p, h.at)!, unit: h.unit === -2 ? null : h.unit === -1 ? '' : p.ids[h.unit]!, engine: h.engine < 0 ? null : p.ids[h.engine]!, ...(h.ownOnly ? { ownOnly: true as const } : {}), ...(h.either ? { either: true as const } : {}) })),
    decided: p.decided.length === 0 ? [] : p.decided.map(deciderId, p),
    melees: p.melees.length === 0 ? [] : meleeRecords(p),
    current: p.current < 0 ? null : p.current,
    resolution: r && {
      contact: names(p, r.contact)!, loss: lossRecord(g.sideIds, r.loss, A), result: r.result, allocating: r.allocating.map(sideName, g),
      stage: STAGES[r.stage]!, retreat: r.retreat.map(unitId, p), marked: r.marked, survivors: r.survivors.map(unitId, p),
      facing: r.facing.map(sideName, g),
    },
    ledger: sideId(g, p.ledger), rng: p.rng.script ? { s: p.rng.s, script: [...p.rng.script] } : { s: p.rng.s },
    result: p.result && { winner: p.result.winner, points: { ...p.result.points }, reason: p.result.reason as EndReason },
    conceded: sideId(g, p.conceded), events: p.events ?? [],
    log: prev?.action ? appended(prev.state.log, prev.action) : (p.log ?? []),
  };
}

/** A copy of a log with one action more (concat copies once, at the full length: a slice and a push copy twice). */
function appended(log: readonly Action[], action: Action): Action[] {
  return log.concat([action]);
}

/** The attacker's loss first (the order the melee wrote them in). */
function lossRecord(ids: readonly [string, string], loss: readonly [number, number], attacker: number): Record<string, number> {
  const a = attacker < 0 ? 0 : attacker, d = 1 - a;
  const out = Object.create(null) as Record<string, number>;
  out[ids[a]!] = loss[a]!;
  out[ids[d]!] = loss[d]!;
  return out;
}

// The records of a state's lists, made by loops or by map() with a function of the module and `this` (toState runs
// after every action of listed play; tsx, which runs the CLI and the bench, names every closure as it is made).

function unitId(this: Position, x: number): string { return this.ids[x]!; }
function sideName(this: GameInfo, s: number): string { return sideId(this, s)!; }
function deciderId(this: Position, d: number): string { return d >= 0 ? this.ids[d]! : sideId(this.game, -1 - d)!; }

function shotRecords(p: Position): GameState['shots'] {
  const out: GameState['shots'] = [];
  for (let k = 0; k < p.shots.length; k += 2) out.push({ unit: p.ids[p.shots[k]!]!, target: names(p, p.shots[k + 1]!)! });
  return out;
}

function fireRecords(p: Position): GameState['fires'] {
  const out: GameState['fires'] = [];
  for (const f of p.fires) {
    const rec: GameState['fires'][number] = { unit: p.ids[f.unit]!, stands: f.stands };
    if (f.target >= 0) rec.target = p.board.names[f.target]!;
    if (f.losses) {
      const losses: Array<{ unit: string; stands: number }> = [];
      for (let k = 0; k < f.losses.length; k += 2) losses.push({ unit: p.ids[f.losses[k]!]!, stands: f.losses[k + 1]! });
      rec.losses = losses;
    }
    out.push(rec);
  }
  return out;
}

function meleeRecords(p: Position): GameState['melees'] {
  const g = p.game, out: GameState['melees'] = [];
  for (const m of p.melees) {
    const supports: GameState['melees'][number]['supports'] = [];
    for (const x of m.supports) supports.push({ unit: p.ids[x]!, side: sideId(g, p.side[x]!)! });
    out.push({
      contact: names(p, m.contact)!, supports,
      mdi: { [g.sideIds[0]]: m.mdi[0] < 0 ? null : MDIS[m.mdi[0]]!, [g.sideIds[1]]: m.mdi[1] < 0 ? null : MDIS[m.mdi[1]]! },
      fought: m.fought,
    });
  }
  return out;
}
