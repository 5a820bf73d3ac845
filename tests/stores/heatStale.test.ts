/** Issue 44: the balance heat map leaves the map on any edit (it belongs to the scenario it was estimated for). */
import { beforeEach, describe, expect, test } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { scenarioHash, useBalanceStore } from '../../src/stores/balance';
import { useScenarioStore } from '../../src/stores/scenario';
import { COMMANDS } from '../../src/stores/commands';
import type { StoredBalance } from '../../src/stores/db';

beforeEach(() => {
  setActivePinia(createPinia());
  useScenarioStore().load({ scenario: templateScenario('open-field')!, past: [], future: [] });
});

describe('the heat map after an edit', () => {
  test('is drawn for the scenario it was estimated for, gone after an edit (was: still drawn), back after Undo', () => {
    const store = useScenarioStore(), balance = useBalanceStore();
    const lost = { E6: 12, F6: 3 };
    balance.estimate = {
      settings: { games: 100, policy: 'simple', seed: 1 }, scenarioHash: scenarioHash(serializeScenario(store.scenario)), finished: 0, seconds: 1,
      summary: { heat: { lost, melees: { E6: 2 } } },
    } as unknown as StoredBalance;
    expect(balance.heat).toEqual(lost);
    store.run(COMMANDS.paintProtected, { squares: ['C4'], kind: 'woods', mirror: false });
    expect(balance.stale).toBe(true);
    expect(balance.heat).toBeNull();
    store.undo();
    expect(balance.heat).toEqual(lost);
  });
});
