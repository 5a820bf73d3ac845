/**
 * The ancients quick-play sheet: a reference sheet only (no army lists, no points). The source is cut off in
 * the morale section, and the sheet says so. Decoded in ../shared/rules/other-rulesets.md (C).
 */
import type { Sheet } from './sheet';
import type { UnitKindInfo } from './types';
import { chanceAtLeast } from './odds';
import { SOURCE_ENDS, oddsTable, withChance } from './sheet-text';

export const ANCIENTS_ID = 'ancients-quick';

/** Melee: the lowest die that hits, by the target's class. */
export const ANCIENTS_MELEE_HIT: ReadonlyArray<{ target: string; hitOn: number }> = [
  { target: 'Heavy (and elephants)', hitOn: 6 },
  { target: 'Light or medium (also when skirmishing)', hitOn: 5 },
  { target: 'Skirmishers', hitOn: 4 },
];
/** Missile ranges in inches; every missile die hits on a 6. */
export const ANCIENTS_RANGES = { bowsAndSlings: 15, javelins: 9 } as const;
export const ANCIENTS_MISSILE_HIT = 6;
export const ANCIENTS_ELEPHANT_DICE = 6;
export const ANCIENTS_BONUS_MOVE = 4;
export const ANCIENTS_ROUT_AT = { formed: 3, elephants: 1 } as const;
export const ANCIENTS_TEST_RADIUS = 6;
export const ANCIENTS_ELEPHANT_ROUT_PENALTY = -3;

export const ANCIENTS_UNIT_KINDS: readonly UnitKindInfo[] = [
  { id: 'heavy', name: 'Heavy troops' },
  { id: 'medium', name: 'Medium troops' },
  { id: 'light', name: 'Light troops' },
  { id: 'skirmish', name: 'Skirmishers', note: 'never formed' },
  { id: 'elephants', name: 'Elephants', note: '6 melee dice each' },
];

const from = (n: number) => (n === 6 ? '6' : `${n}-6`);

/** The reference sheet. */
export function ancientsSheet(): Sheet {
  return {
    title: 'Ancients quick-play: reference',
    subtitle: 'One-page quick-play sheet (incomplete source)',
    footer: 'Nevsky Scenario Studio · summary in our own words; distances in inches',
    blocks: [
      { kind: 'heading', text: 'Turn sequence' },
      { kind: 'list', ordered: true, items: [
        'Initiative: on the first turn throw again on a tie; later, a tie goes to whoever lost the initiative last turn.',
        'Movement: the initiative winner chooses to move first or second.',
        'Missiles, both sides at once.',
        'Melees: flank and rear attacks first, then the rest.',
      ] },
      { kind: 'heading', text: 'Missiles' },
      { kind: 'paragraph', text: `One die for each figure with a clear shot; each ${ANCIENTS_MISSILE_HIT} is a hit. Units locked in melee cannot be shot at.` },
      { kind: 'table', caption: 'Missile ranges (inches)', columns: ['Weapon', 'Range', 'Hit on'],
        rows: [['Bows and slings', String(ANCIENTS_RANGES.bowsAndSlings), withChance('6', chanceAtLeast(6))], ['Javelins', String(ANCIENTS_RANGES.javelins), withChance('6', chanceAtLeast(6))]] },
      { kind: 'heading', text: 'Melee' },
      { kind: 'paragraph', text: `One die for each figure fighting. A flank or rear attack on heavy troops triples the dice; each elephant throws ${ANCIENTS_ELEPHANT_DICE} dice. A unit that routs its opponent may make a ${ANCIENTS_BONUS_MOVE}" bonus move, even into a new melee.` },
      { kind: 'table', caption: 'Melee hits by target', columns: ['Target', 'Hit on'],
        rows: ANCIENTS_MELEE_HIT.map((h) => [h.target, withChance(from(h.hitOn), chanceAtLeast(h.hitOn))]) },
      oddsTable('Odds aid: hit on 6', chanceAtLeast(6), 8),
      oddsTable('Odds aid: hit on 5-6', chanceAtLeast(5), 8),
      oddsTable('Odds aid: hit on 4-6', chanceAtLeast(4), 8),
      { kind: 'heading', text: 'Morale' },
      { kind: 'list', items: [
        'Unformed units never test morale.',
        `A formed unit down to ${ANCIENTS_ROUT_AT.formed} figures (elephants down to ${ANCIENTS_ROUT_AT.elephants}) routs and is removed, running away from the winner towards the table edge.`,
        `Friendly formed units within ${ANCIENTS_TEST_RADIUS}" of the rout path test morale, at ${ANCIENTS_ELEPHANT_ROUT_PENALTY} on the die when the routers are elephants.`,
      ] },
      { kind: 'note', text: `The ${SOURCE_ENDS}: the sheet breaks off in the middle of the morale test, so the test itself is missing. Agree how to settle it before play.` },
    ],
  };
}
