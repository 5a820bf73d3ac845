/** Node worker_threads worker for `nevsky balance`: the same API as the browser's worker, over comlink. */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { balanceApi } from './balance-api';

expose(balanceApi, nodeEndpoint(parentPort!));
