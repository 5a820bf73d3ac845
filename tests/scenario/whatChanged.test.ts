/** Issue 43 item 4: "Compare with" names each earlier version by what changed after it. */
import { describe, expect, test } from 'vitest';
import { templateScenario } from '../../src/scenario';
import { applyEdit } from '../../src/scenario/variants';
import { changesBetween, whatChanged } from '../../src/scenario/whatChanged';
import type { Scenario } from '../../src/rules';

const open = templateScenario('open-field')!;

describe('what changed between two versions', () => {
  test('a unit added, moved, removed', () => {
    const more = applyEdit(open, { kind: 'addUnit', side: 0, type: 'knights' })!;
    const added = more.sides[0]!.units.at(-1)!;
    expect(whatChanged(open, more)).toBe(`knights ${added.id} added at ${added.at}`);
    const moved: Scenario = { ...more, sides: more.sides.map((sd, i) => (i === 0 ? { ...sd, units: sd.units.map((u) => (u.id === added.id ? { ...u, at: 'A1' } : u)) } : sd)) };
    expect(whatChanged(more, moved)).toBe(`knights ${added.id} moved ${added.at} → A1`);
    expect(whatChanged(more, open)).toBe(`knights ${added.id} removed from ${added.at}`);
  });

  test('turn limit, terrain, objectives; nothing; several changes counted', () => {
    expect(whatChanged(open, applyEdit(open, { kind: 'turnLimit', delta: -2 })!)).toBe('turn limit 12 → 10');
    const river = templateScenario('river-crossing')!;
    const o = river.objectives![0]!;
    expect(whatChanged(river, applyEdit(river, { kind: 'objectivePoints', objective: o.id, delta: 5 })!)).toBe(`objective "${o.label}" ${o.points} → ${o.points + 5} points`);
    expect(whatChanged(river, applyEdit(river, { kind: 'removeObjective', objective: o.id })!)).toBe(`objective "${o.label}" removed`);
    const wood: Scenario = { ...open, terrain: { ...open.terrain, protected: [...(open.terrain?.protected ?? []), { at: 'F6', kind: 'wood' } as never] } };
    expect(whatChanged(open, wood)).toMatch(/F6 added$/);
    expect(whatChanged(open, open)).toBe('no change');
    const many = applyEdit(applyEdit(applyEdit(open, { kind: 'turnLimit', delta: 1 })!, { kind: 'addUnit', side: 1, type: 'knights' })!, { kind: 'addUnit', side: 0, type: 'knights' })!;
    expect(changesBetween(open, many)).toHaveLength(3);
    expect(whatChanged(open, many)).toMatch(/ and 1 more changes$/);
  });
});
