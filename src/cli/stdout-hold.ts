import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** Held output kept in memory up to this many bytes; past it, the rest goes to a private temp file. */
export const HOLD_IN_MEMORY_BYTES = 8 * 1024 * 1024;

const READ_BACK_BYTES = 1024 * 1024;

/**
 * A command's stdout, held until the command has finished. A command that refuses or fails half-way
 * (`ledger export` meeting a row it cannot carry, after it streamed the rows before it) must leave
 * nothing of its own on stdout: a script that pipes it to a file would otherwise keep a truncated
 * bundle or report that looks like output (docs/cli.md "Output files"). `release` prints everything
 * in order; `discard` drops it. Large output (a bundle of a long run) spills to a temp file, mode
 * 0600 in a 0700 directory, so holding it costs no more memory than the cap.
 */
export interface StdoutHold {
  write(text: string): void;
  release(): void;
  discard(): void;
}

export function holdStdout(
  target: (text: string) => void,
  options: { memoryBytes?: number; tempParent?: string } = {},
): StdoutHold {
  const cap = options.memoryBytes ?? HOLD_IN_MEMORY_BYTES;
  let chunks: string[] = [];
  let held = 0;
  let spill: { dir: string; file: string; fd: number } | null = null;
  let done = false;

  const toFile = (fd: number, text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
  };
  const cleanUp = () => {
    if (!spill) return;
    try {
      closeSync(spill.fd);
    } catch {
      // Already closed by release.
    }
    rmSync(spill.dir, { recursive: true, force: true });
    spill = null;
  };

  return {
    write(text) {
      if (done) {
        target(text);
        return;
      }
      if (spill) {
        toFile(spill.fd, text);
        return;
      }
      chunks.push(text);
      held += Buffer.byteLength(text, 'utf8');
      if (held <= cap) return;
      const dir = mkdtempSync(join(options.tempParent ?? tmpdir(), 'truss-stdout-'));
      const file = join(dir, 'held');
      spill = { dir, file, fd: openSync(file, 'wx+', 0o600) };
      for (const chunk of chunks) toFile(spill.fd, chunk);
      chunks = [];
    },
    release() {
      if (done) return;
      done = true;
      try {
        if (spill) {
          const buffer = Buffer.alloc(READ_BACK_BYTES);
          const decoder = new StringDecoder('utf8');
          for (let position = 0; ; ) {
            const n = readSync(spill.fd, buffer, 0, buffer.length, position);
            if (n === 0) break;
            position += n;
            const text = decoder.write(buffer.subarray(0, n));
            if (text) target(text);
          }
          const rest = decoder.end();
          if (rest) target(rest);
        } else if (chunks.length > 0) target(chunks.join(''));
      } finally {
        chunks = [];
        cleanUp();
      }
    },
    discard() {
      if (done) return;
      done = true;
      chunks = [];
      cleanUp();
    },
  };
}
