/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by `npx tsx scripts/tune-eval.ts`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script:
 * 1500 games (seed 2028); held-out log-loss 0.4306 against 0.4327 for the
 * margin alone, accuracy 75.9% against 75.7%.
 */
export const EVAL_WEIGHTS: readonly number[] = [10.9458, 9.8441, -0.8083, -0.4342, -2.5771, 0.8613, 0.0545];
