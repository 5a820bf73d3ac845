/**
 * Fuzz/invariant suite: seeded random games from every template, random legal actions, invariants checked after
 * every action; the log is replayed at the end of each game. Turns are capped (FUZZ_TURNS) to keep CI fast.
 */
import { expect } from 'vitest';
import { applyAction, actionKey, createGame, gamePoints, legalActions, randomPolicy, replayGame, stateHash, stackingProblem, type GameState } from '../../../src/rules';
import { TEMPLATES } from '../../../src/scenario';

/** At least 1,000 games in all, spread over the templates; turns capped to keep CI fast. */
export const GAMES = 1000;
export const FUZZ_TURNS = 2;
export const PER_TEMPLATE = Math.ceil(GAMES / TEMPLATES.length);

export function invariants(s: GameState, before: Record<string, number>): string | null {
  const bySquare = new Map<string, GameState['units']>();
  for (const u of s.units) {
    const full = u.type === 'ballista' ? 1 : { knights: 2, turcopoles: 4, lightCavalry: 3, armoredInfantry: 4, mediumInfantry: 4, levyInfantry: 4, javelinmen: 3, longbowmen: 3, crossbowmen: 3, ballistarii: 4, commander: 1 }[u.type];
    if (u.stands < 0 || u.stands > full || u.half < 0 || u.half > u.stands) return `${u.id} has ${u.stands} stands (${u.half} half)`;
    if (u.status === 'active' && u.at) bySquare.set(u.at, [...(bySquare.get(u.at) ?? []), u]);
    if (u.status === 'active' && u.stands === 0) return `${u.id} is active with no stands`;
  }
  const contacts = new Set(s.melees.filter((m) => !m.fought).map((m) => m.contact));
  if (s.phase === 'melee' && s.current !== null) contacts.add(s.melees[s.current]!.contact);
  for (const [sq, units] of bySquare) {
    const sides = new Set(units.filter((u) => u.type !== 'ballista').map((u) => u.side));
    if (sides.size > 1 && !contacts.has(sq)) return `two sides in ${sq} outside a melee`;
    for (const side of sides) {
      const own = units.filter((u) => u.side === side || u.type === 'ballista');
      const problem = stackingProblem(own.map((u) => ({ id: u.id, type: u.type, stands: u.stands })));
      if (problem) return `stacking in ${sq}: ${problem}`;
    }
  }
  const now = gamePoints(s);
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
    const pick = randomPolicy(seed ^ 0x5bd1e995);
    let s = createGame(scenario, { seed, turnLimit: FUZZ_TURNS });
    while (s.phase !== 'over') {
      const legal = legalActions(s);
      expect(legal.length, `${id} seed ${seed}: no legal action in ${s.phase}`).toBeGreaterThan(0);
      const a = pick(s, legal);
      const key = actionKey(a);
      expect(legal.some((x) => actionKey(x) === key)).toBe(true);
      const before = gamePoints(s);
      s = applyAction(s, a);
      actions++;
      const broken = invariants(s, before);
      if (broken) expect.fail(`${id} seed ${seed} after ${JSON.stringify(a)}: ${broken}`);
    }
    expect(s.result).not.toBeNull();
    expect(stateHash(replayGame({ scenario, seed, turnLimit: FUZZ_TURNS, actions: s.log }))).toBe(stateHash(s));
  }
  return actions;
}
