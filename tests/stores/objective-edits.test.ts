/** The editor's edits of format version 2 (objectives, notes, briefings): each keeps what Import accepts. */
import { describe, expect, test } from 'vitest';
import { validateScenario } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { COMMANDS } from '../../src/stores/commands';
import { setBriefing, setNotes, toggleObjectiveSquare, updateObjective } from '../../src/stores/objectiveEdits';

const base = () => templateScenario('open-field')!;
const errors = (s: ReturnType<typeof base>) => validateScenario(s).filter((d) => d.severity === 'error');

describe('Objective tool', () => {
  test('the first click starts an objective, later clicks add and remove squares, the last square removes it', () => {
    let { scenario: s, id } = toggleObjectiveSquare(base(), null, 'F6', false);
    expect(s.objectives).toEqual([{ id: 'objective-1', label: 'Objective 1', squares: ['F6'], points: 10 }]);
    ({ scenario: s } = toggleObjectiveSquare(s, id, 'G6', false));
    expect(s.objectives![0]!.squares).toEqual(['F6', 'G6']);
    expect(errors(s)).toEqual([]);
    ({ scenario: s } = toggleObjectiveSquare(s, id, 'F6', false));
    ({ scenario: s, id } = toggleObjectiveSquare(s, id, 'G6', false));
    expect(s.objectives).toBeUndefined();
    expect(id).toBeNull();
  });
  test('with Mirror the point-symmetric square goes in too', () => {
    const { scenario: s } = toggleObjectiveSquare(base(), null, 'B5', true);
    expect(s.objectives![0]!.squares).toEqual(['B5', 'K8']);
  });
  test('label, points and side are kept within the schema', () => {
    const { scenario: s0, id } = toggleObjectiveSquare(base(), null, 'F6', false);
    let s = updateObjective(s0, id!, { label: '  The ford  ', points: 500, for: s0.sides[1]!.id });
    expect(s.objectives![0]).toEqual({ id: 'objective-1', label: 'The ford', squares: ['F6'], points: 100, for: s0.sides[1]!.id });
    s = updateObjective(s, id!, { points: 0, for: 'nobody-here', label: '' });
    expect(s.objectives![0]!.points).toBe(1);
    expect(s.objectives![0]!.label).toBe('The ford');
    expect(updateObjective(s, id!, { for: null }).objectives![0]!.for).toBeUndefined();
    expect(errors(s)).toEqual([]);
  });
  test('notes and briefings: set, cut to the schema\'s length, removed when empty', () => {
    let s = setNotes(base(), 'x'.repeat(5000));
    expect(s.notes).toHaveLength(4000);
    s = setBriefing(s, 1, 'Hold the ford.');
    expect(s.sides[1]!.briefing).toBe('Hold the ford.');
    expect(errors(s)).toEqual([]);
    expect('briefing' in setBriefing(s, 1, '  ').sides[1]!).toBe(false);
    expect('notes' in setNotes(s, '')).toBe(false);
  });
  test('a smaller board keeps each objective\'s squares still on it and drops one left with none', () => {
    const s = base();
    s.objectives = [{ id: 'ford', label: 'Ford', squares: ['C6', 'I6'], points: 20 }, { id: 'bridge', label: 'Bridge', squares: ['K7'], points: 20 }];
    const small = COMMANDS.setBoard.perform(s, { columns: 8, rows: 12 });
    expect(small.objectives).toEqual([{ id: 'ford', label: 'Ford', squares: ['C6'], points: 20 }]);
    expect(validateScenario(small).filter((d) => d.code === 'off-board')).toEqual([]);
  });
  test('renaming a side carries its objectives\' "for" along', () => {
    const s = base();
    s.objectives = [{ id: 'ch', label: 'Chapel', squares: ['I7'], points: 5, for: s.sides[1]!.id }];
    const renamed = COMMANDS.renameSide.perform(s, { side: 1, id: 'novgorod' });
    expect(renamed.objectives![0]!.for).toBe('novgorod');
    expect(validateScenario(renamed).filter((d) => d.code === 'unknown-side')).toEqual([]);
  });
  test('the commands are single undo steps', () => {
    for (const c of [COMMANDS.objectiveSquare, COMMANDS.updateObjective, COMMANDS.removeObjective, COMMANDS.setNotes, COMMANDS.setBriefing]) expect(c.capture).toBe('step');
    const s = COMMANDS.objectiveSquare.perform(base(), { id: null, square: 'C7', mirror: false });
    expect(COMMANDS.removeObjective.perform(s, { id: 'objective-1' }).objectives).toBeUndefined();
  });
});
