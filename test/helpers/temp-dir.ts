import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A fresh directory under the OS temp dir, and the few things tests do with one. */
export interface TempDir {
  /** Its absolute path. */
  dir: string;
  /** A path inside it. */
  path(...parts: string[]): string;
  /** Writes `text` to `relative` inside it (creating parent folders); returns the file's path. */
  write(relative: string, text: string | Uint8Array, mode?: number): string;
  /** Removes it and everything inside. */
  cleanup(): void;
}

/** A fresh `truss-<prefix>-XXXXXX` directory; the prefix says which suite left it behind. */
export function tempDir(prefix = 'test'): TempDir {
  const dir = mkdtempSync(join(tmpdir(), `truss-${prefix}-`));
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    write(relative, text, mode) {
      const file = join(dir, relative);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, mode === undefined ? {} : { mode });
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
