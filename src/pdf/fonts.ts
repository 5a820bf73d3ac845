/**
 * Fonts of the print pack. With `PdfFonts` (the bytes of a Unicode TrueType family, read by the caller: the CLI
 * from the font package, the browser as a Vite asset when printing) every PDF embeds that font, subset by pdfkit
 * to the characters used, so Latin with diacritics, Cyrillic and Greek print as typed. Without it the standard
 * PDF fonts are used and anything outside their Latin-1 repertoire prints as the placeholder.
 *
 * Every string a document draws passes `cleanText`: control characters never reach the page (tabs and line
 * breaks become spaces where the text is one line), and a character the font lacks becomes a visible
 * placeholder and is recorded, so the caller can warn which characters could not be printed.
 */
import { create } from 'fontkit';

/** A Unicode font family as bytes: regular, bold and italic faces (TrueType or OpenType). */
export interface PdfFonts { regular: Uint8Array; bold: Uint8Array; italic: Uint8Array }

/** Names the documents use for the three faces, whichever font backs them. */
export const FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic' } as const;
export type FaceName = (typeof FONT)[keyof typeof FONT];

/** The standard PDF font behind each face when no Unicode font is given. */
export const STANDARD_FACES: Readonly<Record<FaceName, string>> = { 'Body': 'Helvetica', 'Body-Bold': 'Helvetica-Bold', 'Body-Italic': 'Helvetica-Oblique' };

/** What prints in place of a character the font cannot show: a white square (or "?" where even that is missing). */
export const PLACEHOLDER = '\u25a1';

/** The parts of a fontkit font that the print pack uses. */
export interface GlyphSource { hasGlyphForCodePoint(cp: number): boolean; layout: unknown }

const parsed = new WeakMap<Uint8Array, GlyphSource>();
/** Parse a font once per byte array, for coverage checks (pdfkit parses its own copy per document). */
export function openFont(bytes: Uint8Array): GlyphSource {
  let f = parsed.get(bytes);
  if (!f) {
    const font = create(bytes) as unknown as GlyphSource & { fonts?: unknown[] };
    if (typeof font.hasGlyphForCodePoint !== 'function') throw new Error('the print font is a collection or not a TrueType/OpenType font');
    f = font;
    parsed.set(bytes, f);
  }
  return f;
}

/** Characters the standard fonts (WinAnsi encoding) can show besides Latin-1. */
const WIN_ANSI_EXTRA = new Set('\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2122\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc');
/** Close equivalents the standard fonts can show, for symbols our own texts use. */
const STANDARD_EQUIVALENTS: Readonly<Record<string, string>> = { '\u2264': '<=', '\u2265': '>=', '\u2192': '->', '\u2190': '<-', '\u2212': '-', '\u25a1': '?', '\u2610': '[ ]' };

/** A predicate: can the face show this code point? */
export type Coverage = (cp: number) => boolean;

export function standardCoverage(cp: number): boolean {
  return (cp >= 0x20 && cp < 0x7f) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(String.fromCodePoint(cp));
}

/** Printable ASCII only. */
const PLAIN = /^[\x20-\x7e]*$/;
/** True for text of printable ASCII only, which every face prints as it is. */
export const isPlain = (text: string): boolean => PLAIN.test(text);

/** Control characters, bidirectional overrides and other invisible format characters that would disturb a line. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]/g;

/**
 * Text as a face can print it: control characters removed, tabs as spaces, line breaks kept only for
 * multi-line text, non-breaking spaces as spaces, and each character the face lacks as the placeholder
 * (recorded in `missing`).
 */
export function cleanText(text: string, covers: Coverage, standard: boolean, multiline: boolean, missing?: Set<string>): string {
  // Fast path: plain printable ASCII, which every face covers (most of what the documents print).
  if (PLAIN.test(text)) return text;
  let t = String(text).normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '').replace(/\u00a0/g, ' ');
  if (!multiline) t = t.replace(/\n+/g, ' ');
  let out = '';
  for (const ch of t) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || covers(cp)) { out += ch; continue; }
    if (standard && STANDARD_EQUIVALENTS[ch]) { out += STANDARD_EQUIVALENTS[ch]; continue; }
    // Combining marks are dropped quietly when the base letter printed (NFC already merged what it could).
    if (/\p{M}/u.test(ch)) { missing?.add(ch); continue; }
    missing?.add(ch);
    out += covers(PLACEHOLDER.codePointAt(0)!) ? PLACEHOLDER : '?';
  }
  return out;
}

/** The coverage of a font family's regular face (standard fonts when none is given). */
export function coverageOf(fonts: PdfFonts | undefined): Coverage {
  if (!fonts) return standardCoverage;
  const f = openFont(fonts.regular);
  return (cp) => f.hasGlyphForCodePoint(cp);
}

/** The characters of some texts that the fonts cannot print, each once, in order of first use. */
export function unprintableCharacters(texts: Iterable<string>, fonts?: PdfFonts): string[] {
  const covers = coverageOf(fonts);
  const missing = new Set<string>();
  for (const t of texts) cleanText(t, covers, !fonts, true, missing);
  return [...missing];
}

/** "Ω (U+03A9), ✠ (U+2720)": characters named for a warning. */
export function describeCharacters(chars: readonly string[]): string {
  return chars.map((c) => `${/\p{M}/u.test(c) ? `◌${c}` : c} (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
}
