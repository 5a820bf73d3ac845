/** The Dewitt "Medieval Wargaming Rules" quick-reference sheet: tables from the decoded rules, text in our words. */
import type { Sheet } from './sheet';
import { chanceAtMost, percent } from './odds';
import {
  DW_CLASS_NAMES, DW_FIGURE_COST, DW_FIGURES_PER_STAND, DW_LEADER_COST, DW_MAX_STANDS, DW_MELEE_MODIFIERS,
  DW_MELEE_POINTS, DW_MIN_STANDS, DW_MORALE, DW_MORALE_MODIFIERS, DW_MOVE, DW_NO_SHIELD, DW_WEAPON_GROUPS, DW_WEAPON_NAMES,
} from './dewitt-medieval';
import { DW_CLASSES } from './types';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const D10 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The reference sheet. */
export function dewittSheet(): Sheet {
  return {
    title: 'Dewitt Medieval Wargaming Rules: quick reference',
    subtitle: 'Morale-based medieval rules with points (1987)',
    footer: 'Nevsky Scenario Studio · summary in our own words; distances in inches; d10 reads 1-10',
    blocks: [
      { kind: 'heading', text: 'Turn sequence' },
      { kind: 'list', ordered: true, items: [
        'The moving player (A) may try to rally routing units.',
        'A moves.',
        'B answers: only charged units move, at half speed; archers and artillery may shoot in support.',
        'Melee.',
        'A breaks through: units that won a melee may move at half speed.',
        'B answers the breakthrough as in step 3.',
        'Both players test morale for units that saw a unit destroyed or routed.',
        'The players swap roles.',
      ] },

      { kind: 'heading', text: 'Army points' },
      { kind: 'table', caption: 'Points per figure', columns: ['Class', 'Cavalry', 'Foot'],
        rows: [...DW_CLASSES].reverse().map((c) => [DW_CLASS_NAMES[c], String(DW_FIGURE_COST.cavalry[c]), String(DW_FIGURE_COST.foot[c])]) },
      { kind: 'note', text: 'The scan prints the heavy foot cost as "a"; we read it as 8.' },
      { kind: 'table', caption: 'Additions per figure', columns: ['Equipment', 'Points'],
        rows: [
          ...DW_WEAPON_GROUPS.map((g) => [g.weapons.map((w) => DW_WEAPON_NAMES[w]).join(', '), signed(g.cost)]),
          ['no shield', signed(DW_NO_SHIELD)],
        ] },
      { kind: 'table', caption: 'Leaders', columns: ['Leader', 'Points'],
        rows: [['Commander-in-chief', String(DW_LEADER_COST.commanderInChief)], ['General', String(DW_LEADER_COST.general)]] },
      { kind: 'paragraph', text: `A unit costs its figures times the points per figure. Stands carry ${DW_FIGURES_PER_STAND} figures; units have ${DW_MIN_STANDS} to ${DW_MAX_STANDS} stands. Example: 6 heavy foot with spears and no shields cost 6 x (8 + 1 - 1) = 48.` },

      { kind: 'heading', text: 'Morale' },
      { kind: 'table', caption: 'Morale by hits (pass by rolling the morale or less on a d10)', columns: ['Hits', 'Morale', 'Chance to pass'],
        rows: DW_MORALE.map((m) => [String(m.hits), m.morale === null ? 'destroyed' : String(m.morale), m.morale === null ? '-' : percent(chanceAtMost(m.morale, 10))]) },
      { kind: 'table', caption: 'Morale modifiers (only events within 15" count)', columns: ['When', 'Morale'],
        rows: DW_MORALE_MODIFIERS.map((m) => [m.when, m.value]) },

      { kind: 'heading', text: 'Movement' },
      { kind: 'paragraph', text: 'Each turn throw two average dice (faces 2-5). Infantry get as many impulses as the first die shows; cavalry get the total of both.' },
      { kind: 'table', caption: 'Inches per impulse (+1" per impulse on a road)', columns: ['Class', 'Inches'],
        rows: DW_MOVE.map((m) => [m.who, String(m.inches)]) },

      { kind: 'heading', text: 'Melee' },
      { kind: 'paragraph', text: 'Melee strength = morale + troop points + a d10. Each stand in contact fights its own pair-off.' },
      { kind: 'table', caption: 'Troop points', columns: ['Troops or kit', 'Points'], rows: DW_MELEE_POINTS.map((m) => [m.what, m.value]) },
      { kind: 'table', caption: 'Melee modifiers', columns: ['Situation', 'Points'], rows: DW_MELEE_MODIFIERS.map((m) => [m.what, m.value]) },

      { kind: 'heading', text: 'Shooting' },
      { kind: 'paragraph', text: 'Shooting points = weapon value x men firing x impulses spent firing / 10. Horse archers halve the result; at long range or shooting indirectly only half the men count. A d10 roll of the shooting points or less puts an impact on the target.' },
      { kind: 'note', text: 'The weapon values for shooting are not in the source we have: agree them before play.' },
      { kind: 'table', caption: 'Odds aid: d10 tests (morale pass, shooting impact)', columns: ['Need or less', 'Chance'],
        rows: D10.map((n) => [String(n), percent(chanceAtMost(n, 10))]) },
    ],
  };
}
