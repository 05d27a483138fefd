import { homedir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
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
  /**
   * The host's environment: HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, PATH and the Actions runner's
   * file-command paths ({@link RUNNER_FILE_COMMANDS}, RUNNER_TEMP) are read from it, nothing else.
   */
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
    })
      .concat(runnerFileCommands(request.env, [request.workdir]))
      .concat(request.configPaths ?? []),
    workdirs: [request.workdir],
    hostHome: home,
    scratchRoot: request.scratchRoot,
    path: request.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
    isRoot: process.getuid?.() === 0,
    harnessUid: process.getuid?.(),
  });
}

/**
 * The files through which a workflow step talks to the Actions runner: a line appended to
 * GITHUB_ENV or GITHUB_PATH configures every later step of the job (`NODE_OPTIONS`, a PATH entry
 * ahead of the real tools), one in GITHUB_OUTPUT or GITHUB_STATE becomes this step's output.
 */
export const RUNNER_FILE_COMMANDS = [
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
] as const;

/**
 * The runner's file-command files and temp dir when the host runs inside a workflow step (the
 * Action, or `npx truss run` in a step): hidden at every isolation level. The read-only root alone
 * did not keep them: under `uid` the shared temp dirs stay writable, and a runner whose temp dir
 * lies there (a self-hosted runner's `RUNNER_TEMP` under /tmp) let a check append to GITHUB_ENV.
 * A directory that holds the working copy is not hidden (the files in it still are), so the sandbox
 * keeps what it must reach. One that holds the scratch root (`TMPDIR=$RUNNER_TEMP`) is hidden but for
 * the way there (process/scratch-way.ts), not left visible: actions/checkout keeps its credentials there.
 */
function runnerFileCommands(env: Record<string, string | undefined>, keep: readonly string[]): string[] {
  const files = RUNNER_FILE_COMMANDS.map((name) => env[name]).filter(
    (path): path is string => typeof path === 'string' && path.length > 0,
  );
  const dirs = [...files.map((file) => dirname(resolve(file))), env.RUNNER_TEMP].filter(
    (dir): dir is string => typeof dir === 'string' && dir.length > 0,
  );
  const holdsKept = (dir: string) =>
    keep.some((path) => {
      const rel = relative(resolve(dir), resolve(path));
      return rel === '' || !(rel.startsWith('..') || rel.startsWith('/'));
    });
  return [
    ...files.map((file) => resolve(file)),
    ...dirs.filter((dir) => !holdsKept(dir)).map((dir) => resolve(dir)),
  ];
}
