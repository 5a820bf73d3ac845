/**
 * The Nevsky quick-reference sheet as printable content: two pages (one sheet, both sides). Numbers come from
 * the rules core (troop table, fire tables, MDI table, melee arithmetic), so the sheet and the program cannot
 * disagree; the wording is the project's own. Readings the program takes are boxed notes marked "Reading".
 */
import {
  ATTACKER_PENALTY, ATTACKER_PENALTY_REASONS, BALLISTA_MOVE, BALLISTA_ROAD_MOVE, CAVALRY, DIVISION, ENGINE_READINGS, compareMdi, FIRE_TABLES,
  fullStands, MDIS, MISSILE_TROOPS, MOVE_AFTER_CHARGE, NEEDS_BACKING, RANGE_BANDS, RETIRING_TYPES, RUN_OVER_TARGETS, TARGET_CLASSES,
  TARGET_CLASS_LABELS, TROOPS, TROOP_TYPES, describeHitRule, divisionPoints, hitOdds, meleeLosses, missileHits, READINGS,
  type MeleeModifierReason, type Mdi, type Reading, type TroopSpec, type TroopType,
} from '../rules';
import { percent } from './odds';
import type { Sheet, SheetBlock, SheetCell } from './sheet';

/** "1½" for 1.5, "½" for 0.5. */
export function fraction(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}

/** Dice a full-strength missile unit rolls (one per stand, the troop table's stands): the odds printed beside each table cell. */
export const FULL_STRENGTH_DICE = Math.max(...MISSILE_TROOPS.map(fullStands));

/** The short words the sheet's sentences use for troop types (the troop table prints the full names). */
export const TROOP_WORDS: Record<TroopType, string> = {
  knights: 'knights', turcopoles: 'turcopoles', lightCavalry: 'light cavalry', armoredInfantry: 'armored', mediumInfantry: 'medium',
  levyInfantry: 'levy', javelinmen: 'javelin', longbowmen: 'longbow', crossbowmen: 'crossbow', ballista: 'ballista',
  ballistarii: 'ballistarii', commander: 'commander',
};

/** The sheet's words for what costs the attacker its melee penalty. */
const PENALTY_WORDS: Record<MeleeModifierReason, string> = { crossing: 'a crossing', road: 'road', ballista: 'ballista', hill: 'hill (if that option is on)' };

/** "a", "a or b", "a, b or c" (with `last` for "and"). */
export function listWords(words: readonly string[], last = 'or'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** Troop types in the sheet's short words. */
const troopWords = (types: readonly TroopType[], last = 'or') => listWords(types.map((t) => TROOP_WORDS[t]), last);

/** Missile troops reaching range r, by their table names ("longbowmen and crossbowmen"). */
const reaching = (r: number) => listWords(MISSILE_TROOPS.filter((t) => TROOPS[t].range === r).map((t) => TROOPS[t].name.toLowerCase()), 'and');

function troopRow(t: TroopSpec): string[] {
  return [
    t.name, t.code,
    t.id === 'ballista' ? `${fraction(t.move)} (moved by crew)` : t.charge ? `${fraction(t.move)}, charge ${t.charge}` : fraction(t.move),
    t.id === 'ballista' ? '-' : t.chargeValue ? `${fraction(t.meleeValue)} (charging ${t.chargeValue})` : fraction(t.meleeValue),
    t.support ? String(t.support) : '-',
    t.range ? fraction(t.range) : '-',
    String(t.cost),
    t.id === 'ballista' ? '1 engine' : String(t.stands),
  ];
}

/** Average hits for print with two decimals; a chance too small to show as 0.01 prints "<0.01", never "0.00". */
export function averageHits(expected: number): string {
  return expected > 0 && expected < 0.005 ? '<0.01' : expected.toFixed(2);
}

/** One missile table with the chance of at least one hit and the average hits for a full-strength unit. */
function fireTable(kind: 'standard' | 'crossbow'): SheetBlock {
  return {
    kind: 'table',
    caption: kind === 'standard' ? 'Fire by javelinmen, longbowmen and light cavalry' : 'Fire by crossbowmen',
    columns: ['Target', ...RANGE_BANDS.map((b) => `Range ${b}`)],
    widths: [2.2, 1, 1, 1],
    rows: TARGET_CLASSES.map((cls) => [
      TARGET_CLASS_LABELS[cls],
      ...FIRE_TABLES[kind][cls].map((rule): SheetCell => {
        if (rule.kind === 'impossible') return { text: 'no hit possible', note: '0% · 0.00' };
        const odds = hitOdds(rule, FULL_STRENGTH_DICE);
        return { text: describeHitRule(rule), note: `${percent(odds.atLeastOne)} · ${averageHits(odds.expected)}` };
      }),
    ]),
  };
}

const MDI_NAMES: Record<Mdi, string> = { column: 'Column', line: 'Line', flanking: 'Flanking', pincers: 'Pincers', square: 'Square', withdrawal: 'Withdrawal' };

/** The superiority matrix as a 6x6 grid: the row's MDI against the column's MDI (the play view shows it too). */
export function mdiGrid(): SheetBlock {
  const cell = (a: Mdi, b: Mdi): SheetCell => {
    const cmp = compareMdi(a, b);
    if (cmp === 'withdrawal') return { text: a === b ? 'both pull back' : a === 'withdrawal' ? 'gets away' : 'they get away' };
    if (cmp === 'alike') return { text: 'alike' };
    if (cmp === 'a-superior') return { text: 'wins', strong: true, shade: true };
    return a === 'withdrawal' ? { text: 'caught', note: 'loses' } : { text: 'loses' };
  };
  return {
    kind: 'table',
    caption: 'MDI superiority: your MDI (row) against theirs (column); wins = superior, loses = inferior',
    columns: ['', ...MDIS.map((m) => MDI_NAMES[m])],
    widths: [1.45, 1, 1, 1.1, 1.05, 1, 1.5],
    rows: MDIS.map((a) => [{ text: MDI_NAMES[a], strong: true }, ...MDIS.map((b) => cell(a, b))]),
  };
}

/** The worked melee examples (9I) computed by the program's own melee arithmetic. */
function meleeExamples(): string[] {
  const cases: Array<[Mdi, Mdi]> = [['square', 'flanking'], ['square', 'square'], ['square', 'column']];
  return cases.map(([ma, mb]) => {
    const r = meleeLosses({ value: 11, mdi: ma }, { value: 7, mdi: mb });
    const outcome = r.result === 'b-destroyed' ? `${fraction(r.a.remaining)} is at least three times ${fraction(r.b.remaining)}: B is destroyed`
      : r.result === 'b-retreats' ? 'B is weaker and retreats 2'
        : r.result === 'a-retreats' ? 'A is weaker and retreats 2'
          : r.result === 'a-destroyed' ? 'A is destroyed' : 'equal';
    return `A ${MDI_NAMES[ma].toLowerCase()}, B ${MDI_NAMES[mb].toLowerCase()}: A loses ${fraction(r.a.loss)}, B loses ${fraction(r.b.loss)}; ` +
      `${fraction(r.a.remaining)} against ${fraction(r.b.remaining)}, ${outcome}.`;
  });
}

/** A reading as printed: "Reading 9B, Line of fire: ..." (the text itself lives in src/rules/readings.ts). */
export function readingText(r: Reading): string {
  return `Reading ${r.section}, ${r.title}: ${r.text}`;
}

/** The Nevsky quick-reference sheet. */
export function nevskyReference(): Sheet {
  const lb = (target: 'javelinmen' | 'knights', range: number): number => missileHits('longbowmen', target, range, [1, 1, 3]);
  const ranges = [...new Set(MISSILE_TROOPS.map((t) => TROOPS[t].range!))].sort((a, b) => b - a);
  const kn = TROOPS.knights;
  return {
    title: 'Nevsky quick reference',
    subtitle: 'Sweet House Rules, as played by Nevsky Scenario Studio',
    footer: 'Nevsky Scenario Studio · boxed notes marked "Reading" are the program\'s decisions where the source is unclear',
    blocks: [
      { kind: 'heading', text: 'Troops' },
      {
        kind: 'table', columns: ['Troop', 'Code', 'Move', 'Melee', 'Sup', 'Range', 'Pts', 'Stands'],
        widths: [2.1, 0.9, 2.15, 2.3, 0.8, 1.1, 0.75, 1.2],
        rows: TROOP_TYPES.map((id) => troopRow(TROOPS[id])),
      },
      { kind: 'paragraph', text: `Moves and ranges are in squares: a diagonal step costs 1½, a straight step 1. Cavalry means ${troopWords(CAVALRY, 'and')}. Support type 1 units face a side of the square, never a corner.` },
      {
        kind: 'table', caption: 'A standard division', columns: ['Unit', 'Teutonic', 'Russian'], widths: [3, 1, 1],
        rows: [
          ...TROOP_TYPES.filter((t) => t !== 'ballistarii').map((t) => [t === 'ballista' ? `Ballista with its ${fullStands('ballistarii')}-stand crew` : TROOPS[t].name, String(DIVISION.teutonic[t]), String(DIVISION.russian[t])]),
          [{ text: 'Points at full strength', strong: true }, { text: String(divisionPoints('teutonic')), strong: true }, { text: String(divisionPoints('russian')), strong: true }],
        ],
      },
      { kind: 'heading', text: 'Sequence of play' },
      {
        kind: 'list', ordered: true, items: [
          'Ballistas of both sides shoot, losses taken together afterwards.',
          'Missile units shoot one at a time, the attacker\'s first: each shot is rolled and takes effect before the next, and a unit still to shoot rolls for the stands it had when the phase began.',
          'The attacker moves and says which units support each melee.',
          'The defender says which of its units support.',
          'Melees are fought in the order the attacker picks, each with its retreats.',
          'Attacker and defender change roles. Either side may wreck ballistas it holds at the end of the turn.',
        ],
      },
      { kind: 'paragraph', text: 'Who attacks first: each side rolls a die, highest wins, roll ties again. Only the attacker moves.' },
      { kind: 'heading', text: 'Movement' },
      {
        kind: 'list', items: [
          'Road: +1 if each step follows a road, start to finish; a diagonal step never does.',
          `Knights and commanders charge up to ${fraction(kn.charge!)} if the path never touches a protected square and the unit then fights (leading or supporting); charging stands are worth ${fraction(kn.chargeValue!)}. The turn after a charge they move only ${fraction(MOVE_AFTER_CHARGE)}.`,
          'Your own units can be passed through, the enemy never. Entering an enemy square starts a melee there: the mover leads it.',
          `Ballistarii and lone commanders never lead. 1-stand ${troopWords(NEEDS_BACKING)} units need a commander or supporter to lead.`,
          'Facing is free: the attacker turns units during its move; after a melee every survivor may turn.',
          `A ballista moves ${fraction(BALLISTA_MOVE)} (${fraction(BALLISTA_ROAD_MOVE)} all on road) with a unit in its square; it never enters a protected square. Left without its own troops it is abandoned: the first side to reach it takes it.`,
          'Hills (scenario options): some troops may be barred; a move onto, along or off a hill is shortened.',
        ],
      },
      { kind: 'heading', text: 'Missile fire' },
      {
        kind: 'list', items: [
          'One die per stand the unit had when the phase began. One die less into a protected square. Each later shot at a square already shot at this phase adds a die; the first shot at a square comes from one of the closest units still to shoot. Each unit shoots once, choosing its target after seeing the shots before it.',
          'A shot at a commander with a unit is read on both rows of the table; if both would lose stands, the shooter picks which one does (the unit unless it says otherwise).',
          '5s and 6s never hit. Hits beyond the target\'s stands are lost. Missiles never harm a ballista, only the troops with it.',
          `Range bands: 1 | 1½-2 | 2½-3; ${ranges.map((r) => `${reaching(r)} reach ${fraction(r)}`).join('; ')}.`,
          '"Double 1" means every pair of 1s is one hit; "triple 1" every three 1s. A die counts once.',
        ],
      },
      fireTable('standard'),
      fireTable('crossbow'),
      { kind: 'paragraph', text: `Small print under each cell: chance of at least one hit and the average number of hits for ${FULL_STRENGTH_DICE} dice (a full-strength missile unit, no modifiers).` },
      { kind: 'paragraph', text: `Example: three longbow stands at range 2 roll 1, 1, 3. Against javelinmen that is ${lb('javelinmen', 2)} hits (${lb('javelinmen', 1)} at range 1); against knights ${lb('knights', 2)} hit at range 2 and ${lb('knights', 3)} at range 3.` },
      { kind: 'pageBreak' },
      { kind: 'heading', text: 'Melee' },
      {
        kind: 'list', items: [
          'Support comes from next to the contact square. Type 1 supports from straight ahead or directly beside; type 2 from any side or corner except straight behind; type 3 never; type 4 anywhere when alone, or as the unit it has joined. A unit supports one melee only.',
          'Attacking cavalry supports only when cavalry is in the contact square. Defending cavalry supports foot only from directly beside.',
          `Value: add up the stands (table above), ${fraction(kn.chargeValue!)} for a charging knight or commander stand, half for a half-killed stand. The attacker takes -${ATTACKER_PENALTY} if the contact square has ${listWords(ATTACKER_PENALTY_REASONS.map((r) => PENALTY_WORDS[r]))}.`,
        ],
      },
      mdiGrid(),
      {
        kind: 'list', ordered: true, items: [
          'Both sides pick an MDI in secret and show them together.',
          'A successful withdrawal: the withdrawing units go back 2 with any ballista; nobody loses stands.',
          'Alike: unequal values, both lose half the weaker\'s value; equal values, each loses half its own.',
          'Unlike: the inferior side loses 1 for the superior\'s first point and 1 more for every 2 after that; the superior side loses half of what the inferior actually lost.',
          'Losses are capped at a side\'s value. The weaker side after losses retreats 2. If the stronger has three times the weaker or more, the weaker is destroyed instead.',
          'Take losses from the contact square first, then from supporters, in whole stands; only knights and commanders can be half-killed. A leftover fraction is lost on a die roll with that chance (or by a ledger, if the scenario says so).',
        ],
      },
      { kind: 'paragraph', text: 'Worked example, side A worth 11 against side B worth 7:' },
      { kind: 'list', items: meleeExamples() },
      { kind: 'heading', text: 'Retreats' },
      {
        kind: 'list', items: [
          'Retreat 2 squares; here a diagonal step counts 1. The defender goes towards its own rear, the attacker back the way it came.',
          'Go round enemies and impassable terrain, through friends. No way out: destroyed. Off the board (only straight back over its own edge): out of play, counting half at the end.',
          'A unit that retreated may not move or support next turn, but may shoot and defend (not after a successful withdrawal).',
        ],
      },
      { kind: 'heading', text: 'Other rules' },
      {
        kind: 'list', items: [
          `Run-over: cavalry may destroy a 1-stand ${troopWords(RUN_OVER_TARGETS)} unit standing in the open (not protected, no ballista with it) without a melee. Armored infantry cannot be run over.`,
          `After any shooting or melee, 1-stand ${troopWords(RETIRING_TYPES)} units leave: a full move towards their rear at once and on every later move of theirs, until off the board; meanwhile they only defend. Levy down to ${ENGINE_READINGS.levyRollsAtStands} stands roll a die: ${ENGINE_READINGS.levyRetiresOn}-6 and they leave the same way.`,
          'A commander need not follow its unit off; ballistas are never taken along.',
          'The game ends by concession, destruction or the agreed number of turns. Add up the points of surviving stands (half for units that left the board and for half-killed stands): the higher total wins.',
        ],
      },
      { kind: 'heading', text: 'Readings this program takes' },
      ...READINGS.map((r): SheetBlock => ({ kind: 'note', text: readingText(r) })),
    ],
  };
}
