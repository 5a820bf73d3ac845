/** Small helpers for roster diagnostics and their plain messages. */
import type { RosterCode, RosterDiagnostic } from './types';

/** Codes that only warn (a roster with only warnings is valid). */
export const ROSTER_WARNING_CODES: readonly RosterCode[] = ['composition'];

/** A diagnostic with the severity that goes with its code. */
export function diagnostic(code: RosterCode, message: string, path?: string): RosterDiagnostic {
  const d: RosterDiagnostic = { code, severity: ROSTER_WARNING_CODES.includes(code) ? 'warning' : 'error', message };
  if (path !== undefined) d.path = path;
  return d;
}

/** "1 stand", "3 stands" (the noun's last word takes the s). */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** How a unit is named in messages: 'Cavalry unit "ironsides"'. */
export function unitLabel(kindName: string, unit: { id: string; name?: string }): string {
  return `${kindName} unit "${unit.name ?? unit.id}"`;
}

/** True when the list holds no error. */
export function rosterIsValid(diagnostics: readonly RosterDiagnostic[]): boolean {
  return !diagnostics.some((d) => d.severity === 'error');
}

/** Errors first, then warnings, each group in the order found. */
export function sortRosterDiagnostics(diagnostics: readonly RosterDiagnostic[]): RosterDiagnostic[] {
  return [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity === 'warning')];
}
