/** Diagnostic codes of scenario validation (a public contract: ../design/scenario-format.md). */

export const DIAGNOSTIC_CODES = [
  'json', 'schema', 'version', 'off-board', 'duplicate-id', 'road-not-straight', 'road-on-protected',
  'river-edge-invalid', 'crossing-not-on-river', 'hill-overlap', 'deploy-outside-zone', 'stack-limit',
  'enemy-same-square', 'ballista-in-protected', 'ballista-without-crew', 'facing-invalid', 'stands-invalid',
  'hill-banned-unit', 'composition', 'points-imbalance', 'advice-terrain', 'reduced-unit', 'unknown-side',
  'objective-in-setup',
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export type Severity = 'error' | 'warning';

/** One finding about a scenario. `path` is a JSON pointer into the document. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  path?: string;
  squares?: string[];
}

/** Codes that are warnings (never block play); every other code is an error. */
export const WARNING_CODES: readonly DiagnosticCode[] = ['composition', 'points-imbalance', 'advice-terrain', 'reduced-unit', 'objective-in-setup'];

/** The severity that goes with a code. */
export function severityOf(code: DiagnosticCode): Severity {
  return WARNING_CODES.includes(code) ? 'warning' : 'error';
}

/** True when the list holds no error, i.e. the scenario is playable. */
export function isPlayable(diagnostics: readonly Diagnostic[]): boolean {
  return !diagnostics.some((d) => d.severity === 'error');
}

/** Errors first, then warnings, each group in the order found. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity === 'warning')];
}
