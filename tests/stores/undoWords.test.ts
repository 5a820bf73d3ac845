/** Issue 44: Undo and Redo say what they undid (the status line, read out to screen readers); deployment advances. */
import { beforeEach, describe, expect, test } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { templateScenario } from '../../src/scenario';
import { COMMANDS } from '../../src/stores/commands';
import { useScenarioStore } from '../../src/stores/scenario';
import { useEditorStore } from '../../src/stores/editor';
import { describeEdit } from '../../src/stores/describeEdit';
import { findUnit, nextUnplaced } from '../../src/stores/unitEdits';
import { useTools } from '../../src/composables/useTools';
import type { Scenario } from '../../src/rules';

/** The open-field template with every unit back in the roster. */
function unplaced(): Scenario {
  const s = templateScenario('open-field')!;
  return { ...s, sides: s.sides.map((sd) => ({ ...sd, units: sd.units.map(({ at: _at, ...u }) => u) })) };
}

beforeEach(() => {
  setActivePinia(createPinia());
  useScenarioStore().load({ scenario: unplaced(), past: [], future: [] });
});

describe('Undo and Redo say what they did', () => {
  test('undoing a placement names the unit and the square (was: nothing said)', () => {
    const store = useScenarioStore(), editor = useEditorStore();
    const u = store.scenario.sides[0]!.units.find((x) => x.type === 'knights')!;
    store.run(COMMANDS.placeUnit, { unitId: u.id, at: 'E3' });
    store.undo();
    expect(editor.message).toBe(`Undone: knights ${u.id} placed at E3.`);
    store.redo();
    expect(editor.message).toBe(`Redone: knights ${u.id} placed at E3.`);
  });

  test('terrain, moves, turns and nothing left to undo', () => {
    const store = useScenarioStore(), editor = useEditorStore();
    store.run(COMMANDS.paintProtected, { squares: ['C4'], kind: 'woods', mirror: false });
    store.undo();
    expect(editor.message).toBe('Undone: woods on C4.');
    store.run(COMMANDS.paintProtected, { squares: ['C4', 'D4', 'E4'], kind: 'marsh', mirror: false });
    store.undo();
    expect(editor.message).toBe('Undone: marsh on 3 squares.');
    editor.message = '';
    store.undo();
    expect(editor.message).toBe('');
  });

  test('describeEdit: a unit moved, returned, a side renamed', () => {
    const a = unplaced();
    const id = a.sides[1]!.units[0]!.id;
    const at = (s: Scenario, sq: string | undefined): Scenario => ({ ...s, sides: s.sides.map((sd, i) => (i === 1 ? { ...sd, units: sd.units.map((u) => (u.id === id ? { ...u, at: sq } : u)) } : sd)) });
    const b = at(a, 'D11'), c = at(b, 'E11'), d = at(c, undefined);
    expect(describeEdit(b, c)).toMatch(new RegExp(`${id} moved from D11 to E11$`));
    expect(describeEdit(c, d)).toMatch(new RegExp(`${id} returned to the roster$`));
    const e = { ...a, sides: a.sides.map((sd, i) => (i === 0 ? { ...sd, name: 'Order' } : sd)) };
    expect(describeEdit(a, e)).toContain('renamed Order');
  });
});

describe('the deployment tool moves on to the next unplaced unit', () => {
  test('nextUnplaced: the next in roster order, wrapping, skipping placed ones; null when all are placed', () => {
    const s = unplaced();
    const ids = s.sides[0]!.units.map((u) => u.id);
    expect(nextUnplaced(s, ids[0]!)).toBe(ids[1]);
    const placed = { ...s, sides: s.sides.map((sd, i) => (i === 0 ? { ...sd, units: sd.units.map((u, k) => (k === 1 ? { ...u, at: 'A1' } : u)) } : sd)) };
    expect(nextUnplaced(placed, ids[0]!)).toBe(ids[2]);
    expect(nextUnplaced(s, ids[ids.length - 1]!)).toBe(ids[0]);
    const all = { ...s, sides: s.sides.map((sd) => ({ ...sd, units: sd.units.map((u) => ({ ...u, at: 'A1' })) })) };
    expect(nextUnplaced(all, ids[0]!)).toBeNull();
  });
});

describe('the deployment tool after a placement', () => {
  const click = (tools: ReturnType<typeof useTools>, square: string) => { tools.down({ square, side: 'N', edge: null }); tools.up(square); };
  test('moves on to the next unplaced unit (was: the placed unit stayed selected); a click on a unit then selects it, never stacks onto it', () => {
    const store = useScenarioStore(), editor = useEditorStore(), tools = useTools();
    const [a, b, c] = store.scenario.sides[0]!.units.map((u) => u.id);
    editor.tool = 'select';
    editor.selectedUnit = a!;
    click(tools, 'E2');
    expect(findUnit(store.scenario, a!)!.unit.at).toBe('E2');
    expect(editor.selectedUnit).toBe(b);
    expect(editor.message).toContain(`Next: ${b}`);
    click(tools, 'F2');
    expect(findUnit(store.scenario, b!)!.unit.at).toBe('F2');
    expect(editor.selectedUnit).toBe(c);
    // A click on the knights just placed selects them (to turn them, say): the next unit is not stacked there.
    click(tools, 'F2');
    expect(editor.selectedUnit).toBe(b);
    expect(findUnit(store.scenario, c!)!.unit.at).toBeUndefined();
  });
});

describe('the roster builder\'s Undo and Redo say what they did', () => {
  test('adding a unit, undone and redone (was: nothing said)', async () => {
    const { useRosterStore } = await import('../../src/stores/roster');
    const { splendidVictoryRoster } = await import('../../src/rulesets');
    const { addRosterUnit } = await import('../../src/stores/rosterEdits');
    const store = useRosterStore();
    store.load({ roster: splendidVictoryRoster.blank('Test army'), past: [], future: [] });
    store.run('Add unit', (r) => addRosterUnit(r, 'pikeAndMusket'));
    const id = store.roster.units[store.roster.units.length - 1]!.id;
    store.undo();
    expect(store.told).toBe(`Undone: unit ${id} added.`);
    store.redo();
    expect(store.told).toBe(`Redone: unit ${id} added.`);
    store.run('Title', (r) => ({ ...r, meta: { ...r.meta, title: 'Other' } }));
    expect(store.told).toBe('');
    store.undo();
    expect(store.told).toBe('Undone: title "Other".');
  });
});
