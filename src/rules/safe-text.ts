/**
 * Text from files made safe to show: the C0 controls but tab and newline, DEL, the C1 controls and the
 * bidirectional embeddings, overrides and isolates (which can reorder a line, so a title reads as something else)
 * are written as \uXXXX. One implementation for the CLI's output and the app's display.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe for a terminal or a page: control characters (escape sequences, carriage returns, bidi overrides) as \uXXXX. */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
