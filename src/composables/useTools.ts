/** What each tool does with pointer and keyboard input on the board: a thin layer over the commands. */
import { edgeKey, resolveBoard, type Edge, type Square } from '../rules';
import { neighbour, type Side } from '../render';
import { COMMANDS } from '../stores/commands';
import { useEditorStore } from '../stores/editor';
import { useScenarioStore } from '../stores/scenario';
import { extendRun, riverEdgeKeys } from '../stores/terrainEdits';
import { findUnit } from '../stores/unitEdits';

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
  let drag: { squares: Square[]; edges: Edge[]; unitId: string | null; from: Square } | null = null;
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

  function crossing(sq: Square, side: Side, kind: 'ford' | 'bridge'): void {
    const edge = edgeOf(sq, side);
    if (!edge) return;
    if (!riverEdgeKeys(store.scenario).has(edgeKey(edge[0], edge[1]))) {
      editor.message = `A ${kind} goes on a river edge: the ${sideName(side)} side of ${sq} has no river. Draw the river first.`;
      return;
    }
    store.run(COMMANDS.crossing, { edge, kind, mirror: editor.mirror });
  }

  /** Pointer pressed on a square, near the given side of it. */
  function down(sq: Square, side: Side): void {
    editor.message = '';
    const mirror = editor.mirror;
    switch (editor.tool) {
      case 'select': {
        const sel = editor.selectedUnit ? findUnit(store.scenario, editor.selectedUnit) : null;
        const here = unitsAt(sq);
        if (sel && (!sel.unit.at || here.length === 0) && sel.unit.at !== sq) {
          store.run(COMMANDS.placeUnit, { unitId: sel.unit.id, at: sq });
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
      case 'erase':
        drag = { squares: [sq], edges: [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.erase, { squares: [sq], mirror });
        return;
      case 'road':
        drag = { squares: [sq], edges: [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.road, { squares: [sq], mirror });
        return;
      case 'river': {
        const e = edgeOf(sq, side);
        drag = { squares: [sq], edges: e ? [e] : [], unitId: null, from: sq };
        store.beginGesture(COMMANDS.river, { edges: drag.edges, mirror });
        return;
      }
      case 'ford':
      case 'bridge':
        crossing(sq, side, editor.tool);
        return;
    }
  }

  /** Pointer moved (button held) over a square. */
  function move(sq: Square, side: Side): void {
    if (!drag) return;
    const mirror = editor.mirror;
    switch (editor.tool) {
      case 'protected':
      case 'hill':
      case 'erase': {
        if (drag.squares.includes(sq)) return;
        drag.squares = [...drag.squares, sq];
        store.moveGesture({ squares: drag.squares, kind: editor.protectedKind, mirror });
        return;
      }
      case 'road':
        drag.squares = extendRun(drag.squares, sq);
        store.moveGesture({ squares: drag.squares, mirror });
        return;
      case 'river': {
        const e = edgeOf(sq, side);
        if (!e || drag.edges.some((x) => edgeKey(x[0], x[1]) === edgeKey(e[0], e[1]))) return;
        drag.edges = [...drag.edges, e];
        store.moveGesture({ edges: drag.edges, mirror });
        return;
      }
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
    down(sq, 'N');
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
      if (riverEdgeKeys(store.scenario).has(edgeKey(edge[0], edge[1]))) store.run(COMMANDS.removeRiverEdge, { edge, mirror: editor.mirror });
      else store.run(COMMANDS.river, { edges: [edge], mirror: editor.mirror });
    } else if (editor.tool === 'ford' || editor.tool === 'bridge') crossing(sq, side, editor.tool);
  }

  function cancel(): void {
    keyboardRoad = null;
    drag = null;
    store.endGesture();
  }

  return { down, move, up, enter, cursorMoved, edgeKeyAction, cancel };
}

function sideName(side: Side): string {
  return { N: 'north', E: 'east', S: 'south', W: 'west' }[side];
}
