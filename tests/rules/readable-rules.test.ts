/**
 * The readable rule modules (issue 26 item 2), case by case, named by the digest section each case checks. The same
 * modules are the fuzz suite's oracle for the fast core (tests/engine/fuzz/oracle.ts), so these cases pin the rule and
 * the fuzz pins the core to it.
 */
import { describe, expect, test } from 'vitest';
import { scoreParts, unitScore, stackingFits, stackingProblem, TROOPS, type GameState, type Melee, type ScenarioRules, type Terrain, type TroopType } from '../../src/rules';
import { sideMeleeValue } from '../../src/rules/meleeValue';
import { lossChoices } from '../../src/rules/losses';
import { missileDice } from '../../src/rules/missileFire';
import { gameOf, withUnit, type UnitRow } from '../engine/helpers';

describe('11 points', () => {
  test.each<[string, TroopType, number, number, boolean, number]>([
    ['whole knight stands at their cost', 'knights', 2, 0, false, 2],
    ['a half-killed knight stand at half', 'knights', 2, 1, false, 1.5],
    ['a unit off the board at half', 'mediumInfantry', 2, 0, true, 1],
    ['a half-killed stand off the board at a quarter', 'commander', 1, 1, true, 0.25],
    ['a ballista at its cost', 'ballista', 1, 0, false, 1],
    ['a ballista carried off the board at half', 'ballista', 1, 0, true, 0.5],
  ])('%s (in stand costs)', (_what, type, stands, half, off, costs) => {
    const { whole, half: halves } = unitScore(type, stands, half, off);
    expect(whole + halves).toBe(costs * TROOPS[type].cost);
  });

  test('11 a ballista scores for the side controlling it (a captured one for its captor), an abandoned one for nobody', () => {
    const s = gameOf([['t', 'kn', 'knights', 'B2', 'S'], ['t', 'bal', 'ballista', 'B2', 'S'], ['r', 'mi', 'mediumInfantry', 'B10', 'N']]);
    const total = (x: GameState, side: string) => scoreParts(x).find((p) => p.side === side)!.total;
    const t0 = total(s, 'teutonic'), r0 = total(s, 'russian');
    const captured = withUnit(s, 'bal', { controller: 'russian' });
    expect(total(captured, 'teutonic')).toBe(t0 - TROOPS.ballista.cost);
    expect(total(captured, 'russian')).toBe(r0 + TROOPS.ballista.cost);
    const abandoned = withUnit(s, 'bal', { controller: null });
    expect(total(abandoned, 'teutonic') + total(abandoned, 'russian')).toBe(t0 + r0 - TROOPS.ballista.cost);
  });
});

describe('2B stacking', () => {
  const u = (type: TroopType, stands?: number) => ({ type, ...(stands !== undefined ? { stands } : {}) });
  test.each<[string, Array<{ type: TroopType; stands?: number }>, boolean]>([
    ['a unit with its commander and a ballista', [u('mediumInfantry'), u('commander'), u('ballista')], true],
    ['two 1-stand knight units (2 stands)', [u('knights', 1), u('knights', 1)], true],
    ['knights of 3 stands', [u('knights', 2), u('knights', 1)], false],
    ['ballistarii of 4 stands', [u('ballistarii', 2), u('ballistarii', 2)], true],
    ['ballistarii of 5 stands', [u('ballistarii', 2), u('ballistarii', 2), u('ballistarii', 1)], false],
    ['two other units', [u('mediumInfantry'), u('levyInfantry')], false],
    ['knights with another unit', [u('knights', 1), u('crossbowmen')], false],
    ['two commanders', [u('commander'), u('commander')], false],
    ['two ballistas', [u('ballista'), u('ballista')], false],
  ])('%s', (_what, units, fits) => {
    expect(stackingFits(units)).toBe(fits);
    expect(stackingProblem(units) === null).toBe(fits);
  });
});

/** A state with one melee at `contact` (unfought), declared supporters as given. */
function withMelee(s: GameState, contact: string, supports: Melee['supports'] = []): GameState {
  return { ...s, melees: [{ contact, supports, mdi: {}, fought: false }] };
}

describe('10 melee value', () => {
  const rows = (extra: UnitRow[] = []): UnitRow[] => [['t', 'kn', 'knights', 'E5', 'S', 2], ['r', 'mi', 'mediumInfantry', 'E5', 'N'], ...extra];
  test.each<[string, { terrain?: Terrain; rules?: ScenarioRules; extra?: UnitRow[]; charged?: boolean; half?: number }, number, string[]]>([
    ['knights in the open: their stands at melee value', {}, 4, []],
    ['charging knights count their charge value', { charged: true }, 8, []],
    ['a half-killed stand counts half', { half: 1 }, 3, []],
    ['the attacker -1 on a road', { terrain: { roads: [{ path: ['E1', 'E12'] }] } }, 3, ['road']],
    ['the attacker -1 on a crossing square', { terrain: { rivers: [{ edges: [['E5', 'E6']] }], crossings: [{ edge: ['E5', 'E6'], kind: 'ford' }] } }, 3, ['crossing']],
    ['the attacker -1 where a ballista stands', { extra: [['r', 'bal', 'ballista', 'E5', 'N']] }, 3, ['ballista']],
    ['the attacker -1 on a hill only with the scenario\'s melee penalty', { terrain: { hills: [{ squares: ['E5'] }] }, rules: { hills: { meleePenalty: true } } }, 3, ['hill']],
    ['no penalty on a hill without it', { terrain: { hills: [{ squares: ['E5'] }] } }, 4, []],
  ])('%s', (_what, o, value, reasons) => {
    let s = gameOf(rows(o.extra), { terrain: o.terrain, rules: o.rules });
    if (o.charged) s = withUnit(s, 'kn', { chargedTurn: s.turn });
    if (o.half) s = withUnit(s, 'kn', { half: o.half });
    const v = sideMeleeValue(withMelee(s, 'E5'), withMelee(s, 'E5').melees[0]!, 'teutonic');
    expect(v.value).toBe(value);
    expect(v.modifiers.map((m) => m.reason)).toEqual(reasons);
    // The defender never takes the attacker's modifier.
    expect(sideMeleeValue(withMelee(s, 'E5'), withMelee(s, 'E5').melees[0]!, 'russian').modifiers).toEqual([]);
  });

  test('10 a declared supporter adds its stands while it stands beside the contact square, and not once it has gone', () => {
    const s = withMelee(gameOf(rows([['t', 'sup', 'mediumInfantry', 'E4', 'S']])), 'E5', [{ unit: 'sup', side: 'teutonic' }]);
    expect(sideMeleeValue(s, s.melees[0]!, 'teutonic').value).toBe(4 + TROOPS.mediumInfantry.meleeValue * TROOPS.mediumInfantry.stands);
    const gone = withUnit(s, 'sup', { at: 'E2' });
    expect(sideMeleeValue(gone, gone.melees[0]!, 'teutonic').value).toBe(4);
  });
});

describe('10 losses', () => {
  const s0 = gameOf([['t', 'kn', 'knights', 'E5', 'S', 2], ['t', 'mi', 'mediumInfantry', 'E4', 'S'], ['r', 'x', 'mediumInfantry', 'E5', 'N']]);
  const s = withMelee(s0, 'E5', [{ unit: 'mi', side: 'teutonic' }]);
  const m = s.melees[0]!;
  test.each<[string, GameState, number, Array<{ unit: string; half: boolean }>]>([
    ['a loss covering a whole stand takes a whole stand from the contact square first', s, 2, [{ unit: 'kn', half: false }]],
    ['a remainder short of every stand risks a stand (the fraction), or half-kills a knight stand at exactly half', s, 1, [{ unit: 'kn', half: false }, { unit: 'kn', half: true }]],
    ['a remainder that is not half only risks a stand', s, 0.5, [{ unit: 'kn', half: false }]],
    ['with the contact square empty, supporters take the loss', withUnit(s, 'kn', { status: 'destroyed', stands: 0, at: null }), 2, [{ unit: 'mi', half: false }]],
  ])('%s', (_what, state, loss, want) => {
    expect(lossChoices(state, m, 'teutonic', loss)).toEqual(want);
  });
});

describe('9 missile dice', () => {
  const rows: UnitRow[] = [
    ['t', 'cb1', 'crossbowmen', 'E3', 'S'], ['t', 'cb2', 'crossbowmen', 'G3', 'S'], ['t', 'cb3', 'crossbowmen', 'E2', 'S'],
    ['r', 'tgt', 'mediumInfantry', 'F5', 'N'],
  ];
  const s = gameOf(rows, { phase: 'missile' });
  const stands = (id: string) => s.units.find((u) => u.id === id)!.stands;
  test('9 a lone shooter rolls a die a stand', () => {
    expect(missileDice(s, 'cb1', 'tgt')).toEqual({ dice: stands('cb1'), protected: false, converging: false });
  });
  test('9F a shot at a square the side has shot at this phase adds a converging die', () => {
    const shot = { ...s, fires: s.fires.map((f) => (f.unit === 'cb1' ? { ...f, target: 'F5' } : f)), decided: ['cb1'] };
    expect(missileDice(shot, 'cb3', 'tgt')).toEqual({ dice: stands('cb3') + 1, protected: false, converging: true });
  });
  test('R-fire-order a unit fires with the stands it had when the phase began', () => {
    const hurt = { ...s, units: s.units.map((u) => (u.id === 'cb1' ? { ...u, stands: 1 } : u)) };
    expect(missileDice(hurt, 'cb1', 'tgt')!.dice).toBe(stands('cb1'));
  });
  test('9 one die fewer into a protected square', () => {
    const woods = gameOf(rows, { phase: 'missile', terrain: { protected: [{ at: 'F5', kind: 'woods' }] } });
    expect(missileDice(woods, 'cb1', 'tgt')).toEqual({ dice: stands('cb1') - 1, protected: true, converging: false });
  });
});
