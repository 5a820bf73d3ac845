import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main';

function capture() {
  const out: string[] = [], err: string[] = [];
  return { io: { out: (t: string) => { out.push(t); }, err: (t: string) => { err.push(t); } }, out, err };
}
const dir = mkdtempSync(join(tmpdir(), 'rosters-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const example = (name: string) => new URL(`../../templates/rosters/${name}`, import.meta.url).pathname;

describe('nevsky roster', () => {
  test('a valid Dewitt roster prints its units with points and exits 0', async () => {
    const c = capture();
    expect(await main(['roster', example('dewitt-english-retinue.json')], c.io)).toBe(0);
    const text = c.out.join('\n');
    expect(text).toMatch(/OK \(0 errors, 0 warnings\)/);
    // Running total by hand at the billmen: 100 + 50 + 9 x (12 + 2 - 1) + 6 x (8 + 1 - 1).
    expect(text).toMatch(new RegExp(`Billmen\\s+${6 * (8 + 1 - 1)}\\s+${100 + 50 + 9 * (12 + 2 - 1) + 6 * (8 + 1 - 1)}\\s+Heavy foot`));
    // Total by hand: leaders 100 + 50, then figures x cost for each unit of the example.
    const total = 100 + 50 + 9 * (12 + 2 - 1) + 6 * (8 + 1 - 1) + 18 * (4 + 2 - 1) + 12 * (4 + 2 - 1) + 6 * (12 + 2);
    expect(text).toMatch(new RegExp(`Total\\s+${total}\\s+\\(agreed limit 700\\)`));
  });
  test('a valid Splendid Victory roster says it has no points', async () => {
    const c = capture();
    expect(await main(['roster', example('splendid-victory-eastern-association.json')], c.io)).toBe(0);
    expect(c.out.join('\n')).toContain('these rules have no points');
  });
  test('a roster breaking a rule exits 1 and prints the diagnostic', async () => {
    const c = capture();
    const bad = file('bad.json', JSON.stringify({ format: 'roster', version: 1, ruleset: 'dewitt-medieval', meta: { title: 'x' }, options: { pointsLimit: 10 }, units: [{ id: 'g', kind: 'general' }] }));
    expect(await main(['roster', bad], c.io)).toBe(1);
    expect(c.out.join('\n')).toMatch(/error\s+over-points \[\/options\/pointsLimit\]: The army costs 50 points, 40 over/);
  });
  test('a file that is not JSON exits 1 with the place of the fault', async () => {
    const c = capture();
    expect(await main(['roster', file('broken.json', '{\n  "format": }')], c.io)).toBe(1);
    expect(c.out.join('\n')).toMatch(/json: This is not valid JSON at line 2/);
  });
  test.each([[[]], [['a.json', 'b.json']], [[join(dir, 'missing.json')]]])('bad arguments or an unreadable file exit 2 (%j)', async (args) => {
    const c = capture();
    expect(await main(['roster', ...args], c.io)).toBe(2);
    expect(c.err.join('\n').length).toBeGreaterThan(0);
  });
  test('--json prints one object with units and points', async () => {
    const c = capture();
    expect(await main(['roster', example('nevsky-teutonic-division.json'), '--json'], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n')) as { valid: boolean; points: { total: number; limit: number } };
    expect(report.valid).toBe(true);
    expect(report.points.total).toBe(report.points.limit);
  });
  test('the help does not offer --pdf until the print module is in', async () => {
    const c = capture();
    expect(await main(['roster', '--help'], c.io)).toBe(0);
    expect(c.out.join('\n')).not.toContain('--pdf');
  });
});
