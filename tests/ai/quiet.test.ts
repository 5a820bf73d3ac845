/**
 * Balance verdicts say when games saw no fighting: with nobody attacking, the points held at the end (the armies' sizes
 * and objectives) decide who wins, and a verdict from such games is no verdict on the battle.
 */
import { describe, expect, test } from 'vitest';
import { balanceGames } from '../../src/ai/balance';
import { QUIET_SHARE, quietNote, summarizeBalance, summarizeSweep } from '../../src/ai/stats';
import { emptyHeat, type BalanceGame } from '../../src/rules';
import { templateScenario } from '../../src/scenario';

const SIDES = [{ id: 'teutonic', name: 'Teutonic Order' }, { id: 'russian', name: 'Novgorod Host' }];

/** n games, the first `quiet` of them with no stand lost, `winner` winning each. */
function games(n: number, quiet: number, counted = true, winner = 'teutonic'): BalanceGame[] {
  return Array.from({ length: n }, (_, index) => ({
    index, winner, points: { teutonic: 215, russian: 208 }, turns: 12, actions: 300, ...(counted ? { lost: index < quiet ? 0 : 5 } : {}),
  }));
}

describe('a verdict from quiet games says so', () => {
  test.each([
    { n: 10, quiet: 0, noted: false },
    { n: 10, quiet: 1, noted: false },
    { n: 10, quiet: 2, noted: true },
    { n: 24, quiet: 15, noted: true },
    { n: 24, quiet: 24, noted: true },
  ])('$quiet of $n games with no stand lost: noted $noted', ({ n, quiet, noted }) => {
    const s = summarizeBalance(SIDES, games(n, quiet), emptyHeat(), { policy: 'search' });
    expect(s.quiet).toBe(quiet);
    expect(s.verdict.startsWith('For search players (easy level, balance budget): Teutonic Order favoured')).toBe(true);
    expect(s.verdict.includes(quietNote(quiet, n))).toBe(noted);
    expect(noted).toBe(quiet >= QUIET_SHARE * n);
  });

  test('the note names the count and the share, in whole percent', () => {
    expect(quietNote(15, 24)).toMatch(/^In 15 of 24 games \(63%\) no stand was lost: neither side attacked/);
  });

  test.each([
    { weakWinner: 'russian', sensitive: true },
    { weakWinner: 'teutonic', sensitive: false },
  ])('the skill sweep: the strongest players\' verdict from mostly quiet games says so (weak players favour $weakWinner)', ({ weakWinner, sensitive }) => {
    const weak = summarizeBalance(SIDES, games(40, 0, true, weakWinner), emptyHeat(), { policy: 'simple' });
    const strong = summarizeBalance(SIDES, games(24, 15), emptyHeat(), { policy: 'search' });
    const sweep = summarizeSweep([weak, strong]);
    expect(sweep.skillSensitive).toBe(sensitive);
    expect(sweep.verdict).toContain('In 63% of the search players\' games no stand was lost');
    // Fought games: nothing said.
    const fought = summarizeSweep([weak, summarizeBalance(SIDES, games(24, 0), emptyHeat(), { policy: 'search' })]);
    expect(fought.verdict).not.toMatch(/no stand was lost/);
  });

  test('games kept before losses were counted: no count, no note', () => {
    const s = summarizeBalance(SIDES, games(10, 10, false), emptyHeat());
    expect(s.quiet).toBeUndefined();
    expect(s.verdict).not.toMatch(/no stand was lost/);
  });

  test('open-field between search players: most games are quiet, and the verdict says so', () => {
    const scenario = templateScenario('open-field')!;
    const run = balanceGames(scenario, 0, 12, { policy: 'search', seed: 1 });
    const s = summarizeBalance(SIDES, run.games, run.heat, { policy: 'search' });
    expect(s.quiet!).toBeGreaterThanOrEqual(QUIET_SHARE * 12);
    expect(s.verdict).toContain(quietNote(s.quiet!, 12));
    // Simple players fight on the same scenario: no note.
    const simple = balanceGames(scenario, 0, 40, { policy: 'simple', seed: 1 });
    const t = summarizeBalance(SIDES, simple.games, simple.heat, { policy: 'simple' });
    expect(t.quiet).toBe(0);
    expect(t.verdict).not.toMatch(/no stand was lost/);
  }, 60_000);
});
