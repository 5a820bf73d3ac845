/** Issue 26: the phase rules beside the play view say what the rule modules say, with their numbers. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ENGINE_READINGS, TROOPS } from '../../src/rules';
import { fraction } from '../../src/rulesets/nevsky-reference';

afterEach(() => { vi.resetModules(); });

/** The phase rules built afresh, after `change` has set readings of the fresh rules module. */
async function phaseRules(change: (readings: Record<string, number>) => void = () => {}) {
  vi.resetModules();
  change((await import('../../src/rules')).ENGINE_READINGS as unknown as Record<string, number>);
  return (await import('../../src/play/phases')).PHASE_RULES;
}

describe('phase rules read the rule modules', () => {
  test('8 ballista: the on-target faces and the stray reading', async () => {
    const text = (await phaseRules()).ballista;
    expect(text).toContain(`1-${ENGINE_READINGS.ballistaOnTarget} `);
    expect(text).toContain(`1-${ENGINE_READINGS.ballistaOnProtectedTarget} when that square is protected`);
    expect(text).toMatch(/outside the cone only the shooter's own troops/);
    expect(text).not.toMatch(/most rolls|friends included/);
  });

  test('8 ballista: changing the reading changes the text', async () => {
    const next = ENGINE_READINGS.ballistaOnTarget + 1;
    expect((await phaseRules((r) => { r.ballistaOnTarget = next; })).ballista).toContain(`1-${next} `);
  });

  test('7 move: only knights and commanders charge, with the table\'s charge move and value', async () => {
    const text = (await phaseRules()).move;
    expect(text).toContain(`up to ${fraction(TROOPS.knights.charge!)}`);
    expect(text).toContain(`worth ${fraction(TROOPS.knights.chargeValue!)}`);
    expect(text).toContain('leads a melee');
    expect(text).not.toMatch(/enemy's square is a charge/);
  });

  test('11 end: a concession or a side with no troops decides before the points', async () => {
    const text = (await phaseRules()).over;
    expect(text).toMatch(/conceded/);
    expect(text).toMatch(/no troops left on the board/);
    expect(text.indexOf('conceded')).toBeLessThan(text.indexOf('points'));
  });
});
