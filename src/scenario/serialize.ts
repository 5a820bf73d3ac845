/** Serialise a scenario: the house JSON style (stable key order, 2-space indent, trailing newline). */
import { formatJson } from '../rules';
import type { Scenario } from '../rules';

/** The scenario as file text. */
export function serializeScenario(scenario: Scenario | unknown): string {
  return formatJson(scenario);
}
