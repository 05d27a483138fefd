import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** An output path the command could not write to; raised before any work starts (exit 3). */
export class OutputPathError extends Error {
  override name = 'OutputPathError';
}

/**
 * Checks that `path` can be written as a file before a run starts, so a bad `--bundle`, `--db` or
 * report path is refused up front instead of after the checks ran and the verdict was signed: it
 * must not be a directory (or anything else that is not a regular file), and the nearest directory
 * that exists on the way to it must be a writable directory (missing ones are created later).
 */
export function checkOutputPath(path: string, what: string): void {
  const existing = statOrNull(path);
  if (existing && !existing.isFile()) {
    throw new OutputPathError(
      `${what} ${path} is ${existing.isDirectory() ? 'a directory' : 'not a regular file'}; pass the path of a file to write (e.g. ${path.replace(/\/+$/, '')}/out.json)`,
    );
  }
  let dir = dirname(path);
  for (;;) {
    const stat = statOrNull(dir);
    if (stat) {
      if (!stat.isDirectory())
        throw new OutputPathError(`${what} ${path} cannot be created: ${dir} is not a directory`);
      try {
        accessSync(dir, constants.W_OK);
      } catch {
        throw new OutputPathError(
          `${what} ${path} cannot be written: ${dir} is not writable; choose a path you can write`,
        );
      }
      return;
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
