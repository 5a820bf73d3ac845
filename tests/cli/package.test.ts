/**
 * The packed command line (issue 45): `npm pack` ships plain JavaScript (bin/ and the esbuild bundle in dist-cli/),
 * never the TypeScript sources, and the unpacked package runs every kind of command from another folder with only
 * its declared run-time dependencies at hand (tsx and esbuild are development dependencies).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string; bin: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
let work = '';
let files: string[] = [];

/** Run the unpacked `nevsky` from a folder that is not the package's. */
function nevsky(...args: string[]) {
  return spawnSync(process.execPath, [join(work, 'pkg', pkg.bin.nevsky!), ...args], { cwd: join(work, 'elsewhere'), encoding: 'utf8', timeout: 120_000 });
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { cwd: ROOT, stdio: 'pipe' });
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
  work = mkdtempSync(join(tmpdir(), 'nevsky-pack-'));
  // The package as npm would unpack it: its listed files, and only its run-time dependencies in node_modules.
  for (const f of files) {
    mkdirSync(dirname(join(work, 'pkg', f)), { recursive: true });
    cpSync(join(ROOT, f), join(work, 'pkg', f));
  }
  for (const dep of Object.keys(pkg.dependencies)) {
    const to = join(work, 'pkg', 'node_modules', dep);
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), to);
  }
  mkdirSync(join(work, 'elsewhere'));
}, 120_000);

afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

describe('the packed command line', () => {
  it('ships the bin, the bundle and the templates, and no TypeScript sources', () => {
    expect(files).toContain(pkg.bin.nevsky);
    expect(files).toContain('dist-cli/nevsky.mjs');
    expect(files).toContain('dist-cli/balance-worker.mjs');
    expect(files).toContain('templates/open-field.json');
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(readFileSync(join(ROOT, pkg.bin.nevsky!), 'utf8')).toMatch(/^#!\/usr\/bin\/env node/);
  });

  it('needs neither tsx nor esbuild to run', () => {
    for (const dev of ['tsx', 'esbuild']) {
      expect(pkg.dependencies).not.toHaveProperty(dev);
      expect(pkg.devDependencies).toHaveProperty(dev);
    }
  });

  it('validates a template by its id from any folder', () => {
    const r = nevsky('validate', 'open-field');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('open-field: OK');
    expect(r.status).toBe(0);
  });

  it('plays a template and writes a reference sheet with the bundled fonts', () => {
    const played = nevsky('play', 'river-crossing', '--seed', '3', '--turns', '2');
    expect(played.status).toBe(0);
    expect(played.stdout).toMatch(/turn 1/i);
    const ref = nevsky('reference', '--out', 'ref.pdf');
    expect(ref.status).toBe(0);
    expect(readFileSync(join(work, 'elsewhere', 'ref.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the map of a template and checks an example roster by their ids', () => {
    const map = nevsky('pdf', 'hills', '--out', '.', '--only', 'map');
    expect(map.status).toBe(0);
    expect(readFileSync(join(work, 'elsewhere', 'hills-map-fit.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const roster = nevsky('roster', 'dewitt-english-retinue');
    expect(roster.stdout).toContain('dewitt-english-retinue: OK');
    expect(roster.status).toBe(0);
  });

  it('names the bundled ids when neither a file nor a template has the name', () => {
    const r = nevsky('validate', 'no-such-scenario');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no-such-scenario: cannot read (no such file)');
    expect(r.stderr).toContain('open-field');
  });

  it('stops quietly when its reader closes the pipe', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${join(work, 'pkg', pkg.bin.nevsky!)}" roster dewitt-english-retinue | head -c 10 >/dev/null`], { cwd: join(work, 'elsewhere'), encoding: 'utf8' });
    expect(r.stderr).not.toMatch(/EPIPE|at /);
  });

  it('runs a balance estimate on its prebuilt worker thread', () => {
    const r = nevsky('balance', 'open-field', '--games', '10', '--workers', '1', '--policy', 'random', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { games: number }).games).toBe(10);
  });

  it('says how to build it when a checkout has no bundle and no sources to run', () => {
    const bare = join(work, 'bare');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    cpSync(join(ROOT, pkg.bin.nevsky!), join(bare, pkg.bin.nevsky!));
    const r = spawnSync(process.execPath, [join(bare, pkg.bin.nevsky!), '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('npm run build:cli');
    expect(existsSync(join(bare, 'dist-cli'))).toBe(false);
  });
});
