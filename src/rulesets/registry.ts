/** The rule sets, side by side behind one interface. */
import { ANCIENTS_ID, ANCIENTS_UNIT_KINDS, ancientsSheet } from './ancients-quick';
import { DW_ID, DW_UNIT_KIND_INFO, dewittRoster } from './dewitt-medieval';
import { dewittSheet } from './dewitt-sheet';
import { NEVSKY_ID, NEVSKY_UNIT_KIND_INFO, nevskyReferenceSheet, nevskyRoster } from './nevsky';
import { SV_ID, SV_UNIT_KIND_INFO, splendidVictoryRoster } from './splendid-victory';
import { splendidVictorySheet } from './splendid-victory-sheet';
import type { DwRoster, NevskyRoster, RuleSet, RulesetId, SvRoster } from './types';

export const NEVSKY: RuleSet<NevskyRoster> = {
  id: NEVSKY_ID, name: 'Nevsky (Sweet House Rules)', subtitle: 'Teutonic Knights against Russians on a square grid, 2nd edition (1991)',
  unitKinds: NEVSKY_UNIT_KIND_INFO, roster: nevskyRoster, referenceSheet: () => nevskyReferenceSheet(),
};
export const SPLENDID_VICTORY: RuleSet<SvRoster> = {
  id: SV_ID, name: 'A Splendid Victory!', subtitle: 'English Civil War, version 3 (2012)',
  unitKinds: SV_UNIT_KIND_INFO, roster: splendidVictoryRoster, referenceSheet: splendidVictorySheet,
};
export const DEWITT_MEDIEVAL: RuleSet<DwRoster> = {
  id: DW_ID, name: 'Medieval Wargaming Rules (Dewitt)', subtitle: 'Morale-based medieval rules with points (1987)',
  unitKinds: DW_UNIT_KIND_INFO, roster: dewittRoster, referenceSheet: dewittSheet,
};
export const ANCIENTS_QUICK: RuleSet = {
  id: ANCIENTS_ID, name: 'Ancients quick-play sheet', subtitle: 'One-page quick play (reference sheet only)',
  unitKinds: ANCIENTS_UNIT_KINDS, roster: null, referenceSheet: ancientsSheet,
};

export type AnyRuleSet = RuleSet<NevskyRoster> | RuleSet<SvRoster> | RuleSet<DwRoster> | RuleSet;

/** Every rule set, in the order pickers list them. */
export const RULESETS: readonly AnyRuleSet[] = [NEVSKY, SPLENDID_VICTORY, DEWITT_MEDIEVAL, ANCIENTS_QUICK];

/** The rule set with this id, or undefined. */
export function getRuleset(id: RulesetId | string): AnyRuleSet | undefined {
  return RULESETS.find((r) => r.id === id);
}
