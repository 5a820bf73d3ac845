/**
 * Drag-to-pan for the map's scroll box: drag with the middle button, or hold Space and drag with the main button.
 * A pan is never an edit: the pointer events it uses do not reach the map tools.
 */
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function usePan(scroller: Ref<HTMLElement | null>) {
  /** Space is held (the next main-button drag pans). */
  const spaceHeld = ref(false);
  /** A pan is under way. */
  const panning = ref(false);
  /** True when the current Space hold has panned (so releasing Space does not also apply the tool). */
  let pannedThisHold = false;
  let start = { x: 0, y: 0, left: 0, top: 0, pointer: -1 };

  function onKeyDown(ev: KeyboardEvent): void {
    if (ev.key !== ' ' || typing(ev.target) || ev.repeat) return;
    spaceHeld.value = true;
    pannedThisHold = false;
  }
  function onKeyUp(ev: KeyboardEvent): void {
    if (ev.key === ' ') spaceHeld.value = false;
  }
  function onBlur(): void { spaceHeld.value = false; }

  /** Pointer down on the scroll box (capture phase): start a pan and keep the event from the map tools. */
  function down(ev: PointerEvent): void {
    const el = scroller.value;
    if (!el || !(ev.button === 1 || (ev.button === 0 && spaceHeld.value))) return;
    ev.preventDefault();
    ev.stopPropagation();
    panning.value = true;
    pannedThisHold = true;
    start = { x: ev.clientX, y: ev.clientY, left: el.scrollLeft, top: el.scrollTop, pointer: ev.pointerId };
    el.setPointerCapture?.(ev.pointerId);
  }
  function move(ev: PointerEvent): void {
    const el = scroller.value;
    if (!panning.value || !el || ev.pointerId !== start.pointer) return;
    ev.stopPropagation();
    el.scrollLeft = start.left - (ev.clientX - start.x);
    el.scrollTop = start.top - (ev.clientY - start.y);
  }
  function up(ev: PointerEvent): void {
    if (!panning.value || ev.pointerId !== start.pointer) return;
    ev.stopPropagation();
    panning.value = false;
    scroller.value?.releasePointerCapture?.(ev.pointerId);
  }

  /** True when releasing Space should not apply the tool, because the hold was used to pan. */
  const usedSpace = () => pannedThisHold;

  onMounted(() => {
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', onBlur);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('keyup', onKeyUp, true);
    window.removeEventListener('blur', onBlur);
  });

  return { spaceHeld, panning, down, move, up, usedSpace };
}
