import { reachableBy } from './account-reach.js';
import { ensureEgressBlock } from './egress-block.js';
import { gitMetadataGuard } from './git-metadata.js';
import { grantWorkdir } from './grant-workdir.js';
import { hiddenPathPins } from './hidden-pins.js';
import {
  type Isolation,
  type IsolationLevel,
  type IsolationMode,
  type IsolationReport,
  IsolationUnavailableError,
  type NetworkMode,
} from './isolation.js';
import { bwrapIsolation } from './isolation-bwrap.js';
import { noIsolation } from './isolation-none.js';
import {
  ensureSandboxAccount,
  localAccount,
  SANDBOX_OFFLINE_USER,
  SANDBOX_USER,
  type SandboxAccount,
  uidIsolation,
} from './isolation-uid.js';
import { harnessDirectoryAhead, sweepDeadHarnesses } from './lifeline.js';
import { within } from './mount-table.js';
import {
  harnessRoot,
  installRoot,
  preparePrivateDirs,
  realOrResolved,
  SHARED_DIR_CANDIDATES,
  sharedWritableDirs,
} from './private-dirs.js';
import { removeScratch } from './process-scratch.js';
import { runTempDirectory } from './run-temp.js';
import { asRoot, PID_NAMESPACE_FLAGS, type Privilege, runCommand } from './sandbox-commands.js';
import { besideTheScratchRoot } from './scratch-way.js';
import { findProgram, trustedSearchPath } from './trusted-path.js';

export interface CreateIsolationOptions {
  mode: IsolationMode;
  /** `[constraints] network`: with `none`, uid and bwrap block egress for real. */
  network: NetworkMode;
  /**
   * Paths no untrusted process may see: the signing and review key files, the per-install key dir,
   * the ledger database's directory, the harness temp dir. Missing paths are ignored.
   */
  hiddenPaths: readonly string[];
  /** Working copies untrusted processes may read and write (uid: granted to the sandbox user here). */
  workdirs: readonly string[];
  /** The harness user's HOME: hidden too; a working copy inside it (a runner's workspace) stays reachable. */
  hostHome?: string | undefined;
  /** Where per-spawn scratch HOME/TMPDIR directories are made (e.g. os.tmpdir()). */
  scratchRoot: string;
  /**
   * uid: the world-writable directories that get a private tmpfs inside the sandbox (default
   * {@link SHARED_DIR_CANDIDATES}; those that do not exist here are skipped).
   */
  sharedDirs?: readonly string[] | undefined;
  /** The harness's uid: its reusable directory in the scratch root must be its own (private-dirs.ts). */
  harnessUid?: number | undefined;
  /** The PATH used to find unshare, setpriv, bwrap, sudo and iptables. */
  path: string;
  /** Whether the harness runs as root (the host passes `process.getuid() === 0`). */
  isRoot: boolean;
}

/**
 * Chooses and sets up the isolation for one run (docs/security.md): `auto` tries `uid`, then
 * `bwrap`, then falls back to `none` with a note saying why; an explicit `uid` or `bwrap` that is not
 * available throws {@link IsolationUnavailableError} (fail closed) with what to install or change.
 * The probes really start a sandboxed `true`, so a mechanism is only chosen when it works here.
 */
export async function createIsolation(options: CreateIsolationOptions): Promise<Isolation> {
  const workdirs = options.workdirs.map(realOrResolved);
  // Every program set-up runs (as root, too) is found only where nothing the checks write could be.
  const toolEnv = {
    PATH: trustedSearchPath(options.path, {
      untrusted: workdirs,
      uid: options.harnessUid ?? process.getuid?.(),
    }),
    LC_ALL: 'C',
  };
  const scratchRoot = realOrResolved(options.scratchRoot);
  const notes: string[] = [];
  notes.push(...selfInWorkingCopy(workdirs));
  const hidden: string[] = [];
  // Paths that contain a working copy (the runner's HOME holds the workspace): both mechanisms cover
  // them and put the working copy back on top.
  const aroundWorkdir: string[] = [];
  const hostHome = options.hostHome ? realOrResolved(options.hostHome) : null;
  const candidates = [...options.hiddenPaths, ...(hostHome ? [hostHome] : [])];
  const pending = candidates.map(realOrResolved);
  for (let i = 0; i < pending.length; i++) {
    const path = pending[i] as string;
    if (hidden.includes(path) || aroundWorkdir.includes(path)) continue;
    if (within(scratchRoot, path)) {
      // HOME with TMPDIR in it, TMPDIR=$RUNNER_TEMP: all of it but the way to the scratch root.
      const beside = besideTheScratchRoot(path, scratchRoot, workdirs);
      if (beside === null)
        notes.push(`${path} holds the scratch directory and cannot be listed, so it is not hidden`);
      else pending.push(...beside);
    } else if (workdirs.some((dir) => within(dir, path))) aroundWorkdir.push(path);
    else hidden.push(path);
  }
  const coverPaths = aroundWorkdir.map((dir) => ({ dir, keep: workdirs.filter((w) => within(w, dir)) }));
  const report = (level: IsolationLevel, networkEnforced: boolean, egress: IsolationReport['egress']) => ({
    level,
    requested: options.mode,
    network: options.network,
    network_enforced: networkEnforced,
    egress,
    notes,
  });

  const harnessUid = options.harnessUid ?? (options.isRoot ? 0 : undefined);
  // Every level makes this process's harness directory (lifeline.ts); its mkfifo runs while the
  // probes below wait on theirs. Awaited before anything makes it synchronously.
  const harnessAhead = harnessAheadOf(scratchRoot, harnessUid, toolEnv);
  // With no sandbox user, the harness itself sweeps what killed runs left and makes its directory.
  const runTemp = async (): Promise<string | undefined> => {
    await harnessAhead;
    const made = await runTempDirectory({ scratchRoot, harnessUid, toolEnv });
    if (typeof made === 'string') return made;
    notes.push(
      `temporary directories are made in ${scratchRoot} itself (${made.unavailable}): a run killed mid-way leaves them there`,
    );
    return undefined;
  };
  if (options.mode === 'none') {
    notes.push('isolation = "none" was set explicitly: untrusted commands run as the harness user');
    return { ...noIsolation(report('none', false, null)), withheld: hidden, tempDir: await runTemp() };
  }
  // Read (and hooks/ and info/ made) before any untrusted process runs in a working copy.
  const gitGuard = gitMetadataGuard(workdirs, toolEnv);
  // Hidden paths inside a working copy cannot be moved by renaming a directory above them.
  const pinnedDirs = hiddenPathPins(hidden, workdirs);
  const tried: string[] = [];
  const order: IsolationLevel[] = options.mode === 'auto' ? ['uid', 'bwrap'] : [options.mode];
  for (const level of order) {
    if (level === 'uid') {
      const name = options.network === 'none' ? SANDBOX_OFFLINE_USER : SANDBOX_USER;
      // As root with the network off, one sandboxed `true` in a network namespace answers both
      // probes; only when it fails are they asked apart, side by side, to say which one fails.
      if (options.isRoot && options.network === 'none') await probeRootWithNetns(toolEnv);
      const probe = probeUid(options.isRoot, toolEnv);
      const earlyNetns = options.isRoot && options.network === 'none' ? probeNetns('root', toolEnv) : null;
      const privilege = await probe;
      if (typeof privilege !== 'string') {
        await earlyNetns;
        tried.push(`uid: ${privilege.unavailable}`);
        continue;
      }
      const account = localAccount(name) ?? (await ensureSandboxAccount(name, privilege, toolEnv));
      let egress: IsolationReport['egress'] = null;
      if (options.network === 'none') {
        // A network namespace first: it alone keeps the host's loopback services (a database, a
        // metadata or forwarding proxy, a resolver stub) out of reach while a check's own servers on
        // 127.0.0.1 keep working. An owner rule cannot tell the two apart (egress-block.ts).
        const netns = await (earlyNetns ?? probeNetns(privilege, toolEnv));
        if (netns === null) {
          egress = 'netns';
          if (findProgram('ip', toolEnv.PATH ?? '') === null)
            notes.push(
              "ip (iproute2) is not installed: the sandbox's network namespace keeps its loopback down, so a check's own servers on 127.0.0.1 are unreachable too",
            );
        } else {
          const failed = await ensureEgressBlock(account, privilege, toolEnv);
          if (failed !== null) {
            tried.push(
              `uid: network = "none" cannot be enforced: no network namespace (${netns}) and no iptables owner rule (${failed})`,
            );
            continue;
          }
          egress = 'iptables-owner';
          notes.push(
            `no network namespace could be made (${netns}); egress blocked by an iptables owner rule instead, loopback included: a check's own servers on 127.0.0.1 are refused too`,
          );
        }
      }
      for (const dir of workdirs) await grantWorkdir(dir, account, privilege, toolEnv, hidden);
      const shared = sharedWritableDirs(options.sharedDirs ?? SHARED_DIR_CANDIDATES, workdirs);
      const { keepRoot, privateDirs } = preparePrivateDirs(scratchRoot, shared, harnessUid);
      // What a killed harness left (its checks' HOME and TMPDIR) goes before this run's checks start.
      await sweepDeadHarnesses(keepRoot, (dir) => removeScratch(privilege, dir, toolEnv));
      await harnessAhead;
      const uid = uidIsolation({
        report: report('uid', egress !== null, egress),
        privilege,
        account,
        hiddenPaths: hidden,
        coverPaths,
        gitGuard,
        pinnedDirs,
        scratchRoot: keepRoot,
        privateDirs,
        keeps: workdirs,
        readOnlyKeeps: [installRoot()].filter((root): root is string => root !== null),
        netns: egress === 'netns',
        toolEnv,
      });
      return withAttemptViews({ ...uid, withheld: hidden });
    }
    const bwrap = await probeBwrap(toolEnv);
    if (typeof bwrap !== 'string') {
      tried.push(`bwrap: ${bwrap.unavailable}`);
      continue;
    }
    const unshareNet = options.network === 'none';
    // As root, bwrap is started as the sandbox user where this machine lets that user make namespaces:
    // bwrap on its own keeps the caller's uid, and root-only files outside the hidden paths would stay
    // readable.
    let runAs: { account: SandboxAccount; setpriv: string } | undefined;
    if (options.isRoot) {
      const dropped = await probeBwrapAsSandbox(bwrap, scratchRoot, toolEnv);
      if ('unavailable' in dropped)
        notes.push(
          `bwrap runs the checks with the harness's own uid, here root, because ${dropped.unavailable}: they can read root-only files that are not hidden (/etc/shadow, SSH host keys); isolation = "uid" runs them as a separate user`,
        );
      else {
        for (const dir of workdirs) await grantWorkdir(dir, dropped.account, 'root', toolEnv, hidden);
        runAs = dropped;
      }
    }
    const tempDir = await runTemp();
    const sandbox = bwrapIsolation({
      report: report('bwrap', unshareNet, unshareNet ? 'netns' : null),
      bwrap,
      hiddenPaths: [...aroundWorkdir, ...hidden],
      gitGuard,
      pinnedDirs,
      workdirs,
      unshareNet,
      scratchRoot: tempDir ?? scratchRoot,
      toolEnv,
      runAs,
    });
    return withAttemptViews({ ...sandbox, withheld: hidden, tempDir });
  }
  if (options.mode !== 'auto') {
    throw new IsolationUnavailableError(
      `isolation "${options.mode}" is not available here (${tried.join('; ')}). ` +
        'Use isolation = "auto" to take the strongest available mechanism, install bubblewrap ' +
        '(apt-get install bubblewrap), or set isolation = "none" explicitly to run without isolation.',
    );
  }
  notes.push(`no isolation mechanism is available (${tried.join('; ')})`);
  return { ...noIsolation(report('none', false, null)), withheld: hidden, tempDir: await runTemp() };
}

/** An attempt's view withholds what the run withholds and makes its temp dirs where the run does. */
function withAttemptViews(isolation: Isolation): Isolation {
  const forAttempt = isolation.forAttempt?.bind(isolation);
  if (forAttempt === undefined) return isolation;
  const { withheld, tempDir } = isolation;
  return {
    ...isolation,
    forAttempt: async (slot) => ({ ...(await forAttempt(slot)), withheld, tempDir }),
  };
}

type Probe<T> = T | { unavailable: string };

/** Starts making the harness directory in the root every level uses; null when it cannot be started (the level's own call then says why). */
function harnessAheadOf(
  scratchRoot: string,
  harnessUid: number | undefined,
  toolEnv: Record<string, string>,
): Promise<unknown> {
  const mkfifo = findProgram('mkfifo', toolEnv.PATH ?? '');
  if (mkfifo === null) return Promise.resolve(null);
  try {
    return harnessDirectoryAhead(harnessRoot(scratchRoot, harnessUid).keepRoot, mkfifo);
  } catch {
    return Promise.resolve(null);
  }
}

const probes = new Map<string, Promise<Probe<unknown>>>();
/** Probes are cached per process and PATH: the machine's capabilities do not change during a run. */
function cached<T>(key: string, probe: () => Promise<Probe<T>>): Promise<Probe<T>> {
  let result = probes.get(key) as Promise<Probe<T>> | undefined;
  if (result === undefined) {
    result = probe();
    probes.set(key, result);
  }
  return result;
}

/** The uid smoke as root (see {@link probeUid}) inside a network namespace too; when it works, both probes' answers are known. */
async function probeRootWithNetns(env: Record<string, string>): Promise<void> {
  const uidKey = `uid:true:${env.PATH}`;
  const netnsKey = `netns:root:${env.PATH}`;
  if (probes.has(uidKey) || probes.has(netnsKey)) return;
  const smoke = await asRoot(
    'root',
    'unshare',
    ['--net', ...PID_NAMESPACE_FLAGS, '--', ...UID_SMOKE],
    env,
    10_000,
  );
  if (!smoke.ok) return;
  probes.set(uidKey, Promise.resolve('root'));
  probes.set(netnsKey, Promise.resolve('netns'));
}

/** What the uid probe starts inside its namespaces: `true` as `nobody`, no groups. */
const UID_SMOKE = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', 'true'];

function probeUid(isRoot: boolean, env: Record<string, string>): Promise<Probe<Privilege>> {
  return cached(`uid:${isRoot}:${env.PATH}`, async () => {
    let privilege: Privilege = 'root';
    if (!isRoot) {
      const sudo = await runCommand('sudo', ['-n', 'true'], env, 10_000);
      if (!sudo.ok) return { unavailable: 'not root and passwordless sudo (sudo -n) is not available' };
      privilege = 'sudo';
    }
    const smoke = await asRoot(
      privilege,
      'unshare',
      [...PID_NAMESPACE_FLAGS, '--', ...UID_SMOKE],
      env,
      10_000,
    );
    if (!smoke.ok) {
      return {
        unavailable: `unshare/setpriv could not start a sandboxed process (${smoke.stderr.trim().split('\n')[0]})`,
      };
    }
    return privilege;
  }) as Promise<Probe<Privilege>>;
}

/**
 * Whether `unshare --net` works here (null) or why not. Probed rather than assumed: a seccomp or LSM
 * policy may refuse a network namespace where mount and pid namespaces are allowed, and then the
 * owner rule is the only block there is.
 */
function probeNetns(privilege: Privilege, env: Record<string, string>): Promise<string | null> {
  return cached(`netns:${privilege}:${env.PATH}`, async () => {
    const smoke = await asRoot(privilege, 'unshare', ['--net', '--', 'true'], env, 10_000);
    return smoke.ok
      ? 'netns'
      : { unavailable: smoke.stderr.trim().split('\n')[0] || `unshare exited ${smoke.code}` };
  }).then((probe) => (typeof probe === 'string' ? null : probe.unavailable));
}

/** The namespaces and mounts every bwrap sandbox needs, around `true`: what the probes start. */
const BWRAP_SMOKE = [
  '--die-with-parent',
  '--new-session',
  '--unshare-user',
  '--unshare-pid',
  '--unshare-net',
  '--ro-bind',
  '/',
  '/',
  '--proc',
  '/proc',
  '--dev',
  '/dev',
  '--',
  'true',
];

function probeBwrap(env: Record<string, string>): Promise<Probe<string>> {
  return cached(`bwrap:${env.PATH}`, async () => {
    const bwrap = findProgram('bwrap', env.PATH ?? '');
    if (bwrap === null) return { unavailable: 'bubblewrap is not installed (apt-get install bubblewrap)' };
    const smoke = await runCommand(bwrap, BWRAP_SMOKE, env, 10_000);
    if (!smoke.ok) {
      return {
        unavailable:
          `bwrap cannot create namespaces here (${smoke.stderr.trim().split('\n')[0]}); unprivileged user ` +
          'namespaces may be disabled (e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=1)',
      };
    }
    return bwrap;
  });
}

type BwrapAs = { account: SandboxAccount; setpriv: string };

/**
 * Whether a root harness can start bwrap as the sandbox user (created here if missing): `setpriv`
 * is there, the scratch root is reachable for that user, and the kernel lets it make a user
 * namespace (Ubuntu 24.04's AppArmor default, `kernel.apparmor_restrict_unprivileged_userns=1`, does
 * not, unless bwrap has a profile that allows it). The reason, when not, goes into the run's notes.
 */
function probeBwrapAsSandbox(
  bwrap: string,
  scratchRoot: string,
  env: Record<string, string>,
): Promise<Probe<BwrapAs>> {
  return cached(`bwrap-as-sandbox:${bwrap}:${scratchRoot}:${env.PATH}`, async (): Promise<Probe<BwrapAs>> => {
    const setpriv = findProgram('setpriv', env.PATH ?? '');
    if (setpriv === null) return { unavailable: 'setpriv (util-linux) is not installed' };
    let account: SandboxAccount;
    try {
      account = localAccount(SANDBOX_USER) ?? (await ensureSandboxAccount(SANDBOX_USER, 'root', env));
    } catch (error) {
      return { unavailable: (error as Error).message };
    }
    if (!reachableBy(`${scratchRoot}/.`, account))
      return {
        unavailable: `the scratch directory ${scratchRoot} is not reachable for ${account.name} (set TMPDIR to a directory others may search, such as /tmp)`,
      };
    const smoke = await runCommand(
      setpriv,
      [`--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups', '--', bwrap, ...BWRAP_SMOKE],
      env,
      10_000,
    );
    if (!smoke.ok)
      return {
        unavailable: `${account.name} cannot create namespaces with bwrap here (${smoke.stderr.trim().split('\n')[0]}; unprivileged user namespaces may be restricted, e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=1)`,
      };
    return { account, setpriv };
  });
}

/**
 * A note for each part of this harness that lies inside a working copy the sandbox may write: its
 * own installation (`npx truss` from the repository's node_modules, or a checkout of Truss itself)
 * and the Node running it. A check can change them, and the next run would start what it left.
 */
function selfInWorkingCopy(workdirs: readonly string[]): string[] {
  const own = [
    ['Truss itself', installRoot()],
    ['the Node.js running it', realOrResolved(process.execPath)],
  ] as const;
  return own.flatMap(([what, path]) =>
    path !== null && workdirs.some((dir) => within(path, dir))
      ? [
          `${what} (${path}) lies inside the working copy the checks may write: a check can change what the next run starts; install it outside the repository (a global install, \`npx -y\` from npm's cache) or use the Action`,
        ]
      : [],
  );
}
