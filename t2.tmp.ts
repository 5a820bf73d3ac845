import { createGame, applyAction, gamePoints } from './src/rules';
import { templateScenario } from './src/scenario';
import { decide } from './src/workers/levels';
const level = Number(process.argv[2] ?? 2);
for (let seed = 1; seed <= 3; seed++) {
  let s = createGame(templateScenario('open-field')!, { seed });
  const perTurn: string[] = [];
  let moves = 0, melees = 0, turn = s.turn;
  while (s.phase !== 'over') {
    const a = decide(s, s.toAct!, level, seed);
    if (a.type === 'move') moves++;
    s = applyAction(s, a);
    if (s.turn !== turn) { perTurn.push(`${moves}`); moves = 0; turn = s.turn; }
  }
  console.log('seed', seed, 'moves per turn', perTurn.join(' '), 'result', JSON.stringify(s.result ?? null).slice(0, 120));
}
