import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { linkInsideWorkdir } from './link-walk.js';

/** A path that configures the next run goes through a link the run's work could re-point. */
export class ConfigLinkError extends Error {
  override name = 'ConfigLinkError';
}

/** The working copy's `.truss/` could not be made (a read-only working copy): exit 3, never a bug report. */
export class ConfigDirError extends Error {
  override name = 'ConfigDirError';
}

/**
 * Refuses `.truss/` or the contract file when the way to it inside the working copy passes through
 * a symbolic link (docs/security.md, "What configures the next run"). The isolation hides what a
 * link points at, not the link: a link is a name in a directory the work may write, so a sandboxed
 * check could replace `ci -> conf` with a directory of its own holding `ci/contract.toml` with
 * `isolation = "none"`, and the user's next `truss run ci/contract.toml` would read that instead.
 */
export function refuseLinkedConfig(workdir: string, paths: readonly string[], cwd = process.cwd()): void {
  for (const path of paths) {
    const link = linkInsideWorkdir(workdir, path, cwd);
    if (link === null) continue;
    throw new ConfigLinkError(
      `${path} goes through ${link}, a symbolic link inside the working copy ${workdir}: the run's work could point it elsewhere and choose what your next run reads there (its own contract, configuration or signing key). Replace the link with the directory or file it points at, or give the file's real path.`,
    );
  }
}

/**
 * The working copy's `.truss/`, made if missing so the run's work cannot create it, after
 * {@link refuseLinkedConfig} passed it and `configPaths` (the contract file, the signing key file:
 * the next run reads them by the same path).
 */
export function prepareConfigDir(workdir: string, configPaths: ReadonlyArray<string | undefined>): string {
  const trussDir = join(workdir, '.truss');
  refuseLinkedConfig(workdir, [trussDir, ...configPaths.filter((path): path is string => Boolean(path))]);
  try {
    mkdirSync(trussDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new ConfigDirError(
        `cannot create ${trussDir} (${code}): truss makes it before the run so the work it judges cannot (docs/security.md, "What each boundary stops"); make the working copy writable, or run on a writable copy of it`,
      );
    }
    if (code !== 'EEXIST') throw error;
  }
  return trussDir;
}
