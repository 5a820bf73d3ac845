/** Node worker thread of the ladder bench: plays the games it is sent and posts each result back. */
import { parentPort } from 'node:worker_threads';
import { ladderGame, type Rung } from './ladder-games';

parentPort!.on('message', (m: { lower: Rung; upper: Rung; seed: number; index: number }) => {
  parentPort!.postMessage(ladderGame(m.lower, m.upper, m.seed, m.index));
});
