/** "What matters" overlay for the Balance tab: the five removals that moved the win rates most, outlined and numbered. */
import type { Element, G, Svg } from '@svgdotjs/svg.js';
import type { Square } from '../rules';
import { CELL, squareOrigin } from './layout';

export class MattersLayer {
  private readonly layer: G;
  private last: ReadonlyArray<{ rank: number; squares: readonly Square[] }> | null = null;

  constructor(svg: Svg) {
    this.layer = svg.group().attr({ class: 'layer-matters', 'pointer-events': 'none' });
    // Over the counters: a numbered outline must show on a unit's square too.
    const after = svg.findOne('.layer-units') as Element | null;
    if (after) this.layer.insertAfter(after);
  }

  /** Outline each mark's squares and number its first square by rank (nothing for null). */
  draw(marks: ReadonlyArray<{ rank: number; squares: readonly Square[] }> | null): void {
    if (marks === this.last) return;
    this.last = marks;
    this.layer.clear();
    for (const m of marks ?? []) {
      for (const sq of m.squares) {
        const o = squareOrigin(sq);
        // A white band under the blue dashes keeps the outline visible on any terrain.
        this.layer.rect(CELL - 7, CELL - 7).move(o.x + 3.5, o.y + 3.5).fill('none').stroke({ color: '#ffffff', width: 4 });
        this.layer.rect(CELL - 7, CELL - 7).move(o.x + 3.5, o.y + 3.5).fill('none').stroke({ color: '#1f4e9c', width: 2.5, dasharray: '6 3' })
          .attr({ 'data-matters': m.rank, 'data-square': sq });
      }
      const head = m.squares[0];
      if (!head) continue;
      const o = squareOrigin(head);
      this.layer.circle(16).center(o.x + 10, o.y + 10).fill('#1f4e9c').stroke({ color: '#ffffff', width: 1.5 });
      this.layer.plain(String(m.rank)).font({ family: 'sans-serif', size: 11, weight: 700, anchor: 'middle' }).fill('#ffffff')
        .attr({ x: o.x + 10, y: o.y + 14, 'data-matters-rank': m.rank });
    }
  }
}
