/** Issue 44: the print commands' words. `--scale 15mm` means 15 mm FIGURES (3 in squares); `reference --large-print`. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { scaleOption } from '../../src/cli/commands/pdf';
import { main } from '../../src/cli/main';
import { serializeScenario, templateScenario } from '../../src/scenario';
import { pdfText } from '../pdf/pdf-text';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(args, { out: (t) => out.push(t), err: (t) => err.push(t) }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}
const dir = mkdtempSync(join(tmpdir(), 'nevsky-print-options-'));

describe('--scale names the figures, unambiguously', { timeout: 60_000 }, () => {
  test.each([
    ['fit', 'fit'], ['15mm-figures', '15mm'], ['3in-squares', '15mm'], ['25mm-figures', '25mm'], ['4in-squares', '25mm'],
    // The old spellings keep working, with the figures' meaning.
    ['15mm', '15mm'], ['25mm', '25mm'],
  ])('--scale %s is the %s map', (word, scale) => {
    expect(scaleOption(word)).toBe(scale);
  });

  test.each(['15', '20mm', '15mm-squares', 'toString'])('--scale %s is refused with the choices in words', (word) => {
    expect(() => scaleOption(word)).toThrow(/15mm-figures \(3 in squares\).*not the squares/);
  });

  test('the help says 15mm and 25mm are the figures\' size and names the squares', async () => {
    const { out } = await run(['pdf', '--help']);
    expect(out).toContain('--scale fit|15mm-figures|25mm-figures');
    expect(out).toMatch(/15mm-figures \(or 3in-squares\): table scale for 15mm figures, 3 inch squares/);
    expect(out).toMatch(/"15mm" and "25mm" still work and mean the FIGURES' size/);
  });

  test('the plan line says "for 15mm figures (3 in squares)", not "15mm scale"', async () => {
    const file = join(dir, 'open.json');
    writeFileSync(file, serializeScenario(templateScenario('open-field')!));
    const { code, out } = await run(['pdf', file, '--out', dir, '--only', 'map', '--scale', '15mm-figures']);
    expect(code).toBe(0);
    expect(out).toContain('open-map-15mm.pdf');
    expect(out).toContain('at table scale for 15mm figures (3 in squares)');
    expect(out).not.toContain('15mm scale');
  });
});

describe('nevsky reference --large-print', { timeout: 60_000 }, () => {
  test('writes the large-print sheet (more pages than the standard two); the help explains it', async () => {
    const standard = join(dir, 'ref.pdf');
    const large = join(dir, 'ref-large.pdf');
    expect((await run(['reference', '--out', standard])).code).toBe(0);
    expect((await run(['reference', '--out', large, '--large-print'])).code).toBe(0);
    expect((await pdfText(new Uint8Array(readFileSync(standard)))).pages).toHaveLength(2);
    expect((await pdfText(new Uint8Array(readFileSync(large)))).pages.length).toBeGreaterThan(2);
    expect((await run(['reference', '--help'])).out).toMatch(/--large-print +large print for reading at arm's length/);
  });
});
