/** Issue 28 item 6: `nevsky hint` gives the play view's Hint numbers for a saved game's current decision. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { applyAction, createGame, legalActions, saveGame, simplePolicy, type GameState } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { opponentApi } from '../../src/workers/opponent-api';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

/** A game at the start of turn 1's move phase (the simple policy played the fire phases). */
function atMove(): GameState {
  let s = createGame(templateScenario('roadside-village')!, { seed: 6 });
  const p = simplePolicy(6);
  while (s.phase !== 'move') s = applyAction(s, p(s, legalActions(s)));
  return s;
}

const dir = mkdtempSync(join(tmpdir(), 'nevsky-hint-'));
const state = atMove();
const file = join(dir, 'game.json');
writeFileSync(file, JSON.stringify(saveGame(state)));

describe('nevsky hint', () => {
  test('prints three numbered choices with chances and reasons for the side to act', async () => {
    const r = await run(['hint', file, '--level', 'easy']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`${file}: turn 1, move phase, ${state.toAct} to act (level easy, seed ${state.seed})`);
    expect(lines.slice(1)).toHaveLength(3);
    lines.slice(1).forEach((l, i) => expect(l).toMatch(new RegExp(`^${i + 1}\\. .+: \\d{1,3}% to win; .+`)));
  }, 30_000);

  test('--json gives the same numbers as the play view\'s worker at the same level and seed', async () => {
    const r = await run(['hint', file, '--json', '--side', state.toAct!]);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.out) as { side: string; level: string; seed: number; choices: Array<{ action: unknown; win: number; reason: string; label: string }> };
    expect(got).toMatchObject({ side: state.toAct, level: 'normal', seed: state.seed });
    expect(got.choices).toHaveLength(3);
    // The worker is asked as the Hint box asks it: a structured clone, the game's level (2: normal), the game's seed.
    const worker = opponentApi(() => performance.now()).hint(structuredClone(state), state.toAct!, 2, state.seed);
    expect(got.choices.map((c) => [c.action, c.win, c.reason])).toEqual(worker.map((c) => [c.action, c.win, c.reason]));
    for (const c of got.choices) expect(c.label.length).toBeGreaterThan(3);
  }, 60_000);

  test.each([
    [['--side', 'nobody'], 2, /--side must be one of the game's sides \(teutonic, russian\), not "nobody"/],
    [['--level', 'expert'], 2, /--level must be one of easy, normal, hard, not "expert"/],
    [['--seed', 'abc'], 2, /--seed must be a whole number/],
  ])('bad usage %j exits %i with one line', async (extra, code, message) => {
    const r = await run(['hint', file, ...extra]);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
    expect(r.err.split('\n')).toHaveLength(1);
  });

  test('the side not to act, a finished game and a file that is not a game exit 1', async () => {
    const other = state.sides.map((s) => s.id).find((id) => id !== state.toAct)!;
    const wrong = await run(['hint', file, '--side', other]);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe(`${file}: ${other} is not to act now (${state.toAct} is)`);
    const over = join(dir, 'over.json');
    writeFileSync(over, JSON.stringify(saveGame(applyAction(state, { type: 'concede', side: state.toAct! }))));
    const done = await run(['hint', over]);
    expect(done.code).toBe(1);
    expect(done.err).toBe(`${over}: the game is over: there is no decision to hint at`);
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"format": "nevsky-scenario"}');
    const bad = await run(['hint', junk]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^.*junk\.json: This is not a saved game/);
  });
});
