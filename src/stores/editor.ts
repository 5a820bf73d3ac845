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
  { id: 'erase', label: 'Erase', key: 'e' },
] as const;
export type ToolId = (typeof TOOLS)[number]['id'];

export type PanelTab = 'scenario' | 'sides' | 'checks' | 'balance';

export const useEditorStore = defineStore('editor', () => {
  const tool = ref<ToolId>('select');
  const protectedKind = ref<ProtectedKind>('woods');
  const mirror = ref(false);
  const cursor = ref<Square | null>(null);
  const selectedUnit = ref<string | null>(null);
  /** Squares of the diagnostic the user picked in the checks panel. */
  const highlighted = ref<Square[]>([]);
  const selectedDiagnostic = ref<number | null>(null);
  const zoom = ref(1);
  /** True while the zoom follows the map area's size ("Fit"). */
  const fit = ref(true);
  const tab = ref<PanelTab>('scenario');
  /** One-line message for the status bar (e.g. why a click did nothing). */
  const message = ref('');
  const view = ref<'editor' | 'library' | 'roster'>('editor');
  /** The document view the library returns to: the map editor or the roster builder. */
  const docView = ref<'editor' | 'roster'>('editor');

  function setZoom(z: number, keepFit = false): void {
    fit.value = keepFit;
    zoom.value = Math.min(4, Math.max(0.25, Math.round(z * 100) / 100));
  }

  return { tool, protectedKind, mirror, cursor, selectedUnit, highlighted, selectedDiagnostic, zoom, fit, tab, message, view, docView, setZoom };
});
