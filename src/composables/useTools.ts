/** What each tool does with pointer and keyboard input on the board: a thin layer over the commands. */
import { edgeKey, resolveBoard, type Edge, type Square } from '../rules';
import { neighbour, type EdgeHit, type Side } from '../render';
import { COMMANDS } from '../stores/commands';
import { useEditorStore } from '../stores/editor';
import { useScenarioStore } from '../stores/scenario';
import { extendRun, riverEdgeKeys } from '../stores/terrainEdits';
import { findUnit, nextUnplaced } from '../stores/unitEdits';
import { OBJECTIVE_LIMITS, toggleObjectiveSquare } from '../stores/objectiveEdits';
import { CORNER, RiverStroke } from './riverStroke';

/** Where the pointer is on the board: the square under it, its nearest side, and the nearest inner edge. */
export interface BoardHit { square: Square; side: Side; edge: EdgeHit | null }

/** Erase takes a river edge instead of the square when the pointer is this close to it (in squares). */
const ERASE_EDGE = 0.25;

/** Units deployed on a square, bodies first (commanders and engines last). */
export function unitsAt(sq: Square): string[] {
  const store = useScenarioStore();
  const order = (t: string) => (t === 'commander' ? 2 : t === 'ballista' ? 1 : 0);
  return store.scenario.sides.flatMap((sd) => sd.units.filter((u) => u.at === sq))
    .sort((a, b) => order(a.type) - order(b.type)).map((u) => u.id);
}

export function useTools() {
  const store = useScenarioStore();
  const editor = useEditorStore();
  let drag: { squares: Square[]; edges: Edge[]; unitId: string | null; from: Square; stroke?: RiverStroke } | null = null;
  /** A road being drawn from the keyboard (Enter starts, arrows extend, Enter ends). */
  let keyboardRoad: Square[] | null = null;

  const board = () => resolveBoard(store.scenario.board);
  const edgeOf = (sq: Square, side: Side): Edge | null => {
    const n = neighbour(sq, side, board());
    return n ? [sq, n] : null;
  };

  function selectAt(sq: Square): void {
    const here = unitsAt(sq);
    if (here.length === 0) { editor.selectedUnit = null; return; }
    const i = editor.selectedUnit ? here.indexOf(editor.selectedUnit) : -1;
    editor.selectedUnit = here[(i + 1) % here.length]!;
  }

  const isRiver = (e: Edge) => riverEdgeKeys(store.scenario).has(edgeKey(e[0], e[1]));

  function crossing(edge: Edge | null, kind: 'ford' | 'bridge'): void {
    if (!edge) return;
    if (!isRiver(edge)) {
      editor.message = `A ${kind} goes on a river edge: there is no river between ${edge[0]} and ${edge[1]}. Draw the river first.`;
      return;
    }
    store.run(COMMANDS.crossing, { edge, kind, mirror: editor.mirror });
  }

  /**
   * Erase under the pointer. A press on a river edge erases river edges the stroke runs along (a click: that edge);
   * any other press erases the squares the pointer passes, leaving the rivers it crosses alone.
   */
  function eraseAt(hit: BoardHit): void {
    if (!drag) return;
    if (drag.stroke) drag.stroke.move(hit.edge);
    else if (!drag.squares.includes(hit.square)) drag.squares = [...drag.squares, hit.square];
    store.moveGesture({ squares: drag.squares, edges: drag.stroke?.result() ?? [], mirror: editor.mirror });
  }

  /** Pointer pressed on the board. */
  function down(hit: BoardHit): void {
    const sq = hit.square;
    editor.message = '';
    const mirror = editor.mirror;
    // The unit the tool moved on to is placed only on an empty square: a click on a unit selects that unit.
    const advanced = editor.advancedTo !== null && editor.advancedTo === editor.selectedUnit;
    editor.advancedTo = null;
    switch (editor.tool) {
      case 'select': {
        const sel = editor.selectedUnit ? findUnit(store.scenario, editor.selectedUnit) : null;
        const here = unitsAt(sq);
        if (sel && ((!sel.unit.at && !(advanced && here.length > 0)) || here.length === 0) && sel.unit.at !== sq) {
          store.run(COMMANDS.placeUnit, { unitId: sel.unit.id, at: sq });
          // Placing a unit from the roster moves on to the side's next unplaced unit: one click a unit (issue 44).
          if (!sel.unit.at && findUnit(store.scenario, sel.unit.id)?.unit.at === sq) {
            const next = nextUnplaced(store.scenario, sel.unit.id);
            if (next) {
              editor.selectedUnit = next;
              editor.advancedTo = next;
              editor.message = `${sel.unit.id} placed at ${sq}. Next: ${next}: click an empty square to place it, or a unit to select it.`;
            }
          }
          return;
        }
        selectAt(sq);
        drag = { squares: [sq], edges: [], unitId: editor.selectedUnit, from: sq };
        return;
      }
      case 'protected':
        drag = { squares: [sq], edges: [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.paintProtected, { squares: [sq], kind: editor.protectedKind, mirror });
        return;
      case 'hill':
        drag = { squares: [sq], edges: [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.hill, { squares: [sq], mirror });
        return;
      case 'erase': {
        const onRiver = hit.edge !== null && hit.edge.distance <= ERASE_EDGE && isRiver(hit.edge.edge);
        drag = { squares: [], edges: [], unitId: null, from: sq, ...(onRiver ? { stroke: new RiverStroke(hit.edge) } : {}) };
        store.beginGesture(COMMANDS.erase, { squares: [], edges: [], mirror });
        eraseAt(hit);
        return;
      }
      case 'road':
        drag = { squares: [sq], edges: [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.road, { squares: [sq], mirror });
        return;
      case 'river': {
        // Pressing on the middle part of a river edge starts a removal stroke (a click removes that edge); a press
        // anywhere else, the end of a river included, draws (so a river can be carried on from its end).
        const stroke = new RiverStroke(hit.edge);
        const removing = hit.edge !== null && isRiver(hit.edge.edge) && hit.edge.along >= CORNER && hit.edge.along <= 1 - CORNER;
        drag = { squares: [sq], edges: [], unitId: null, from: sq, stroke };
        store.beginGesture(removing ? COMMANDS.removeRiverEdges : COMMANDS.river, { edges: stroke.result(), mirror });
        return;
      }
      case 'ford':
      case 'bridge':
        crossing(hit.edge?.edge ?? null, editor.tool);
        return;
      case 'objective':
        objectiveAt(sq);
        return;
    }
  }

  /** The Objective tool: a square into (or out of) the objective being edited; the first click starts one. */
  function objectiveAt(sq: Square): void {
    const current = editor.objective !== null && (store.scenario.objectives ?? []).some((o) => o.id === editor.objective) ? editor.objective : null;
    const { id } = toggleObjectiveSquare(store.scenario, current, sq, editor.mirror);
    if (current === null && id === null) { editor.message = `A scenario has at most ${OBJECTIVE_LIMITS.count} objectives.`; return; }
    store.run(COMMANDS.objectiveSquare, { id: current, square: sq, mirror: editor.mirror });
    editor.objective = id;
  }

  /** Pointer moved (button held) over the board. */
  function move(hit: BoardHit): void {
    if (!drag) return;
    const sq = hit.square;
    const mirror = editor.mirror;
    switch (editor.tool) {
      case 'erase':
        eraseAt(hit);
        return;
      case 'protected':
      case 'hill': {
        if (drag.squares.includes(sq)) return;
        drag.squares = [...drag.squares, sq];
        store.moveGesture({ squares: drag.squares, kind: editor.protectedKind, mirror });
        return;
      }
      case 'road':
        drag.squares = extendRun(drag.squares, sq);
        store.moveGesture({ squares: drag.squares, mirror });
        return;
      case 'river':
        if (drag.stroke?.move(hit.edge)) store.moveGesture({ edges: drag.stroke.result(), mirror });
        return;
      case 'select':
        drag.squares = [sq];
        return;
      default:
    }
  }

  /** Pointer released over a square (or outside the board: null). */
  function up(sq: Square | null): void {
    const d = drag;
    drag = null;
    if (editor.tool === 'select' && d && d.unitId && sq && sq !== d.from) {
      store.run(COMMANDS.placeUnit, { unitId: d.unitId, at: sq });
      return;
    }
    store.endGesture();
  }

  /** Enter on the cursor square: the tool's click; the road tool starts or ends a road. */
  function enter(sq: Square): void {
    if (editor.tool === 'road') {
      if (keyboardRoad) {
        keyboardRoad = null;
        store.endGesture();
        editor.message = 'Road finished.';
      } else {
        keyboardRoad = [sq];
        store.beginGesture(COMMANDS.road, { squares: keyboardRoad, mirror: editor.mirror });
        editor.message = 'Road started: move with the arrow keys, Enter to finish.';
      }
      return;
    }
    down({ square: sq, side: 'N', edge: null });
    up(null);
  }

  /** The keyboard cursor moved: extends a keyboard road. */
  function cursorMoved(sq: Square): void {
    if (keyboardRoad && editor.tool === 'road') {
      keyboardRoad = extendRun(keyboardRoad, sq);
      store.moveGesture({ squares: keyboardRoad, mirror: editor.mirror });
    }
  }

  /** Shift+arrow: the river tool toggles the river on that side of the cursor; ford/bridge put a crossing there. */
  function edgeKeyAction(sq: Square, side: Side): void {
    editor.message = '';
    const edge = edgeOf(sq, side);
    if (!edge) return;
    if (editor.tool === 'river') {
      store.run(isRiver(edge) ? COMMANDS.removeRiverEdges : COMMANDS.river, { edges: [edge], mirror: editor.mirror });
    } else if (editor.tool === 'erase') {
      if (isRiver(edge)) store.run(COMMANDS.removeRiverEdges, { edges: [edge], mirror: editor.mirror });
    } else if (editor.tool === 'ford' || editor.tool === 'bridge') crossing(edge, editor.tool);
  }

  function cancel(): void {
    keyboardRoad = null;
    drag = null;
    store.endGesture();
  }

  return { down, move, up, enter, cursorMoved, edgeKeyAction, cancel };
}
