/** Odds aids for the printed sheets: chances of single dice, expected hits, and dice-total contests. */

/** Chance that one die with `sides` faces shows `target` or less (clamped to 0..1). */
export function chanceAtMost(target: number, sides = 6): number {
  return Math.min(1, Math.max(0, Math.floor(target) / sides));
}

/** Chance that one die shows `target` or more. */
export function chanceAtLeast(target: number, sides = 6): number {
  return chanceAtMost(sides - Math.ceil(target) + 1, sides);
}

/** Expected hits from `dice` dice that each hit with chance `perDie`. */
export function expectedHits(dice: number, perDie: number): number {
  return Math.max(0, dice) * perDie;
}

/** Chance of at least one hit from `dice` dice that each hit with chance `perDie`. */
export function chanceOfAnyHit(dice: number, perDie: number): number {
  return dice <= 0 ? 0 : 1 - (1 - perDie) ** dice;
}

/** Distribution of the total of `count` dice with `sides` faces: index = total. */
export function totalDistribution(count: number, sides = 6): number[] {
  let dist = [1];
  for (let d = 0; d < count; d++) {
    const next = new Array<number>(dist.length + sides).fill(0);
    dist.forEach((p, total) => {
      for (let face = 1; face <= sides; face++) next[total + face] = (next[total + face] ?? 0) + p / sides;
    });
    dist = next;
  }
  return dist;
}

/**
 * Chance that side A's total is strictly lower than side B's when both throw their dice and ties are thrown
 * again (the low total wins): P(A < B) / (1 - P(A = B)).
 */
export function chanceLowerTotalWins(diceA: number, diceB: number, sides = 6): number {
  const a = totalDistribution(diceA, sides);
  const b = totalDistribution(diceB, sides);
  let lower = 0, equal = 0;
  a.forEach((pa, ta) => {
    b.forEach((pb, tb) => {
      if (ta < tb) lower += pa * pb;
      else if (ta === tb) equal += pa * pb;
    });
  });
  return equal >= 1 ? 0.5 : lower / (1 - equal);
}

/** A chance as a whole percentage for print: "33%", with "<1%" and ">99%" at the ends. */
export function percent(p: number): string {
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const v = Math.round(p * 100);
  if (v < 1) return '<1%';
  if (v > 99) return '>99%';
  return `${v}%`;
}

/** A number of hits for print with up to two decimals: 1, 0.5, 0.33. */
export function hits(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Rows "dice | expected hits | chance of at least one hit" for 1..maxDice dice. */
export function expectedHitsRows(perDie: number, maxDice: number): string[][] {
  const rows: string[][] = [];
  for (let n = 1; n <= maxDice; n++) rows.push([String(n), hits(expectedHits(n, perDie)), percent(chanceOfAnyHit(n, perDie))]);
  return rows;
}
