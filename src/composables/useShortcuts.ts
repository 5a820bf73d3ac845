/** Page-wide keyboard shortcuts (listed in ./shortcutList.ts): focus moves, help, undo/redo, tools, mirror, rotate, zoom. */
import { nextTick, onBeforeUnmount, onMounted } from 'vue';
import { defaultFacing } from '../rules';
import { FOCUS_KEYS, type FocusTarget } from './shortcutList';
import { TOOLS, useEditorStore } from '../stores/editor';
import { useLibraryHistory } from '../stores/libraryHistory';
import { loadedRosters } from '../stores/rosterStore';
import { useScenarioStore } from '../stores/scenario';
import { findUnit } from '../stores/unitEdits';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function useShortcuts() {
  const store = useScenarioStore();
  const editor = useEditorStore();
  const libraryHistory = useLibraryHistory();

  /** Move the keyboard focus to the map, the tools or a side tab (opening the panel when collapsed). */
  async function focusPart(target: FocusTarget): Promise<void> {
    if (editor.view !== 'editor') return;
    if (target === 'map') { document.querySelector<HTMLElement>('[data-testid="board"]')?.focus(); return; }
    if (target === 'tools') {
      if (editor.readOnly) return;
      document.querySelector<HTMLElement>('[role="toolbar"] [aria-pressed="true"], [role="toolbar"] button')?.focus();
      return;
    }
    editor.showTab(target);
    await nextTick();
    document.getElementById(`tab-${target}`)?.focus();
  }

  function onKey(ev: KeyboardEvent): void {
    // A modal dialog (help, key, print, import) keeps its keys to itself.
    if (editor.dialog || document.querySelector('dialog[open], [aria-modal="true"]')) return;
    const focus = ev.altKey && !ev.ctrlKey && !ev.metaKey ? FOCUS_KEYS[ev.code as keyof typeof FOCUS_KEYS] : undefined;
    if (focus) { ev.preventDefault(); void focusPart(focus); return; }
    if (typing(ev.target) || ev.altKey) return;
    if (ev.key === '?') { ev.preventDefault(); editor.dialog = 'help'; return; }
    const ctrl = ev.ctrlKey || ev.metaKey;
    const key = ev.key.toLowerCase();
    if (ctrl) {
      // Undo and redo act on what is on screen: library actions on the Library page, else the open document.
      const target = editor.view === 'library' ? libraryHistory : editor.docView === 'roster' ? loadedRosters.value : store;
      if (key === 'z' && !ev.shiftKey) { ev.preventDefault(); void target?.undo(); }
      else if ((key === 'z' && ev.shiftKey) || key === 'y') { ev.preventDefault(); void target?.redo(); }
      return;
    }
    if (editor.view !== 'editor') return;
    if (key === 'k') { editor.dialog = 'key'; return; }
    if (key === '+' || key === '=') { editor.setZoom(editor.zoom * 1.25); return; }
    if (key === '-') { editor.setZoom(editor.zoom / 1.25); return; }
    if (key === '0') { editor.setZoom(1); return; }
    if (key === '9') { editor.fit = true; return; }
    if (editor.readOnly) return;
    const tool = TOOLS.find((t) => t.key === key);
    if (tool) { editor.tool = tool.id; return; }
    if (key === 'n') { editor.mirror = !editor.mirror; return; }
    const sel = editor.selectedUnit ? findUnit(store.scenario, editor.selectedUnit) : null;
    if (!sel) return;
    // The edit commands load with the editor (they are not part of the first screen): here they always have.
    if (key === 'r') {
      const side = store.scenario.sides[sel.side]!;
      const args = { unitId: sel.unit.id, steps: ev.shiftKey ? -1 : 1, current: sel.unit.facing ?? defaultFacing(side.edge) };
      void import('../stores/commands').then(({ COMMANDS }) => store.run(COMMANDS.rotateUnit, args));
    } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
      ev.preventDefault();
      const unitId = sel.unit.id;
      void import('../stores/commands').then(({ COMMANDS }) => store.run(COMMANDS.unplaceUnit, { unitId }));
    }
  }

  onMounted(() => document.addEventListener('keydown', onKey));
  onBeforeUnmount(() => document.removeEventListener('keydown', onKey));
}
