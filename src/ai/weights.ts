/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by `npx tsx scripts/tune-eval.ts`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script:
 * 1500 games (seed 2028); held-out log-loss 0.4227 against 0.4280 for the
 * margin alone, accuracy 76.9% against 76.4%.
 */
export const EVAL_WEIGHTS: readonly number[] = [11.5172, 8.6571, -1.2172, -0.4334, -2.1049, 1.0690, -0.0855, 0.5041];
