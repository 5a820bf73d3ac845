/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by `npx tsx scripts/tune-eval.ts`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script.
 */
export const EVAL_WEIGHTS: readonly number[] = [12, 0, 0, 0, 0, 0, 0];
