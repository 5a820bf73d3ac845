// Worker entry for `nevsky balance`: registers tsx in this thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./balance-node.ts');
