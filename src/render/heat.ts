/** Heat-map overlay for balance estimates: squares shaded by a count (stands lost or melees fought there). */
import type { Element, G, Svg } from '@svgdotjs/svg.js';
import { CELL, squareOrigin } from './layout';

export class HeatLayer {
  private readonly layer: G;
  private last: Record<string, number> | null = null;

  constructor(svg: Svg) {
    this.layer = svg.group().attr({ class: 'layer-heat', 'pointer-events': 'none' });
    // Under the counters, over the terrain: the units stay readable.
    const units = svg.findOne('.layer-units') as Element | null;
    if (units) this.layer.insertBefore(units);
  }

  /** Shade each square by its share of the largest count (nothing for null). */
  draw(counts: Record<string, number> | null): void {
    if (counts === this.last) return;
    this.last = counts;
    this.layer.clear();
    if (!counts) return;
    const max = Math.max(0, ...Object.values(counts));
    if (max <= 0) return;
    for (const [sq, n] of Object.entries(counts)) {
      if (n <= 0) continue;
      const o = squareOrigin(sq);
      const share = n / max;
      this.layer.rect(CELL, CELL).move(o.x, o.y).fill('#b2182b').opacity(0.12 + 0.58 * share).attr({ 'data-heat': sq, 'data-count': n });
    }
  }
}
