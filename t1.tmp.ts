import { createGame, legalActions, applyAction } from './src/rules';
import { templateScenario } from './src/scenario';
import { decide } from './src/workers/levels';
for (const tpl of ['open-field', 'hills', 'river-crossing']) for (const level of [1, 2, 3]) {
  let moved = 0, games = 0, t1 = 0;
  for (let seed = 1; seed <= 6; seed++) {
    let s = createGame(templateScenario(tpl)!, { seed });
    const attacker = s.attacker;
    let n = 0;
    while (s.turn === 1 && s.phase !== 'over') {
      const a = s.toAct === attacker && s.phase === 'move' ? decide(s, s.toAct!, level, seed) : decide(s, s.toAct!, 0 as never, seed);
      if (a.type === 'move') n++;
      s = applyAction(s, a);
    }
    games++; moved += n; if (n === 0) t1++;
  }
  console.log(tpl, 'level', level, 'avg moves turn1', (moved / games).toFixed(1), 'no-move games', t1, '/', games);
}
