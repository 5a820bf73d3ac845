/** The rule sets' names, apart from their code: the library lists them without loading the rule sets (issue 45 item 5). */
import type { RulesetId } from './types';

export const RULESET_NAMES: Readonly<Record<RulesetId, { name: string; subtitle: string }>> = {
  nevsky: { name: 'Nevsky (Sweet House Rules)', subtitle: 'Teutonic Knights against Russians on a square grid, 2nd edition (1991)' },
  'splendid-victory': { name: 'A Splendid Victory!', subtitle: 'English Civil War, version 3 (2012)' },
  'dewitt-medieval': { name: 'Medieval Wargaming Rules (Dewitt)', subtitle: 'Morale-based medieval rules with points (1987)' },
  'ancients-quick': { name: 'Ancients quick-play sheet', subtitle: 'One-page quick play (reference sheet only)' },
};

/** The name of a rule set by its id (the id itself for one this version does not know). */
export function rulesetName(id: string): string {
  return (RULESET_NAMES as Record<string, { name: string } | undefined>)[id]?.name ?? id;
}
