import { createGame, applyAction } from './src/rules';
import { templateScenario } from './src/scenario';
import { decide } from './src/workers/levels';
const level = Number(process.argv[2] ?? 2);
for (const tpl of process.argv.slice(3)) for (let seed = 1; seed <= 2; seed++) {
  let s = createGame(templateScenario(tpl)!, { seed });
  const perTurn: number[] = [];
  let moves = 0, turn = s.turn;
  const t0 = Date.now();
  while (s.phase !== 'over') {
    const a = decide(s, s.toAct!, level, seed);
    if (a.type === 'move') moves++;
    s = applyAction(s, a);
    if (s.turn !== turn) { perTurn.push(moves); moves = 0; turn = s.turn; }
  }
  perTurn.push(moves);
  console.log(tpl, 'level', level, 'seed', seed, 'moves/turn', perTurn.join(' '), '|', s.result?.reason, JSON.stringify(s.result?.points), `${((Date.now() - t0) / 1000).toFixed(0)}s`);
}
