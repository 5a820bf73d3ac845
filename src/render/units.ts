/** Unit counters: side colour AND frame style, two-letter code, stand pips, facing arrow; ballista and commander glyphs. */
import type { G } from '@svgdotjs/svg.js';
import { TROOPS, boundedStands, type BoardEdge, type Facing, type Scenario, type UnitSpec } from '../rules';
import { GLYPH, SIDE_STYLES } from '../scenario/symbology';
import { CELL, facingArrowPoints, squareCentre } from './layout';

const W = GLYPH.counterWidth * CELL;
const H = GLYPH.counterHeight * CELL;
/** How far the full-size ballista glyph reaches from its centre (engine() at scale 1). */
const ENGINE_HALF = 12;

interface Placed { unit: UnitSpec; edge: BoardEdge; sideId: string }

function textColour(edge: BoardEdge): string {
  return edge === 'north' ? '#ffffff' : SIDE_STYLES[edge].ink;
}

function star(g: G, x: number, y: number, r: number, fill: string, ink: string): void {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
  }
  g.polygon(pts).fill(fill).stroke({ color: ink, width: 1 });
}

function engine(g: G, x: number, y: number, scale: number, ink: string, fill: string): void {
  // A ballista seen from above: a bow across a stock, on a carriage with two wheels.
  const s = scale;
  g.rect(18 * s, 10 * s).move(x - 9 * s, y - 3 * s).radius(2 * s).fill(fill).stroke({ color: ink, width: 1.2 });
  g.path(`M${x - 11 * s},${y - 2 * s} Q${x},${y - 12 * s} ${x + 11 * s},${y - 2 * s}`).fill('none').stroke({ color: ink, width: 1.8 });
  g.line(x, y + 7 * s, x, y - 9 * s).stroke({ color: ink, width: 1.8 });
  g.circle(4 * s).center(x - 7 * s, y + 8 * s).fill(ink);
  g.circle(4 * s).center(x + 7 * s, y + 8 * s).fill(ink);
}

/** The facing arrow, outside a body of half-size halfW x halfH (a counter by default). */
function arrow(g: G, cx: number, cy: number, facing: Facing, ink: string, halfW = W / 2, halfH = H / 2): void {
  g.polygon(facingArrowPoints(cx, cy, facing, halfW, halfH)).fill(ink).stroke({ color: '#ffffff', width: 0.8 });
}

/** A counter centred on (cx, cy), `k` times its full size. */
function counter(g: G, p: Placed, cx: number, cy: number, k = 1): void {
  const style = SIDE_STYLES[p.edge];
  const spec = TROOPS[p.unit.type];
  const w = W * k, h = H * k;
  const x = cx - w / 2, y = cy - h / 2;
  const r = GLYPH.cornerRadius * CELL * k;
  g.rect(w, h).move(x, y).radius(r).fill(style.fill).stroke({ color: style.ink, width: 1.6 });
  if (style.frame === 'outlined') g.rect(w - 5 * k, h - 5 * k).move(x + 2.5 * k, y + 2.5 * k).radius(r / 2).fill('none').stroke({ color: '#ffffff', width: 1.2 });
  g.plain(spec.code).font({ size: 11 * k, weight: 700, family: 'system-ui, sans-serif', anchor: 'middle' }).fill(textColour(p.edge))
    .attr({ x: cx, y: cy + 2 * k });
  const stands = boundedStands(p.unit.type, p.unit.stands);
  const pip = GLYPH.pip * CELL * k;
  for (let i = 0; i < stands; i++) {
    const px = cx - ((stands - 1) * pip * 2.4) / 2 + i * pip * 2.4;
    g.circle(pip * 2).center(px, y + h - pip - 1.5 * k).fill(textColour(p.edge));
  }
}

/** Size of each counter in a square that holds both sides (a melee's contact square), so that both show. */
const MELEE_SCALE = 0.72;

/** Draw every deployed unit of both sides, grouped by square. */
export function drawUnits(g: G, s: Scenario): void {
  const bySquare = new Map<string, Placed[]>();
  for (const side of s.sides) {
    for (const unit of side.units) {
      if (!unit.at) continue;
      const list = bySquare.get(unit.at) ?? [];
      list.push({ unit, edge: side.edge, sideId: side.id });
      bySquare.set(unit.at, list);
    }
  }
  for (const [sq, list] of bySquare) {
    const c = squareCentre(sq);
    const bodies = list.filter((p) => p.unit.type !== 'commander' && p.unit.type !== 'ballista');
    const engines = list.filter((p) => p.unit.type === 'ballista');
    const commanders = list.filter((p) => p.unit.type === 'commander');
    // With an engine in the square the counters move down and right, leaving the top-left corner to the engine.
    const shift = engines.length > 0 && bodies.length > 0 ? { x: CELL * 0.08, y: CELL * 0.15 } : { x: 0, y: 0 };
    // Both sides in one square (a melee in play): each side's counters smaller, the north side's up and to the left
    // of the centre, the other's down and to the right, so that neither hides the other.
    const melee = bodies.some((p) => p.edge !== bodies[0]!.edge);
    bodies.forEach((p, i) => {
      const ug = g.group().attr({ 'data-unit': p.unit.id, 'data-side': p.sideId });
      const facing = p.unit.facing ?? (p.edge === 'north' ? 'S' : 'N');
      if (melee) {
        const mine = bodies.filter((b) => b.edge === p.edge);
        const sign = p.edge === 'north' ? -1 : 1;
        const off = (mine.indexOf(p) - (mine.length - 1) / 2) * 3;
        const x = c.x + sign * CELL * 0.17 + off, y = c.y + sign * CELL * 0.2 + off;
        arrow(ug, x, y, facing, SIDE_STYLES[p.edge].ink, (W * MELEE_SCALE) / 2, (H * MELEE_SCALE) / 2);
        counter(ug, p, x, y, MELEE_SCALE);
        return;
      }
      const off = (i - (bodies.length - 1) / 2) * 5;
      arrow(ug, c.x, c.y, facing, SIDE_STYLES[p.edge].ink);
      counter(ug, p, c.x + off + shift.x, c.y + off + shift.y);
    });
    for (const p of engines) {
      const ug = g.group().attr({ 'data-unit': p.unit.id, 'data-side': p.sideId });
      const style = SIDE_STYLES[p.edge];
      if (bodies.length === 0) {
        arrow(ug, c.x, c.y, p.unit.facing ?? (p.edge === 'north' ? 'S' : 'N'), style.ink, ENGINE_HALF, ENGINE_HALF);
        engine(ug, c.x, c.y, 1, style.ink, style.fill);
      } else engine(ug, c.x - CELL * 0.26, c.y - CELL * 0.3, 0.5, style.ink, style.fill);
    }
    for (const p of commanders) {
      const ug = g.group().attr({ 'data-unit': p.unit.id, 'data-side': p.sideId });
      const style = SIDE_STYLES[p.edge];
      if (bodies.length === 0 && engines.length === 0) {
        arrow(ug, c.x, c.y, p.unit.facing ?? (p.edge === 'north' ? 'S' : 'N'), style.ink, CELL * 0.28, CELL * 0.28);
        ug.circle(CELL * 0.56).center(c.x, c.y).fill(style.fill).stroke({ color: style.ink, width: 1.6 });
        star(ug, c.x, c.y, CELL * GLYPH.star * 1.4, '#ffe066', style.ink);
      } else star(ug, c.x + W / 2 - 2 + shift.x, c.y - H / 2 - 1 + shift.y, CELL * GLYPH.star, '#ffe066', style.ink);
    }
  }
}
