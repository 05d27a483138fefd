import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedContract } from '../contract/schema.js';
import { trussCacheHome } from '../private-compile-cache.js';
import { harnessSecretPaths } from '../process/harness-paths.js';
import type { Isolation, IsolationMode } from '../process/isolation.js';
import { createIsolation } from '../process/isolation-create.js';

export interface RunIsolationRequest {
  /** The host's override (`--isolation`, the Action's `isolation` input); else `[sandbox] isolation`, else `auto`. */
  mode?: IsolationMode | undefined;
  contract: ResolvedContract;
  workdir: string;
  /** The ledger database: it, its side files and its directory are hidden. */
  dbPath: string;
  /** Signing or review key files the host read: hidden. */
  keyFiles?: ReadonlyArray<string | undefined>;
  /** The harness's own temp directories (bundles, the runner's file-command files): hidden. */
  tempDirs?: readonly string[];
  /**
   * What configures the host's next run from the working copy (the CLI's `.truss/` and the contract
   * file it was given): hidden, so a run's work cannot choose how the next run is isolated or judged.
   */
  configPaths?: readonly string[];
  /** The host's environment: HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME and PATH are read from it, nothing else. */
  env: Record<string, string | undefined>;
  /** Where per-spawn scratch directories are made (os.tmpdir()). */
  scratchRoot: string;
}

/**
 * The isolation of one run, chosen and set up the same way for every host (docs/security.md): the
 * host's override, else the contract's `[sandbox] isolation`, else `auto`; the key files, the
 * per-install key directory, the ledger, the harness temp dirs and the host's run configuration are
 * hidden, the user's HOME too (a working copy inside it stays reachable).
 */
export function createRunIsolation(request: RunIsolationRequest): Promise<Isolation> {
  const home = request.env.HOME || homedir();
  return createIsolation({
    mode: request.mode ?? request.contract.sandbox?.isolation ?? 'auto',
    network: request.contract.constraints.network,
    hiddenPaths: harnessSecretPaths({
      keyFiles: [...(request.keyFiles ?? [])],
      configHome: request.env.XDG_CONFIG_HOME || join(home, '.config'),
      cacheHome: trussCacheHome(request.env, home),
      dbPath: request.dbPath,
      tempDirs: [...(request.tempDirs ?? [])],
    }).concat(request.configPaths ?? []),
    workdirs: [request.workdir],
    hostHome: home,
    scratchRoot: request.scratchRoot,
    path: request.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
    isRoot: process.getuid?.() === 0,
    harnessUid: process.getuid?.(),
  });
}
