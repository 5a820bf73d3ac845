import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const code = await main(args, { out: (t) => { out += t + '\n'; }, err: (t) => { err += t + '\n'; } });
  return { code, out, err };
}

const hashOf = (text: string) => /State hash: ([0-9a-f]{8})/.exec(text)?.[1];

describe('nevsky play and nevsky replay', () => {
  test('play prints a readable turn log and a final score; the same seed gives the same game; replay reproduces it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-play-'));
    const log = join(dir, 'game.json');
    const a = await run(['play', 'roadside-village', '--seed', '4', '--turns', '3', '--log', log]);
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/Turn 1: (Teutonic Order|Novgorod Host) attacks\./);
    expect(a.out).toMatch(/moves from [A-L]\d+ to [A-L]\d+/);
    expect(a.out).toMatch(/Final score after 3 turns: teutonic [\d.]+, russian [\d.]+/);
    const b = await run(['play', 'roadside-village', '--seed', '4', '--turns', '3', '--quiet']);
    expect(hashOf(b.out)).toBe(hashOf(a.out));
    const c = await run(['play', 'roadside-village', '--seed', '5', '--turns', '3', '--quiet']);
    expect(hashOf(c.out)).not.toBe(hashOf(a.out));
    const r = await run(['replay', log]);
    expect(r.code).toBe(0);
    expect(hashOf(r.out)).toBe(hashOf(a.out));
    expect(r.out).not.toContain('attacks.');
    // With --events, replay tells the game event by event in the very words play printed as it went.
    const told = await run(['replay', log, '--events']);
    expect(told.code).toBe(0);
    const story = (out: string, end: RegExp) => out.slice(0, out.search(end));
    expect(story(told.out, /^.*actions replayed/m)).toBe(story(a.out, /^\nFinal score/m));
    expect(story(told.out, /^.*actions replayed/m)).toMatch(/Turn 3: .* attacks\./);
  }, 60_000);

  test.each([
    ['a missing seed', ['play', 'open-field'], 2, /--seed is required/],
    ['a bad turn count', ['play', 'open-field', '--seed', '1', '--turns', 'x'], 2, /--turns must be a whole number/],
    ['an unknown scenario', ['play', 'no-such-file.json', '--seed', '1'], 2, /no-such-file.json: cannot read \(no such file\)/],
  ])('play reports %s clearly', async (_n, args, code, message) => {
    const r = await run(args);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
  });

  test('replay names the action that is not legal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nevsky-replay-'));
    const log = join(dir, 'game.json');
    await run(['play', 'open-field', '--seed', '2', '--turns', '1', '--log', log]);
    const saved = JSON.parse(readFileSync(log, 'utf8'));
    saved.actions.splice(0, 0, { type: 'endMove', side: 'nobody' });
    writeFileSync(log, JSON.stringify(saved));
    const r = await run(['replay', log]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/action 0 \(\/actions\/0, an endMove\): It is \w+'s turn to act, not nobody's/);
  }, 30_000);
});
