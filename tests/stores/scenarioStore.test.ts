import { beforeEach, describe, expect, test } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { blankScenario } from '../../src/scenario';
import { COMMANDS } from '../../src/stores/commands';
import { HISTORY_LIMIT, useScenarioStore } from '../../src/stores/scenario';
import { useEditorStore } from '../../src/stores/editor';

beforeEach(() => {
  setActivePinia(createPinia());
  useScenarioStore().load({ scenario: blankScenario(), past: [], future: [] });
});

describe('undo history', () => {
  test('a drag that paints ten squares is one undo step', () => {
    const store = useScenarioStore();
    const squares = ['A5', 'B5', 'C5', 'D5', 'E5', 'F5', 'G5', 'H5', 'I5', 'J5'];
    store.beginGesture(COMMANDS.paintProtected, { squares: squares.slice(0, 1), kind: 'woods', mirror: false });
    for (let i = 2; i <= squares.length; i++) store.moveGesture({ squares: squares.slice(0, i), kind: 'woods', mirror: false });
    store.endGesture();
    expect(store.scenario.terrain?.protected).toHaveLength(10);
    expect(store.past).toHaveLength(1);
    store.undo();
    expect(store.scenario.terrain).toBeUndefined();
    store.redo();
    expect(store.scenario.terrain?.protected).toHaveLength(10);
  });

  test('mirror repeats the edit at the point-symmetric square', () => {
    const store = useScenarioStore();
    store.run(COMMANDS.paintProtected, { squares: ['C4'], kind: 'village', mirror: true });
    expect(store.scenario.terrain?.protected?.map((p) => p.at).sort()).toEqual(['C4', 'J9']);
    expect(store.past).toHaveLength(1);
  });

  test('should not clear the redo stack on selection change', () => {
    const store = useScenarioStore();
    const editor = useEditorStore();
    store.run(COMMANDS.hill, { squares: ['E6'], mirror: false });
    store.undo();
    editor.selectedUnit = 't-knights-1';
    editor.cursor = 'C3';
    editor.tool = 'road';
    expect(store.canRedo).toBe(true);
    expect(store.past).toHaveLength(0);
  });

  test('a new edit after undo clears the redo stack; the history keeps at most HISTORY_LIMIT steps', () => {
    const store = useScenarioStore();
    store.run(COMMANDS.setMeta, { title: 'One' });
    store.undo();
    store.run(COMMANDS.setMeta, { title: 'Two' });
    expect(store.canRedo).toBe(false);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store.run(COMMANDS.setMeta, { title: `T${i}` });
    expect(store.past).toHaveLength(HISTORY_LIMIT);
  });

  test('live validation follows every edit', () => {
    const store = useScenarioStore();
    expect(store.diagnostics.some((d) => d.code === 'deploy-outside-zone')).toBe(false);
    store.run(COMMANDS.placeUnit, { unitId: 't-knights-1', at: 'E6' });
    const d = store.diagnostics.find((x) => x.code === 'deploy-outside-zone');
    expect(d?.squares).toEqual(['E6']);
    store.run(COMMANDS.placeUnit, { unitId: 't-knights-1', at: 'E2' });
    expect(store.diagnostics.some((x) => x.code === 'deploy-outside-zone')).toBe(false);
  });
});
