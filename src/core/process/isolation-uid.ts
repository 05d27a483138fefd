import { existsSync, mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { attemptAccount, reachSharedObjects } from './attempt-accounts.js';
import { linkedDirsToShow } from './git-linked-dirs.js';
import { AddedGitGuards, type GitMetadataGuard, sweepPlantedGitFiles } from './git-metadata.js';
import { grantWorkdir } from './grant-workdir.js';
import { hostSockets } from './host-sockets.js';
import type { Isolation, IsolationReport, PreparedSpawn, SpawnRequest } from './isolation.js';
import { IsolationSetupError } from './isolation.js';
import { dropForbiddenEnv } from './isolation-env.js';
import { sharedLauncher } from './launcher.js';
import { harnessDirectory, lifelineWatcher } from './lifeline.js';
import { ENTER_WORKDIR, heldInit, removeStage, sharedMounts } from './mount-holder.js';
import {
  bindEntry,
  coverEntries,
  guardEntries,
  hideEntries,
  type MountEntry,
  mountNames,
  mountPlanScript,
  reachable,
  within,
} from './mount-table.js';
import { type PrivateDir, privateDirEntries, realOrResolved } from './private-dirs.js';
import { disposeScratch, makeScratch } from './process-scratch.js';
import { hostMounts, mountUnder, readOnlyProofLines, readOnlyRoot, remountPlan } from './read-only-root.js';
import { PID_NAMESPACE_FLAGS, type Privilege, runCommand, shellQuote } from './sandbox-commands.js';
import { findProgram, type SandboxTools, sandboxTools } from './trusted-path.js';

export { ensureSandboxAccount, localAccount } from './sandbox-account.js';

/** The sandbox user for runs whose network is open or allowlisted. */
export const SANDBOX_USER = 'truss-sandbox';
/**
 * The sandbox user for `network = "none"`: it runs in a network namespace of its own (loopback only),
 * or where none can be made, every packet it sends is rejected by an owner rule (egress-block.ts).
 */
export const SANDBOX_OFFLINE_USER = 'truss-sandbox-offline';

export interface SandboxAccount {
  name: string;
  uid: number;
  gid: number;
}

export interface UidIsolationOptions {
  report: IsolationReport;
  privilege: Privilege;
  account: SandboxAccount;
  /** Paths hidden inside the sandbox's mount namespace (tmpfs over directories, /dev/null over files). */
  hiddenPaths: readonly string[];
  /**
   * Directories hidden although working copies lie inside them (e.g. the runner's HOME): each is
   * covered by a tmpfs and the working copies inside are moved back on top.
   */
  coverPaths: readonly { dir: string; keep: readonly string[] }[];
  /** The working copies' git metadata: git directories pinned, config and hooks read-only. */
  gitGuard?: GitMetadataGuard | undefined;
  /** Directories above hidden paths inside working copies, bound onto themselves (hidden-pins.ts). */
  pinnedDirs?: readonly string[] | undefined;
  /** Directory for per-spawn scratch HOME/TMPDIR (must be traversable by the sandbox user, e.g. /tmp). */
  scratchRoot: string;
  /**
   * World-writable directories given a private tmpfs inside the sandbox (private-dirs.ts); the
   * scratch root, the working copies in `keeps` and those added later are bound back on top.
   */
  privateDirs?: readonly PrivateDir[] | undefined;
  /** The working copies the sandbox must reach through the private directories (and may write). */
  keeps?: readonly string[] | undefined;
  /** Paths the sandbox must reach but never write (Truss's own installation): kept, read-only. */
  readOnlyKeeps?: readonly string[] | undefined;
  /** Run in a fresh network namespace (loopback only): how `network = "none"` is enforced wherever one can be made. */
  netns: boolean;
  /**
   * Make the mounts once per run in a held namespace (mount-holder.ts), the default. False makes
   * every process mount its own, the path taken when no holder can be made.
   */
  heldNamespace?: boolean;
  /**
   * Start each check in the held namespace through the sandbox launcher (launcher.ts) when `perl` is
   * installed (as root, or through `sudo -n`), the default; false (or a launcher that cannot start)
   * keeps the program chain for every process.
   */
  launcher?: boolean;
  /** PATH used to find unshare, setpriv and sudo. */
  toolEnv: Record<string, string>;
}

/**
 * `uid` isolation: each process runs as the dedicated sandbox user inside fresh pid and mount
 * namespaces. A root-owned init (`/bin/sh`, pid 1 of the namespace) hides the key paths and harness
 * temp dir with mounts, then starts the command through `setpriv` (no capabilities, no new
 * privileges, no supplementary groups). The init keeps `unshare --kill-child`'s parent-death signal
 * (it never changes uid), so when the supervisor kills the group at the deadline the init dies and
 * the kernel kills everything left in the namespace — setsid and double-forked children included.
 */
export function uidIsolation(options: UidIsolationOptions): Isolation {
  // Root runs these with the check's environment: by absolute path, never through its PATH.
  let tools: SandboxTools;
  try {
    tools = sandboxTools(options.toolEnv.PATH ?? '');
  } catch (error) {
    throw new IsolationSetupError(`uid isolation: ${(error as Error).message}`);
  }
  const sudo = options.privilege === 'sudo' ? findProgram('sudo', options.toolEnv.PATH ?? '') : null;
  if (options.privilege === 'sudo' && sudo === null)
    throw new IsolationSetupError('uid isolation: sudo is not installed in a trusted directory of PATH');
  // Every scratch is made in this harness's own directory, and each process's init kills its
  // namespace once this harness is gone (lifeline.ts).
  const harness = harnessDirectory(options.scratchRoot, tools.mkfifo);
  const scratchRoot = harness.dir;
  const watchHarness = lifelineWatcher(harness.fifo);
  const privateDirs = options.privateDirs ?? [];
  // As root the harness reads and writes anything; a non-root harness (sudo) is not in the sandbox
  // group, so what the sandbox creates must stay writable for it (git objects, new directories).
  const sandboxUmask = options.privilege === 'root' ? '002' : '000';
  // Working copies added later (clean rooms, tool sockets) are kept through the private directories too.
  const addedKeeps = new Set<string>();
  const writableKeeps = (extra: readonly string[]) => [
    scratchRoot,
    ...(options.keeps ?? []),
    ...addedKeeps,
    ...extra,
  ];
  // A linked worktree's repository in a private directory is kept too, read-only (git-linked-dirs.ts).
  const readOnlyKeeps = () => [
    ...(options.readOnlyKeeps ?? []),
    ...linkedDirsToShow(addedGuards.with(options.gitGuard).linked ?? [], writableKeeps([]), [
      ...options.hiddenPaths,
      ...options.coverPaths.map(({ dir }) => dir),
    ]).filter((dir) => privateDirs.some((shared) => within(dir, shared.dir))),
  ];
  const keepsWith = (extra: readonly string[]) => [...writableKeeps(extra), ...readOnlyKeeps()];
  // Whether `path` lies in a private directory but outside every kept path: invisible in the sandbox.
  const unreachable = (path: string) =>
    privateDirs.some(({ dir }) => within(path, dir)) && !keepsWith([]).some((keep) => within(path, keep));
  // Every mount of the sandbox, in order: private shared directories, covered and hidden paths, git
  // guards, as a script whose tables are written in `dir` (only the harness can write it; the covered
  // working copies are staged in `dir/stage`). `extraKeeps`: more paths to keep through the private
  // directories (the process's working directory); `tail`: entries made last (the holder's marker).
  const mountSetup = (
    dir: string,
    extraKeeps: readonly string[],
    tail: readonly MountEntry[] = [],
  ): string => {
    forgetRemoved();
    const names = mountNames();
    const keeps = keepsWith(extraKeeps);
    const writable = writableKeeps(extraKeeps);
    const privated = privateDirEntries(privateDirs, keeps, names.private);
    // What the private directories and the covers put out of reach has nothing left to hide.
    const covers = [
      ...privated.covers,
      ...options.coverPaths.map((cover) => ({ dir: cover.dir, keeps: cover.keep })),
    ];
    const covered = coverEntries(options.coverPaths, join(dir, 'stage'), names.hidden);
    // Made by the harness: under sudo, root makes only the empty directories inside it, which the
    // harness can then remove (it could not remove them from a directory root made).
    if (covered.moves.length > 0) mkdirSync(join(dir, 'stage'));
    // Everything outside the sandbox's own places is read-only, whoever the files belong to.
    const mounts = hostMounts();
    const readOnly = readOnlyRoot({
      mounts,
      keeps: writable,
      mounted: (keep) =>
        !reachable(
          keep,
          covers.map(({ dir }) => ({ dir, keeps: [] })),
        ),
      covers,
      hidden: options.hiddenPaths,
    });
    // Every unix socket of the host outside the sandbox's own places (host-sockets.ts).
    const sockets = hostSockets([
      ...keeps,
      ...privateDirs.map(({ dir }) => dir),
      ...options.coverPaths.map(({ dir }) => dir),
      ...options.hiddenPaths,
    ]);
    // The read-only keeps bound back through a private directory are mounts of their own there: each
    // is made read-only too, whoever its files belong to (one removed meanwhile is not bound), unless
    // a writable keep lies inside it and is seen through it (Truss installed in a directory that holds
    // the working copy, as a checkout under /tmp running its own tests does): made read-only, it would
    // take the working copy with it, and every check that writes failed.
    const boundReadOnly = readOnlyKeeps()
      .filter(
        (keep) =>
          privateDirs.some(({ dir }) => within(keep, dir)) &&
          !keeps.some((other) => other !== keep && within(keep, other)) &&
          !writable.some((inner) => inner !== keep && within(inner, keep)) &&
          existsSync(keep),
      )
      .map((path) => ({ ...mountUnder(path, mounts), path }));
    const remounts = [...readOnly.remounts, ...boundReadOnly];
    const readOnlyMounts = remountPlan(names.remount, tools.mount, remounts);
    const plan = {
      first: [...privated.entries, ...covered.entries],
      moves: covered.moves,
      remounts: readOnlyMounts.entries,
      after: [...readOnlyMounts.lines, ...readOnlyProofLines(remounts.map(({ path }) => path))],
      tail,
      last: [
        ...readOnly.binds,
        // Before the hiding mounts: a bind made after them would show what they cover.
        ...(options.pinnedDirs ?? [])
          .filter((dir) => reachable(dir, covers))
          .map((dir) => bindEntry(dir, dir, { recursive: true })),
        ...hideEntries(options.hiddenPaths, names.hidden, covers),
        ...guardEntries(options.gitGuard, names.private),
        ...guardEntries(addedGuards.added, names.private),
      ],
      // Host daemons' sockets after the hidden paths (a socket inside one is hidden with it); a socket
      // removed since the plan was read (another run's launcher ending) has nothing left to hide.
      vanishing: hideEntries(
        sockets.filter((socket) => !options.hiddenPaths.some((path) => within(socket, path))),
        names.hidden,
        covers,
      ),
    };
    return mountPlanScript(plan, dir, tools);
  };
  // The per-process init: the whole set of mounts (`setup`), then the command.
  const initScript = (setup: string, rootSteps: readonly string[]) =>
    [
      setup,
      ...rootSteps,
      // After the mounts: a working directory entered before them would bypass them (heldInit).
      ENTER_WORKDIR,
      options.netns && tools.ip ? `${shellQuote(tools.ip)} link set lo up 2>/dev/null || true` : '',
      `umask ${sandboxUmask}`,
      '"$@"',
    ]
      .filter((line) => line.length > 0)
      .join('\n');

  const addedGuards = new AddedGitGuards(options.toolEnv);
  // A holder made later mounts the guards of the working copies added so far with everything else.
  // A holder made before a working copy was added inside a private directory cannot show it: the
  // generation moves on and the next process gets a fresh holder.
  let generation = 0;
  // A working copy removed without removeWorkdir (a finished clean room) has no mounts to make: its
  // guards and keep would stop every later mount set-up (exit 125).
  const forgetRemoved = () => {
    for (const dir of addedKeeps) {
      if (existsSync(dir)) continue;
      addedKeeps.delete(dir);
      addedGuards.remove(dir);
    }
  };
  const mounts = sharedMounts(
    { ...options, scratchRoot, hold: options.heldNamespace !== false },
    (stage, tail) => mountSetup(stage, [], tail),
    () => generation,
  );
  // Under sudo the launcher is started through `sudo -n` and its root processes do what each check
  // needed a sudo for: hand the scratch to the sandbox user, and end the check (docs/security.md).
  const launcher = sharedLauncher({
    perl: options.launcher !== false ? findProgram('perl', options.toolEnv.PATH ?? '') : null,
    socketDir: dirname(harness.fifo),
    path: options.toolEnv.PATH ?? '',
    sudo: sudo === null ? null : { sudo, env: tools.env },
    rm: sudo === null ? null : findProgram('rm', options.toolEnv.PATH ?? ''),
  });
  // One view per account: the run's own, and one per fan-out attempt slot (attempt-accounts.ts),
  // sharing the held namespace and launcher; what a view adds is granted to its account alone.
  const view = (account: SandboxAccount): Isolation => ({
    report: options.report,
    tempDir: scratchRoot,
    async addWorkdir(dir) {
      await grantWorkdir(dir, account, options.privilege, options.toolEnv, options.hiddenPaths);
      if (account !== options.account) await reachSharedObjects(dir, options.privilege, options.toolEnv);
      const path = realpathSync(dir);
      addedGuards.add(path);
      addedKeeps.add(path);
      // A held namespace made before cannot show the new copy writable (everything outside the
      // sandbox's places is read-only there, and a bind inherits that): the next process gets a
      // fresh holder, with the copy's git guard among its mounts.
      generation++;
    },
    async removeWorkdir(dir) {
      const path = realpathSync(dir);
      addedGuards.remove(path);
      addedKeeps.delete(path);
    },
    warm() {
      mounts.warm();
      launcher.warm();
    },
    async prepare(request: SpawnRequest): Promise<PreparedSpawn> {
      // Synchronous: a handful of tiny local calls, cheaper than a thread-pool round trip each.
      const scratch = makeScratch(scratchRoot, options.privilege, account);
      const { home, tmp, owned } = scratch;
      // Under sudo the sandbox's root init hands the scratch to the sandbox user, which saves a sudo
      // per process; a process the launcher starts has the launcher's root init do it (`owned`).
      const rootSteps =
        options.privilege === 'root'
          ? [watchHarness]
          : [
              watchHarness,
              `${shellQuote(tools.chown)} -h -- ${account.uid}:${account.gid} ${owned.map(shellQuote).join(' ')} || exit 125`,
            ];

      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: home, TMPDIR: tmp, USER: account.name, LOGNAME: account.name });

      const inner = [
        tools.setpriv,
        `--reuid=${account.uid}`,
        `--regid=${account.gid}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--bounding-set=-all',
        '--no-new-privs',
        '--',
        request.file,
        ...request.args,
      ];
      // The hiding mounts (and the network namespace, if any) are made once per run and entered
      // (mount-holder.ts); the per-process init only checks it is in that namespace. A working
      // directory the held namespace cannot show (inside a private directory, outside every kept
      // path) gets its own mounts that keep it.
      forgetRemoved();
      const cwd = realOrResolved(request.cwd);
      const ownCwd = unreachable(cwd);
      const held = ownCwd ? null : await mounts.enter();
      const launching = held ? await launcher.get() : null;
      // Per-process mounts: the table and the covered copies' stage in a directory only the harness
      // can write (the scratch is the sandbox user's, and another of its processes may be running).
      const own = held ? null : mkdtempSync(join(scratchRoot, 'truss-sbx-m-'));
      const setup = own === null ? '' : mountSetup(own, ownCwd ? [cwd] : []);
      const unshare = held
        ? [
            tools.nsenter,
            // The init checks both: the marker (mounts) and the pinned network namespace.
            ...(held.netPath ? [`--net=${held.netPath}`] : []),
            `--mount=${held.nsPath}`,
            '--',
            tools.unshare,
            ...PID_NAMESPACE_FLAGS,
            '--',
            '/bin/sh',
            '-c',
            heldInit(held.marker, { netPin: held.netPin, prelude: rootSteps, umask: sandboxUmask }),
            'truss-sandbox-init',
            resolve(request.cwd),
            ...inner,
          ]
        : [
            tools.unshare,
            ...PID_NAMESPACE_FLAGS,
            ...(options.netns ? ['--net'] : []),
            '--',
            '/bin/sh',
            '-c',
            initScript(setup, rootSteps),
            'truss-sandbox-init',
            resolve(request.cwd),
            ...inner,
          ];
      // As root, the process the harness starts dies with the harness (its parent-death signal
      // survives the exec of nsenter and unshare), so a killed harness leaves no check running past
      // its deadline. Under sudo that signal is dropped by the setuid exec and cannot be set.
      const [file, args] =
        options.privilege === 'root'
          ? [tools.setpriv, ['--pdeathsig', 'KILL', '--', ...unshare]]
          : [
              sudo as string,
              [
                '-n',
                `--preserve-env=${Object.keys(env).join(',')}`,
                '--',
                tools.env,
                // sudo's secure_path replaces PATH; TMPDIR is one of the variables the C library
                // drops from a setuid program's environment, so it never reaches the command through
                // --preserve-env. Both are paths the harness chose, not secrets, so they may be seen
                // in the argument list.
                `PATH=${env.PATH ?? ''}`,
                `TMPDIR=${tmp}`,
                ...unshare,
              ],
            ];
      // The launcher's init does what the chain's does (heldInit), but for the lifeline watcher: the
      // check's root processes die with the launcher, which dies with the harness (as root, by its
      // parent-death signal; under sudo, by the end of its stdin).
      const launch =
        held && launching
          ? () =>
              launching.launch({
                uid: account.uid,
                gid: account.gid,
                umask: sandboxUmask,
                mountNs: held.nsPath,
                netNs: held.netPath,
                marker: held.marker,
                netPin: held.netPin,
                owned: options.privilege === 'root' ? [] : owned,
                cwd: resolve(request.cwd),
                file: request.file,
                args: request.args,
                env,
              })
          : undefined;
      return {
        file,
        args,
        cwd: request.cwd,
        env,
        droppedEnv,
        launch,
        async dispose(pid) {
          if (held) mounts.leave();
          if (launching) launcher.leave();
          // Under sudo the group's root members cannot be signalled by the harness user; a group
          // that is already gone (the check's namespace ended with it) needs no sudo.
          if (options.privilege === 'sudo' && pid !== undefined && groupAlive(pid)) {
            await runCommand(sudo as string, ['-n', 'kill', '-KILL', '--', `-${pid}`], options.toolEnv, 5000);
          }
          void disposeScratch(scratch, options.privilege, options.toolEnv, launching?.remove);
          if (own !== null) removeStage(own);
          sweepPlantedGitFiles(addedGuards.with(options.gitGuard), options.toolEnv);
        },
      };
    },
  });
  const views = new Map<number, Promise<Isolation>>();
  return {
    ...view(options.account),
    forAttempt(slot) {
      let made = views.get(slot);
      if (made === undefined) {
        const iptables = options.report.egress === 'iptables-owner';
        made = attemptAccount(options.account.name, slot, options.privilege, options.toolEnv, iptables).then(
          view,
        );
        views.set(slot, made);
      }
      return made;
    },
  };
}

/** Whether any process is left in the process group `pgid` (one the harness may not signal counts). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
