/** Issue 29 item 6: a "What to change" edit applied to the open scenario is an ordinary editor change, undone and redone. */
import { beforeEach, describe, expect, test } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { templateScenario, terrainFeatures, type ScenarioEdit } from '../../src/scenario';
import { useBalanceStore } from '../../src/stores/balance';
import { useScenarioStore } from '../../src/stores/scenario';
import type { Suggestion } from '../../src/workers/balance-client';

beforeEach(() => {
  setActivePinia(createPinia());
  useScenarioStore().load({ scenario: templateScenario('open-field')!, past: [], future: [] });
});

const suggestion = (edit: ScenarioEdit, label: string) => ({ edit, label }) as Suggestion;

describe('applying a suggested edit', () => {
  test('is one undo step: Undo restores the scenario, Redo makes the edit again', () => {
    const store = useScenarioStore();
    const balance = useBalanceStore();
    const before = store.scenario;
    const wood = terrainFeatures(before)[0]!;
    expect(balance.applySuggestion(suggestion({ kind: 'moveFeature', feature: wood.key, dx: 1, dy: 0 }, 'Move the woods'))).toBe(true);
    expect(store.scenario.terrain?.protected?.map((p) => p.at)).toEqual(['K7', 'C6']);
    expect(store.past).toHaveLength(1);
    expect(store.lastCommand).toBe('Balance suggestion');
    expect(balance.message).toBe('Applied: Move the woods. Undo takes it back.');
    store.undo();
    expect(store.scenario).toBe(before);
    store.redo();
    expect(store.scenario.terrain?.protected?.map((p) => p.at)).toEqual(['K7', 'C6']);
  });

  test('the turn limit and a unit: each edit undoes on its own', () => {
    const store = useScenarioStore();
    const balance = useBalanceStore();
    balance.applySuggestion(suggestion({ kind: 'turnLimit', delta: 1 }, 'Turn limit 12 → 13'));
    balance.applySuggestion(suggestion({ kind: 'removeUnit', side: 0, unitId: 't-knights-4' }, 'without knights'));
    expect(store.scenario.rules?.turnLimit).toBe(13);
    expect(store.scenario.sides[0]!.units.some((u) => u.id === 't-knights-4')).toBe(false);
    store.undo();
    expect(store.scenario.sides[0]!.units.some((u) => u.id === 't-knights-4')).toBe(true);
    expect(store.scenario.rules?.turnLimit).toBe(13);
    store.undo();
    expect(store.scenario.rules?.turnLimit).toBeUndefined();
  });

  test('an edit that no longer fits changes nothing and says so', () => {
    const store = useScenarioStore();
    const balance = useBalanceStore();
    const before = store.scenario;
    expect(balance.applySuggestion(suggestion({ kind: 'removeUnit', side: 0, unitId: 'no-such-unit' }, 'without it'))).toBe(false);
    expect(store.scenario).toBe(before);
    expect(store.past).toHaveLength(0);
    expect(balance.message).toMatch(/no longer fits the open scenario/);
  });
});
