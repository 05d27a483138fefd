import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { changedWhileOpening, isLinkError, OPEN_NOFOLLOW, withHeldDirectory } from './held-path.js';
import { checkReadPath, checkWriteContent, checkWritePath } from './policy.js';
import type { Tool, ToolContext, ToolOutcome } from './tool.js';
import { displayPath, errorOutcome, fail, ok, parseInput } from './tool-kit.js';

/** The most file text one read_file call returns (bytes). */
export const READ_MAX_BYTES = 256 * 1024;
/**
 * The most bytes one read_file call passes over to reach its offset: a line that never ends (a file
 * grown sparse to a terabyte costs nothing to plant) would otherwise be scanned for hours.
 */
export const READ_SCAN_MAX_BYTES = 256 * 1024 * 1024;
/** Bytes at the start of a file searched for a NUL byte to detect binary content. */
export const BINARY_SNIFF_BYTES = 8000;
/** The largest content one write_file call accepts (bytes, UTF-8). */
export const WRITE_MAX_BYTES = 8 * 1024 * 1024;

const CHUNK_BYTES = 64 * 1024;

export { LIST_MAX_ENTRIES, LIST_SCAN_MAX_ENTRIES, listDirTool } from './list-dir.js';

const ReadInput = z.object({
  path: z.string(),
  offset: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).optional(),
});

const WriteInput = z.object({ path: z.string(), content: z.string() });

/**
 * read_file: a text file's content, optionally a line range. Output is bounded by
 * {@link READ_MAX_BYTES}; when a read stops early the content ends with a note saying where to
 * continue. A complete read (`data.complete`) returns exactly the file's text, nothing added —
 * editors built on read_file (the Anthropic text-editor mapping) rely on that. Binary files (a NUL
 * byte near the start, or not valid UTF-8) are described, not shown. A directory is an error with
 * `data.isDirectory` set.
 */
export const readFileTool: Tool = {
  name: 'read_file',
  description:
    'Read a UTF-8 text file. Returns the exact file text (up to 256 KiB per call). Use offset (1-based ' +
    'first line) and limit (number of lines) to read part of a large file; a truncated read ends with ' +
    'a note giving the offset to continue from. Binary files are not shown.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path, relative to the working directory.' },
      offset: { type: 'integer', minimum: 1, description: '1-based line number to start at (default 1).' },
      limit: { type: 'integer', minimum: 1, description: 'Maximum number of lines to return.' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput('read_file', ReadInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await readText(context, real, args.offset ?? 1, args.limit);
    } catch (error) {
      return errorOutcome('read_file', error);
    }
  },
};

interface LineRead {
  bytes: Buffer;
  /** First line shown (1-based). */
  startLine: number;
  /** Lines fully or partly shown. */
  lines: number;
  /** Stopped by {@link READ_MAX_BYTES}. */
  truncated: boolean;
  /** The cut fell inside one line longer than the byte cap. */
  partialLine: boolean;
  /** Reached the end of the file with nothing cut. */
  eof: boolean;
  /** Lines in the whole file, when the read reached its end. */
  totalLines: number | null;
  binary: boolean;
  /** Stopped by {@link READ_SCAN_MAX_BYTES} before reaching the offset: bytes passed over. */
  scanStopped: number | null;
}

async function readText(
  context: ToolContext,
  real: string,
  offset: number,
  limit: number | undefined,
): Promise<ToolOutcome> {
  const shown = displayPath(context.policy, real);
  // Opened through the held directory, never following a link: the path checked is the file read.
  return withHeldDirectory(dirname(real), false, async (dir) => {
    const handle = await openFinal(real, dir.path(basename(real)), constants.O_RDONLY);
    try {
      return await readOpened(handle, shown, offset, limit);
    } finally {
      await handle.close();
    }
  });
}

/** Opens the final name of a checked path through its held directory, refusing a link there. */
async function openFinal(real: string, at: string, flags: number, mode?: number): Promise<FileHandle> {
  try {
    return await open(at, flags | OPEN_NOFOLLOW, mode);
  } catch (error) {
    if (isLinkError(error)) throw changedWhileOpening(real, real, 'is a link');
    throw error;
  }
}

async function readOpened(
  handle: FileHandle,
  shown: string,
  offset: number,
  limit: number | undefined,
): Promise<ToolOutcome> {
  const info = await handle.stat();
  if (info.isDirectory()) {
    return fail(`${shown} is a directory; use list_dir to see its entries`, {
      path: shown,
      isDirectory: true,
    });
  }
  if (!info.isFile()) return fail(`${shown} is not a regular file`, { path: shown });

  const read = await readLines(handle, offset, limit);
  const base = { path: shown, bytes: info.size };
  if (read.binary) {
    return ok(`[binary file: ${shown}, ${info.size} bytes; not shown]`, {
      ...base,
      binary: true,
      complete: false,
    });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return ok(`[binary file: ${shown}, ${info.size} bytes, not valid UTF-8 text; not shown]`, {
      ...base,
      binary: true,
      complete: false,
    });
  }
  if (read.scanStopped !== null) {
    return fail(
      `offset ${offset} not reached: read_file passed over the first ${read.scanStopped} bytes of ${shown} ` +
        `(${info.size} bytes) without reaching line ${offset}, and passes over at most ${READ_SCAN_MAX_BYTES}. ` +
        'Use bash (tail -c, sed -n) to read that far into the file',
      { ...base, scanStopped: true },
    );
  }
  if (read.lines === 0 && offset > 1) {
    return fail(
      `offset ${offset} is past the end of ${shown} (${read.totalLines ?? 0} line${read.totalLines === 1 ? '' : 's'})`,
      base,
    );
  }

  const endLine = read.startLine + read.lines - 1;
  const complete = offset === 1 && read.eof && !read.truncated;
  const data = {
    ...base,
    binary: false,
    complete,
    startLine: read.startLine,
    endLine,
    truncated: read.truncated,
    totalLines: read.totalLines,
  };
  if (complete) return ok(text, data);

  let note: string;
  if (read.truncated && read.partialLine) {
    note =
      `[truncated: line ${read.startLine} is longer than ${READ_MAX_BYTES} bytes; only its start is shown. ` +
      `Continue with offset=${read.startLine + 1}]`;
  } else if (read.truncated) {
    note = `[truncated at ${READ_MAX_BYTES} bytes: showing lines ${read.startLine}-${endLine} of a ${info.size}-byte file. Continue with offset=${endLine + 1}]`;
  } else if (!read.eof) {
    note = `[showing lines ${read.startLine}-${endLine}; more follow. Continue with offset=${endLine + 1}]`;
  } else {
    note = `[showing lines ${read.startLine}-${endLine} of ${read.totalLines ?? endLine}]`;
  }
  const separator = text.length === 0 || text.endsWith('\n') ? '' : '\n';
  return ok(`${text}${separator}${note}`, data);
}

/** Streams the file once, keeping only the wanted lines and at most {@link READ_MAX_BYTES} of them. */
async function readLines(handle: FileHandle, offset: number, limit: number | undefined): Promise<LineRead> {
  const lastWanted = limit === undefined ? Number.POSITIVE_INFINITY : offset + limit - 1;
  const parts: Buffer[] = [];
  let kept = 0;
  let keptAtLineStart = 0;
  let line = 1; // the line the next byte belongs to
  let wholeLines = 0; // wanted lines kept with their newline
  let unterminated = false; // bytes seen after the last newline
  let position = 0;
  let truncated = false;
  let partialLine = false;
  let binary = false;
  let more = false;
  let scanStopped: number | null = null;

  {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    reading: for (;;) {
      if (line < offset && position >= READ_SCAN_MAX_BYTES) {
        scanStopped = position;
        break;
      }
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      const view = chunk.subarray(0, bytesRead);
      if (position < BINARY_SNIFF_BYTES && view.subarray(0, BINARY_SNIFF_BYTES - position).includes(0)) {
        binary = true;
        break;
      }
      let pos = 0;
      while (pos < view.length) {
        if (line > lastWanted) {
          more = true;
          break reading;
        }
        const newline = view.indexOf(10, pos);
        const end = newline === -1 ? view.length : newline + 1;
        if (line >= offset) {
          const piece = view.subarray(pos, end);
          if (kept + piece.length > READ_MAX_BYTES) {
            truncated = true;
            if (wholeLines === 0) {
              // One line longer than the cap: show its start, cut on a character boundary.
              parts.push(Buffer.from(piece.subarray(0, READ_MAX_BYTES - kept)));
              kept = READ_MAX_BYTES;
              kept -= incompleteUtf8Tail(Buffer.concat(parts, kept));
              partialLine = true;
            } else {
              kept = keptAtLineStart; // end on a whole line
            }
            break reading;
          }
          parts.push(Buffer.from(piece));
          kept += piece.length;
        }
        if (newline === -1) {
          unterminated = true;
        } else {
          if (line >= offset) {
            wholeLines++;
            keptAtLineStart = kept;
          }
          line++;
          unterminated = false;
        }
        pos = end;
      }
      position += bytesRead;
    }
  }

  const eof = !more && !truncated && !binary && scanStopped === null;
  const lastLineShown = eof && unterminated && kept > keptAtLineStart ? 1 : 0;
  return {
    bytes: Buffer.concat(parts).subarray(0, kept),
    startLine: offset,
    lines: partialLine ? 1 : wholeLines + lastLineShown,
    truncated,
    partialLine,
    eof,
    totalLines: eof ? line - 1 + (unterminated ? 1 : 0) : null,
    binary,
    scanStopped,
  };
}

/** Bytes at the end of `buffer` that start a UTF-8 sequence the cut left incomplete (0-3). */
function incompleteUtf8Tail(buffer: Buffer): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * write_file: writes UTF-8 text atomically (a temporary file in the same directory, fsynced, then
 * renamed over the target), creating missing parent directories inside the write scope. Writing to a
 * symlink inside the scope writes its target; one pointing outside is refused. Returns the bytes
 * written and their SHA-256 in `data`.
 */
export const writeFileTool: Tool = {
  name: 'write_file',
  description:
    'Create or overwrite a text file with the given content (UTF-8). Missing parent directories are ' +
    'created. The whole file is replaced atomically; include the complete content.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path, relative to the working directory.' },
      content: { type: 'string', description: 'The complete new content of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  sideEffect: false,
  async run(input, context) {
    try {
      const args = parseInput('write_file', WriteInput, input);
      const real = checkWritePath(context.policy, args.path);
      checkWriteContent(context.policy, args.path, args.content);
      return await writeText(context, real, args.content);
    } catch (error) {
      return errorOutcome('write_file', error);
    }
  },
};

async function writeText(context: ToolContext, real: string, content: string): Promise<ToolOutcome> {
  const shown = displayPath(context.policy, real);
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > WRITE_MAX_BYTES) {
    return fail(
      `write refused: ${bytes.length} bytes is more than the ${WRITE_MAX_BYTES}-byte limit per write`,
      {
        path: shown,
      },
    );
  }
  // Every directory on the way is held open, never reached through a link (made there if missing),
  // and the temporary file and the rename go through it: the file written is the path checked.
  const base = basename(real);
  const outcome = await withHeldDirectory(dirname(real), true, async (dir) => {
    let mode: number | undefined;
    let created = true;
    try {
      const existing = await lstat(dir.path(base));
      if (existing.isSymbolicLink()) throw changedWhileOpening(real, real, 'is a link');
      if (existing.isDirectory())
        return fail(`${shown} is a directory; cannot write a file there`, { path: shown });
      if (!existing.isFile()) return fail(`${shown} is not a regular file`, { path: shown });
      // The permission bits only: the new file is the harness's (root's, often), and set-user-ID or
      // set-group-ID kept from a file the sandbox made would give its content to whoever runs it.
      mode = existing.mode & 0o777;
      created = false;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const temp = dir.path(`.${base}.truss-${randomBytes(6).toString('hex')}.tmp`);
    try {
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
      const handle = await openFinal(real, temp, flags, mode ?? 0o666);
      try {
        await handle.writeFile(bytes);
        if (mode !== undefined) await handle.chmod(mode);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, dir.path(base));
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    return created;
  });
  if (typeof outcome !== 'boolean') return outcome;
  const created = outcome;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return ok(`wrote ${bytes.length} bytes to ${shown} (${created ? 'created' : 'overwritten'})`, {
    path: shown,
    bytes: bytes.length,
    created,
    sha256,
  });
}
