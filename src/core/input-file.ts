import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { NotAFileError } from './read-failure.js';

/**
 * A file the user named for truss to read (a bundle, an attestation, a key, a trusted-keys file),
 * opened so that it can never leave truss waiting for ever (docs/cli.md "Input files"):
 *
 * - the open does not wait (O_NONBLOCK: a plain open of a FIFO blocks until something opens it to
 *   write, as `cat` does);
 * - what was opened is judged by fstat on the descriptor (no swap between a look and the open) and
 *   must be a regular file, or a pipe something writes into (`cat FILE | truss verify /dev/stdin`,
 *   `--key <(pass show key)`). A directory, a device (`/dev/zero`, a terminal), a socket, or a FIFO
 *   with nothing in it and no writer is refused at once with {@link NotAFileError}.
 *
 * Reading a pipe waits for its writer in short sleeps (the descriptor stays non-blocking).
 */
export interface InputFile {
  fd: number;
  stats: Stats;
  /** A regular file: read at positions, its size known. Otherwise a pipe, read on from where it is. */
  seekable: boolean;
  /** Bytes read from a pipe while looking for its writer, handed out by the first read. */
  pending: Buffer | null;
}

/** The most truss reads whole from one input file: the bound `truss verify` reads whole bundles within. */
export const MAX_INPUT_FILE_BYTES = 512 * 1024 * 1024;

const PIPE_POLL_MS = 5;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Opens `path` as {@link InputFile}; throws the system's error (ENOENT, EACCES…) or NotAFileError. */
export function openInputFile(path: string): InputFile {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    // Opening a socket fails with ENXIO before anything could fstat it.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO' && isSocket(path))
      throw new NotAFileError('it is a socket, not a file');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats, seekable: true, pending: null };
    if (!stats.isFIFO())
      throw new NotAFileError(
        `it is ${kindOf(stats)}, not a file`,
        stats.isDirectory() ? 'EISDIR' : undefined,
      );
    const input: InputFile = { fd, stats, seekable: false, pending: null };
    const probe = Buffer.allocUnsafe(64 * 1024);
    const n = readNow(fd, probe);
    // 0: no writer and nothing left in the pipe, so nothing will ever come (a FIFO no one opened).
    if (n === 0) throw new NotAFileError('it is a pipe (FIFO) with nothing in it and nothing writing to it');
    if (n !== null) input.pending = probe.subarray(0, n);
    return input;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Reads into `buffer` at `position` (a regular file) or on from where the pipe is, waiting for a
 * pipe's writer; 0 at the end.
 */
export function readInputFile(input: InputFile, buffer: Buffer, position: number): number {
  if (input.seekable) return readSync(input.fd, buffer, 0, buffer.length, position);
  if (input.pending) {
    const n = input.pending.copy(buffer);
    input.pending = n < input.pending.length ? input.pending.subarray(n) : null;
    return n;
  }
  for (;;) {
    const n = readNow(input.fd, buffer);
    if (n !== null) return n;
    Atomics.wait(pause, 0, 0, PIPE_POLL_MS);
  }
}

/**
 * The whole input's bytes, at most `limit` of them: past that `onOverLimit()` is thrown, so an
 * endless pipe is refused before it fills memory.
 */
export function readWholeInput(input: InputFile, limit: number, onOverLimit: () => Error): Buffer {
  if (input.seekable && input.stats.size > limit) throw onOverLimit();
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(1 << 20);
    const n = readInputFile(input, buffer, position);
    if (n === 0) break;
    chunks.push(n === buffer.length ? buffer : buffer.subarray(0, n));
    position += n;
    if (position > limit) throw onOverLimit();
  }
  return Buffer.concat(chunks);
}

/** The whole of an input file (a key, a trusted-keys file), at most `limit` bytes. */
export function readInputBytes(path: string, limit = MAX_INPUT_FILE_BYTES): Buffer {
  return readInput(path, limit).bytes;
}

/**
 * {@link readInputBytes}, saying whether what was read is a pipe: its bytes are gone once read, so
 * a second read of the same path finds nothing (see `readKeyFileText` in ledger/keys.ts).
 */
export function readInput(path: string, limit = MAX_INPUT_FILE_BYTES): { bytes: Buffer; pipe: boolean } {
  const input = openInputFile(path);
  try {
    const bytes = readWholeInput(
      input,
      limit,
      () =>
        new NotAFileError(
          `it holds more than ${Math.round(limit / 2 ** 20)} MiB, more than truss reads from one file`,
        ),
    );
    return { bytes, pipe: !input.seekable };
  } finally {
    closeSync(input.fd);
  }
}

/** {@link readInputBytes} as UTF-8 text. */
export function readInputText(path: string, limit = MAX_INPUT_FILE_BYTES): string {
  return readInputBytes(path, limit).toString('utf8');
}

/** One non-blocking read: the byte count, or null when a pipe's writer has written nothing yet. */
function readNow(fd: number, buffer: Buffer): number | null {
  try {
    return readSync(fd, buffer, 0, buffer.length, null);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return null;
    throw error;
  }
}

/**
 * Why what is at `path` is not a file a program that opens it by name (SQLite) may be handed, or
 * null: nothing is there yet, or a regular file is (links followed). A FIFO would leave that open
 * waiting for a writer for ever.
 */
export function notARegularFile(path: string): string | null {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return null;
  }
  if (stats.isFile()) return null;
  return `it is ${stats.isFIFO() ? 'a named pipe (FIFO)' : kindOf(stats)}, not a file`;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device (such as /dev/zero or a terminal)';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'something other than a regular file';
}

function isSocket(path: string): boolean {
  try {
    return statSync(path).isSocket();
  } catch {
    return false;
  }
}
