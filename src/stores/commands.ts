/**
 * Edit commands as registered objects with an explicit undo-capture policy (excalidraw/tldraw style):
 * - `step`: one call is one undo step;
 * - `gesture`: performed again from the gesture's starting scenario on every pointer move, and the whole
 *   gesture (a drag that paints ten squares) becomes one undo step when it ends.
 * Selection, cursor and view changes are not commands at all, so they never enter the history.
 */
import type { CrossingKind, Edge, Facing, ProtectedKind, Scenario, ScenarioMeta, ScenarioRules, SideSpec, Square, TroopType } from '../rules';
import { addRiver, addRoad, eraseTerrain, mirrorEdge, mirrorSquare, paintHill, paintProtected, removeRiverEdges, setCrossing } from './terrainEdits';
import { fitMeta, fitRules, fitSidePatch, fitBoard, onBoard } from './fitEdits';
import { applyEdit, type ScenarioEdit } from '../scenario/variants';
import { removeObjective, setBriefing, setNotes, toggleObjectiveSquare, updateObjective } from './objectiveEdits';
import { addUnit, placeUnit, removeUnit, renameSide, rotateUnit, setStands, swapEdges, unplaceUnit, updateSide } from './unitEdits';

export type CapturePolicy = 'step' | 'gesture';

export interface EditCommand<A> {
  /** Stable name, shown in the history tooltip. */
  readonly name: string;
  readonly capture: CapturePolicy;
  perform(s: Scenario, args: A): Scenario;
}

function command<A>(name: string, capture: CapturePolicy, perform: (s: Scenario, args: A) => Scenario): EditCommand<A> {
  return { name, capture, perform };
}

const both = (s: Scenario, squares: readonly Square[], mirror: boolean): Square[] =>
  (mirror ? [...new Set([...squares, ...squares.map((sq) => mirrorSquare(sq, s))])] : [...squares]).filter((sq) => onBoard(s, sq));
/** Only squares and edges on the board: an edit never writes one Import would refuse. */
const on = (s: Scenario, squares: readonly Square[]) => squares.filter((sq) => onBoard(s, sq));
const onEdges = (s: Scenario, edges: readonly Edge[]) => edges.filter((e) => onBoard(s, e[0]) && onBoard(s, e[1]));

const bothEdges = (s: Scenario, edges: readonly Edge[], mirror: boolean): Edge[] =>
  mirror ? [...edges, ...edges.map((e) => mirrorEdge(e, s))] : [...edges];

export const COMMANDS = {
  paintProtected: command<{ squares: Square[]; kind: ProtectedKind; mirror: boolean }>('Protected square', 'gesture',
    (s, a) => paintProtected(s, both(s, a.squares, a.mirror), a.kind)),
  road: command<{ squares: Square[]; mirror: boolean }>('Road', 'gesture', (s, a) => {
    const once = addRoad(s, on(s, a.squares));
    return a.mirror && once !== s ? addRoad(once, on(s, a.squares.map((sq) => mirrorSquare(sq, s)))) : once;
  }),
  river: command<{ edges: Edge[]; mirror: boolean }>('River', 'gesture', (s, a) => {
    const once = addRiver(s, onEdges(s, a.edges));
    return a.mirror ? addRiver(once, onEdges(s, a.edges.map((e) => mirrorEdge(e, s)))) : once;
  }),
  removeRiverEdges: command<{ edges: Edge[]; mirror: boolean }>('Remove river', 'gesture',
    (s, a) => removeRiverEdges(s, bothEdges(s, a.edges, a.mirror))),
  crossing: command<{ edge: Edge; kind: CrossingKind; mirror: boolean }>('Crossing', 'step', (s, a) => {
    const once = setCrossing(s, a.edge, a.kind);
    return a.mirror ? setCrossing(once, mirrorEdge(a.edge, s), a.kind) : once;
  }),
  hill: command<{ squares: Square[]; mirror: boolean }>('Hill', 'gesture', (s, a) => {
    const once = paintHill(s, on(s, a.squares));
    return a.mirror ? paintHill(once, on(s, a.squares.map((sq) => mirrorSquare(sq, s)))) : once;
  }),
  erase: command<{ squares: Square[]; edges?: Edge[]; mirror: boolean }>('Erase', 'gesture',
    (s, a) => eraseTerrain(s, both(s, a.squares, a.mirror), bothEdges(s, a.edges ?? [], a.mirror))),
  placeUnit: command<{ unitId: string; at: Square }>('Deploy unit', 'step', (s, a) => (onBoard(s, a.at) ? placeUnit(s, a.unitId, a.at) : s)),
  unplaceUnit: command<{ unitId: string }>('Return unit to roster', 'step', (s, a) => unplaceUnit(s, a.unitId)),
  rotateUnit: command<{ unitId: string; steps: 1 | -1; current: Facing }>('Rotate unit', 'step', (s, a) => rotateUnit(s, a.unitId, a.steps, a.current)),
  addUnit: command<{ side: number; type: TroopType }>('Add unit', 'step', (s, a) => addUnit(s, a.side, a.type).scenario),
  removeUnit: command<{ unitId: string }>('Remove unit', 'step', (s, a) => removeUnit(s, a.unitId)),
  setStands: command<{ unitId: string; stands: number }>('Stands', 'step', (s, a) => setStands(s, a.unitId, a.stands)),
  updateSide: command<{ side: number; patch: Partial<Pick<SideSpec, 'name' | 'army' | 'divisions'>> }>('Side', 'step', (s, a) => updateSide(s, a.side, fitSidePatch(a.patch))),
  renameSide: command<{ side: number; id: string }>('Side id', 'step', (s, a) => renameSide(s, a.side, a.id)),
  swapEdges: command<null>('Swap edges', 'step', (s) => swapEdges(s)),
  replaceSideUnits: command<{ side: number; units: SideSpec['units'] }>('Standard roster', 'step',
    (s, a) => ({ ...s, sides: s.sides.map((sd, i) => (i === a.side ? { ...sd, units: a.units } : sd)) })),
  setMeta: command<Partial<ScenarioMeta>>('Scenario details', 'step', (s, patch) => {
    const meta: ScenarioMeta = fitMeta({ ...s.meta, ...patch }, s.meta);
    for (const k of ['author', 'description', 'created'] as const) if (meta[k] === '' || meta[k] === undefined) delete meta[k];
    return { ...s, meta };
  }),
  setBoard: command<{ columns: number; rows: number }>('Board size', 'step', (s, b) => fitBoard(s, b)),
  setRules: command<ScenarioRules>('Rules options', 'step', (s, rules) => ({ ...s, rules: fitRules(rules, s) })),
  /** Format version 2: the Objective tool's click, an objective's fields, notes and briefings (objectiveEdits.ts). */
  objectiveSquare: command<{ id: string | null; square: Square; mirror: boolean }>('Objective', 'step', (s, a) => toggleObjectiveSquare(s, a.id, a.square, a.mirror).scenario),
  updateObjective: command<{ id: string; label?: string; points?: number; for?: string | null }>('Objective details', 'step', (s, a) => updateObjective(s, a.id, a)),
  removeObjective: command<{ id: string }>('Remove objective', 'step', (s, a) => removeObjective(s, a.id)),
  setNotes: command<{ notes: string }>('Scenario notes', 'step', (s, a) => setNotes(s, a.notes)),
  setBriefing: command<{ side: number; briefing: string }>('Side briefing', 'step', (s, a) => setBriefing(s, a.side, a.briefing)),
  /** A small edit suggested by the Balance tab's "What to change" (nothing when it no longer fits the scenario). */
  balanceEdit: command<ScenarioEdit>('Balance suggestion', 'step', (s, edit) => applyEdit(s, edit) ?? s),
  /** The whole scenario replaced by an imported copy of it (one undo step, so the old one is never lost). */
  replaceScenario: command<Scenario>('Replace with imported file', 'step', (_s, next) => next),
} as const;
