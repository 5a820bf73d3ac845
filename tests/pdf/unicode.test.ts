/** Issue 12, item 1: any language prints as typed (embedded DejaVu Sans), missing characters are named, control characters are harmless. */
import { beforeAll, describe, expect, test } from 'vitest';
import { buildPrintPdf, cleanText, DEFAULT_PRINT_OPTIONS, PLACEHOLDER, printPlan, unprintableCharacters, type PdfFonts, type PrintOptions } from '../../src/pdf';
import { printFonts } from '../../src/cli/print-fonts';
import type { Scenario } from '../../src/rules';
import { TEMPLATES } from '../../src/scenario';
import { pdfText } from './pdf-text';

let fonts: PdfFonts;
beforeAll(async () => { fonts = await printFonts(); });

const options = (over: Partial<PrintOptions>): PrintOptions => ({ ...DEFAULT_PRINT_OPTIONS, printedOn: '2026-11-23', fonts, ...over });
const base = (): Scenario => structuredClone(TEMPLATES.find((t) => t.id === 'open-field')!.scenario);

/** A scenario whose texts are in the language under test. */
function localised(title: string, sideName: string, unitId: string, description = ''): Scenario {
  const s = base();
  s.meta.title = title;
  s.meta.description = description;
  s.sides[0]!.name = sideName;
  s.sides[0]!.units[0]!.id = unitId;
  return s;
}

const squash = (t: string): string => t.replace(/\s+/g, '');

describe('1 any language: titles, side names and unit ids print as typed', { timeout: 30_000 }, () => {
  test.each([
    ['Russian (Cyrillic)', 'Ледовое побоище', 'Новгородская рать', 'рыцари-1'],
    ['Polish (Latin with diacritics)', 'Bitwa nad Łabą, źródło ŻÓŁĆ', 'Zakon Krzyżacki', 'rycerze-ąę'],
    ['Greek', 'Μάχη της λίμνης', 'Τάγμα των Ιπποτών', 'ιππείς-1'],
    ['Czech and German', 'Příběh – Überfall', 'Deutscher Orden', 'ritter-ž'],
  ])('%s', async (_lang, title, side, unit) => {
    const s = localised(title, side, unit);
    let missing: string[] = [];
    const bytes = await buildPrintPdf(s, options({ documents: ['map', 'rosters'] }), { missing: (m) => { missing = m; } });
    const { pages } = await pdfText(bytes);
    const all = squash(pages.join(' '));
    expect(all).toContain(squash(title));
    expect(all).toContain(squash(`${side} set up here`));
    expect(all).toContain(squash(`Roster: ${side}`));
    expect(all).toContain(unit);
    expect(all).not.toContain('?');
    expect(missing).toEqual([]);
    expect(printPlan(s, options({})).missing).toEqual([]);
  });
});

describe('1 characters the font lacks', () => {
  test('print as the placeholder and are reported, by the plan before building and by the build', async () => {
    const s = localised('Battle 漢 at the 🏰 castle', 'Orden', 'kn-1');
    const plan = printPlan(s, options({ documents: ['map'] }));
    expect(plan.missing).toEqual(['漢', '🏰']);
    let reported: string[] = [];
    const { pages } = await pdfText(await buildPrintPdf(s, options({ documents: ['map'] }), { missing: (m) => { reported = m; } }));
    expect(reported).toEqual(['漢', '🏰']);
    expect(pages[0]).toContain(`Battle ${PLACEHOLDER} at the ${PLACEHOLDER} castle`);
  });

  test('without the Unicode font, Cyrillic is reported rather than printed as a silent "?"', () => {
    expect(unprintableCharacters(['Лед', 'Łaba'])).toEqual(['Л', 'е', 'д', 'Ł']);
    expect(unprintableCharacters(['Лед', 'Łaba'], fonts)).toEqual([]);
  });
});

describe('1 control characters never scramble the page', () => {
  test('bell, escape, bidi override and tabs in a title and a side name', async () => {
    const s = localised('Ford\u0007 at\u001b Uzmen\u202e reversed\tend', 'Nov\u0000gorod\nHost', 'kn-1');
    const { pages } = await pdfText(await buildPrintPdf(s, options({ documents: ['map'] })));
    expect(pages[0]).toContain('Ford at Uzmen reversed end');
    expect(pages[0]).toContain('Novgorod Host set up here');
    // eslint-disable-next-line no-control-regex
    expect(pages[0]).not.toMatch(/[\u0000-\u0008\u001b\u202e]/);
  });

  test.each([
    ['tab', 'a\tb', false, 'a b'],
    ['line break in one-line text', 'a\r\nb', false, 'a b'],
    ['line break in a paragraph', 'a\r\nb', true, 'a\nb'],
    ['right-to-left override', 'a\u202eb', false, 'ab'],
    ['decomposed accent is composed', 'Krzyz\u0307acki', false, 'Krzyżacki'],
  ])('cleanText: %s', (_name, input, multiline, expected) => {
    expect(cleanText(input, () => true, false, multiline)).toBe(expected);
  });
});
