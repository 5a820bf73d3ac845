import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';
import { serializeScenario, templateScenario } from '../../src/scenario';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const dir = mkdtempSync(join(tmpdir(), 'nevsky-cli-'));
const good = join(dir, 'good.json');
const bad = join(dir, 'bad.json');
const broken = join(dir, 'broken.json');
const s = templateScenario('open-field')!;
writeFileSync(good, serializeScenario(s));
s.sides[0]!.units[0]!.at = 'B6';
writeFileSync(bad, serializeScenario(s));
writeFileSync(broken, '{ "format": ');

describe('nevsky validate', () => {
  test('exit 0 and OK for a clean file; templates validate', async () => {
    const r = await run(['validate', good, 'templates/river-crossing.json']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/good\.json: OK \(0 errors, 0 warnings\)/);
    expect(r.out).toMatch(/warning advice-terrain/);
  });
  test('exit 1 and each diagnostic with severity, code, squares and pointer', async () => {
    const r = await run(['validate', bad]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/error {3}deploy-outside-zone \[B6 \/sides\/0\/units\/0\/at\]: Crossbowmen "t-crossbows-1"/);
  });
  test('exit 1 for a file that is not JSON, with line and column', async () => {
    const r = await run(['validate', broken]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/json.*line 1, column 13/);
  });
  test('exit 2 for an unreadable file or no arguments', async () => {
    expect((await run(['validate', join(dir, 'missing.json')])).code).toBe(2);
    const none = await run(['validate']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/Usage: nevsky validate/);
    expect((await run(['validate', '--bogus', good])).code).toBe(2);
  });
  test('--json prints one parseable report', async () => {
    const r = await run(['validate', '--json', good, bad]);
    const report = JSON.parse(r.out) as { files: Array<{ file: string; diagnostics: Array<{ code: string }> }> };
    expect(report.files.map((f) => f.diagnostics.map((d) => d.code))).toEqual([[], ['deploy-outside-zone']]);
    expect(r.code).toBe(1);
  });
  test('--help lists the commands; an unknown command exits 2', async () => {
    expect((await run(['--help'])).out).toMatch(/validate/);
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});
