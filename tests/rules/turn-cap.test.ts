/** Issue 26: the turn cap of machine self-play on a scenario with no turn limit is one named reading, said where it applies. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { emptyHeat, machineTurnLimit, playBalanceGame, SELF_PLAY_TURN_CAP, turnCapNote, type Scenario } from '../../src/rules';
import { withTurnCapNote } from '../../src/ai/balance';
import { quietNote } from '../../src/ai/stats';
import { serializeScenario, templateScenario } from '../../src/scenario';

const base = templateScenario('open-field')!;
const unlimited: Scenario = { ...base, rules: { ...(base.rules ?? {}), turnLimit: null } };
const limited: Scenario = { ...base, rules: { ...(base.rules ?? {}), turnLimit: 3 } };

describe('self-play turn cap (no turn limit)', () => {
  test('machineTurnLimit: the scenario\'s own limit, else SELF_PLAY_TURN_CAP', () => {
    expect(machineTurnLimit(limited)).toBe(3);
    expect(machineTurnLimit(unlimited)).toBe(SELF_PLAY_TURN_CAP);
    expect(turnCapNote(limited)).toBeNull();
    expect(turnCapNote(unlimited)).toContain(`cut at ${SELF_PLAY_TURN_CAP} turns`);
  });

  test('a balance game of a scenario with no turn limit ends by the cap, and the verdict says so', () => {
    const g = playBalanceGame(unlimited, 0, { policy: 'random', seed: 5 }, emptyHeat());
    expect(g.turns).toBeLessThanOrEqual(SELF_PLAY_TURN_CAP);
    const summary = { verdict: 'Balanced.' };
    expect(withTurnCapNote(summary, unlimited).verdict).toBe(`Balanced. (${turnCapNote(unlimited)})`);
    expect(withTurnCapNote(summary, limited).verdict).toBe('Balanced.');
    // A verdict that ends with its note on unfought games keeps that note last.
    const quiet = { verdict: `Balanced. ${quietNote(8, 10)}`, games: 10, quiet: 8 };
    expect(withTurnCapNote(quiet, unlimited).verdict).toBe(`Balanced. (${turnCapNote(unlimited)}) ${quietNote(8, 10)}`);
  });

  test('nevsky play says the game was cut, and its help names the cap', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nevsky-cap-')), 'unlimited.json');
    writeFileSync(file, serializeScenario(unlimited));
    const out: string[] = [];
    const code = await main(['play', file, '--seed', '2'], { out: (t) => out.push(t), err: () => {} });
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(turnCapNote(unlimited, 'this headless game')!);
    const turns = Number(/Final score after (\d+) turn/.exec(text)?.[1]);
    expect(turns).toBeLessThanOrEqual(SELF_PLAY_TURN_CAP);
    const help: string[] = [];
    await main(['play', '--help'], { out: (t) => help.push(t), err: (t) => help.push(t) });
    expect(help.join('\n')).toContain(`${SELF_PLAY_TURN_CAP} when it has`);
  });
});
