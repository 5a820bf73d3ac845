/** Web Worker for the editor's Balance panel (via comlink). */
import { expose } from 'comlink';
import { balanceApi } from './balance-api';

expose(balanceApi);
