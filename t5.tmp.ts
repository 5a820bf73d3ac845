import { createGame, gameSeed, makePolicy, type Policy } from './src/rules';
import { step } from './src/ai/playout';
import { machineTurnLimit } from './src/rules/scenario';
import { templateScenario } from './src/scenario';
import { playBalanceGame, emptyHeat } from './src/ai/balance';
for (const [id, policy] of [['open-field', 'simple'], ['two-divisions', 'simple'], ['hills', 'random']] as const) {
  let splits = 0, bad = 0;
  for (let index = 0; index < 12; index++) {
    const gs = gameSeed(11, index);
    let s = createGame(templateScenario(id)!, { seed: gs, turnLimit: machineTurnLimit(templateScenario(id)!) });
    const start = s.units.reduce((a, u) => a + u.stands, 0);
    const policies: Record<string, Policy> = {};
    s.sides.forEach((side, j) => { policies[side.id] = makePolicy(policy, gameSeed(gs, j + 1)); });
    for (let next = step(s, policies); next; next = step(s, policies)) { s = next.state; splits += s.events.filter((e) => e.kind === 'split').length; }
    const end = s.units.reduce((a, u) => a + u.stands, 0);
    const g = playBalanceGame(templateScenario(id)!, index, { policy, seed: 11 }, emptyHeat());
    if (g.lost !== start - end) bad++;
  }
  console.log(id, policy, 'splits', splits, 'games where lost != start-end', bad);
}
