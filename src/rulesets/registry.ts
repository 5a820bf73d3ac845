/** The rule sets, side by side behind one interface. */
import { ANCIENTS_ID, ANCIENTS_UNIT_KINDS, ancientsSheet } from './ancients-quick';
import { DW_ID, DW_UNIT_KIND_INFO, dewittRoster } from './dewitt-medieval';
import { dewittSheet } from './dewitt-sheet';
import { NEVSKY_ID, NEVSKY_UNIT_KIND_INFO, nevskyReferenceSheet, nevskyRoster } from './nevsky';
import { SV_ID, SV_UNIT_KIND_INFO, splendidVictoryRoster } from './splendid-victory';
import { splendidVictorySheet } from './splendid-victory-sheet';
import type { DwRoster, NevskyRoster, RuleSet, RulesetId, SvRoster } from './types';
import { RULESET_NAMES } from './names';

export const NEVSKY: RuleSet<NevskyRoster> = {
  id: NEVSKY_ID, ...RULESET_NAMES[NEVSKY_ID],
  unitKinds: NEVSKY_UNIT_KIND_INFO, roster: nevskyRoster, referenceSheet: () => nevskyReferenceSheet(),
};
export const SPLENDID_VICTORY: RuleSet<SvRoster> = {
  id: SV_ID, ...RULESET_NAMES[SV_ID],
  unitKinds: SV_UNIT_KIND_INFO, roster: splendidVictoryRoster, referenceSheet: splendidVictorySheet,
};
export const DEWITT_MEDIEVAL: RuleSet<DwRoster> = {
  id: DW_ID, ...RULESET_NAMES[DW_ID],
  unitKinds: DW_UNIT_KIND_INFO, roster: dewittRoster, referenceSheet: dewittSheet,
};
export const ANCIENTS_QUICK: RuleSet = {
  id: ANCIENTS_ID, ...RULESET_NAMES[ANCIENTS_ID],
  unitKinds: ANCIENTS_UNIT_KINDS, roster: null, referenceSheet: ancientsSheet,
};

export type AnyRuleSet = RuleSet<NevskyRoster> | RuleSet<SvRoster> | RuleSet<DwRoster> | RuleSet;

/** Every rule set, in the order pickers list them. */
export const RULESETS: readonly AnyRuleSet[] = [NEVSKY, SPLENDID_VICTORY, DEWITT_MEDIEVAL, ANCIENTS_QUICK];

/** The rule set with this id, or undefined. */
export function getRuleset(id: RulesetId | string): AnyRuleSet | undefined {
  return RULESETS.find((r) => r.id === id);
}
