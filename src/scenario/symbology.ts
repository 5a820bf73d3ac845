/**
 * The visual vocabulary shared by the editor's SVG map and the printed PDFs (../design/ui.md): side colours
 * and markers, terrain colours and patterns. Plain data, so svg.js and pdfkit draw the same symbols.
 * Colours are Okabe-Ito pairs that stay distinct under deuteranopia and protanopia; every distinction also
 * has a shape or pattern so the map reads in greyscale.
 */
import type { BoardEdge } from '../rules';

export interface SideStyle {
  /** Fill of the unit counter. */
  fill: string;
  /** Frame and text colour. */
  ink: string;
  /** Light tint of the side's set-up zone. */
  zoneTint: string;
  /** North side: solid frame; south side: outlined (double) frame. */
  frame: 'solid' | 'outlined';
}

/** Styles by board edge (both sides may field the same army, so colour follows the edge). */
export const SIDE_STYLES: Readonly<Record<BoardEdge, SideStyle>> = {
  north: { fill: '#0072B2', ink: '#0b2d4a', zoneTint: '#d6e9f5', frame: 'solid' },
  south: { fill: '#E69F00', ink: '#5a3a00', zoneTint: '#fbecd0', frame: 'outlined' },
};

export const TERRAIN_STYLE = {
  paper: '#f7f3e8',
  grid: '#b9b2a0',
  label: '#4a4535',
  woods: { fill: '#cfe3c4', ink: '#2f6b2f' },
  buildings: { fill: '#e6dccb', ink: '#6b4f2f' },
  rocks: { fill: '#dedbd5', ink: '#55524c' },
  village: { fill: '#eadfc9', ink: '#6b4f2f' },
  road: { fill: '#e8d3a6', edge: '#9c7a3c' },
  river: { fill: '#56B4E9', edge: '#1d5f8a' },
  ford: { ink: '#1d5f8a' },
  bridge: { ink: '#3b2a14' },
  hill: { fill: '#efe3c2', ink: '#8a6d2f' },
  error: '#c0392b',
  warning: '#d4a017',
} as const;

/** The commander's star badge and the ballista's engine glyph are drawn by each renderer from this size ratio. */
export const GLYPH = { counterWidth: 0.78, counterHeight: 0.5, cornerRadius: 0.08, pip: 0.045, star: 0.16 } as const;
