/** The policies (random, simple, search) and the pure balance statistics. */
export { randomPolicy, simplePolicy, playOut } from './basic';
export type { Policy } from './basic';
export { searchPolicy, sampleWorld, AI_LEVELS } from './search';
export type { AiLevel, PlanMemory, SearchBudget, SearchOptions } from './search';
export { gameSeed } from './rng';
export { regretMatching } from './mixed';
export { makePolicy, playBalanceGame, balanceGames, emptyHeat, POLICY_NAMES } from './balance';
export type { PolicyName, BalanceGame, BalanceOptions, HeatMap } from './balance';
export { summarizeBalance, wilsonInterval, mergeHeat, eloGap, eloFromScore, pairedMargin } from './stats';
export type { BalanceSummary, Rate, EloGap, MeanInterval } from './stats';
export { PLAYERS, Z95, normalQuantile, sequentialPlan, fixedPlan, stopReason, decideLook, summarizeSweep, comparePaired, pairedStopReason } from './stats';
export type { StopReason, SequentialPlan, SweepSummary, Comparison, PairedChange } from './stats';
