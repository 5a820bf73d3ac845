/** One sub-command of `nevsky`: main.ts lists them, and each lives in commands/ (kept apart so no command imports main.ts). */
import type { Io } from './io';

export interface Command {
  name: string;
  summary: string;
  usage: string;
  help: string;
  run(args: string[], io: Io): Promise<number>;
}
