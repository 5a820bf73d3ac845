/**
 * Node helpers shared by every command: output streams (control characters escaped), file reading (regular files
 * only, the 1 MB byte limit, a byte-order mark dropped), output paths checked before any long work (never an input,
 * never a device, room on the disk) and written whole or not at all, option ranges, exit codes.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, chmod, mkdir, open, realpath, rename, stat, statfs, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { stripBom } from '../rules/json-parse';
import type { Range } from '../scenario/limits';
import { MAX_SCENARIO_BYTES } from '../scenario/parse';
import { escapeControl } from '../rules/safe-text';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Exit codes shared by every command: 0 ok, 1 rule errors or an invalid file, 2 unusable arguments or files. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/** Files larger than this many bytes are refused unread: the scenario format's 1 MB, also the roster and game formats' limit. */
export const MAX_FILE_BYTES = MAX_SCENARIO_BYTES;

// The same escaping as the app's display (one implementation, in src/rules so the app can use it too).
export { escapeControl };

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
    case 'ENOSPC': return 'no space left on the disk';
    case 'EDQUOT': return 'the disk quota is used up';
    case 'ERR_INVALID_ARG_VALUE': case 'ERR_INVALID_ARG_TYPE': return 'not a usable file name';
    default: return err instanceof Error ? err.message.split('\n')[0]! : String(err);
  }
}

export type ReadResult = { text: string } | { error: string; status: number };

/** What a file that is not a regular file is, in plain words. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'it is a folder';
  if (info.isFIFO()) return 'it is a named pipe, not a regular file';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'it is a device, not a regular file';
  if (info.isSocket()) return 'it is a socket, not a regular file';
  return 'it is not a regular file';
}

/**
 * Read a UTF-8 text file; the error names the file and says what went wrong. Only regular files are read (a named
 * pipe or a device could be read forever): others get status 2 before they are opened. Files over `maxBytes` bytes
 * are refused (status 1, like any invalid file), and never more than `maxBytes` + 1 bytes are read, even from a
 * file that grows. Unreadable files get status 2. A byte-order mark is dropped.
 */
export async function readText(file: string, maxBytes = MAX_FILE_BYTES): Promise<ReadResult> {
  const tooBig = (size: number) => ({ error: `${file}: the file is ${(size / 1048576).toFixed(1)} MB (${size} bytes); files are limited to 1 MB (${maxBytes} bytes)`, status: EXIT.invalid });
  try {
    const info = await stat(file);
    if (!info.isFile()) return { error: `${file}: cannot read (${kindOf(info)})`, status: EXIT.usage };
    if (info.size > maxBytes) return tooBig(info.size);
    // Non-blocking, so a file swapped for a named pipe since the check cannot hang the open; checked again once open.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    let bytes: Buffer;
    try {
      const opened = await handle.stat();
      if (!opened.isFile()) return { error: `${file}: cannot read (${kindOf(opened)})`, status: EXIT.usage };
      // One byte more than allowed is enough to tell a file that grew past the limit since the check.
      bytes = Buffer.alloc(maxBytes + 1);
      let length = 0;
      while (length < bytes.length) {
        const { bytesRead } = await handle.read(bytes, length, bytes.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      bytes = bytes.subarray(0, length);
    } finally {
      await handle.close();
    }
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

/** Thrown when an output cannot be written after the work (a disk filled meanwhile): one line, no usage, exit 2. */
export class OutputError extends Error {}

/**
 * Free space wanted in an output's folder before any work: well over any file the commands write (a booklet of 12
 * scenarios with their rosters, 60 pages, is 0.6 MB), so a full disk is found before a long build, not after it.
 */
export const MIN_FREE_BYTES = 8 * 1024 * 1024;

const statOrNull = (path: string): Promise<Stats | null> =>
  stat(path).catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return null; throw err; });

/** The file `reads` names that is the same file as `info` (same device and inode: hard links, symlinks, "./x"). */
async function inputAt(path: string, info: Stats, reads: readonly string[]): Promise<string | undefined> {
  const real = await realpath(path).catch(() => resolve(path));
  for (const file of reads) {
    const other = await stat(file).catch(() => null);
    if (other && ((other.dev === info.dev && other.ino === info.ino) || (await realpath(file).catch(() => resolve(file))) === real)) return file;
  }
  return undefined;
}

/** Refuse a folder with less than MIN_FREE_BYTES free (when the file system says; some do not). */
async function checkFreeSpace(option: string, folder: string): Promise<void> {
  const fs = await statfs(folder).catch(() => null);
  if (!fs) return;
  const free = fs.bavail * fs.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new UsageError(`${option}: only ${(free / 1048576).toFixed(1)} MB free in "${folder}"; at least ${MIN_FREE_BYTES / 1048576} MB is needed to write there`);
  }
}

/**
 * Check before any long work that a file can be written at `path` (its folder is created): not a folder, not a
 * device or named pipe, not one of the files the command `reads` (by identity, so a link or "./x" is caught), in a
 * folder with room. Throws UsageError.
 */
export async function checkOutputFile(option: string, path: string, reads: readonly string[] = []): Promise<void> {
  if (path.trim() === '' || path.includes('\0')) throw new UsageError(`${option}: "${path}" is not a usable file name`);
  try {
    const existing = await statOrNull(path);
    if (existing) {
      if (!existing.isFile()) throw new UsageError(`${option}: cannot write "${path}" (${kindOf(existing)})`);
      const input = await inputAt(path, existing, reads);
      if (input !== undefined) throw new UsageError(`${option}: "${path}" is the input file "${input}"; writing it would destroy the input, so name another file`);
      await access(path, constants.W_OK);
    } else {
      await makeFolders(dirname(resolve(path)));
      await access(dirname(resolve(path)), constants.W_OK);
    }
    await checkFreeSpace(option, dirname(await realpath(path).catch(() => resolve(path))));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${option}: cannot write "${path}" (${why(err)})`);
  }
}

/** Check before any long work that files can be written into the folder `path` (created when missing), with room. */
export async function checkOutputDir(option: string, path: string): Promise<void> {
  if (path.trim() === '' || path.includes('\0')) throw new UsageError(`${option}: "${path}" is not a usable folder name`);
  try {
    await makeFolders(path);
    if (!(await stat(path)).isDirectory()) throw new UsageError(`${option}: "${path}" is a file, not a folder`);
    await access(path, constants.W_OK);
    await checkFreeSpace(option, path);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${option}: cannot write into "${path}" (${why(err)})`);
  }
}

/**
 * Write a whole file or nothing: the bytes go to a new file beside the target, which then replaces it by a rename,
 * so a full disk or a failure half-way leaves the old file (or none) and no partial one. A symlink is written
 * through (its target replaced), as a plain write would. Throws OutputError with one line.
 */
export async function writeOutput(option: string, path: string, data: string | Uint8Array): Promise<void> {
  const target = await realpath(path).catch(() => resolve(path));
  // Checked again here, not only by checkOutputFile: a rename run as root would replace a device such as /dev/null.
  const old = await statOrNull(target).catch(() => null);
  if (old && !old.isFile()) throw new OutputError(`${option}: cannot write "${path}" (${kindOf(old)}); nothing was written`);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    if (old) await chmod(temp, old.mode & 0o7777);
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw new OutputError(`${option}: cannot write "${path}" (${why(err)}); nothing was written`);
  }
}

/** A whole number option within `range`, or a usage error naming the option and the range. */
export function intOption(name: string, value: string | undefined, range: Range): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,16}$/.test(value) || Number(value) < range.min || Number(value) > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}, not "${shortText(value)}"`);
  }
  return Number(value);
}

/** A decimal number option within `range` (such as a percentage), or a usage error naming the option and the range. */
export function numberOption(name: string, value: string | undefined, range: Range): number | undefined {
  if (value === undefined) return undefined;
  const n = /^-?\d{1,16}(\.\d{1,16})?$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n >= range.min && n <= range.max)) throw new UsageError(`--${name} must be a number from ${range.min} to ${range.max}, not "${shortText(value)}"`);
  return n;
}

/** A text option whose length in characters is within `range`, or a usage error naming the option and the range. */
export function textOption(name: string, value: string | undefined, range: Range): string | undefined {
  if (value === undefined) return undefined;
  const length = [...value].length;
  if (length < range.min || length > range.max) {
    throw new UsageError(`--${name} must be ${range.min === 0 ? 'at most' : `${range.min} to`} ${range.max} characters long, not ${length}`);
  }
  return value;
}

/** A value as quoted in a message: at most 40 characters, so a huge argument does not flood the terminal. */
export function shortText(value: string): string {
  return value.length > 40 ? `${value.slice(0, 37)}...` : value;
}
