import { createGame, simplePolicy, applyAction, legalActions } from './src/rules';
import { hint } from './src/rules/ai/hint';
import { templateScenario } from './src/scenario';
let s = createGame(templateScenario('open-field')!, { seed: 3 });
const p = simplePolicy(1);
// play to a move-phase decision of turn 2
while (!(s.turn === 2 && s.phase === 'move')) s = applyAction(s, p(s, legalActions(s)));
for (const level of ['easy','normal'] as const) {
  const t = performance.now();
  let tot=0;
  const h = hint(s, s.toAct!, { level, seed: 5, progress: (d, n) => { tot = n; } });
  console.log(level, (performance.now()-t).toFixed(0), 'ms', tot, legalActions(s).length);
  for (const c of h) console.log(' ', JSON.stringify(c.action), c.win.toFixed(2), c.reason, c.chosen);
}
