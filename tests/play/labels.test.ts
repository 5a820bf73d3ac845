/** Map labels after an action (play view): dice and hits at each shooter, MDI picks at each melee. */
import { expect, test } from 'vitest';
import { applyAction, createGame, legalActions, randomPolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { eventLabels } from '../../src/play/choices';

test('labels name each melee\'s MDI picks on its contact square and each shooter\'s dice and hits', () => {
  const pick = randomPolicy(3);
  let s: GameState = createGame(templateScenario('open-field')!, { seed: 3 });
  let melees = 0, fires = 0;
  while (s.phase !== 'over') {
    const before = s;
    const a = pick(s, legalActions(s));
    s = applyAction(s, a);
    const labels = eventLabels(s.events);
    for (const e of s.events) {
      if (e.kind === 'melee') {
        melees++;
        // The melee the state before was fighting, with the pick this action made: read from the states, not the event.
        const m = before.melees[before.current!]!;
        const picks = { ...m.mdi, ...(a.type === 'mdi' ? { [a.side]: a.mdi } : {}) };
        const defender = before.sides.find((x) => x.id !== before.attacker)!.id;
        expect(labels).toContainEqual({ square: m.contact, text: `${picks[before.attacker!]} v ${picks[defender]}` });
      }
      if (e.kind === 'fire') {
        fires++;
        const at = before.units.find((u) => u.id === e.unit)!.at!;
        expect(labels).toContainEqual({ square: at, text: `${e.dice.join(' ')} → ${e.hits}` });
      }
    }
  }
  expect(melees).toBeGreaterThan(0);
  expect(fires).toBeGreaterThan(0);
});
