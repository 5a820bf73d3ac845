/** The map key's entries: each symbol drawn by the map's own renderer from a tiny scenario, cropped to it. */
import { TROOPS, TROOP_TYPES, type Diagnostic, type Scenario, type Terrain, type UnitSpec } from '../rules';
import { CELL, MARGIN, squareOrigin, type BoardView } from '../render';
import { blankScenario } from '../scenario';

export interface KeyEntry {
  id: string;
  label: string;
  note: string;
  scenario: Scenario;
  view?: Partial<BoardView>;
  /** The part of the board to show, in SVG user units. */
  crop: { x: number; y: number; width: number; height: number };
}

const AT = 'B5';

function scenarioWith(north: UnitSpec[], south: UnitSpec[] = [], terrain?: Terrain): Scenario {
  const s = blankScenario('Map key');
  s.sides = [{ ...s.sides[0]!, units: north }, { ...s.sides[1]!, units: south }];
  if (terrain) s.terrain = terrain;
  return s;
}

/** One square with a little room around it. */
function around(sq: string, pad = 4): KeyEntry['crop'] {
  const o = squareOrigin(sq);
  return { x: o.x - pad, y: o.y - pad, width: CELL + 2 * pad, height: CELL + 2 * pad };
}

/** Centred on the edge below a square. */
function edgeBelow(sq: string): KeyEntry['crop'] {
  const o = squareOrigin(sq);
  return { x: o.x - 4, y: o.y + CELL / 2, width: CELL + 8, height: CELL };
}

const problem = (severity: Diagnostic['severity']): Diagnostic[] => [{ code: 'stack-limit', severity, message: '', squares: [AT] }];

/** Every symbol the map draws, with what it means. */
export function mapKeyEntries(): KeyEntry[] {
  const e = (id: string, label: string, note: string, scenario: Scenario, crop = around(AT), view?: Partial<BoardView>): KeyEntry =>
    ({ id, label, note, scenario, crop, view });
  return [
    e('north-unit', 'Unit of the north side', 'Blue counter with a solid frame; the two letters name the troop type.',
      scenarioWith([{ id: 'n', type: 'knights', at: AT, facing: 'S' }])),
    e('south-unit', 'Unit of the south side', 'Orange counter with an outlined frame, so the sides differ without colour too.',
      scenarioWith([], [{ id: 's', type: 'levyInfantry', at: AT, facing: 'N' }])),
    e('pips', 'Stand pips', 'One dot per stand the unit has: these levy have 2 of their 4 stands.',
      scenarioWith([], [{ id: 's', type: 'levyInfantry', stands: 2, at: AT, facing: 'N' }])),
    e('facing', 'Facing arrow', 'The arrow beside the counter points the way the unit faces (here north-east).',
      scenarioWith([{ id: 'n', type: 'mediumInfantry', at: AT, facing: 'NE' }])),
    e('commander', 'Commander', 'A star badge on the unit the commander has joined (a star on its own: the commander alone).',
      scenarioWith([{ id: 'n', type: 'knights', at: AT, facing: 'S' }, { id: 'c', type: 'commander', at: AT }])),
    e('ballista', 'Ballista with its crew', 'The engine glyph beside the crew’s counter (Bx, ballistarii).',
      scenarioWith([{ id: 'b', type: 'ballista', at: AT, facing: 'S' }, { id: 'x', type: 'ballistarii', at: AT, facing: 'S' }])),
    e('woods', 'Woods (protected square)', 'Tree glyphs over a diagonal hatch.', scenarioWith([], [], { protected: [{ at: AT, kind: 'woods' }] })),
    e('buildings', 'Buildings (protected square)', 'Small block outlines.', scenarioWith([], [], { protected: [{ at: AT, kind: 'buildings' }] })),
    e('village', 'Village (protected square)', 'Blocks over a hatch.', scenarioWith([], [], { protected: [{ at: AT, kind: 'village' }] })),
    e('rocks', 'Rocks (protected square)', 'A rock outline over stipple.', scenarioWith([], [], { protected: [{ at: AT, kind: 'rocks' }] })),
    e('hill', 'Hill', 'Shaded, with a contour line on its edge and a dashed one inside.', scenarioWith([], [], { hills: [{ squares: [AT] }] })),
    e('road', 'Road', 'A light band through the centres of the squares it covers.', scenarioWith([], [], { roads: [{ path: ['A5', 'C5'] }] })),
    e('river', 'River', 'A thick wavy line on the edge between two squares.', scenarioWith([], [], { rivers: [{ edges: [['A5', 'A6'], [AT, 'B6'], ['C5', 'C6']] }] }), edgeBelow(AT)),
    e('ford', 'Ford', 'A dashed crossing over the river.', scenarioWith([], [], { rivers: [{ edges: [[AT, 'B6']] }], crossings: [{ edge: [AT, 'B6'], kind: 'ford' }] }), edgeBelow(AT)),
    e('bridge', 'Bridge', 'Two parallel bars across the river.', scenarioWith([], [], { rivers: [{ edges: [[AT, 'B6']] }], crossings: [{ edge: [AT, 'B6'], kind: 'bridge' }] }), edgeBelow(AT)),
    e('zone', 'Set-up zone', 'A light tint of the side’s colour with a dashed front line.', scenarioWith([]),
      { x: MARGIN + CELL - 4, y: MARGIN + 2 * CELL, width: CELL + 8, height: CELL + 8 }),
    e('error', 'Error on a square', 'A red dashed outline: the square breaks a set-up rule (point at it to read why).',
      scenarioWith([]), around(AT), { diagnostics: problem('error') }),
    e('warning', 'Warning on a square', 'An amber dot in the corner: worth a look, never blocks play.',
      scenarioWith([]), around(AT), { diagnostics: problem('warning') }),
    e('cursor', 'Cursor', 'The dashed black and white frame: the square the keyboard acts on.', scenarioWith([]), around(AT), { cursor: AT }),
  ];
}

/** The two-letter codes on the counters, with the troop names. */
export const TROOP_CODES = TROOP_TYPES.filter((t) => t !== 'commander').map((t) => ({ code: TROOPS[t].code, name: TROOPS[t].name }));
