/** Small Node helpers shared by the commands: output streams and file reading with clear errors. */
import { readFile } from 'node:fs/promises';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const stdio: Io = {
  out: (text) => { process.stdout.write(text.endsWith('\n') ? text : text + '\n'); },
  err: (text) => { process.stderr.write(text.endsWith('\n') ? text : text + '\n'); },
};

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/** Read a text file; the error names the file and says what went wrong in plain words. */
export async function readText(file: string): Promise<{ text: string } | { error: string }> {
  try {
    return { text: await readFile(file, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : String(err);
    return { error: `${file}: cannot read (${why})` };
  }
}

/** Thrown by a command for bad arguments: printed with the usage line, exit 2. */
export class UsageError extends Error {}
