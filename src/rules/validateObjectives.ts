/**
 * The set-up checks of format version 2's objectives (scenario-format.md, "Version 2"): ids unique among objectives
 * (`duplicate-id`), squares on the board (`off-board`), `for` naming a side (`unknown-side`), and a warning when an
 * objective lies wholly inside one side's set-up rows (`objective-in-setup`: that side holds it from the start).
 */
import { parseSquare, type Square } from './coords';
import type { DiagnosticCode } from './diagnostics';
import { deploymentRows, sideName, type Scenario } from './scenario';

type Add = (code: DiagnosticCode, message: string, path?: string, squares?: Square[]) => void;

/** Check the scenario's objectives; `onBoard` reports `off-board` itself and says whether the square is on the board. */
export function objectiveDiagnostics(s: Scenario, rows: number, add: Add, onBoard: (sq: Square, path: string) => boolean): void {
  const ids = new Map<string, number>();
  (s.objectives ?? []).forEach((o, i) => {
    const path = `/objectives/${i}`;
    const seen = ids.get(o.id);
    if (seen !== undefined) add('duplicate-id', `Objectives ${seen + 1} and ${i + 1} both have the id "${o.id}".`, `${path}/id`, o.squares);
    else ids.set(o.id, i);
    if (o.for !== undefined && !s.sides.some((sd) => sd.id === o.for)) {
      add('unknown-side', `Objective "${o.label}" is for the side "${o.for}", but the sides are ${s.sides.map((sd) => `"${sd.id}"`).join(' and ')}.`, `${path}/for`, o.squares);
    }
    const on = o.squares.filter((sq, j) => onBoard(sq, `${path}/squares/${j}`));
    if (on.length < o.squares.length) return;
    for (const side of s.sides) {
      const zone = deploymentRows(side.edge, rows);
      if (on.every((sq) => { const r = parseSquare(sq)!.row; return r >= zone.from && r <= zone.to; })) {
        add('objective-in-setup', `Objective "${o.label}" lies wholly inside ${sideName(side)}'s set-up rows ${zone.from + 1}-${zone.to + 1}, so that side holds it from the start.`, `${path}/squares`, o.squares);
      }
    }
  });
}
