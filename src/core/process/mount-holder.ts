import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { idleShared } from './idle-shared.js';
import { IsolationSetupError } from './isolation.js';
import { type MountEntry, tmpfsEntry } from './mount-table.js';
import { shellQuote } from './sandbox-commands.js';

/**
 * A mount namespace with the sandbox's hiding mounts already in place, kept by one idle root shell,
 * so that `uid` isolation mounts them once per run instead of once per process: each sandboxed
 * process enters it (`nsenter --mount`) and makes its own pid and mount namespaces from there.
 *
 * Fail closed: the namespace carries a marker tmpfs holding a file whose name is random, and each
 * process's init refuses to start the command (exit 125) unless it sees that file — entering anything else (a
 * reused pid) cannot run the command unhidden. The paths it hides are watched by identity (device
 * and inode, or absence): once one changes on the host (a key file replaced by rename, a hidden
 * directory created after the namespace was made), {@link MountHolder.current} is false and the
 * caller makes a fresh one.
 */
export interface MountHolder {
  /** `/proc/PID/ns/mnt` of the holding shell, for `nsenter --mount=`. */
  readonly nsPath: string;
  /** `/proc/PID/ns/net` of the holding shell when it holds a network namespace, for `nsenter --net=`. */
  readonly netPath: string | null;
  /** A file that is the held network namespace (a bind of its nsfs file), only inside the held mounts. */
  readonly netPin: string | null;
  /** A file that exists only on the marker mount, so only inside the held namespace. */
  readonly marker: string;
  /** Whether the holder is alive and every watched path is still what it was when it was made. */
  current(): boolean;
  /** Ends the holding shell (the namespace goes with it). */
  close(): void;
}

/** The name of the held network namespace's pin in the holder's stage. */
const NET_PIN = 'net';

/** Device and inode of each path, or null when absent: what the hiding mounts were made over. */
function identities(paths: readonly string[]): (string | null)[] {
  return paths.map((path) => {
    try {
      const info = lstatSync(path);
      return `${info.dev}:${info.ino}`;
    } catch {
      return null;
    }
  });
}

/**
 * Starts the holder: `unshare --mount` (private propagation, and `--net` with loopback up when
 * `netns`) running `setup` (the hide/cover mounts, given `$STAGE` = `stage`), then a marker tmpfs on
 * `stage`, then waiting on stdin, so it also ends when the harness does (its stdin closes).
 *
 * A held network namespace is shared by the processes that enter it, as the held mounts (and the
 * private /tmp in them) are: each still gets its own pid namespace, so nothing it started (and no
 * socket it opened) outlives it.
 */
export function startMountHolder(options: {
  /**
   * The mount commands, written after the watched paths' identities are taken (none can slip
   * between), with `tail` (the marker tmpfs on the stage) made last, in the same table.
   */
  setup: (tail: readonly MountEntry[]) => string;
  stage: string;
  watched: readonly string[];
  env: Record<string, string>;
  netns?: boolean;
  /** Under `sudo` the holder is started through `sudo -n` (the harness is not root). */
  privilege?: 'root' | 'sudo';
}): Promise<MountHolder> {
  const marker = `truss-holder-${randomBytes(12).toString('hex')}`;
  const netns = options.netns === true;
  const before = identities(options.watched);
  const script = [
    'STAGE=$1; shift',
    // Beside the mounts, not after them: loopback up is all it does (a process start, ~10 ms).
    netns ? '{ ip link set lo up || true; } 2>/dev/null &' : '',
    options.setup([tmpfsEntry(marker, options.stage, 'size=4k,mode=0700')]),
    // The marker tmpfs hides the tables the set-up wrote in the stage: one still seen means it is not
    // on, and a marker made now would be made on the host.
    `for table in "$STAGE"/mounts-*; do [ -e "$table" ] && { echo "truss: the sandbox's marker mount is missing" >&2; exit 125; }; done`,
    `: > "$STAGE/${marker}" || exit 125`,
    // The held network namespace, pinned beside the marker: each process's init compares its own
    // with it (heldInit), whatever order nsenter entered the namespaces in.
    netns
      ? `{ : > "$STAGE/${NET_PIN}" && mount --bind /proc/self/ns/net "$STAGE/${NET_PIN}"; } || exit 125`
      : '',
    netns ? 'wait' : '',
    // Its pid, for /proc/PID/ns/*: under sudo the child the harness started is sudo, not this shell.
    'echo "ready $$"',
    'read _ || true',
    // The harness has ended (its end closed stdin): the stage would be left behind in the scratch
    // root (an idle end removes it from the harness instead, where nothing is mounted in it). Here,
    // inside the namespace, only the table files are deleted and only empty directories removed,
    // never a tree: nothing can be deleted through a mount that is still there.
    'umount -R "$STAGE"',
    'rm -f -- "$STAGE"/mounts-*',
    'rmdir -- "$STAGE"/stage/* "$STAGE"/stage "$STAGE" 2>/dev/null',
  ]
    .filter((line) => line.length > 0)
    .join('\n');
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      const unshare = [
        'unshare',
        '--mount',
        '--propagation',
        'private',
        ...(netns ? ['--net'] : []),
        '--',
        '/bin/sh',
        '-c',
        script,
        'truss-sandbox-mounts',
        options.stage,
      ];
      const [file, ...args] =
        options.privilege === 'sudo'
          ? ['sudo', '-n', '--', 'env', `PATH=${options.env.PATH ?? ''}`, ...unshare]
          : unshare;
      child = spawn(file as string, args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      reject(
        new IsolationSetupError(`could not start the sandbox's mount namespace: ${(error as Error).message}`),
      );
      return;
    }
    let exited = false;
    let stderr = '';
    let stdout = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      exited = true;
      reject(new IsolationSetupError(`could not start the sandbox's mount namespace: ${error.message}`));
    });
    child.on('exit', (code) => {
      exited = true;
      reject(
        new IsolationSetupError(
          `the sandbox's mount namespace could not be set up (exit ${code}): ${stderr.trim().split('\n')[0] ?? ''}`,
        ),
      );
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const ready = /^ready (\d+)\n/.exec(stdout);
      if (!ready) return;
      const pid = ready[1];
      // It must not keep the harness alive; it ends when the harness's end closes its stdin.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr])
        (stream as unknown as { unref?: () => void })?.unref?.();
      resolve({
        nsPath: `/proc/${pid}/ns/mnt`,
        netPath: netns ? `/proc/${pid}/ns/net` : null,
        netPin: netns ? join(options.stage, NET_PIN) : null,
        marker: join(options.stage, marker),
        current: () => !exited && identities(options.watched).every((identity, i) => identity === before[i]),
        close() {
          if (exited) return;
          exited = true;
          // Closing stdin ends the shell (under sudo the harness may not signal it); the kill is for
          // a shell that does not read it.
          child.stdin?.end();
          child.kill('SIGKILL');
          // Held until it has exited, so that it is reaped here (idle-shared.ts).
          child.ref();
        },
      });
    });
  });
}

/**
 * The init each sandboxed process starts with inside the held namespace (pid 1 of its own pid
 * namespace, root, so it keeps `unshare --kill-child`'s parent-death signal): refuses to go on
 * unless the holder's marker mount is there, enters the working directory (its first argument) by
 * path from inside the namespace, then runs the command with the sandbox's umask.
 *
 * The working directory must be entered here, not inherited: a directory opened outside the
 * namespace (`nsenter --wd`, or the spawner's cwd) stays on the host's mounts, so relative paths
 * from it (`cat key`, `../secret`) would resolve past every hiding mount, and getcwd() could not
 * name it (it is unreachable from the namespace's root).
 */
export function heldInit(
  marker: string,
  options: {
    /** The held network namespace's pin, when it holds one. */
    netPin?: string | null;
    /** Root's last steps before the command (under sudo: handing the scratch to the sandbox user). */
    prelude?: readonly string[];
    /** The sandbox's umask (isolation-uid.ts: 000 under sudo, where the harness is not in its group). */
    umask?: string;
  } = {},
): string {
  const { netPin = null, prelude = [], umask = '002' } = options;
  // On the host the marker's directory is an empty root-only 0700 one: only the held namespace's
  // tmpfs has the file (a builtin test: no process, no reading /proc/self/mountinfo byte by byte).
  // `-ef` compares device and inode: the process's network namespace must be the pinned one.
  return [
    `[ -e ${shellQuote(marker)} ] || { echo "truss: not in the sandbox mount namespace" >&2; exit 125; }`,
    netPin === null
      ? ''
      : `[ /proc/self/ns/net -ef ${shellQuote(netPin)} ] || { echo "truss: not in the sandbox network namespace" >&2; exit 125; }`,
    ...prelude,
    ENTER_WORKDIR,
    `umask ${umask}`,
    '"$@"',
  ]
    .filter((line) => line.length > 0)
    .join('\n');
}

/**
 * Shell lines that enter the working directory given as `$1` by path (see {@link heldInit}) and drop
 * it from the arguments; a directory that cannot be entered stops the command (exit 125).
 */
export const ENTER_WORKDIR = [
  'cd -- "$1" || { echo "truss: cannot enter the working directory inside the sandbox" >&2; exit 125; }',
  'shift',
].join('\n');

/**
 * One run's holder, made on the first spawn that can use it and shared by the processes that follow;
 * ended once idle (idle-shared.ts).
 * `enter` resolves null when holders cannot be used (turned off, or making one failed): the caller
 * then mounts per process as before. With `netns` the holder holds the run's network namespace too.
 */
export function sharedMounts(
  options: {
    privilege: 'root' | 'sudo';
    /** False: never hold; every process mounts its own. */
    hold?: boolean;
    netns: boolean;
    hiddenPaths: readonly string[];
    coverPaths: readonly { dir: string; keep: readonly string[] }[];
    scratchRoot: string;
    toolEnv: Record<string, string>;
  },
  /**
   * The holder's mount commands for its stage directory, made each time a holder is made (working
   * copies added since included), with `tail` made last.
   */
  setup: (stage: string, tail: readonly MountEntry[]) => string,
  /** Moves on when a holder made before can no longer serve (it is then made again). */
  generation: () => number = () => 0,
): { enter(): Promise<MountHolder | null>; leave(): void; warm(): void } {
  const watched = [...options.hiddenPaths, ...options.coverPaths.flatMap(({ dir, keep }) => [dir, ...keep])];
  const make = (): Promise<MountHolder | null> => {
    const stage = mkdtempSync(join(options.scratchRoot, 'truss-sbx-ns-'));
    const madeAt = generation();
    return startMountHolder({
      setup: (tail) => setup(stage, tail),
      stage,
      watched,
      env: options.toolEnv,
      netns: options.netns,
      privilege: options.privilege,
    })
      .then((holder) => {
        // The harness's end closes the holder's stdin, and the holder would then remove its stage
        // itself, after this process: too late for this process's own directory to go
        // (lifeline.ts), which was left behind empty at every CLI run until a later run swept it. It
        // is ended here first (this listener runs before the lifeline's), as an idle end does.
        const atExit = () => made.close();
        const made: MountHolder = {
          ...holder,
          current: () => holder.current() && generation() === madeAt,
          close() {
            process.off('exit', atExit);
            holder.close();
            removeStage(stage);
          },
        };
        process.prependListener('exit', atExit);
        return made;
      })
      .catch(() => {
        removeStage(stage);
        return null;
      });
  };
  const shared = idleShared({ enabled: options.hold !== false, make, serves: (holder) => holder.current() });
  return { enter: () => shared.get(), leave: () => shared.leave(), warm: () => shared.warm() };
}

/**
 * Removes a stage (a holder's, or a process's own mount tables) on the host, where nothing is mounted
 * in it. Never throws (it runs from a timer, and after a process ended): a directory it cannot remove
 * is left behind, and the harness goes on.
 */
export function removeStage(stage: string): void {
  try {
    rmSync(stage, { recursive: true, force: true });
  } catch {}
}
