/** Map labels after an action (play view): dice and hits at each shooter, MDI picks at each melee. */
import { expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, type GameEvent, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { eventLabels } from '../../src/play/choices';

test('labels name each melee\'s MDI picks on its contact square and each shooter\'s dice and hits', () => {
  const pick = randomPolicy(3);
  let s: GameState = createGame(templateScenario('open-field')!, { seed: 3 });
  let melees = 0, fires = 0;
  while (s.phase !== 'over') {
    const before = s;
    s = applyAction(s, pick(s, legalActions(s)));
    const labels = eventLabels(s, s.events);
    for (const e of s.events as GameEvent[]) {
      if (e.kind === 'melee') {
        melees++;
        const [, sq, a, d] = /^Melee at ([A-Z]+\d+):.*\((\w+)\) vs .*\((\w+)\)/.exec(e.text)!;
        expect(labels).toContainEqual({ square: sq, text: `${a} v ${d}` });
      }
      if (e.kind === 'fire') {
        fires++;
        const hits = Number(/= (\d+) hits?$/.exec(e.text)![1]);
        const at = before.units.find((u) => u.id === e.unit)!.at!;
        expect(labels).toContainEqual({ square: at, text: `${e.dice!.join(' ')} → ${hits}` });
      }
    }
  }
  expect(melees).toBeGreaterThan(0);
  expect(fires).toBeGreaterThan(0);
});
