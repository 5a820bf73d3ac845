/** Web Worker: the computer opponent thinks here, off the page's thread (comlink); it keeps its caches between decisions. */
import { expose } from 'comlink';
import { opponentApi } from './opponent-api';

const api = opponentApi(() => performance.now());
export type { OpponentApi } from './opponent-api';
expose(api);
