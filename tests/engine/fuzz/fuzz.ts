/**
 * Fuzz/invariant suite: seeded random games from every template, random legal actions, invariants checked after
 * every action; the log is replayed at the end of each game. Most games are capped at FUZZ_TURNS turns to keep CI
 * fast; one game in FULL_EVERY plays the scenario's whole turn limit.
 */
import { expect } from 'vitest';
import { applyAction, createGame, gamePoints, legalActions, randomPolicy, replayGame, stateHash, stackingProblem, type GameState } from '../../../src/rules';
import { TEMPLATES } from '../../../src/scenario';

/** At least 1,000 games in all, spread over the templates; turns capped to keep CI fast, except a share of full games. */
export const GAMES = 1000;
export const FUZZ_TURNS = 2;
export const FULL_EVERY = 20;
export const PER_TEMPLATE = Math.ceil(GAMES / TEMPLATES.length);

/** Full stand counts, for the stands invariant. */
const FULL: Record<string, number> = { ballista: 1, knights: 2, turcopoles: 4, lightCavalry: 3, armoredInfantry: 4, mediumInfantry: 4, levyInfantry: 4, javelinmen: 3, longbowmen: 3, crossbowmen: 3, ballistarii: 4, commander: 1 };

/** Every invariant of a state; `before` are the points before the action, `now` after it (gamePoints). */
export function invariants(s: GameState, before: Record<string, number>, now: Record<string, number> = gamePoints(s)): string | null {
  const bySquare = new Map<string, GameState['units']>();
  for (const u of s.units) {
    if (u.stands < 0 || u.stands > FULL[u.type]! || u.half < 0 || u.half > u.stands) return `${u.id} has ${u.stands} stands (${u.half} half)`;
    if (u.status === 'active' && u.at) {
      const list = bySquare.get(u.at);
      if (list) list.push(u); else bySquare.set(u.at, [u]);
    }
    if (u.status === 'active' && u.stands === 0) return `${u.id} is active with no stands`;
  }
  const contacts = new Set(s.melees.filter((m) => !m.fought).map((m) => m.contact));
  if (s.phase === 'melee' && s.current !== null) contacts.add(s.melees[s.current]!.contact);
  for (const [sq, units] of bySquare) {
    if (units.length === 1) continue;
    const sides = new Set(units.filter((u) => u.type !== 'ballista').map((u) => u.side));
    if (sides.size > 1 && !contacts.has(sq)) return `two sides in ${sq} outside a melee`;
    for (const side of sides) {
      const own = units.filter((u) => u.side === side || u.type === 'ballista');
      const problem = stackingProblem(own.map((u) => ({ id: u.id, type: u.type, stands: u.stands })));
      if (problem) return `stacking in ${sq}: ${problem}`;
    }
  }
  const total = (p: Record<string, number>) => Object.values(p).reduce((a, b) => a + b, 0);
  if (total(now) > total(before) + 1e-9) return `points grew: ${JSON.stringify(before)} -> ${JSON.stringify(now)}`;
  for (const k of Object.keys(now)) if (now[k]! > before[k]! + 1e-9) return `${k}'s points grew`;
  return null;
}

/** Play `games` seeded random games of one template, checking the invariants after every action. */
export function fuzzTemplate(id: string, games: number): number {
  const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
  let actions = 0;
  for (let g = 0; g < games; g++) {
    const seed = g * 7919 + 13;
    const turnLimit = g % FULL_EVERY === FULL_EVERY - 1 ? undefined : FUZZ_TURNS;
    const pick = randomPolicy(seed ^ 0x5bd1e995);
    let s = createGame(scenario, { seed, ...(turnLimit !== undefined ? { turnLimit } : {}) });
    let points = gamePoints(s);
    while (s.phase !== 'over') {
      const legal = legalActions(s);
      if (legal.length === 0) expect.fail(`${id} seed ${seed}: no legal action in ${s.phase}`);
      const a = pick(s, legal);
      if (!legal.includes(a)) expect.fail(`${id} seed ${seed}: the policy picked an action not offered`);
      s = applyAction(s, a);
      actions++;
      const now = gamePoints(s);
      const broken = invariants(s, points, now);
      if (broken) expect.fail(`${id} seed ${seed} after ${JSON.stringify(a)}: ${broken}`);
      points = now;
    }
    expect(s.result).not.toBeNull();
    if (turnLimit === undefined && s.conceded === null && s.turn < (s.rules.turnLimit ?? Infinity)) {
      // A full game that ended early: one side must have no troops left on the board.
      expect(s.sides.some((side) => !s.units.some((u) => u.side === side.id && u.status === 'active' && u.at !== null && u.type !== 'ballista'))).toBe(true);
    }
    const replayed = replayGame({ scenario, seed, ...(turnLimit !== undefined ? { turnLimit } : {}), actions: s.log });
    if (stateHash(replayed) !== stateHash(s)) expect.fail(`${id} seed ${seed}: the replay differs from the game`);
  }
  return actions;
}
