/** View state of the editor: tool, cursor, selection, zoom, panel. None of it is an undo step. */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ProtectedKind, Square } from '../rules';

export const TOOLS = [
  { id: 'select', label: 'Select and deploy', key: 'v' },
  { id: 'protected', label: 'Protected square', key: 'p' },
  { id: 'road', label: 'Road', key: 'd' },
  { id: 'river', label: 'River', key: 'w' },
  { id: 'ford', label: 'Ford', key: 'f' },
  { id: 'bridge', label: 'Bridge', key: 'b' },
  { id: 'hill', label: 'Hill', key: 'h' },
  { id: 'objective', label: 'Objective', key: 'o' },
  { id: 'erase', label: 'Erase', key: 'e' },
] as const;
export type ToolId = (typeof TOOLS)[number]['id'];

export type PanelTab = 'scenario' | 'sides' | 'checks' | 'balance';

const LAYOUT_KEY = 'nss-layout';

/** The remembered collapsed state of the tool column and the side panel; narrow windows start collapsed. */
function loadLayout(): { tools: boolean; panel: boolean } {
  const narrow = typeof window !== 'undefined' && window.innerWidth < 1000;
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(LAYOUT_KEY) ?? 'null') as { tools?: unknown; panel?: unknown } | null;
    if (saved) return { tools: saved.tools === true, panel: saved.panel === true };
  } catch { /* a damaged setting: fall back to the default */ }
  return { tools: narrow, panel: narrow };
}

export const useEditorStore = defineStore('editor', () => {
  const tool = ref<ToolId>('select');
  const protectedKind = ref<ProtectedKind>('woods');
  const mirror = ref(false);
  /** The objective the Objective tool adds squares to (null: its next click starts a new one). */
  const objective = ref<string | null>(null);
  const cursor = ref<Square | null>(null);
  const selectedUnit = ref<string | null>(null);
  /**
   * The unit the deployment tool moved on to after a placement (issue 44), while the player has not chosen it: a click
   * on its roster row keeps it selected, and a click on an occupied square selects what is there instead of stacking it.
   */
  const advancedTo = ref<string | null>(null);
  /** Squares of the diagnostic the user picked in the checks panel. */
  const highlighted = ref<Square[]>([]);
  const selectedDiagnostic = ref<number | null>(null);
  const zoom = ref(1);
  /** True while the zoom follows the map area's size ("Fit"). */
  const fit = ref(true);
  const tab = ref<PanelTab>('scenario');
  /** One-line message for the status bar (e.g. why a click did nothing). */
  const message = ref('');
  const view = ref<'editor' | 'library' | 'roster' | 'play'>('editor');
  /** The document view the library returns to: the map editor or the roster builder. */
  const docView = ref<'editor' | 'roster'>('editor');
  /** The play view shows the replay of its game (it has an address of its own: src/router.ts). */
  const replaying = ref(false);

  /** A request to bring squares into view and focus the map there (the map watches `n`). */
  const reveal = ref<{ squares: Square[]; n: number }>({ squares: [], n: 0 });
  function revealSquares(squares: readonly Square[]): void {
    reveal.value = { squares: [...squares], n: reveal.value.n + 1 };
  }

  const layout = loadLayout();
  /** The tool column shows only its keys; the side panel only its tab strip. Remembered in localStorage. */
  const toolsCollapsed = ref(layout.tools);
  const panelCollapsed = ref(layout.panel);
  /** The help ("?") or map key dialog, when one is open. */
  const dialog = ref<'help' | 'key' | null>(null);
  /** A phone-sized window: the map is shown read-only. */
  const readOnly = ref(false);
  function setCollapsed(part: 'tools' | 'panel', collapsed: boolean): void {
    (part === 'tools' ? toolsCollapsed : panelCollapsed).value = collapsed;
    try {
      globalThis.localStorage?.setItem(LAYOUT_KEY, JSON.stringify({ tools: toolsCollapsed.value, panel: panelCollapsed.value }));
    } catch { /* storage full or blocked: the layout is simply not remembered */ }
  }
  /** Show a side tab (opening the panel if it was collapsed). */
  function showTab(t: PanelTab): void {
    tab.value = t;
    if (panelCollapsed.value) setCollapsed('panel', false);
  }

  function setZoom(z: number, keepFit = false): void {
    fit.value = keepFit;
    zoom.value = Math.min(4, Math.max(0.25, Math.round(z * 100) / 100));
  }

  return {
    tool, protectedKind, mirror, objective, cursor, selectedUnit, advancedTo, highlighted, selectedDiagnostic, zoom, fit, tab, message, view, docView, replaying, reveal,
    toolsCollapsed, panelCollapsed, readOnly, dialog, setZoom, revealSquares, setCollapsed, showTab,
  };
});
