/**
 * Army rosters, one per side: every unit with its numbers and a tick box per stand for casualties, points against
 * the standard division(s), the scenario's validation findings and a short glossary of the rules its troops use.
 * Built as a `Sheet` and printed by the generic sheet renderer.
 */
import {
  BALLISTA_MOVE, BALLISTA_ROAD_MOVE, DIVISION, ENGINE_READINGS, MOVE_AFTER_CHARGE, NEEDS_BACKING, RETIRING_TYPES, SIDE_FACINGS, STACKING_LIMITS, TROOPS,
  TROOP_TYPES, divisionPoints, fullStands, sortDiagnostics, unitPoints, validateScenario, type Diagnostic, type Scenario, type TroopType,
} from '../rules';
import { fraction, listWords } from '../rulesets/nevsky-reference';
import type { Sheet, SheetBlock } from '../rulesets/sheet';
import { resolveScenario, type ResolvedScenario } from '../scenario';
import { TICK_BOX } from './sheet';

type ResolvedSide = ResolvedScenario['sides'][number];

const SUPPORT_RULE: Record<number, string> = {
  1: `support type 1: supports a melee from straight ahead or directly beside; faces only ${listWords(SIDE_FACINGS)}`,
  2: 'support type 2: supports from any side or corner except straight behind',
  3: 'support type 3: never supports',
  4: 'support type 4: supports from any direction when alone, otherwise as the unit it has joined',
};

/** One glossary line for a troop type: support, charge, who may lead, other rules that concern it. */
export function glossaryLine(type: TroopType): string {
  const t = TROOPS[type];
  const parts: string[] = [];
  if (type === 'ballista') {
    parts.push(`an engine: moved ${fraction(BALLISTA_MOVE)} (${fraction(BALLISTA_ROAD_MOVE)} on road) by a unit in its square, shoots once a turn up to ${fraction(t.range!)} squares if a crew stand is with it; never enters a protected square; never hit by missiles`);
  } else {
    parts.push(SUPPORT_RULE[t.support ?? 3]!);
  }
  if (t.charge) parts.push(`charges up to ${fraction(t.charge)} when the path avoids protected squares and it then fights; a charging stand is worth ${fraction(t.chargeValue!)}; moves only ${fraction(MOVE_AFTER_CHARGE)} the turn after a charge`);
  if (t.range && type !== 'ballista') parts.push(`shoots up to ${fraction(t.range)} squares, one die per stand`);
  if (type === 'ballistarii') parts.push(`never leads a melee; joins only other crews (up to ${STACKING_LIMITS.crewStands} stands a square) or a commander`);
  else if (type === 'commander') parts.push('joins one unit of its side; never leads a melee alone');
  else if (NEEDS_BACKING.includes(type)) parts.push('with one stand left, leads a melee only with a commander or a supporter');
  else if (type !== 'ballista') parts.push('may lead a melee by entering an enemy square');
  if (type === 'knights') parts.push(`knights of a side may share a square up to ${STACKING_LIMITS.knightStands} stands; may be half-killed`);
  if (RETIRING_TYPES.includes(type)) parts.push('leaves the field when down to one stand');
  if (type === 'levyInfantry') parts.push(`at ${ENGINE_READINGS.levyRollsAtStands} stands rolls a die once and leaves on ${ENGINE_READINGS.levyRetiresOn}-6`);
  return `${t.name} (${t.code}): ${parts.join('; ')}.`;
}

function facingText(u: ResolvedSide['units'][number]): string {
  return u.at ? u.facing : `(${u.facing})`;
}

/** The roster of one side as a sheet. */
export function rosterSheet(rs: ResolvedScenario, side: ResolvedSide, diagnostics: Diagnostic[]): Sheet {
  const rows = side.units.map((u) => {
    const t = TROOPS[u.type];
    return [
      u.type === 'ballista' ? '' : TICK_BOX.repeat(u.stands),
      u.id,
      t.name,
      u.type === 'ballista' ? '1 engine' : `${u.stands}/${t.stands}`,
      u.at ?? 'not deployed',
      facingText(u),
      t.charge ? `${fraction(t.move)} (ch. ${t.charge})` : fraction(t.move),
      u.type === 'ballista' ? '-' : t.chargeValue ? `${fraction(t.meleeValue)} (${t.chargeValue})` : fraction(t.meleeValue),
      t.support ? String(t.support) : '-',
      t.range ? fraction(t.range) : '-',
      String(unitPoints(u.type, u.stands)),
    ];
  });
  const total = side.units.reduce((sum, u) => sum + unitPoints(u.type, u.stands), 0);
  const standard = divisionPoints(side.army, side.divisions);
  const diff = total - standard;
  const types = TROOP_TYPES.filter((t) => side.units.some((u) => u.type === t));
  const own = diagnostics.filter((d) => !d.path || d.path.startsWith(`/sides/${rs.sides.indexOf(side)}`) || !d.path.startsWith('/sides/'));
  const blocks: SheetBlock[] = [
    { kind: 'paragraph', text: `${side.name}: ${side.army === 'teutonic' ? 'Teutonic' : 'Russian'} army, ${side.divisions} division${side.divisions === 1 ? '' : 's'}, deploys at the ${side.edge} edge. ${side.units.length} units; ${side.units.filter((u) => !u.at).length} not yet deployed.` },
    {
      kind: 'table',
      columns: ['Casualties', 'Unit id', 'Troop', 'Stands', 'Square', 'Facing', 'Move', 'Melee', 'Sup.', 'Range', 'Points'],
      widths: [1.5, 2.3, 2.1, 1, 1.3, 0.9, 1.3, 1.1, 0.6, 0.8, 0.8],
      rows: [...rows, ['', { text: 'Total', strong: true }, '', '', '', '', '', '', '', '', { text: String(total), strong: true }]],
    },
    {
      kind: 'paragraph',
      text: `Total points ${total} against ${standard} for the standard ${side.army === 'teutonic' ? 'Teutonic' : 'Russian'} division${side.divisions === 1 ? '' : 's'} (${side.divisions} x ${divisionPoints(side.army)}): ${diff === 0 ? 'exactly standard' : diff > 0 ? `${diff} over` : `${-diff} under`}. A melee value in brackets is a charging stand's value; a facing in brackets is the default for an undeployed unit.`,
    },
    { kind: 'heading', text: 'Scenario checks' },
    own.length === 0
      ? { kind: 'paragraph', text: 'No warnings: the scenario passes every set-up check.' }
      : { kind: 'list', items: own.map((d) => `${d.severity === 'error' ? 'Error' : 'Warning'} (${d.code})${d.squares?.length ? ` at ${d.squares.join(', ')}` : ''}: ${d.message}`) },
    { kind: 'heading', text: 'Rules these troops use' },
    { kind: 'list', items: types.map(glossaryLine) },
    { kind: 'paragraph', text: `Standard division: ${TROOP_TYPES.filter((t) => DIVISION[side.army][t] > 0 && t !== 'ballistarii').map((t) => `${DIVISION[side.army][t]} ${TROOPS[t].name.toLowerCase()}`).join(', ')} (the ballista with a ${fullStands('ballistarii')}-stand crew).` },
  ];
  return {
    title: `Roster: ${side.name}`,
    subtitle: rs.scenario.meta.title,
    footer: `Nevsky Scenario Studio · ${rs.scenario.meta.title} · tick a box for each stand lost`,
    blocks,
  };
}

/** Rosters of both sides, with the scenario's diagnostics (errors first). */
export function rosterSheets(scenario: Scenario): Sheet[] {
  const rs = resolveScenario(scenario);
  const diagnostics = sortDiagnostics(validateScenario(scenario));
  return rs.sides.map((side) => rosterSheet(rs, side, diagnostics));
}
