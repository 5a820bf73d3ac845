/** The public rules API (names and shapes are a contract: ../design/architecture.md). */
export * from './coords';
export * from './troops';
export * from './scenario';
export * from './diagnostics';
export { squareDistance, retreatDistance, inCone, fireLine, lineClear, cornerSquares, diagonalBlocked } from './geometry';
export type { FireLine } from './geometry';
export * from './fire';
export * from './melee';
export { validateScenario, parseJson, setupDiagnostics, sidePoints, standsOf, compositionDifferences, stackingProblem, TERRAIN_ADVICE, POINTS_TOLERANCE } from './validate';
export * from './readings';
