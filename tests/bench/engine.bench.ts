/** Engine speed (issue 3): random-policy full games and actions per second on the open-field template, one core. */
import { applyAction, createGame, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import type { BenchSection } from './harness';

function playOne(seed: number): { actions: number; legalMs: number } {
  const scenario = templateScenario('open-field')!;
  const pick = randomPolicy(seed);
  let s: GameState = createGame(scenario, { seed });
  let actions = 0;
  let legalMs = 0;
  while (s.phase !== 'over') {
    const t = performance.now();
    const legal = legalActions(s);
    legalMs += performance.now() - t;
    s = applyAction(s, pick(s, legal));
    actions++;
  }
  return { actions, legalMs };
}

export const section: BenchSection = {
  name: 'Rules engine (issue 3)',
  run() {
    playOne(0); // warm-up
    let games = 0, actions = 0, legalMs = 0;
    const start = performance.now();
    while (performance.now() - start < 3000 || games < 3) {
      const r = playOne(++games);
      actions += r.actions;
      legalMs += r.legalMs;
    }
    const secs = (performance.now() - start) / 1000;
    return [
      { label: 'random-policy full games (open-field, 12 turns)', value: games / secs, unit: 'games/s', note: 'aim >= 200' },
      { label: 'actions applied', value: actions / secs, unit: 'per s', note: `${Math.round(actions / games)} actions a game` },
      { label: 'share of time listing legal actions', value: (100 * legalMs) / 1000 / secs, unit: '%' },
    ];
  },
};
