/** How the editor groups a scenario's diagnostics: problems (errors, warnings) apart from advice. */
import type { Diagnostic } from '../rules';

/**
 * Codes shown as advice, not as problems. `advice-terrain` keeps severity "warning" in validateScenario's output
 * (a public contract); the editor lists it apart so a finished scenario can show no problems.
 */
export const ADVICE_CODES: readonly string[] = ['advice-terrain'];

export const isAdvice = (d: Diagnostic): boolean => ADVICE_CODES.includes(d.code);

/** Problems (errors first, as given) and advice. */
export function groupDiagnostics(list: readonly Diagnostic[]): { problems: Diagnostic[]; advice: Diagnostic[] } {
  return { problems: list.filter((d) => !isAdvice(d)), advice: list.filter(isAdvice) };
}

/** The problems that name a square, for its tooltip on the map. */
export function problemsAt(list: readonly Diagnostic[], sq: string): Diagnostic[] {
  return list.filter((d) => !isAdvice(d) && (d.squares ?? []).includes(sq));
}
