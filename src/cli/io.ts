/**
 * Node helpers shared by every command: output streams (control characters escaped), file reading with the
 * 1 MB byte limit and a byte-order mark dropped, output paths checked before any long work, exit codes.
 */
import { constants } from 'node:fs';
import { access, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { stripBom } from '../rules/json-parse';
import { escapeControl } from '../rules/safe-text';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit codes shared by every command: 0 ok, 1 rule errors or an invalid file, 2 unusable arguments or files. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/** Files larger than this many bytes are refused unread (the scenario, roster and game formats' limit). */
export const MAX_FILE_BYTES = 1024 * 1024;

// The same escaping as the app's display (one implementation, in src/rules so the app can use it too).
export { escapeControl } from '../rules/safe-text';

function write(stream: NodeJS.WriteStream, text: string): void {
  const safe = escapeControl(text);
  stream.write(safe.endsWith('\n') ? safe : safe + '\n');
}

export const stdio: Io = {
  out: (text) => { write(process.stdout, text); },
  err: (text) => { write(process.stderr, text); },
};

/** Why a file operation failed, in plain words. */
export function why(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EISDIR': return 'it is a folder';
    case 'ENOTDIR': return 'a part of the path is a file, not a folder';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EROFS': return 'read-only file system';
    case 'EEXIST': return 'a file of that name is in the way';
    case 'ENAMETOOLONG': return 'the name is too long';
    case 'ERR_INVALID_ARG_VALUE': case 'ERR_INVALID_ARG_TYPE': return 'not a usable file name';
    default: return err instanceof Error ? err.message.split('\n')[0]! : String(err);
  }
}

export type ReadResult = { text: string } | { error: string; status: number };

/**
 * Read a UTF-8 text file; the error names the file and says what went wrong. Files over `maxBytes` bytes are
 * refused unread (status 1, like any invalid file); unreadable ones get status 2. A byte-order mark is dropped.
 */
export async function readText(file: string, maxBytes = MAX_FILE_BYTES): Promise<ReadResult> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { error: `${file}: cannot read (it is a folder)`, status: EXIT.usage };
    if (info.size > maxBytes) {
      return { error: `${file}: the file is ${(info.size / 1048576).toFixed(1)} MB (${info.size} bytes); files are limited to 1 MB (${maxBytes} bytes)`, status: EXIT.invalid };
    }
    const bytes = await readFile(file);
    if (bytes.length > maxBytes) return { error: `${file}: the file is over the 1 MB limit (${maxBytes} bytes)`, status: EXIT.invalid };
    try {
      return { text: stripBom(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
    } catch {
      return { error: `${file}: not UTF-8 text`, status: EXIT.invalid };
    }
  } catch (err) {
    return { error: `${file}: cannot read (${why(err)})`, status: EXIT.usage };
  }
}

/**
 * Create a folder and any missing parents, one level at a time. (Node's own `mkdir(..., { recursive: true })` never
 * settles for some paths, such as a new folder under /proc, so a bad --out would hang the command.)
 */
export async function makeFolders(path: string): Promise<void> {
  const missing: string[] = [];
  for (let p = resolve(path); ; ) {
    const found = await stat(p).catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return null; throw err; });
    if (found) break;
    missing.push(p);
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  for (const folder of missing.reverse()) {
    await mkdir(folder).catch((err: NodeJS.ErrnoException) => { if (err.code !== 'EEXIST') throw err; });
  }
}

/** Thrown by a command for bad arguments or unusable paths: printed as one line with the usage, exit 2. */
export class UsageError extends Error {}

/** Check before any long work that a file can be written at `path` (its folder is created). Throws UsageError. */
export async function checkOutputFile(option: string, path: string): Promise<void> {
  if (path.trim() === '' || path.includes('\0')) throw new UsageError(`${option}: "${path}" is not a usable file name`);
  try {
    const existing = await stat(path).catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return null; throw err; });
    if (existing?.isDirectory()) throw new UsageError(`${option}: cannot write "${path}" (it is a folder)`);
    if (existing) { await access(path, constants.W_OK); return; }
    const folder = dirname(resolve(path));
    await makeFolders(folder);
    await access(folder, constants.W_OK);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${option}: cannot write "${path}" (${why(err)})`);
  }
}

/** Check before any long work that files can be written into the folder `path` (created when missing). */
export async function checkOutputDir(option: string, path: string): Promise<void> {
  if (path.trim() === '' || path.includes('\0')) throw new UsageError(`${option}: "${path}" is not a usable folder name`);
  try {
    await makeFolders(path);
    if (!(await stat(path)).isDirectory()) throw new UsageError(`${option}: "${path}" is a file, not a folder`);
    await access(path, constants.W_OK);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${option}: cannot write into "${path}" (${why(err)})`);
  }
}
