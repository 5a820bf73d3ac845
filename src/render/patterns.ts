/** SVG pattern fills (hatch, stipple, contour) so terrain reads in greyscale as well as in colour. */
import type { Pattern, Svg } from '@svgdotjs/svg.js';
import { TERRAIN_STYLE as T } from '../scenario/symbology';

export interface TerrainPatterns { woods: Pattern; buildings: Pattern; rocks: Pattern; village: Pattern; hill: Pattern }

/** Create the terrain patterns in the drawing's defs. */
export function makePatterns(svg: Svg): TerrainPatterns {
  const hatch = (fill: string, ink: string, id: string) =>
    svg.pattern(8, 8, (p) => {
      p.rect(8, 8).fill(fill);
      p.line(0, 8, 8, 0).stroke({ color: ink, width: 1, opacity: 0.6 });
      p.line(-2, 2, 2, -2).stroke({ color: ink, width: 1, opacity: 0.6 });
      p.line(6, 10, 10, 6).stroke({ color: ink, width: 1, opacity: 0.6 });
    }).attr({ id });
  const woods = hatch(T.woods.fill, T.woods.ink, 'pat-woods');
  const village = hatch(T.village.fill, T.village.ink, 'pat-village');
  const buildings = svg.pattern(10, 10, (p) => { p.rect(10, 10).fill(T.buildings.fill); }).attr({ id: 'pat-buildings' });
  const rocks = svg.pattern(7, 7, (p) => {
    p.rect(7, 7).fill(T.rocks.fill);
    p.circle(1.6).center(1.5, 1.5).fill(T.rocks.ink);
    p.circle(1.2).center(5, 4.5).fill(T.rocks.ink);
  }).attr({ id: 'pat-rocks' });
  const hill = svg.pattern(6, 6, (p) => {
    p.rect(6, 6).fill(T.hill.fill);
    p.circle(0.9).center(3, 3).fill(T.hill.ink).opacity(0.35);
  }).attr({ id: 'pat-hill' });
  return { woods, buildings, rocks, village, hill };
}
