/**
 * Edits of format version 2's fields (scenario-format.md, "Version 2"): objectives, notes and side briefings. Pure
 * functions of the scenario; every one keeps what Import accepts (1-9 squares, 1-100 points, at most 12 objectives,
 * the schema's lengths), so an edit never writes a file the program would refuse.
 */
import type { Objective, Scenario, Square } from '../rules';
import { mirrorSquare } from './terrainEdits';

export const OBJECTIVE_LIMITS = { count: 12, squares: 9, points: { min: 1, max: 100 }, label: 60, notes: 4000, briefing: 2000 } as const;

const withObjectives = (s: Scenario, list: Objective[]): Scenario => {
  const next: Scenario = { ...s, objectives: list };
  if (list.length === 0) delete next.objectives;
  return next;
};

/** A fresh id and label for a new objective: "objective-N", "Objective N". */
export function newObjective(s: Scenario, squares: Square[]): Objective {
  const ids = new Set((s.objectives ?? []).map((o) => o.id));
  let n = (s.objectives?.length ?? 0) + 1;
  while (ids.has(`objective-${n}`)) n++;
  return { id: `objective-${n}`, label: `Objective ${n}`, squares, points: 10 };
}

/**
 * The Objective tool's click: toggle the square (and, with Mirror, its point-symmetric square) in the objective
 * `id`; with no such objective, a new one on those squares. An objective left with no square is removed.
 * Returns the scenario and the id of the objective edited (null when none was made: 12 already).
 */
export function toggleObjectiveSquare(s: Scenario, id: string | null, sq: Square, mirror: boolean): { scenario: Scenario; id: string | null } {
  const squares = [...new Set(mirror ? [sq, mirrorSquare(sq, s)] : [sq])];
  const list = s.objectives ?? [];
  const at = id === null ? -1 : list.findIndex((o) => o.id === id);
  if (at < 0) {
    if (list.length >= OBJECTIVE_LIMITS.count) return { scenario: s, id: null };
    const o = newObjective(s, squares);
    return { scenario: withObjectives(s, [...list, o]), id: o.id };
  }
  const o = list[at]!;
  const removing = o.squares.includes(sq);
  let next = removing ? o.squares.filter((x) => !squares.includes(x)) : [...o.squares, ...squares.filter((x) => !o.squares.includes(x))];
  if (next.length > OBJECTIVE_LIMITS.squares) next = next.slice(0, OBJECTIVE_LIMITS.squares);
  if (next.length === 0) return { scenario: withObjectives(s, list.filter((_, i) => i !== at)), id: null };
  return { scenario: withObjectives(s, list.map((x, i) => (i === at ? { ...x, squares: next } : x))), id: o.id };
}

/** Change an objective's label, points or side (for: null means either side); values out of range are clamped. */
export function updateObjective(s: Scenario, id: string, patch: { label?: string; points?: number; for?: string | null }): Scenario {
  const list = s.objectives ?? [];
  if (!list.some((o) => o.id === id)) return s;
  return withObjectives(s, list.map((o) => {
    if (o.id !== id) return o;
    const next: Objective = { ...o };
    if (patch.label !== undefined && patch.label.trim() !== '') next.label = patch.label.trim().slice(0, OBJECTIVE_LIMITS.label);
    if (patch.points !== undefined && Number.isFinite(patch.points)) {
      next.points = Math.min(OBJECTIVE_LIMITS.points.max, Math.max(OBJECTIVE_LIMITS.points.min, Math.round(patch.points)));
    }
    if (patch.for === null) delete next.for;
    else if (patch.for !== undefined && s.sides.some((sd) => sd.id === patch.for)) next.for = patch.for;
    return next;
  }));
}

export function removeObjective(s: Scenario, id: string): Scenario {
  return withObjectives(s, (s.objectives ?? []).filter((o) => o.id !== id));
}

/** The scenario's notes (empty: none). */
export function setNotes(s: Scenario, notes: string): Scenario {
  const next: Scenario = { ...s, notes: notes.slice(0, OBJECTIVE_LIMITS.notes) };
  if (notes.trim() === '') delete next.notes;
  return next;
}

/** A side's briefing (empty: none). */
export function setBriefing(s: Scenario, side: number, briefing: string): Scenario {
  if (!s.sides[side]) return s;
  const text = briefing.slice(0, OBJECTIVE_LIMITS.briefing);
  return {
    ...s,
    sides: s.sides.map((sd, i) => {
      if (i !== side) return sd;
      const next: Scenario['sides'][number] = { ...sd, briefing: text };
      if (text.trim() === '') delete next.briefing;
      return next;
    }),
  };
}
