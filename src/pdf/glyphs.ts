/**
 * Unit symbols in pdfkit, after the shared visual language (../design/ui.md, src/scenario/symbology.ts): a
 * rounded counter in the side's colour with a solid (north) or double (south) frame, the two-letter troop code,
 * pips for stands and a facing arrow; the ballista as its own engine glyph; the commander as a star badge.
 */
import { FACING_VECTORS, TROOPS, type BoardEdge, type Facing } from '../rules';
import type { ResolvedUnit } from '../scenario';
import { GLYPH, SIDE_STYLES } from '../scenario/symbology';
import type { Ink } from './options';
import { FONT, type Doc } from './pdfkit';

const WHITE = '#ffffff';

/** Angle in degrees (clockwise from north, as pdfkit rotates) of a facing. */
export function facingAngle(f: Facing): number {
  const [x, y] = FACING_VECTORS[f];
  return (Math.atan2(x, -y) * 180) / Math.PI;
}

/** An arrow from (cx, cy) out to `length` in the facing direction, drawn under the counter. */
function facingArrow(doc: Doc, cx: number, cy: number, facing: Facing, length: number, color: string): void {
  const head = length * 0.28;
  doc.save().translate(cx, cy).rotate(facingAngle(facing));
  doc.lineWidth(Math.max(0.6, length * 0.07)).strokeColor(color).moveTo(0, 0).lineTo(0, -length + head * 0.6).stroke();
  doc.polygon([0, -length], [-head * 0.6, -length + head], [head * 0.6, -length + head]).fillColor(color).fill();
  doc.restore();
}

/** Five-pointed star centred on (cx, cy) with outer radius r. */
export function starPath(doc: Doc, cx: number, cy: number, r: number): Doc {
  const pts: number[][] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return doc.polygon(...pts);
}

/** The commander's badge: a star on a white disc ringed in the side's ink. */
export function commanderBadge(doc: Doc, cx: number, cy: number, r: number, edge: BoardEdge, ink: Ink): void {
  const style = SIDE_STYLES[edge];
  doc.save().lineWidth(Math.max(0.5, r * 0.12));
  doc.circle(cx, cy, r);
  if (ink === 'color') doc.fillAndStroke(WHITE, style.ink); else doc.strokeColor(style.ink).stroke();
  starPath(doc, cx, cy, r * 0.78);
  if (ink === 'color') doc.fillColor(style.fill).strokeColor(style.ink).lineWidth(r * 0.06).fillAndStroke();
  else doc.strokeColor(style.ink).lineWidth(r * 0.08).stroke();
  doc.restore();
}

/** One counter: troop code, stand pips, frame by side; `w` is its width. */
export function unitCounter(doc: Doc, cx: number, cy: number, w: number, unit: ResolvedUnit, edge: BoardEdge, ink: Ink, arrow = true): void {
  const style = SIDE_STYLES[edge];
  const h = w * (GLYPH.counterHeight / GLYPH.counterWidth);
  const r = w * (GLYPH.cornerRadius / GLYPH.counterWidth);
  const x = cx - w / 2;
  const y = cy - h / 2;
  if (arrow) facingArrow(doc, cx, cy, unit.facing, Math.max(w, h) * 0.72, style.ink);
  const frame = Math.max(0.5, w * 0.035);
  doc.save();
  // Counter body: side colour (colour) or paper (ink saver), with a white plate for the code and pips.
  doc.roundedRect(x, y, w, h, r);
  if (ink === 'color') doc.fillColor(style.fill).fill(); else doc.fillColor(WHITE).fill();
  const ix = w * 0.13;
  const iy = h * 0.13;
  doc.roundedRect(x + ix, y + iy, w - 2 * ix, h - 2 * iy, r * 0.5).fillColor(WHITE).fill();
  if (style.frame === 'solid') {
    doc.lineWidth(frame * 1.8).roundedRect(x, y, w, h, r).strokeColor(style.ink).stroke();
  } else {
    doc.lineWidth(frame).roundedRect(x, y, w, h, r).strokeColor(style.ink).stroke();
    doc.roundedRect(x + frame * 2.2, y + frame * 2.2, w - frame * 4.4, h - frame * 4.4, Math.max(0, r - frame * 2)).stroke();
  }
  const spec = TROOPS[unit.type];
  const size = h * 0.38;
  doc.font(FONT.bold).fontSize(size).fillColor(style.ink);
  const tw = doc.widthOfString(spec.code);
  doc.text(spec.code, cx - tw / 2, y + h * 0.2, { lineBreak: false });
  // Pips: one per stand of full strength, filled for stands present, open for stands lost.
  const full = spec.stands;
  const pr = Math.max(0.4, w * GLYPH.pip * 0.75);
  const gap = pr * 2.8;
  const px0 = cx - ((full - 1) * gap) / 2;
  const py = y + h * 0.7;
  for (let i = 0; i < full; i++) {
    doc.circle(px0 + i * gap, py, pr).lineWidth(pr * 0.35);
    if (i < unit.stands) doc.fillColor(style.ink).fill(); else doc.strokeColor(style.ink).stroke();
  }
  doc.restore();
}

/** The ballista engine: a bow across a stock on two wheels, turned to its facing. */
export function ballistaGlyph(doc: Doc, cx: number, cy: number, size: number, facing: Facing, edge: BoardEdge, ink: Ink): void {
  const style = SIDE_STYLES[edge];
  const u = size / 2;
  doc.save().translate(cx, cy).rotate(facingAngle(facing));
  doc.lineWidth(Math.max(0.6, u * 0.12)).strokeColor(style.ink).lineCap('round');
  // Carriage.
  doc.rect(-u * 0.32, -u * 0.2, u * 0.64, u * 0.9);
  if (ink === 'color') doc.fillAndStroke(style.fill, style.ink); else doc.stroke();
  // Wheels.
  for (const sx of [-1, 1]) {
    doc.circle(sx * u * 0.55, u * 0.5, u * 0.22);
    if (ink === 'color') doc.fillAndStroke(WHITE, style.ink); else doc.stroke();
  }
  // Stock, bow and string.
  doc.moveTo(0, u * 0.55).lineTo(0, -u * 0.95).stroke();
  doc.moveTo(-u * 0.9, -u * 0.35).quadraticCurveTo(0, -u * 1.05, u * 0.9, -u * 0.35).stroke();
  doc.lineWidth(Math.max(0.3, u * 0.05)).moveTo(-u * 0.9, -u * 0.35).lineTo(0, -u * 0.1).lineTo(u * 0.9, -u * 0.35).stroke();
  doc.restore();
}

/** Everything of one side in one square, laid out: the ballista on top, counters below, the commander's badge on top; `scale` shrinks the group. */
export function drawSquareUnits(doc: Doc, left: number, top: number, square: number, units: ResolvedUnit[], edge: BoardEdge, ink: Ink, scale = 1): void {
  const s = square * scale;
  const cx = left + square / 2;
  const cy = top + square / 2;
  top = cy - s / 2;
  const ballista = units.find((u) => u.type === 'ballista');
  const commander = units.find((u) => u.type === 'commander');
  const counters = units.filter((u) => u.type !== 'ballista' && u.type !== 'commander');
  let w = s * GLYPH.counterWidth;
  let baseY = cy;
  if (ballista) {
    w *= counters.length > 0 ? 0.72 : 1;
    const gy = counters.length > 0 ? top + s * 0.27 : cy;
    ballistaGlyph(doc, cx, gy, s * (counters.length > 0 ? 0.36 : 0.6), ballista.facing, edge, ink);
    baseY = counters.length > 0 ? top + s * 0.7 : cy;
  }
  const step = s * 0.08;
  counters.forEach((u, i) => {
    const off = (i - (counters.length - 1) / 2) * step;
    unitCounter(doc, cx + off, baseY + off, w, u, edge, ink, i === 0);
  });
  if (commander) {
    const h = w * (GLYPH.counterHeight / GLYPH.counterWidth);
    if (counters.length > 0) {
      const last = (counters.length - 1) / 2 * step;
      commanderBadge(doc, cx + w / 2 + last - s * 0.02, baseY - h / 2 + last, s * GLYPH.star * 0.85, edge, ink);
    } else {
      facingArrow(doc, cx, cy, commander.facing, s * 0.36, SIDE_STYLES[edge].ink);
      commanderBadge(doc, cx, cy, s * GLYPH.star * 1.4, edge, ink);
    }
  }
}
