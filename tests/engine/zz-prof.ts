import { applyAction, createGame, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
const scenario = templateScenario('open-field')!;
const types: Record<string, number> = {};
for (let g = 1; g <= 5; g++) {
  const pick = randomPolicy(g);
  let s: GameState = createGame(scenario, { seed: g });
  while (s.phase !== 'over') { const a = pick(s, legalActions(s)); types[s.phase + ':' + a.type] = (types[s.phase + ':' + a.type] ?? 0) + 1; s = applyAction(s, a); }
}
console.log(types, (globalThis as any).__st);
