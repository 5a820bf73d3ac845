/**
 * The app's one display helper for text that came from a file (titles, side, unit and roster names, notes, messages
 * quoting them): control and bidirectional-override characters shown escaped as \uXXXX, exactly as the CLI prints
 * them (escapeControl). Vue already shows such text as text, never as markup; this keeps it from reordering or
 * hiding what is around it.
 */
import { escapeControl } from '../rules/safe-text';

/** Text from a file as shown on the page. */
export function showText(text: string | null | undefined): string {
  return text == null ? '' : escapeControl(text);
}
