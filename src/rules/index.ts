/** The public rules API (names and shapes are a contract: ../design/architecture.md). */
export * from './coords';
export * from './troops';
export * from './scenario';
export * from './diagnostics';
export { squareDistance, retreatDistance, inCone, fireLine, lineClear, cornerSquares, diagonalBlocked } from './geometry';
export type { FireLine } from './geometry';
export * from './fire';
export * from './melee';
export { validateScenario, parseJson, setupDiagnostics, sidePoints, standsOf, compositionDifferences, TERRAIN_ADVICE, POINTS_TOLERANCE } from './validate';
export { stackingProblem, stackingFits, stackCountsFit, STACKING_LIMITS } from './stacking';
export * from './readings';
export { terrainIndex, roadSquares, riverBlocks, isRoadStep } from './terrain';
export type { TerrainIndex } from './terrain';
export type { Action, ActionType } from './actions';
export { actionKey } from './actions';
export type { GameState, UnitState, SideState, Melee, PhaseName, SideId, EndReason } from './state';
export type {
  GameEvent, EventKind, DeployEvent, NoRoomEvent, MoveEvent, ExitEvent, SplitEvent, RunOverEvent, SupportEvent, FireEvent,
  BallistaShotEvent, BallistaHitKind, BallistaHitEvent, LossEvent, LossCause, MeleeEvent, MeleeSideRecord,
  RetreatEvent, ThreeTimesEvent, RetireEvent, LevyEvent, BallistaControlEvent, BallistaDestroyedEvent, TurnEvent,
  FirstAttackerEvent, ConcedeEvent, EndEvent,
} from './events';
export { EVENT_KINDS, eventSide, eventSquare } from './events';
export { narrate, narrateDetail, eventLabel, restatesAction, turnTitle, valueParts, formatPoints, FACING_WORDS, MODIFIER_WORDS, type Cast } from './narrate';
export { createGame, legalActions, applyAction, hasTroopsOnBoard } from './game';
export { reachable as reachableSquares, meleeValues } from './legal';
export type { MeleeValueBreakdown, MeleeValuePart, MeleeModifierReason } from './meleeValue';
export { sideMeleeValue, meleeFighters, attackerPenalty, standMeleeValue, ATTACKER_PENALTY, ATTACKER_PENALTY_REASONS } from './meleeValue';
export { lineOfFireClear, missileTargetsOf, screensFire } from './lineOfFire';
export { allPoints as gamePoints } from './game';
export { withScriptedDice, createRng, rollDie } from './random';
export type { RngState } from './random';
export { viewFor, secretPending, HIDDEN } from './view';
export type { GameView } from './view';
export { saveGame, replayGame, stateHash, actionFault, diceFor } from './replay';
export type { SavedGame, DistanceRecord, Player } from './replay';
export { randomPolicy, simplePolicy, playOut, searchPolicy, AI_LEVELS, balanceGames, playBalanceGame, emptyHeat, summarizeBalance, wilsonInterval, eloGap, mergeHeat, gameSeed, makePolicy, POLICY_NAMES } from '../ai';
export type { AiLevel, PlanMemory, SearchBudget, PolicyName, BalanceGame, BalanceOptions, BalanceSummary, HeatMap, Rate } from '../ai';
export { PLAYERS, Z95, normalQuantile, sequentialPlan, fixedPlan, stopReason, decideLook, summarizeSweep, comparePaired, pairedStopReason } from '../ai';
export type { StopReason, SequentialPlan, SweepSummary, Comparison, PairedChange } from '../ai';
export { sampleAction } from './sample';
export type { Policy } from '../ai';
export { savedGameProblems, isSavedGame, gameSchemaDiagnostics } from './gameSchema';
export { readGame, GAME_REFUSALS } from './readGame';
export type { GameReading } from './readGame';
export { RESERVED_IDS } from './schema';
export { formatJson, inFileOrder } from './json-format';
export { stripBom, jsonFault, MAX_JSON_DEPTH } from './json-parse';
export { unitScore, scoresFor, scoreParts } from './points';
export type { ScoreParts } from './points';
export { objectiveHolder, objectiveHoldings, objectivePoints } from './objectives';
export type { ObjectiveHolding } from './objectives';
export { fireChoices, missileDice, shotLosses, stillToFire } from './missileFire';
export { onTargetFaces, shooterSide, shotOutcomes } from './ballistaFire';
export type { Landing, ShotHit, ShotOutcome } from './ballistaFire';
export type { MissileDice } from './missileFire';
export { retreatRoutes, retreatEnds } from './retreat';
export type { RetreatRoute } from './retreat';
export { retirementEnd, rowsToBackEdge, RETIRING_TYPES } from './retirement';
export { RUN_OVER_TARGETS, NEEDS_BACKING } from './movement';
export { lossChoices, lossTier } from './losses';
export type { LossChoice } from './losses';
