/**
 * Clicks a human player spends per turn when taking the suggested choice every time (the hint level, what Suggest
 * and the highlighted default pick), before and after forced decisions make themselves (forcedDecision). The other
 * side is played by the same hint policy. Every decision of the human side costs one click (its confirmation) before;
 * after, the forced ones make themselves first and cost none.
 *
 *   npx tsx tests/play/clicks.ts [games per scenario, default 6]
 */
import { applyAction, createGame, legalActions, type GameState, type Scenario } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { decide, HINT_LEVEL } from '../../src/workers/levels';
import { forcedDecision } from '../../src/play/choices';
import { smallScenario } from './smallScenario';

export interface ClickCount { turns: number; clicks: number; forced: Record<string, number> }

/**
 * Play one seeded game with the hint policy on both sides and count the clicks of `human` (the first side by
 * default): one per decision it confirms. With `auto`, its forced decisions are made first, as the play view makes
 * them, and cost nothing (counted by reason in `forced`).
 */
export function humanClicks(scenario: Scenario, seed: number, auto: boolean, human = scenario.sides[0]!.id, cap = 3000): ClickCount {
  let s: GameState = createGame(scenario, { seed });
  const out: ClickCount = { turns: 0, clicks: 0, forced: {} };
  for (let i = 0; i < cap && s.phase !== 'over' && s.toAct; i++) {
    const side = s.toAct;
    const f = auto && side === human ? forcedDecision(s, legalActions(s)) : null;
    if (f) {
      out.forced[f.reason] = (out.forced[f.reason] ?? 0) + 1;
      s = applyAction(s, f.action);
      continue;
    }
    if (side === human) out.clicks++;
    s = applyAction(s, decide(s, side, HINT_LEVEL, s.log.length + 1));
  }
  out.turns = Math.max(1, s.turn);
  return out;
}

/** The scenarios measured: the play tests' small one and three templates. */
export function clickScenarios(): Array<[string, Scenario]> {
  return [['small', smallScenario()], ...['open-field', 'river-crossing', 'hills'].map((id): [string, Scenario] => [id, templateScenario(id)!])];
}

if (process.argv[1]?.endsWith('clicks.ts')) {
  const games = Number(process.argv[2] ?? 6);
  for (const [name, scenario] of clickScenarios()) {
    const total = (auto: boolean) => {
      const sum: ClickCount = { turns: 0, clicks: 0, forced: {} };
      for (let seed = 1; seed <= games; seed++) {
        const c = humanClicks(scenario, seed, auto);
        sum.turns += c.turns; sum.clicks += c.clicks;
        for (const [k, v] of Object.entries(c.forced)) sum.forced[k] = (sum.forced[k] ?? 0) + v;
      }
      return sum;
    };
    const before = total(false), after = total(true);
    const per = (c: ClickCount) => (c.clicks / c.turns).toFixed(1);
    console.log(`${name.padEnd(15)} seeds 1-${games}: clicks per turn before ${per(before)} (${before.clicks} in ${before.turns} turns), after ${per(after)} (${after.clicks} in ${after.turns} turns); made by themselves: ${JSON.stringify(after.forced)}`);
  }
}
