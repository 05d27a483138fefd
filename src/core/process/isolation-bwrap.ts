import { chownSync, existsSync, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { reachableBy } from './account-reach.js';
import { attemptAccount, reachSharedObjects } from './attempt-accounts.js';
import { linkedDirsToShow } from './git-linked-dirs.js';
import { AddedGitGuards, type GitMetadataGuard, sweepPlantedGitFiles } from './git-metadata.js';
import { grantWorkdir } from './grant-workdir.js';
import { hostSockets } from './host-sockets.js';
import type { Isolation, IsolationReport, PreparedSpawn, SpawnRequest } from './isolation.js';
import { dropForbiddenEnv } from './isolation-env.js';
import type { SandboxAccount } from './isolation-uid.js';
import { within } from './mount-table.js';
import { removeUntrustedTree } from './remove-tree.js';

export interface BwrapIsolationOptions {
  report: IsolationReport;
  /** Absolute path of the bwrap binary. */
  bwrap: string;
  /** Hidden inside the sandbox: tmpfs over directories, /dev/null over files. */
  hiddenPaths: readonly string[];
  /** Directories bound read-write; everything else is read-only. */
  workdirs: readonly string[];
  /** The working copies' git metadata: git directories pinned, config and hooks read-only. */
  gitGuard?: GitMetadataGuard | undefined;
  /** Directories above hidden paths inside working copies, bound onto themselves (hidden-pins.ts). */
  pinnedDirs?: readonly string[] | undefined;
  /** Give the sandbox its own network namespace (loopback only): `network = "none"` enforced. */
  unshareNet: boolean;
  /** Host directory for per-spawn scratch (bound as the sandbox's HOME and TMPDIR). */
  scratchRoot: string;
  /** PATH used to find `rm` when a sandbox's scratch is removed. */
  toolEnv: Record<string, string>;
  /**
   * A root harness starts bwrap as this account, through `setpriv` (absolute path): the sandbox then
   * has the account's uid outside its user namespace, not root's. The working copies must already be
   * granted to it (grant-workdir.ts); those added later are granted here.
   */
  runAs?: { account: SandboxAccount; setpriv: string } | undefined;
  /** Directories bound read-only (an attempt's view: the run's working copies, whose objects its copy reads). */
  readOnlyWorkdirs?: readonly string[] | undefined;
}

/** What bubblewrap makes afresh below (`--tmpfs /tmp`, `--dev /dev`): the host's files there are not seen. */
const FRESH_DIRS = ['/tmp', '/dev'];

/** Where the sandbox's fresh HOME and TMPDIR appear inside bubblewrap. */
const SANDBOX_HOME = '/tmp/.truss-home';
const SANDBOX_TMP = '/tmp/.truss-tmp';

/**
 * `bwrap` isolation (bubblewrap): new user, pid, ipc and uts namespaces, a fresh /proc that shows
 * only the sandbox's own processes, the root file system read-only, a fresh /tmp, the working
 * copies read-write, the key paths and harness temp dir covered, `--new-session` (no TIOCSTI into the
 * harness's terminal), `--die-with-parent` and all capabilities dropped. Killing bwrap (the group
 * leader) tears down the pid namespace and with it every descendant, setsid ones included.
 *
 * Without `runAs` the sandbox runs with the harness's uid (mapped into the user namespace): files that
 * are not hidden and are readable by that user stay readable, read-only. With it (a root harness)
 * bwrap itself is started as the sandbox account, unprivileged, so the kernel judges every file by
 * that account's uid; `--uid` alone would not do: a user namespace a root bwrap makes maps the
 * sandbox's uid to root outside (docs/security.md).
 */
export function bwrapIsolation(options: BwrapIsolationOptions): Isolation {
  const workdirs = [...options.workdirs];
  const added = new Set<string>();
  const addedGuards = new AddedGitGuards(options.toolEnv);
  const runAs = options.runAs;
  // Started as the account, bwrap can mount only where that account can look; what it cannot reach
  // needs no hiding.
  const visible = (path: string) => runAs === undefined || reachableBy(path, runAs.account);
  // A working copy removed without removeWorkdir (a finished fan-out attempt's copy) has nothing to
  // bind: named to bwrap, it stopped every later process of the run ("Can't find source path").
  const forgetRemoved = () => {
    for (const dir of added) {
      if (existsSync(dir)) continue;
      added.delete(dir);
      addedGuards.remove(dir);
      const index = workdirs.indexOf(dir);
      if (index >= 0) workdirs.splice(index, 1);
    }
  };
  const views = new Map<number, Promise<Isolation>>();
  return {
    report: options.report,
    // An attempt's view binds none of the run's working copies and none of the other attempts': only
    // what is added through it, with the harness's scratch directory (where every attempt's copy and
    // clean room lie) covered, and, as root, as an account of the slot's own (docs/fanout.md).
    forAttempt(slot) {
      let made = views.get(slot);
      if (made === undefined) {
        made = (async () => {
          const own = runAs
            ? {
                account: await attemptAccount(runAs.account.name, slot, 'root', options.toolEnv, false),
                setpriv: runAs.setpriv,
              }
            : undefined;
          const view = bwrapIsolation({
            ...options,
            workdirs: [],
            readOnlyWorkdirs: options.workdirs,
            gitGuard: undefined,
            pinnedDirs: [],
            hiddenPaths: [...options.hiddenPaths, options.scratchRoot],
            runAs: own,
          });
          if (own === undefined) return view;
          return {
            ...view,
            async addWorkdir(dir) {
              await view.addWorkdir(dir);
              await reachSharedObjects(dir, 'root', options.toolEnv);
            },
          };
        })();
        views.set(slot, made);
      }
      return made;
    },
    async addWorkdir(dir) {
      if (runAs) await grantWorkdir(dir, runAs.account, 'root', options.toolEnv, options.hiddenPaths);
      const path = realpathSync(dir);
      if (!workdirs.includes(path)) {
        workdirs.push(path);
        added.add(path);
      }
      addedGuards.add(path);
    },
    async removeWorkdir(dir) {
      const path = realpathSync(dir);
      addedGuards.remove(path);
      added.delete(path);
      const index = workdirs.indexOf(path);
      if (index >= 0) workdirs.splice(index, 1);
    },
    async prepare(request: SpawnRequest): Promise<PreparedSpawn> {
      forgetRemoved();
      const scratch = await mkdtemp(join(options.scratchRoot, 'truss-sbx-'));
      const tmp = runAs ? join(scratch, 'tmp') : scratch;
      // As another user, the sandbox's git refuses the harness's repositories ("dubious ownership")
      // unless its own global config says otherwise, as uid's scratch HOME does (process-scratch.ts).
      const gitconfig = join(scratch, 'gitconfig');
      if (runAs) {
        mkdirSync(tmp, { mode: 0o700 });
        writeFileSync(gitconfig, '[safe]\n\tdirectory = *\n');
        for (const path of [scratch, tmp, gitconfig]) chownSync(path, runAs.account.uid, runAs.account.gid);
      }
      const hiddenPaths = options.hiddenPaths.filter(visible);
      const guard = addedGuards.with(options.gitGuard);
      // A linked worktree's repository under the fresh /tmp is shown again, read-only (git-linked-dirs.ts).
      const linked = linkedDirsToShow(guard.linked ?? [], workdirs, options.hiddenPaths).filter(
        (dir) => FRESH_DIRS.some((fresh) => within(dir, fresh)) && visible(dir),
      );
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: SANDBOX_HOME, TMPDIR: SANDBOX_TMP });
      const args = [
        '--die-with-parent',
        '--new-session',
        '--unshare-user',
        '--unshare-pid',
        '--unshare-ipc',
        '--unshare-uts',
        '--unshare-cgroup-try',
        ...(options.unshareNet ? ['--unshare-net'] : []),
        '--cap-drop',
        'ALL',
        '--ro-bind',
        '/',
        '/',
        '--dev',
        '/dev',
        '--proc',
        '/proc',
        '--tmpfs',
        '/tmp',
        // `-try`: one removed since the guard was read has nothing to show, and must not stop the spawn.
        ...linked.flatMap((dir) => ['--ro-bind-try', dir, dir]),
        ...hiddenPaths.flatMap((path) => ['--tmpfs-or-null', path]),
        // The host daemons' sockets: whoever connects gets what the daemon grants (host-sockets.ts).
        ...hostSockets([...workdirs, options.scratchRoot, '/tmp', ...options.hiddenPaths])
          .filter(visible)
          .flatMap((path) => ['--ro-bind', '/dev/null', path]),
        ...(options.readOnlyWorkdirs ?? []).flatMap((dir) => ['--ro-bind', dir, dir]),
        ...workdirs.flatMap((dir) => ['--bind', dir, dir]),
        // Mount points no process can rename, so the hidden paths below stay where they are named.
        ...(options.pinnedDirs ?? []).flatMap((dir) => ['--bind', dir, dir]),
        // Paths hidden inside a working copy (e.g. its .truss ledger) are covered again after the bind.
        ...hiddenPaths
          .filter((path) =>
            [...workdirs, ...(options.readOnlyWorkdirs ?? [])].some((dir) => path.startsWith(`${dir}/`)),
          )
          .flatMap((path) => ['--tmpfs-or-null', path]),
        // What git runs is not theirs to change (git-metadata.ts); objects and refs stay writable.
        ...guard.pinned.flatMap((path) => ['--bind', path, path]),
        ...guard.readOnly.flatMap((path) => ['--ro-bind', path, path]),
        // Git writes these by name, following a link: not theirs to swap for one.
        ...guard.pinnedFiles.flatMap((path) => ['--bind', path, path]),
        ...guard.privateDirs.flatMap((path) => ['--tmpfs', path]),
        '--dir',
        SANDBOX_HOME,
        '--dir',
        SANDBOX_TMP,
        '--bind',
        tmp,
        SANDBOX_TMP,
        ...(runAs ? ['--bind', gitconfig, `${SANDBOX_HOME}/.gitconfig`] : []),
        '--chdir',
        request.cwd,
        '--',
        request.file,
        ...request.args,
      ];
      const bwrapArgs = expandHidden(args);
      return {
        ...(runAs
          ? {
              file: runAs.setpriv,
              args: [
                `--reuid=${runAs.account.uid}`,
                `--regid=${runAs.account.gid}`,
                '--clear-groups',
                '--',
                options.bwrap,
                ...bwrapArgs,
              ],
            }
          : { file: options.bwrap, args: bwrapArgs }),
        cwd: request.cwd,
        env,
        droppedEnv,
        async dispose() {
          // The harness removes what the sandbox wrote: a link swapped into its scratch would make a
          // recursive rmSync delete the harness user's files (remove-tree.ts).
          await removeUntrustedTree(scratch, options.toolEnv);
          sweepPlantedGitFiles(guard, options.toolEnv);
        },
      };
    },
  };
}

/**
 * bwrap has no "tmpfs over a directory, /dev/null over a file" option; `--tmpfs-or-null` is this
 * module's placeholder, resolved synchronously here by what the path is on the host. Paths that do
 * not exist are skipped (nothing to hide).
 */
function expandHidden(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg !== '--tmpfs-or-null') {
      out.push(arg);
      continue;
    }
    const path = args[++i] as string;
    const kind = pathKind(path);
    if (kind === 'dir') out.push('--tmpfs', path);
    else if (kind === 'file') out.push('--ro-bind', '/dev/null', path);
  }
  return out;
}

function pathKind(path: string): 'dir' | 'file' | null {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}
