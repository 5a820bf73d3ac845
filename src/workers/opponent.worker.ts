/** Web Worker: the computer opponent thinks here, off the page's thread (comlink). */
import { expose } from 'comlink';
import { decide } from './levels';

const api = { decide };
export type OpponentApi = typeof api;
expose(api);
