/** Every keyboard shortcut of the app, in one list: the "?" help panel shows it and the handlers follow it. */
import { TOOLS } from '../stores/editor';

export interface Shortcut { keys: string; does: string }
export interface ShortcutGroup { title: string; items: Shortcut[] }

/** Alt+digit shortcuts that move the keyboard focus (by `KeyboardEvent.code`, so they work on any layout). */
export const FOCUS_KEYS = {
  Digit1: 'map', Digit2: 'tools', Digit3: 'scenario', Digit4: 'sides', Digit5: 'checks',
} as const;
export type FocusTarget = (typeof FOCUS_KEYS)[keyof typeof FOCUS_KEYS];

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Move around',
    items: [
      { keys: 'Alt+1', does: 'Focus the map' },
      { keys: 'Alt+2', does: 'Focus the tools' },
      { keys: 'Alt+3', does: 'Open the Scenario tab' },
      { keys: 'Alt+4', does: 'Open the Sides tab' },
      { keys: 'Alt+5', does: 'Open the Checks tab' },
      { keys: '?', does: 'Show this list of shortcuts' },
      { keys: 'K', does: 'Show the map key (what each symbol means)' },
      { keys: 'Esc', does: 'Close a dialog; on the map, cancel a drag and deselect' },
    ],
  },
  {
    title: 'Tools',
    items: [
      ...TOOLS.map((t) => ({ keys: t.key.toUpperCase(), does: t.label })),
      { keys: 'N', does: 'Mirror on or off (each edit repeated at the point-symmetric square)' },
    ],
  },
  {
    title: 'On the map',
    items: [
      { keys: 'Arrow keys', does: 'Move the cursor square' },
      { keys: 'Enter or Space', does: 'Apply the tool at the cursor (Road: start, then finish a road)' },
      { keys: 'Shift+arrow', does: 'River: add or remove the river on that side of the cursor; Ford, Bridge: put one there; Erase: remove the river there' },
      { keys: 'R, Shift+R', does: 'Rotate the selected unit clockwise, anticlockwise' },
      { keys: 'M', does: 'Move the selected unit to the cursor' },
      { keys: 'Delete', does: 'Return the selected unit to its roster' },
      { keys: '+  −', does: 'Zoom in, out' },
      { keys: '0, 9', does: 'Actual size, fit the map to the window' },
      { keys: 'Space+drag, middle-drag', does: 'Pan the map' },
    ],
  },
  {
    title: 'Playing a game',
    items: [
      { keys: 'U, Shift+U', does: 'Next, previous unit that can act' },
      { keys: 'T, Shift+T', does: 'Next, previous target or choice of the selected unit' },
      { keys: 'F', does: 'Next facing (deployment)' },
      { keys: 'Enter', does: 'Confirm the highlighted decision' },
      { keys: 'S', does: 'Highlight the decision the computer would make' },
      { keys: 'Ctrl+Z', does: 'Take back your last decision' },
      { keys: 'Esc', does: 'Clear the selected unit' },
    ],
  },
  {
    title: 'Replay',
    items: [
      { keys: 'Left, Right', does: 'Previous, next decision' },
      { keys: 'Shift+Left, Shift+Right', does: 'Previous, next turn' },
      { keys: 'Home, End', does: 'The start, the end' },
      { keys: 'Space', does: 'Play on its own, or pause' },
    ],
  },
  {
    title: 'Undo',
    items: [
      { keys: 'Ctrl+Z', does: 'Undo (on the Library page: the last delete or rename)' },
      { keys: 'Ctrl+Shift+Z, Ctrl+Y', does: 'Redo' },
    ],
  },
];
