/** The "A Splendid Victory!" quick-reference sheet: tables from the decoded rules, explanations in our words. */
import type { Sheet, SheetBlock } from './sheet';
import { chanceAtMost, chanceLowerTotalWins, percent } from './odds';
import { ILLEGIBLE, maybe, oddsTable, withChance } from './sheet-text';
import {
  SV_ARTILLERY_DICE, SV_COMBAT_VALUES, SV_COMMAND_RANGE, SV_DOUBLE_TIME_CLEAR, SV_FIRE_HIT, SV_GUNS, SV_MAX_STANDS,
  SV_MIN_STANDS, SV_MOUNTED_PER_HEAVY, SV_MOVES, SV_RANGE_BANDS, SV_RANGES, SV_STAND_NAMES, SV_TEST_PASS,
} from './splendid-victory';

const dash = (v: number | null) => (v === null ? 'no' : String(v));

/** The reference sheet. */
export function splendidVictorySheet(): Sheet {
  const fire = chanceAtMost(SV_FIRE_HIT);
  const test = chanceAtMost(SV_TEST_PASS);
  const blocks: SheetBlock[] = [
    { kind: 'heading', text: 'Turn sequence' },
    { kind: 'list', ordered: true, items: [
      'Initiative (both sides at once).',
      'Firing: muskets and artillery of both sides.',
      'Hand-to-hand combat, both sides.',
      'Remove losses: one stand for every 2 hits.',
      'The initiative side manoeuvres; the other side may react.',
      'The other side manoeuvres; the initiative side may react.',
    ] },
    { kind: 'heading', text: 'Initiative' },
    { kind: 'paragraph', text: 'Count your units still on the table with 4 or more stands. The side with more throws 2d6, the other 3d6; if the counts are equal both throw 2d6. Throw again on equal totals. The lower total takes the initiative for the whole turn.' },
    { kind: 'table', caption: 'Initiative odds (ties thrown again)', columns: ['Throw', 'Chance to win'],
      rows: [['2d6 against 3d6', percent(chanceLowerTotalWins(2, 3))], ['3d6 against 2d6', percent(chanceLowerTotalWins(3, 2))], ['2d6 against 2d6', percent(chanceLowerTotalWins(2, 2))]] },

    { kind: 'heading', text: 'Movement (inches)' },
    { kind: 'table', caption: 'Moves', columns: ['Troops', 'Move', 'Double-time', 'Charge'],
      rows: SV_MOVES.map((m) => [m.who, m.move === null ? 'may not move' : String(m.move), dash(m.double), dash(m.charge)]) },
    { kind: 'note', text: `Double-time only when no enemy is within ${SV_DOUBLE_TIME_CLEAR}". "no" means the move is not allowed.` },

    { kind: 'heading', text: 'Firing' },
    { kind: 'table', caption: 'Weapon ranges (inches)', columns: ['Weapon', 'Range'],
      rows: [['Muskets', String(SV_RANGES.musket)], ['Frame guns', String(SV_RANGES.frameGun)], ['Light guns', String(SV_RANGES.lightGun)], ['Heavy guns', String(SV_RANGES.heavyGun)]] },
    { kind: 'paragraph', text: `Muskets throw one die per eligible stand. Every die showing ${SV_FIRE_HIT} or less is a hit, for muskets and artillery alike.` },
    { kind: 'table', caption: 'Fire dice modifiers (muskets and artillery)', columns: ['Target', 'Dice'],
      rows: [['In mass or defensive mass', '+1'], ['Mounted', '+1'], ['A single stand', '-1']] },
    { kind: 'table', caption: 'Artillery base dice by range', columns: ['Gun', ...SV_RANGE_BANDS.map((b) => b.label)],
      rows: SV_GUNS.map((g) => [SV_STAND_NAMES[g].replace(/^./, (c) => c.toUpperCase()), ...SV_ARTILLERY_DICE[g].map(maybe)]) },
    { kind: 'note', text: `Most of this table was lost in the scan and prints as "${ILLEGIBLE}". The one certain cell, a heavy gun at 10-20" throwing 2 dice, comes from a worked example: against a target in mass it throws 3. Agree the missing numbers before play. Frame guns reach ${SV_RANGES.frameGun}", light guns ${SV_RANGES.lightGun}".` },
    oddsTable(`Odds aid: hit on ${SV_FIRE_HIT} or less (${percent(fire)} per die)`, fire, 8),

    { kind: 'heading', text: 'Hand-to-hand combat' },
    { kind: 'paragraph', text: 'Each die showing the stand\'s combat value (CV) or less is a hit. Remove one stand for every 2 hits in the remove-losses phase.' },
    { kind: 'table', caption: 'Combat values', columns: ['Stand', 'CV (hit on)'],
      rows: SV_COMBAT_VALUES.map((c) => [c.stand, withChance(`${c.cv} or less`, chanceAtMost(c.cv))]) },

    { kind: 'heading', text: 'Tests and command' },
    { kind: 'table', caption: 'Tests', columns: ['Test', 'Pass on 1d6', 'Chance'],
      rows: [['Charge', `${SV_TEST_PASS} or less`, percent(test)], ['Join in', `${SV_TEST_PASS} or less`, percent(test)], ['Intercept', `${SV_TEST_PASS} or less`, percent(test)]] },
    { kind: 'paragraph', text: 'A unit in command passes these tests without throwing. Heavy cavalry and command units always count as in command.' },
    { kind: 'table', caption: 'Command range (inches)', columns: ['Leader', 'Range'],
      rows: [['Commander', String(SV_COMMAND_RANGE.commander)], ['Sub-commander', String(SV_COMMAND_RANGE.subCommander)]] },

    { kind: 'heading', text: 'Building an army' },
    { kind: 'list', items: [
      `Artillery and command units are one stand; every other unit has ${SV_MIN_STANDS} to ${SV_MAX_STANDS} stands.`,
      'Exactly one commander and one sub-commander; a second sub-commander only if both sides agree.',
      'More pike and musket units than foot units.',
      'More foot units (pike and musket plus foot) than mounted units; dragoons count as mounted.',
      `No more than one heavy cavalry unit for every ${SV_MOUNTED_PER_HEAVY} mounted units, so none in an army with fewer.`,
      'A cavalry unit is all cavalry stands; a heavy cavalry unit all heavy cavalry stands.',
      'There is no points system: agree the size of the armies.',
    ] },
  ];
  return {
    title: 'A Splendid Victory! quick reference',
    subtitle: 'English Civil War rules, version 3 (2012)',
    blocks,
    footer: 'Nevsky Scenario Studio · summary in our own words; distances in inches',
  };
}
