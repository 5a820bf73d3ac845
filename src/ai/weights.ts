/**
 * The evaluation's weights (FEATURES order of evaluate.ts), fitted by `npx tsx scripts/tune-eval.ts`: a logistic
 * regression of self-play results on the features of positions sampled from those games. Written by the script:
 * 2500 games of the simple policy and 300 of Normal search players
 * (1 round, seed 2028; only standoff fitted, the others kept); held-out log-loss on the simple games 0.5159 against 0.4965 for
 * the margin alone, accuracy 73.3% against 73.0%; on the search players' held-out games 0.4919, accuracy 81.4%;
 * the weights before (weights.ts): 0.5105 on the simple games, 0.5477 on the search players'.
 */
export const EVAL_WEIGHTS: readonly number[] = [11.5172, 8.6571, -1.2172, -0.4334, -2.1049, 1.0690, -0.0855, 0.5041, 0.7341];
