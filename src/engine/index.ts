/**
 * The fast core's one entry point (architecture "Fast core, plain facade"): everything outside src/engine reads
 * the core through these names only, so the core's files, tables and caches can change behind them. The rules
 * themselves are read from the readable modules and the readings; tests/engine holds the core to them.
 */
export { OVER, DEPLOY, BALLISTA_FIRE, MISSILE, MOVE, SUPPORT, MELEE, END_TURN, ACTIVE, copyPosition, fromState, type Position } from './position';
export { toState } from './toState';
export { applyCore, pointsOf, setUp, troopsOnBoard } from './turn';
export { NONE, faceList, firstBallistaChoices, listActions, missileChoiceList, moveCheck, positionContext, supportActions, unitMoveList, waitingLeads } from './listing';
export { keptMoves } from './keptLists';
export { chargeCandidates, chargeWaits, keptCharges } from './chargers';
export { endMove } from './interned';
export { reachOf } from './memo';
export { actsFor, canMove, mayTurn, needsBacking, type MoveContext } from './moverules';
export { choosingShot, fireClear, mayShoot, nextToFire, waitingToFire } from './fire';
export { meleeBreakdown } from './melee';
export { BALLISTA, BALLISTARII, COMMANDER, KNIGHTS, TYPE_INDEX } from './table';
export { CACHES, CACHE_NAMES, NO_CACHES, withCaches, type CacheSwitches } from './caches';
