/**
 * Where each part of a counter's face goes: facing arrow, troop code (with the commander's star or the ballista's
 * engine beside it), troop name, unit id and a row of pips, stacked top to bottom inside the white panel, each
 * text line as tall as its font's ascent-to-descent so no two lines overlap. On a counter too small for all of
 * them at a readable size the fonts shrink to a floor, then the name is left out (the sheet's key names every
 * code), then the id, then the pips: the code and the arrow always stay, and the code then grows into the room
 * left (on the tiny counters of the largest boards' fit map it may end under the floor: it still fits).
 */
import { FONT, type Doc } from './pdfkit';

/** The smallest type a counter prints: the code, and the name and id lines. */
export const COUNTER_FONT_FLOOR = { code: 4.5, small: 3.5 } as const;

export interface FaceBox { x: number; y: number; w: number; h: number }
export interface CounterFace {
  /** The side's patterned band around the panel. */
  band: number;
  panel: FaceBox;
  arrow: FaceBox;
  /** The code's line; `glyph` is the square beside it for a star or an engine (commander, ballista). */
  code: FaceBox & { size: number; textX: number; glyph: FaceBox | null };
  name: (FaceBox & { size: number }) | null;
  id: (FaceBox & { size: number }) | null;
  pips: (FaceBox & { r: number; gap: number }) | null;
}

export interface FaceText { code: string; name: string; id: string; pips: number; glyph: boolean }

/** Line height (ascent to descent, no gap) of a font per point of size. */
function lineRatio(doc: Doc, font: string): number {
  return doc.font(font).fontSize(10).currentLineHeight(false) / 10;
}

function widthAt(doc: Doc, font: string, size: number, text: string): number {
  return doc.font(font).fontSize(size).widthOfString(text);
}

/** Lay out the face of a counter of w x h points with its top-left corner at (x, y). */
export function counterFace(doc: Doc, x: number, y: number, w: number, h: number, t: FaceText): CounterFace {
  const band = Math.max(1.2, Math.min(w, h) * 0.1);
  const panel = { x: x + band, y: y + band, w: w - 2 * band, h: h - 2 * band };
  const pad = Math.max(0.4, panel.h * 0.03);
  const inner = panel.w - 2 * pad;
  const a = Math.min(band * 1.6, panel.h * 0.2);
  const arrow = { x: x + w / 2 - a, y: panel.y + 0.5, w: 2 * a, h: a };
  const kb = lineRatio(doc, FONT.bold);
  const kr = lineRatio(doc, FONT.regular);
  let code = Math.min(panel.h * 0.34, panel.w * 0.3);
  let small = Math.min(panel.h * 0.13, panel.w * 0.1);
  /** The code line's width at a size: the code, and the glyph (a square of the line's height) beside it. */
  const codeWidth = (size: number): number => widthAt(doc, FONT.bold, size, t.code) + (t.glyph ? size * kb * 1.1 : 0);
  // Every line fits the panel's width.
  code = Math.min(code, (code * inner) / Math.max(codeWidth(code), 1e-6));
  const widest = Math.max(widthAt(doc, FONT.regular, 10, t.name), widthAt(doc, FONT.regular, 10, t.id)) / 10;
  small = Math.min(small, inner / Math.max(widest, 1e-6));
  const pipR = (n: number): number => Math.max(0.8, Math.min(panel.h * 0.04, panel.w / (n * 4)));
  let parts = { name: true, id: true, pips: t.pips > 1 };
  const height = (): number => a + pad + code * kb + (parts.name ? small * kr : 0) + (parts.id ? small * kr : 0) + (parts.pips ? pipR(t.pips) * 3 : 0) + pad;
  // Shrink both fonts together down to their floors, then leave out the name, the id and the pips in turn.
  while (height() > panel.h && (code > COUNTER_FONT_FLOOR.code || small > COUNTER_FONT_FLOOR.small)) {
    code = Math.max(COUNTER_FONT_FLOOR.code, code * 0.95);
    small = Math.max(COUNTER_FONT_FLOOR.small, small * 0.95);
  }
  for (const drop of ['name', 'id', 'pips'] as const) if (height() > panel.h) parts = { ...parts, [drop]: false };
  // A counter without its name (compact ones): the code, which players read, takes the room left, as wide as the panel.
  if (!parts.name) {
    const room = panel.h - (height() - code * kb);
    code = Math.max(0.5, Math.min(room / kb, (code * inner) / Math.max(codeWidth(code), 1e-6)));
  }
  // Share out what room is left evenly between the lines.
  const lines = 1 + (parts.name ? 1 : 0) + (parts.id ? 1 : 0) + (parts.pips ? 1 : 0);
  const spare = Math.max(0, panel.h - height()) / (lines + 1);
  let cy = panel.y + a + pad + spare;
  const cw = codeWidth(code);
  const lineH = code * kb;
  const cx = x + w / 2 - cw / 2;
  const codeBox = {
    x: cx, y: cy, w: cw, h: lineH, size: code, textX: t.glyph ? cx + lineH * 1.1 : cx,
    glyph: t.glyph ? { x: cx, y: cy, w: lineH, h: lineH } : null,
  };
  cy += lineH + spare;
  const line = (on: boolean): (FaceBox & { size: number }) | null => {
    if (!on) return null;
    const box = { x: panel.x + pad, y: cy, w: inner, h: small * kr, size: small };
    cy += small * kr + spare;
    return box;
  };
  const name = line(parts.name);
  const id = line(parts.id);
  let pips: CounterFace['pips'] = null;
  if (parts.pips) {
    const r = pipR(t.pips);
    pips = { x: x + w / 2 - ((t.pips - 1) * r * 3) / 2 - r, y: cy, w: (t.pips - 1) * r * 3 + 2 * r, h: 3 * r, r, gap: r * 3 };
  }
  return { band, panel, arrow, code: codeBox, name, id, pips };
}
