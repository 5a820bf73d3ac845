/**
 * Issue 26: the Nevsky quick reference reads every rule number and list from the rule modules. Each case builds
 * the sheet afresh after changing a module's value and finds the change printed, so a copied literal would fail.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { NEEDS_BACKING, RETIRING_TYPES, RUN_OVER_TARGETS, TROOPS } from '../../src/rules';
import { fraction, listWords, TROOP_WORDS } from '../../src/rulesets/nevsky-reference';

type Rules = typeof import('../../src/rules');
afterEach(() => { vi.doUnmock('../../src/rules/troops'); vi.doUnmock('../../src/rules/meleeValue'); vi.resetModules(); });

/** The sheet's texts, built after `change` has altered the fresh rules module. */
async function sheetText(change: (r: Rules) => void = () => {}): Promise<string[]> {
  vi.resetModules();
  change(await import('../../src/rules'));
  const { nevskyReference } = await import('../../src/rulesets/nevsky-reference');
  return nevskyReference().blocks.flatMap((b) => ('items' in b ? b.items : 'text' in b ? [b.text] : []) as string[]);
}
const find = (texts: string[], start: string) => texts.find((t) => t.startsWith(start)) ?? '';
const set = (obj: object, key: string, value: unknown) => { (obj as Record<string, unknown>)[key] = value; };

describe('7 movement on the sheet', () => {
  test('a diagonal step is never a road step (R-road-step)', async () => {
    expect(find(await sheetText(), 'Road:')).toMatch(/diagonal step never/);
  });

  test('charge move, charging value and the move after a charge come from the troop table', async () => {
    const t = find(await sheetText((r) => { set(r.TROOPS.knights, 'charge', 6); set(r.TROOPS.knights, 'chargeValue', 5); }), 'Knights and commanders charge');
    expect(t).toContain('charge up to 6 ');
    expect(t).toContain('worth 5.');
    expect(t).toContain(`move only ${fraction((await import('../../src/rules')).MOVE_AFTER_CHARGE)}.`);
  });

  test('the lone missile stand that needs backing is NEEDS_BACKING (light cavalry is not in it)', async () => {
    const t = find(await sheetText(), 'Ballistarii');
    expect(t).toContain(`1-stand ${listWords(NEEDS_BACKING.map((x) => TROOP_WORDS[x]))} units`);
    expect(t).not.toContain('light cavalry');
  });

  test('ballista moves come from BALLISTA_MOVE and BALLISTA_ROAD_MOVE', async () => {
    vi.doMock('../../src/rules/troops', async (real: () => Promise<object>) => ({ ...(await real()), BALLISTA_MOVE: 2 }));
    const t = find(await sheetText(), 'A ballista moves');
    expect(t).toMatch(/^A ballista moves 2 \(2½ all on road\)/);
  });
});

describe('9, 10, 11 fire, melee and other rules on the sheet', () => {
  test('ranges come from TROOPS[].range', async () => {
    const t = find(await sheetText((r) => { set(r.TROOPS.javelinmen, 'range', 2); }), 'Range bands');
    expect(t).toContain('javelinmen reach 2');
    expect(find(await sheetText(), 'Range bands')).toContain(`longbowmen and crossbowmen reach ${fraction(TROOPS.longbowmen.range!)}`);
  });

  test('the attacker penalty and its reasons come from meleeValue.ts', async () => {
    vi.doMock('../../src/rules/meleeValue', async (real: () => Promise<object>) => ({ ...(await real()), ATTACKER_PENALTY: 2 }));
    const t = find(await sheetText(), 'Value:');
    expect(t).toContain('attacker takes -2 if the contact square has a crossing, road, ballista or hill');
  });

  test('run-over targets, retiring types and the levy roll come from their modules', async () => {
    const texts = await sheetText((r) => { set(r.ENGINE_READINGS, 'levyRetiresOn', 5); set(r.ENGINE_READINGS, 'levyRollsAtStands', 3); });
    expect(find(texts, 'Run-over')).toContain(`1-stand ${listWords(RUN_OVER_TARGETS.map((x) => TROOP_WORDS[x]))} unit`);
    const retire = find(texts, 'After any shooting');
    expect(retire).toContain(`1-stand ${listWords(RETIRING_TYPES.map((x) => TROOP_WORDS[x]))} units leave`);
    expect(retire).toContain('Levy down to 3 stands roll a die: 5-6');
  });

  test('the dice of the odds are a full-strength missile unit\'s stands', async () => {
    vi.resetModules();
    const r = await import('../../src/rules');
    for (const t of r.MISSILE_TROOPS) set(r.TROOPS[t], 'stands', 4);
    const { FULL_STRENGTH_DICE } = await import('../../src/rulesets/nevsky-reference');
    expect(FULL_STRENGTH_DICE).toBe(4);
  });
});
