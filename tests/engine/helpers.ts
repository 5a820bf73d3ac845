/** Small builders for engine tests: a scenario from a unit list, a game at a chosen phase, actions by the side to act. */
import { actionKey, applyAction, createGame, legalActions, withScriptedDice, type Action, type Facing, type GameState, type Mdi, type Scenario, type Terrain, type TroopType, type ScenarioRules } from '../../src/rules';

export type UnitRow = [side: 't' | 'r', id: string, type: TroopType, at: string | null, facing?: Facing, stands?: number];

export function scenarioOf(units: UnitRow[], terrain: Terrain = {}, rules: ScenarioRules = {}, columns = 12): Scenario {
  const side = (k: 't' | 'r') => ({
    id: k === 't' ? 'teutonic' : 'russian', army: k === 't' ? 'teutonic' as const : 'russian' as const, edge: k === 't' ? 'north' as const : 'south' as const,
    units: units.filter((u) => u[0] === k).map(([, id, type, at, facing, stands]) => ({ id, type, ...(at ? { at } : {}), ...(facing ? { facing } : {}), ...(stands !== undefined ? { stands } : {}) })),
  });
  return { format: 'nevsky-scenario', version: 1, meta: { title: 'test' }, ruleset: 'nevsky', board: { columns, rows: 12 }, terrain, rules: { firstAttacker: 'teutonic', ...rules }, sides: [side('t'), side('r')] };
}

/** A game from a unit list; by default turn 1 with the Teutons attacking, at the start of their move. */
export function gameOf(units: UnitRow[], opts: { terrain?: Terrain; rules?: ScenarioRules; phase?: GameState['phase']; seed?: number } = {}): GameState {
  const s = createGame(scenarioOf(units, opts.terrain, opts.rules), { seed: opts.seed ?? 1 });
  return advanceTo(s, opts.phase ?? 'move');
}

const PASS: ReadonlyArray<Action['type']> = ['ballistaHold', 'hold', 'endMove', 'endSupport', 'endFacing', 'endTurn'];

/** Pass (hold fire, end the move, ...) until the phase is reached. */
export function advanceTo(state: GameState, phase: GameState['phase']): GameState {
  let s = state;
  for (let i = 0; i < 500 && s.phase !== phase && s.phase !== 'over'; i++) {
    const a = legalActions(s).find((x) => PASS.includes(x.type));
    if (!a) throw new Error(`cannot pass in ${s.phase}`);
    s = applyAction(s, a);
  }
  if (s.phase !== phase) throw new Error(`never reached ${phase}`);
  return s;
}

/** Apply an action for the side to act (side filled in). */
export function act(state: GameState, action: Record<string, unknown> & { type: Action['type'] }): GameState {
  return applyAction(state, { side: state.toAct, ...action } as Action);
}

/** Is an action (side filled in) among the legal ones? */
export function isLegal(state: GameState, action: Record<string, unknown> & { type: Action['type'] }): boolean {
  const want = actionKey({ side: state.toAct, ...action } as Action);
  return legalActions(state).some((a) => actionKey(a) === want);
}

export function unit(state: GameState, id: string) {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** A copy of the state with some unit fields changed (for setting up positions mid-game). */
export function withUnit(state: GameState, id: string, patch: Partial<GameState['units'][number]>): GameState {
  return { ...state, units: state.units.map((u) => (u.id === id ? { ...u, ...patch } : u)) };
}

export function dice(state: GameState, faces: number[]): GameState {
  return withScriptedDice(state, faces);
}

/** Freeze an object graph so any mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** Both MDI picks, then the first legal choice (ending facing changes at once) until the melee phase is over. */
export function resolve(s: GameState, a: Mdi, d: Mdi): GameState {
  s = act(s, { type: 'mdi', mdi: a });
  s = act(s, { type: 'mdi', mdi: d });
  while (s.phase === 'melee') {
    const legal = legalActions(s);
    s = act(s, (legal.find((x) => x.type === 'endFacing') ?? legal[0]!) as never);
  }
  return s;
}
