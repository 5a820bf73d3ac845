/** Issue 14: every command exits 2 with one line for unusable arguments and paths, 1 for rule errors, never a stack trace. */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { escapeControl } from '../../src/cli/io';
import { COMMANDS, main, type Command } from '../../src/cli/main';
import { saveGame, createGame } from '../../src/rules';
import { serializeScenario, templateScenario } from '../../src/scenario';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const dir = mkdtempSync(join(tmpdir(), 'nevsky-harden-'));
const write = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const good = write('good.json', serializeScenario(templateScenario('open-field')!));
const bom = write('bom.json', `\uFEFF${serializeScenario(templateScenario('open-field')!)}`);
const deep = write('deep.json', '['.repeat(100_000));
const aFile = write('plain.txt', 'not a folder');
const roster = 'templates/rosters/dewitt-english-retinue.json';
const DEEP_MESSAGE = 'This is not valid JSON at line 1, column 65: arrays and objects are nested more than 64 deep.';

describe('6: the same JSON message in every command, a byte-order mark accepted, 1 MB in bytes', () => {
  test.each([
    ['validate', [deep]], ['pdf', [deep, '--out', join(dir, 'out-deep')]], ['play', [deep, '--seed', '1']], ['replay', [deep]], ['roster', [deep]],
  ])('nevsky %s on 100,000 "[" exits 1 with the line and column', async (command, args) => {
    const r = await run([command, ...args]);
    expect(r.code).toBe(1);
    expect(`${r.out}\n${r.err}`).toContain(DEEP_MESSAGE);
  });
  test('a byte-order mark is accepted by validate, play and replay', async () => {
    expect((await run(['validate', bom])).code).toBe(0);
    const log = join(dir, 'bom-game.json');
    expect((await run(['play', bom, '--seed', '3', '--turns', '1', '--quiet', '--log', log])).code).toBe(0);
    const game = write('bom-game2.json', `\uFEFF${JSON.stringify(saveGame(createGame(templateScenario('open-field')!, { seed: 1 })))}`);
    expect((await run(['replay', game])).code).toBe(0);
  });
  test('a file over 1 MB in bytes but under 1 M characters is refused unread', async () => {
    const s = templateScenario('empty-board')!;
    s.meta.description = '\u20ac'.repeat(400_000);
    const big = write('big.json', serializeScenario(s));
    const r = await run(['validate', big]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/big\.json: the file is 1\.1 MB \(\d+ bytes\); files are limited to 1 MB \(1048576 bytes\)/);
  });
});

describe('7: exit codes and one-line messages', () => {
  const usage: Array<[string, string[], RegExp]> = [
    ['pdf --out onto a file', ['pdf', good, '--out', aFile], /--out: .*is a file, not a folder|--out: cannot write into/],
    ['pdf --out under a file', ['pdf', good, '--out', join(aFile, 'x')], /--out: cannot write into/],
    ['reference --out a folder', ['reference', '--out', dir], /--out: cannot write ".*" \(it is a folder\)/],
    ['reference --out under a file', ['reference', '--out', join(aFile, 'ref.pdf')], /--out: cannot write/],
    ['roster --pdf a folder', ['roster', roster, '--pdf', dir], /--pdf: cannot write ".*" \(it is a folder\)/],
    ['play --log a folder', ['play', good, '--seed', '1', '--log', dir], /--log: cannot write ".*" \(it is a folder\)/],
    ['play --log empty', ['play', good, '--seed', '1', '--log', ''], /--log: "" is not a usable file name/],
    ['an unknown option', ['validate', '--frob', good], /Unknown option '--frob'/],
    ['a bad seed', ['play', good, '--seed', 'x'], /--seed must be a whole number/],
    ['no file', ['replay'], /name one saved game file/],
  ];
  test.each(usage)('%s: exit 2, one line, nothing written', async (_label, args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
  });
  test('an unreadable input file exits 2 for every command', async () => {
    for (const args of [['validate', join(dir, 'no.json')], ['play', join(dir, 'no.json'), '--seed', '1'], ['replay', join(dir, 'no.json')],
      ['roster', join(dir, 'no.json')], ['pdf', join(dir, 'no.json'), '--out', join(dir, 'o')]]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/no\.json: cannot read \(no such file\)/);
    }
  });
  test('a saved game is checked with the set-up rules before replaying', async () => {
    const game = saveGame(createGame(templateScenario('open-field')!, { seed: 1 }));
    const knights = game.scenario.sides[0]!.units.find((u) => u.type === 'knights')!;
    knights.at = 'B8';
    const r = await run(['replay', write('bad-game.json', JSON.stringify(game))]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/The game's scenario has set-up errors and cannot be played: .*B8.*\n.*deploy-outside-zone \[B8/);
    expect(r.out).toBe('');
  });
  describe('an unexpected failure', () => {
    const boom: Command = { name: 'boom', summary: '', usage: 'nevsky boom', help: '', run: () => Promise.reject(new Error('disk on fire\n    at somewhere (file.ts:1:1)')) };
    afterEach(() => { COMMANDS.splice(COMMANDS.indexOf(boom), 1); });
    test('is one line with exit 1, never a stack trace', async () => {
      COMMANDS.push(boom);
      const r = await run(['boom']);
      expect(r.code).toBe(1);
      expect(r.err).toBe('nevsky boom: failed: disk on fire at somewhere (file.ts:1:1)');
    });
  });
  test('an unwritable --out folder is refused before printing', async () => {
    // A read-only folder stops an ordinary user; root writes anywhere except in /sys, so it is tried there.
    let target = '/sys/nevsky-prints';
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o500);
      target = join(locked, 'prints');
    }
    const r = await run(['pdf', good, '--out', target]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out: cannot write into ".*prints" \(permission denied\)/);
    expect(existsSync(target)).toBe(false);
  });
  test.each([
    ['pdf', ['pdf', 'GOOD', '--out', '/proc/nevsky-x/prints'], /--out: cannot write into "\/proc\/nevsky-x\/prints"/],
    ['reference', ['reference', '--out', '/proc/nevsky-x/ref.pdf'], /--out: cannot write "\/proc\/nevsky-x\/ref.pdf"/],
    ['booklet', ['booklet', 'GOOD', '--title', 'T', '--out', '/proc/nevsky-x/b.pdf'], /--out: cannot write "\/proc\/nevsky-x\/b.pdf"/],
  ])('%s: an --out under a folder that cannot be made (in /proc) is refused at once, never hangs', async (_name, args, message) => {
    const r = await run(args.map((a) => (a === 'GOOD' ? good : a)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  }, 20_000);
});

describe('7: text from files is printed with control characters escaped', () => {
  test('escapeControl keeps newlines and tabs, escapes the rest', () => {
    expect(escapeControl('a\tb\nc\u001b[31md\re\u0007\u009b\u202e')).toBe('a\tb\nc\\u001b[31md\\u000de\\u0007\\u009b\\u202e');
  });
  test('the nevsky command escapes an ANSI sequence hidden in a unit id', () => {
    const s = templateScenario('open-field')!;
    s.sides[0]!.units[0]!.id = 'evil\u001b[2J\u001b]0;pwned\u0007';
    s.sides[0]!.units[0]!.at = 'B8';
    const file = write('evil.json', serializeScenario(s));
    const r = spawnSync(process.execPath, ['bin/nevsky.mjs', 'validate', file], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('evil\\u001b[2J\\u001b]0;pwned\\u0007');
    expect(r.stdout).not.toContain('\u001b');
  }, 60_000);
});
