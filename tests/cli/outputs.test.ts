/**
 * Issue 31, the command line: no command writes over a file it reads or onto a device, outputs are written whole or
 * not at all, only regular files are read, every option is bounded (by the limits the app shares), what `play --log`
 * writes is always read back, and `report` reads JSON like the other commands.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_FILE_BYTES, writeOutput } from '../../src/cli/io';
import { main } from '../../src/cli/main';
import { fontFiles } from '../../src/cli/print-fonts';
import { plainProblem } from '../../src/components/plainMessages';
import { CORRECTION_RANGE } from '../../src/pdf';
import { actionFault, createGame, saveGame, savedGameProblems, type SavedGame } from '../../src/rules';
import { serializeScenario, SETTING_LIMITS, templateScenario } from '../../src/scenario';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const dir = mkdtempSync(join(tmpdir(), 'nevsky-outputs-'));
const write = (name: string, text: string | Uint8Array) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const scenarioText = serializeScenario(templateScenario('open-field')!);
const gameText = JSON.stringify(saveGame(createGame(templateScenario('open-field')!, { seed: 1 })));
const rosterText = readFileSync('templates/rosters/dewitt-english-retinue.json', 'utf8');
const hashOf = (text: string) => /State hash: ([0-9a-f]{8})/.exec(text)?.[1];

/** How the output names the input: the same path, the path with "/./" in it, a symlink, a hard link. */
const ALIASES = ['same path', 'dot path', 'symlink', 'hard link'] as const;
type Alias = (typeof ALIASES)[number];
function alias(how: Alias, input: string, name: string): string {
  switch (how) {
    case 'same path': return input;
    case 'dot path': return input.replace(/\/([^/]+)$/, '/./$1');
    case 'symlink': { const p = join(dir, `${name}.lnk`); symlinkSync(input, p); return p; }
    case 'hard link': { const p = join(dir, `${name}.hard`); linkSync(input, p); return p; }
  }
}

// Every command that writes: [name, input text, args with IN and OUT placeholders].
const WRITERS: Array<[string, string, string[]]> = [
  ['report', gameText, ['report', 'IN', '--out', 'OUT']],
  ['roster', rosterText, ['roster', 'IN', '--pdf', 'OUT']],
  ['booklet', scenarioText, ['booklet', 'IN', '--title', 'Spring meet', '--out', 'OUT']],
  ['play', scenarioText, ['play', 'IN', '--seed', '1', '--turns', '1', '--quiet', '--log', 'OUT']],
];
const cases = WRITERS.flatMap(([name, text, args]) => ALIASES.map((how) => [name, how, text, args] as const));

describe('1: no command writes over its own input', () => {
  let n = 0;
  test.each(cases)('%s: output = input (%s) is refused with exit 2, one line, the input unchanged', async (_name, how, text, args) => {
    const input = write(`in-${++n}.json`, text);
    const before = readFileSync(input);
    const out = alias(how, input, `in-${n}`);
    const r = await run(args.map((a) => (a === 'IN' ? input : a === 'OUT' ? out : a)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is the input file ".*in-\d+\.json"; writing it would destroy the input/);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
    expect(readFileSync(input).equals(before)).toBe(true);
  });

  test.each(['symlink', 'hard link'] as const)('pdf: a %s in the --out folder to the scenario, named as one of the files, is refused before printing', async (how) => {
    const input = write(`pack-${how === 'symlink' ? 's' : 'h'}.json`, scenarioText);
    const before = readFileSync(input);
    const out = join(dir, `pack-out-${how === 'symlink' ? 's' : 'h'}`);
    mkdirSync(out);
    const name = join(out, `pack-${how === 'symlink' ? 's' : 'h'}-rosters.pdf`);
    if (how === 'symlink') symlinkSync(input, name); else linkSync(input, name);
    const r = await run(['pdf', input, '--out', out, '--only', 'map,rosters']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out: ".*-rosters\.pdf" is the input file/);
    expect(readFileSync(input).equals(before)).toBe(true);
    expect(readdirSync(out)).toEqual([`pack-${how === 'symlink' ? 's' : 'h'}-rosters.pdf`]);
  });

  describe('reference: the font files it reads', () => {
    const font = fontFiles()[0]!;
    const saved = readFileSync(font);
    // Put the font back should the check ever let the write through, so other tests keep their font.
    afterAll(() => { if (!readFileSync(font).equals(saved)) writeFileSync(font, saved); });
    test('--out through a symlink to the embedded font is refused, the font unchanged', async () => {
      const link = join(dir, 'font.lnk');
      symlinkSync(font, link);
      const r = await run(['reference', '--out', link]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--out: ".*font\.lnk" is the input file ".*DejaVuSans\.ttf"/);
      expect(readFileSync(font).equals(saved)).toBe(true);
    });
  });
});

describe('1: no output onto a device, a pipe or a full disk; a file is written whole or not at all', () => {
  const fifo = join(dir, 'out.fifo');
  spawnSync('mkfifo', [fifo]);
  // Copies of /dev/null and /dev/full made here (root can), never the real ones: a check that let the write through
  // would replace the device file itself, as root, by its rename.
  const devices = [['null', '3'], ['full', '7']].map(([name, minor]) => ({ path: join(dir, `dev-${name!}`), minor: minor! }))
    .filter((d) => spawnSync('mknod', ['-m', '666', d.path, 'c', '1', d.minor]).status === 0).map((d) => d.path);
  test.each([
    ['report', ['report', 'GAME', '--out', 'DEV']], ['roster', ['roster', 'ROSTER', '--pdf', 'DEV']], ['booklet', ['booklet', 'SCEN', '--title', 'T', '--out', 'DEV']],
    ['play', ['play', 'open-field', '--seed', '1', '--log', 'DEV']], ['reference', ['reference', '--out', 'DEV']],
  ])('%s: an output that is a device or a named pipe is refused with exit 2 before the work', async (_name, args) => {
    const files: Record<string, string> = { GAME: write('dev-game.json', gameText), ROSTER: write('dev-roster.json', rosterText), SCEN: write('dev-s.json', scenarioText) };
    for (const device of [...devices, fifo]) {
      const r = await run(args.map((a) => (a === 'DEV' ? device : files[a] ?? a)));
      expect(r.code, device).toBe(2);
      expect(r.err).toMatch(/cannot write ".*" \(it is a (device|named pipe), not a regular file\)/);
      expect(r.out).toBe('');
    }
  });

  // A small file system of its own shows a full disk; making one needs root, which the test machine is. Probed
  // here, mounted only while these tests run (hooks of a filtered-out block do not run, so nothing is left mounted).
  const small = join(dir, 'small');
  mkdirSync(small);
  const mount = () => spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', small]).status === 0;
  const canMount = mount() && spawnSync('umount', [small]).status === 0;
  describe.runIf(canMount)('on a 256 KB file system (root only)', () => {
    beforeAll(() => { expect(mount()).toBe(true); });
    afterAll(() => { spawnSync('umount', [small]); });
    test('an output folder with less than 8 MB free is refused before the work, nothing written', async () => {
      const r = await run(['report', write('full-game.json', gameText), '--out', join(small, 'r.pdf')]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--out: only 0\.\d MB free in ".*small"; at least 8 MB is needed/);
      expect(readdirSync(small)).toEqual([]);
    });
    test('a write that fills the disk half-way fails with one line and leaves no file, the old one intact', async () => {
      const target = join(small, 'x.pdf');
      writeFileSync(target, 'old');
      await expect(writeOutput('--out', target, new Uint8Array(1024 * 1024))).rejects.toThrow(/^--out: cannot write ".*x\.pdf" \(no space left on the disk\); nothing was written$/);
      expect(readdirSync(small)).toEqual(['x.pdf']);
      expect(readFileSync(target, 'utf8')).toBe('old');
    });
  });
  test('writeOutput replaces a file whole and writes through a symlink, leaving no temporary file', async () => {
    const sub = join(dir, 'whole');
    mkdirSync(sub);
    const target = join(sub, 'a.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, join(sub, 'b.txt'));
    await writeOutput('--out', join(sub, 'b.txt'), 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(sub).sort()).toEqual(['a.txt', 'b.txt']);
  });
});

describe('6: only regular files are read', () => {
  const fifo = join(dir, 'in.fifo');
  spawnSync('mkfifo', [fifo]);
  const readers: Array<[string, (f: string) => string[]]> = [
    ['validate', (f) => ['validate', f]], ['play', (f) => ['play', f, '--seed', '1']], ['replay', (f) => ['replay', f]],
    ['roster', (f) => ['roster', f]], ['report', (f) => ['report', f, '--out', join(dir, 'fifo-r.pdf')]],
    ['pdf', (f) => ['pdf', f, '--out', join(dir, 'fifo-pack')]], ['booklet', (f) => ['booklet', f, '--title', 'T', '--out', join(dir, 'fifo-b.pdf')]],
    ['balance', (f) => ['balance', f]],
  ];
  test.each(readers)('%s: a named pipe and /dev/zero are refused at once with exit 2 (never read)', async (_name, args) => {
    for (const [file, kind] of [[fifo, 'named pipe'], ['/dev/zero', 'device']] as const) {
      const r = await run(args(file));
      expect(r.code, file).toBe(2);
      expect(r.err).toContain(`${file}: cannot read (it is a ${kind}, not a regular file)`);
      expect(r.out).toBe('');
    }
  }, 10_000);
});

describe('6: every numeric and text option is bounded, with the allowed range named', () => {
  const { seed, turns, balanceGames, balanceWorkers, bookletTitle, bookletDate } = SETTING_LIMITS;
  const long = (n: number) => 'x'.repeat(n);
  const bad: Array<[string, string[], RegExp]> = [
    ['play --seed over', ['play', 'open-field', '--seed', String(seed.max + 1)], /--seed must be a whole number from 0 to 4294967295, not "4294967296"/],
    ['play --seed negative', ['play', 'open-field', '--seed=-1'], /--seed must be a whole number from 0 to 4294967295/],
    ['play --seed 1e12', ['play', 'open-field', '--seed', '1e12'], /--seed must be a whole number from 0 to 4294967295, not "1e12"/],
    ['play --turns 0', ['play', 'open-field', '--seed', '1', '--turns', '0'], /--turns must be a whole number from 1 to 999, not "0"/],
    ['play --turns 1000', ['play', 'open-field', '--seed', '1', '--turns', String(turns.max + 1)], /--turns must be a whole number from 1 to 999, not "1000"/],
    ['balance --games 1e12', ['balance', 'open-field', '--games', '1e12'], /--games must be a whole number from 10 to 100000, not "1e12"/],
    ['balance --games over', ['balance', 'open-field', '--games', String(balanceGames.max + 1)], /--games must be a whole number from 10 to 100000/],
    ['balance --games under', ['balance', 'open-field', '--games', String(balanceGames.min - 1)], /--games must be a whole number from 10 to 100000, not "9"/],
    ['balance --workers 0', ['balance', 'open-field', '--workers', '0'], /--workers must be a whole number from 1 to 64, not "0"/],
    ['balance --workers over', ['balance', 'open-field', '--workers', String(balanceWorkers.max + 1)], /--workers must be a whole number from 1 to 64/],
    ['balance --seed over', ['balance', 'open-field', '--seed', '99999999999999999999'], /--seed must be a whole number from 0 to 4294967295, not "99999999999999999999"/],
    ['pdf --correction under', ['pdf', 'SCEN', '--out', join(dir, 'c'), '--correction', String(CORRECTION_RANGE.min - 1)], /--correction must be a number from 80 to 120, not "79"/],
    ['pdf --correction over', ['pdf', 'SCEN', '--out', join(dir, 'c'), '--correction', '1e3'], /--correction must be a number from 80 to 120, not "1e3"/],
    ['pdf --correction text', ['pdf', 'SCEN', '--out', join(dir, 'c'), '--correction', 'Infinity'], /--correction must be a number from 80 to 120/],
    ['booklet --title 100,000 characters', ['booklet', 'SCEN', '--title', long(100_000), '--out', join(dir, 'b.pdf')], /--title must be 1 to 120 characters long, not 100000/],
    ['booklet --title one over', ['booklet', 'SCEN', '--title', long(bookletTitle.max + 1), '--out', join(dir, 'b.pdf')], /--title must be 1 to 120 characters long, not 121/],
    ['pdf --paper of 100,000 characters', ['pdf', 'SCEN', '--out', join(dir, 'c'), '--paper', long(100_000)], /--paper must be one of a4, letter \(got "x{37}\.\.\."\)\. Usage/],
    ['pdf --only of 100,000 characters', ['pdf', 'SCEN', '--out', join(dir, 'c'), '--only', long(100_000)], /--only: "x{37}\.\.\." is not one of map, briefings, rosters, reference, counters/],
    ['balance --policy of 100,000 characters', ['balance', 'open-field', '--policy', long(100_000)], /--policy must be one of random, simple, search, not "x{37}\.\.\."/],
    ['booklet --date one over', ['booklet', 'SCEN', '--title', 'T', '--date', long(bookletDate.max + 1), '--out', join(dir, 'b.pdf')], /--date must be at most 60 characters long, not 61/],
  ];
  test.each(bad)('%s: exit 2, one line naming the option and the range, nothing written', async (_label, args, message) => {
    const scen = write('limits.json', scenarioText);
    const r = await run(args.map((a) => (a === 'SCEN' ? scen : a)));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
    expect(existsSync(join(dir, 'b.pdf')) || existsSync(join(dir, 'c'))).toBe(false);
  });
  test('the limits at their edges are accepted', async () => {
    expect((await run(['play', 'open-field', '--seed', String(seed.max), '--turns', String(turns.max), '--quiet'])).code).toBe(0);
    expect((await run(['play', 'open-field', '--seed', String(seed.min), '--turns', String(turns.min), '--quiet'])).code).toBe(0);
  });
});

describe('8: what play --log writes, replay, report and Import read', () => {
  const settings: Array<[string, string, string | null]> = [
    ['open-field', '0', '1'], ['open-field', String(SETTING_LIMITS.seed.max), null], ['roadside-village', '12345', '999'],
    ['river-crossing', '4000000000', null], ['two-divisions', '7', '3'], ['hills', '99', '2'],
  ];
  test.each(settings)('%s, seed %s, turns %s: replay gives the same state, report prints it, the format accepts it', async (source, seed, turns) => {
    const log = join(dir, `log-${source}-${seed}.json`);
    const played = await run(['play', source, '--seed', seed, ...(turns ? ['--turns', turns] : []), '--quiet', '--log', log]);
    expect(played.code).toBe(0);
    const saved = JSON.parse(readFileSync(log, 'utf8')) as SavedGame;
    expect(savedGameProblems(saved)).toEqual([]);
    const replayed = await run(['replay', log]);
    expect(replayed.code).toBe(0);
    expect(hashOf(replayed.out)).toBe(hashOf(played.out));
    const report = await run(['report', log, '--out', join(dir, `log-${source}-${seed}.pdf`)]);
    expect(report.err).toBe('');
    expect(report.code).toBe(0);
  }, 60_000);

  /**
   * Open-field with one river edge written `count` times (in rivers of at most 2232 edges, the format's limit): a
   * valid scenario whose file stays under 1 MB while its saved game, one edge square a line, grows past it.
   */
  function heavy(count: number): string {
    const s = templateScenario('open-field')!;
    const per = 2232;
    const rivers = Array.from({ length: Math.ceil(count / per) }, (_, i) => ({
      edges: Array.from({ length: Math.min(per, count - i * per) }, () => ['L1', 'L2'] as [string, string]),
    }));
    s.terrain = { ...s.terrain, rivers };
    return JSON.stringify(s);
  }
  const emptyLog = (text: string) => Buffer.byteLength(JSON.stringify(saveGame(createGame(JSON.parse(text), { seed: 1 })), null, 1) + '\n');

  test('a scenario whose game log alone is over 1 MB is refused before playing, nothing written', async () => {
    const text = heavy(40_000);
    expect(Buffer.byteLength(text)).toBeLessThan(MAX_FILE_BYTES);
    expect(emptyLog(text)).toBeGreaterThan(MAX_FILE_BYTES);
    const log = join(dir, 'heavy-log.json');
    const r = await run(['play', write('heavy.json', text), '--seed', '1', '--log', log]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--log: the game log would be over the 1 MB limit of game files .*its scenario alone takes 1\.\d\d MB.*nothing was played/);
    expect(r.out).toBe('');
    expect(existsSync(log)).toBe(false);
  });

  test('a game whose log grows over 1 MB is not written; the message says so and how to play shorter', async () => {
    // Room for about 5 KB of actions: a whole game of open-field takes far more.
    let count = 20_000;
    for (const step of [4096, 1024, 256, 64, 16, 4, 1]) while (emptyLog(heavy(count + step)) < MAX_FILE_BYTES - 5000) count += step;
    const text = heavy(count);
    const log = join(dir, 'heavier-log.json');
    const r = await run(['play', write('heavier.json', text), '--seed', '2', '--quiet', '--log', log]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--log: the game log is 1\.\d\d MB \(\d+ bytes\) \(\d+ actions, \d+ turns\), over the 1 MB limit .*that replay, report and Import read; nothing was written: play fewer turns with --turns/);
    expect(existsSync(log)).toBe(false);
    // One turn fits, and is read back.
    const short = await run(['play', join(dir, 'heavier.json'), '--seed', '2', '--turns', '1', '--quiet', '--log', log]);
    expect(short.code).toBe(0);
    expect((await run(['replay', log])).code).toBe(0);
  }, 60_000);
});

describe('10: report reads JSON like the other commands; a bad action is named by index and pointer', () => {
  test('report on 100,000 "[" exits 1 with the line and column, not a stack overflow', async () => {
    const r = await run(['report', write('deep.json', '['.repeat(100_000)), '--out', join(dir, 'deep.pdf')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('This is not valid JSON at line 1, column 65: arrays and objects are nested more than 64 deep.');
    expect(existsSync(join(dir, 'deep.pdf'))).toBe(false);
  });
  test('report on a syntax error names its line and column', async () => {
    const r = await run(['report', write('broken.json', '{\n  "format": "nevsky-game",\n  "seed" 1\n}'), '--out', join(dir, 'broken.pdf')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken\.json: This is not a saved game: this is not valid JSON at line 3, column 10/);
  });
  test('report on a file over 1 MB exits 1 unread, like validate', async () => {
    const r = await run(['report', write('huge.json', ' '.repeat(MAX_FILE_BYTES + 1)), '--out', join(dir, 'huge.pdf')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/huge\.json: the file is 1\.0 MB \(1048577 bytes\); files are limited to 1 MB/);
  });

  const game = saveGame(createGame(templateScenario('open-field')!, { seed: 1 }));
  const broken = { ...game, actions: [...game.actions, { type: 'move', side: 'nobody', unit: 'x', to: 'A1' }] } as SavedGame;
  const index = game.actions.length;
  test.each(['replay', 'report'])('%s names the action that does not replay by index, JSON pointer and type', async (command) => {
    const file = write(`bad-action-${command}.json`, JSON.stringify(broken));
    const r = await run(command === 'replay' ? ['replay', file] : ['report', file, '--out', join(dir, 'bad-action.pdf')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`bad-action-${command}.json: action ${index} (/actions/${index}, a move): `);
  });
  test('a saved game with a malformed action names it the same way', () => {
    const bad = { ...game, actions: [{ type: 'move', side: 'teutonic', to: 'not a square' }] };
    expect(savedGameProblems(bad).join('\n')).toMatch(/^action 0 \(\/actions\/0\/to, a move\): actions\[0\]\.to/m);
  });
  test('Import (the problems dialog) shows "Action 151 (/actions/151, a move): ...", not "The file 152 (move)"', () => {
    const text = plainProblem({ code: 'schema', message: actionFault(151, 'move', "It is russian's turn to act, not teutonic's.") }).text;
    expect(text).toBe("Action 151 (/actions/151, a move): It is russian's turn to act, not teutonic's.");
    expect(plainProblem({ code: 'schema', message: 'action 0 (/actions/0/to, a move): actions[0].to is "Z", which is not a square label like "C4".' }).text)
      .toBe('Action 0 (/actions/0/to, a move): actions[0].to is "Z", which is not a square label like "C4".');
  });
});
