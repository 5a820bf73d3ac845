/** Issue 26: the roster's glossary reads its numbers and lists from the rule modules (a copy would fail here). */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ENGINE_READINGS, MOVE_AFTER_CHARGE, NEEDS_BACKING, RETIRING_TYPES, STACKING_LIMITS, TROOP_TYPES } from '../../src/rules';
import { glossaryLine } from '../../src/pdf/roster';
import { fraction } from '../../src/rulesets/nevsky-reference';

type Rules = typeof import('../../src/rules');
afterEach(() => { vi.doUnmock('../../src/rules/troops'); vi.resetModules(); });

/** glossaryLine built afresh after `change` has altered the fresh rules module. */
async function freshGlossary(change: (r: Rules) => void = () => {}) {
  vi.resetModules();
  change(await import('../../src/rules'));
  return (await import('../../src/pdf/roster')).glossaryLine;
}
const set = (obj: object, key: string, value: unknown) => { (obj as Record<string, unknown>)[key] = value; };

describe('roster glossary', () => {
  test('11 retiring types are RETIRING_TYPES, and levy says its roll', () => {
    for (const t of TROOP_TYPES) expect(glossaryLine(t).includes('leaves the field when down to one stand')).toBe(RETIRING_TYPES.includes(t));
    expect(glossaryLine('levyInfantry')).toContain(`at ${ENGINE_READINGS.levyRollsAtStands} stands rolls a die once and leaves on ${ENGINE_READINGS.levyRetiresOn}-6`);
  });

  test('7 the lone missile stand needing backing is NEEDS_BACKING', () => {
    for (const t of TROOP_TYPES) expect(glossaryLine(t).includes('leads a melee only with a commander or a supporter')).toBe(NEEDS_BACKING.includes(t));
  });

  test('7 a charger says its move after a charge; knights say the stacking limit', () => {
    expect(glossaryLine('knights')).toContain(`moves only ${fraction(MOVE_AFTER_CHARGE)} the turn after a charge`);
    expect(glossaryLine('knights')).toContain(`up to ${STACKING_LIMITS.knightStands} stands`);
    expect(glossaryLine('ballistarii')).toContain(`up to ${STACKING_LIMITS.crewStands} stands`);
  });

  test('changing the modules changes the glossary', async () => {
    const g = await freshGlossary((r) => {
      set(r.ENGINE_READINGS, 'levyRetiresOn', 5);
      set(r.STACKING_LIMITS, 'knightStands', 3);
      set(r.TROOPS.ballista, 'range', 7);
      set(r.TROOPS.knights, 'charge', 6);
    });
    expect(g('levyInfantry')).toContain('leaves on 5-6');
    expect(g('knights')).toContain('up to 3 stands');
    expect(g('knights')).toContain('charges up to 6 ');
    expect(g('ballista')).toContain('up to 7 squares');
    vi.resetModules();
    vi.doMock('../../src/rules/troops', async (real: () => Promise<object>) => ({ ...(await real()), MOVE_AFTER_CHARGE: 2, BALLISTA_MOVE: 1, BALLISTA_ROAD_MOVE: 3 }));
    const h = (await import('../../src/pdf/roster')).glossaryLine;
    expect(h('knights')).toContain('moves only 2 the turn after a charge');
    expect(h('ballista')).toContain('moved 1 (3 on road)');
  });
});
