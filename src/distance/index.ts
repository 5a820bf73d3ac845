/** Play at a distance: messages by link or file, dice and secret choices agreed by commit-reveal (player.ts). */
export { MESSAGE_VERSION, readMessage } from './message';
export type { Message, MessageReading } from './message';
export { invite, join, act, undoDraft, send, receive, lastSent, turnOf, progressOf, exportGame, isFinished } from './player';
export type { DistanceGame, Turn, Received } from './player';
export { checkDistanceGame, checkWords, messageProblem } from './check';
export type { DistanceCheck } from './check';
export type { Progress, Frontier } from './transcript';
