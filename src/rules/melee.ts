/** Melee deployment indicators (MDIs) and melee point losses (9G-9J). */

export const MDIS = ['column', 'line', 'flanking', 'pincers', 'square', 'withdrawal'] as const;
export type Mdi = (typeof MDIS)[number];
export type FightingMdi = Exclude<Mdi, 'withdrawal'>;

/**
 * Reading (digest 10): the only table in which every pair is decided once and each formation beats two.
 * `BEATS[x]` lists the formations x is superior to.
 */
export const BEATS: Readonly<Record<FightingMdi, readonly FightingMdi[]>> = {
  column: ['flanking', 'pincers'],
  line: ['square', 'column'],
  flanking: ['line', 'square'],
  pincers: ['line', 'flanking'],
  square: ['pincers', 'column'],
};

/** Formations a withdrawal gets away from; against the others it fails and counts as inferior. */
export const WITHDRAWAL_ESCAPES: readonly FightingMdi[] = ['line', 'square'];

export type MdiComparison = 'a-superior' | 'b-superior' | 'alike' | 'withdrawal';

/** Compare the two sides' MDIs: who is superior, alike, or a successful withdrawal (nobody loses). */
export function compareMdi(a: Mdi, b: Mdi): MdiComparison {
  if (a === 'withdrawal' && b === 'withdrawal') return 'withdrawal';
  if (a === 'withdrawal') return WITHDRAWAL_ESCAPES.includes(b as FightingMdi) ? 'withdrawal' : 'b-superior';
  if (b === 'withdrawal') return WITHDRAWAL_ESCAPES.includes(a) ? 'withdrawal' : 'a-superior';
  if (a === b) return 'alike';
  return BEATS[a].includes(b) ? 'a-superior' : 'b-superior';
}

export type MeleeResult = 'a-retreats' | 'b-retreats' | 'a-destroyed' | 'b-destroyed' | 'equal' | 'withdrawal';

export interface MeleeLosses {
  a: { loss: number; remaining: number };
  b: { loss: number; remaining: number };
  result: MeleeResult;
}

/**
 * Loss the inferior side takes in an unlike melee: 1 for the superior's first point and 1 more per 2
 * further points, `1 + (S-1)/2`. Reading: a superior worth under 1 point inflicts its own value.
 */
export function inferiorLoss(superiorValue: number): number {
  return superiorValue <= 1 ? Math.max(0, superiorValue) : 1 + (superiorValue - 1) / 2;
}

/** Melee losses in points (9H-9J): caps at each side's value; result from the remainders and the 3x rule. */
export function meleeLosses(a: { value: number; mdi: Mdi }, b: { value: number; mdi: Mdi }): MeleeLosses {
  const cmp = compareMdi(a.mdi, b.mdi);
  let lossA = 0;
  let lossB = 0;
  if (cmp === 'withdrawal') {
    return { a: { loss: 0, remaining: a.value }, b: { loss: 0, remaining: b.value }, result: 'withdrawal' };
  }
  if (cmp === 'alike') {
    if (a.value === b.value) {
      lossA = a.value / 2;
      lossB = b.value / 2;
    } else {
      const weaker = Math.min(a.value, b.value);
      lossA = weaker / 2;
      lossB = weaker / 2;
    }
  } else if (cmp === 'a-superior') {
    lossB = Math.min(inferiorLoss(a.value), b.value);
    lossA = Math.min(lossB / 2, a.value);
  } else {
    lossA = Math.min(inferiorLoss(b.value), a.value);
    lossB = Math.min(lossA / 2, b.value);
  }
  const ra = a.value - lossA;
  const rb = b.value - lossB;
  let result: MeleeResult;
  if (ra === rb) result = 'equal';
  else if (ra > rb) result = ra >= 3 * rb ? 'b-destroyed' : 'b-retreats';
  else result = rb >= 3 * ra ? 'a-destroyed' : 'a-retreats';
  return { a: { loss: lossA, remaining: ra }, b: { loss: lossB, remaining: rb }, result };
}
