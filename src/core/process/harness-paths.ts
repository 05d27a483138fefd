import { dirname, join } from 'node:path';

export interface HarnessPathsInput {
  /** Key files the harness loaded (signing key, review key); undefined entries are skipped. */
  keyFiles: readonly (string | undefined)[];
  /** `$XDG_CONFIG_HOME` or `~/.config`: its `truss/` directory holds the per-install key. */
  configHome: string;
  /**
   * XDG_CACHE_HOME (or ~/.cache): `truss/` there holds the bytecode the next `truss` runs
   * (private-compile-cache.ts), never the work's to write, even when a working copy holds it.
   */
  cacheHome?: string | undefined;
  /** The ledger database; its directory (bundles in progress, reports) and SQLite side files too. */
  dbPath: string;
  /** The harness's own temp directories (artifacts, downloaded ledgers). */
  tempDirs?: readonly string[];
}

/**
 * Everything an untrusted process must never see, for {@link createIsolation}'s `hiddenPaths`
 * (docs/security.md, "What each boundary stops"). The DB's side files are listed on their own so
 * they stay hidden even when the DB's directory is the working copy itself and cannot be.
 */
export function harnessSecretPaths(input: HarnessPathsInput): string[] {
  const paths = [
    join(input.configHome, 'truss'),
    ...(input.cacheHome ? [join(input.cacheHome, 'truss')] : []),
    ...input.keyFiles.filter((path): path is string => typeof path === 'string' && path.length > 0),
    dirname(input.dbPath),
    input.dbPath,
    `${input.dbPath}-wal`,
    `${input.dbPath}-shm`,
    `${input.dbPath}-journal`,
    ...(input.tempDirs ?? []),
  ];
  return [...new Set(paths)];
}
