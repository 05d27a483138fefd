import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** What goes into the file: its whole text or bytes, or a function that writes it in chunks. */
export type FileContent = string | Uint8Array | ((write: (chunk: string | Uint8Array) => void) => void);

/**
 * Writes `path` as a new file and puts it in place, never writing through whatever is at `path`
 * now. Output names are often derived from input (`b.json` → `b.html` beside it), and whoever
 * prepared that directory may have planted `b.html -> ~/.ssh/authorized_keys`; a plain write would
 * fill the link's target. Here the bytes go to a fresh temp file in the same directory, created
 * exclusively (O_CREAT|O_EXCL: it fails on anything already there, a link included, so a guessed
 * temp name cannot be planted either), and a rename then replaces the directory entry at `path`:
 * a symbolic link there is itself replaced, its target is never opened. Readers see the old file
 * or the new one, never half of either. `mode` applies to the new file every time (a plain write
 * would keep the permissions of a file it overwrites). On any failure the temp file is removed
 * and the error is thrown; `path` is left as it was. Missing directories on the way are created,
 * as for every output docs/cli.md lists ("Output files"); callers check paths inside the working
 * copy for links first (`checkOutputPath`).
 */
export function writeFileAtomic(path: string, content: FileContent, options: { mode?: number } = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const fd = openSync(temp, 'wx', options.mode ?? 0o666);
  let closed = false;
  let renamed = false;
  try {
    const write = (chunk: string | Uint8Array) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // A write may take fewer bytes than offered; the rest follows until none is left.
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    };
    if (typeof content === 'function') content(write);
    else write(content);
    closeSync(fd);
    closed = true;
    renameSync(temp, path);
    renamed = true;
  } finally {
    if (!closed) closeSync(fd);
    if (!renamed) rmSync(temp, { force: true });
  }
}
