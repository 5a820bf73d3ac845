/** A tiny benchmark harness for `npm run bench`: sections report rows of figures. */

export interface BenchRow { label: string; value: number; unit: string; note?: string }
export interface BenchSection { name: string; run(): Promise<BenchRow[]> | BenchRow[] }

/** Calls per second of `fn`, measured over at least `ms` milliseconds after a warm-up. */
export function perSecond(fn: () => unknown, ms = 1000): number {
  const warm = performance.now() + Math.min(200, ms / 4);
  while (performance.now() < warm) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 16; i++) fn();
    n += 16;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

/** Median and worst of a list of numbers. */
export function medianAndMax(xs: number[]): { median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] ?? NaN, max: s[s.length - 1] ?? NaN };
}
