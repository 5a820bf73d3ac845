/** Node worker thread of the ladder bench: plays the games it is sent and posts each result back. */
import { parentPort } from 'node:worker_threads';
import { ladderGame, type LadderGame } from './ladder-games';

parentPort!.on('message', (m: LadderGame) => {
  parentPort!.postMessage(ladderGame(m));
});
