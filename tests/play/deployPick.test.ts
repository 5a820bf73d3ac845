/**
 * Issue 44: hidden deployment follows the rule moves follow: nothing is pre-chosen, so the confirm button and Enter
 * deploy nothing until the player picks a square (the facing then starts towards the enemy, and F changes it).
 */
import { describe, expect, test } from 'vitest';
import { computed, nextTick } from 'vue';
import { createGame, legalActions, viewFor, type Action } from '../../src/rules';
import { choicesOf, defaultUnitAction } from '../../src/play/choices';
import { usePlayInput } from '../../src/components/play/usePlayInput';
import { decide, HINT_LEVEL } from '../../src/workers/levels';
import { smallScenario } from './smallScenario';

describe('hidden deployment: nothing pre-chosen', () => {
  const s = createGame(smallScenario(), { seed: 1 });

  test('no unit default is a deployment, not even the suggested one', () => {
    expect(s.phase).toBe('deploy');
    const suggested = decide(s, s.toAct!, HINT_LEVEL, s.log.length + 1);
    expect(suggested.type).toBe('deploy');
    const { units } = choicesOf(legalActions(s));
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) {
      expect(defaultUnitAction(viewFor(s, s.toAct!), u.actions, suggested)).toBeNull();
      expect(defaultUnitAction(viewFor(s, s.toAct!), u.actions)).toBeNull();
    }
  });

  test('the unit is selected but no square: Enter deploys nothing; a picked square deploys, facing the enemy', async () => {
    const acted: Action[] = [];
    const input = usePlayInput(computed(() => s), computed(() => true), (a) => { acted.push(a); });
    await nextTick();
    expect(input.selectedUnit.value).toBe('t-medium-inf-1');
    expect(input.chosen.value).toBeNull();
    input.confirm();
    const enter = { key: 'Enter', target: null, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, preventDefault: () => undefined };
    input.onKey(enter as unknown as KeyboardEvent, { takeBack: () => undefined });
    expect(acted).toEqual([]);
    // T picks a square (the first offered), facing south: towards the enemy on the south edge.
    input.nextTarget(1);
    expect(input.chosen.value).toMatchObject({ type: 'deploy', unit: 't-medium-inf-1', facing: 'S' });
    input.confirm();
    expect(acted).toHaveLength(1);
    // A click on a marked square is a pick of that square: it deploys there, facing the enemy.
    input.selectUnit('t-medium-inf-1');
    expect(input.chosen.value).toBeNull();
    input.clickSquare('C2');
    expect(acted[1]).toMatchObject({ type: 'deploy', unit: 't-medium-inf-1', at: 'C2', facing: 'S' });
  });
});
