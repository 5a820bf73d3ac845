/** Colour-vision simulation for tests: Machado, Oliveira and Fernandes (2009) matrices at full severity, and CIE Lab distance. */

/** Matrices on linear RGB, row-major. */
export const CVD_MATRICES = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
  // Greyscale by relative luminance (what a black-and-white print or screen shows).
  greyscale: [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722],
} as const;
export type Vision = keyof typeof CVD_MATRICES;

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function linearRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace('#', ''), 16);
  return [toLinear(((n >> 16) & 255) / 255), toLinear(((n >> 8) & 255) / 255), toLinear((n & 255) / 255)];
}

/** A colour as seen with the given vision, in linear RGB. */
export function simulate(hex: string, vision: Vision | 'normal'): [number, number, number] {
  const c = linearRgb(hex);
  if (vision === 'normal') return c;
  const m = CVD_MATRICES[vision];
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [0, 1, 2].map((r) => clamp(m[r * 3]! * c[0] + m[r * 3 + 1]! * c[1] + m[r * 3 + 2]! * c[2])) as [number, number, number];
}

/** CIE L*a*b* (D65) of a linear RGB colour. */
function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** Colour difference (CIE76 delta E) between two colours as seen with `vision`. */
export function deltaE(a: string, b: string, vision: Vision | 'normal'): number {
  const p = lab(simulate(a, vision));
  const q = lab(simulate(b, vision));
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** An SVG feColorMatrix `values` string for the simulation (alpha row added). */
export function feColorMatrixValues(vision: Vision): string {
  const m = CVD_MATRICES[vision];
  return `${m.slice(0, 3).join(' ')} 0 0 ${m.slice(3, 6).join(' ')} 0 0 ${m.slice(6, 9).join(' ')} 0 0 0 0 0 1 0`;
}
