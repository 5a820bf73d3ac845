// Worker entry for the ladder bench when bundling fails: registers tsx in this thread, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./ladder-worker.ts');
