import { readFileSync, statSync } from 'node:fs';
import { bindEntry, type Covering, type MountEntry, reachable, within } from './mount-table.js';
import { shellQuote } from './sandbox-commands.js';

/** A mount point of the harness's mount namespace, from /proc/self/mountinfo. */
export interface HostMount {
  path: string;
  readOnly: boolean;
  /** Its per-mount flags a read-only remount must keep (nosuid, nodev, noexec, atime ones). */
  flags: readonly string[];
}

/**
 * The per-mount flags (mountinfo's sixth field) written back with `ro` when a path is made read-only
 * from a mount table: a bind remount replaces every per-mount flag, so a `nosuid` or `noexec` left out
 * would be lifted (`mount -o remount,bind,ro PATH` keeps them by reading them itself).
 */
const KEPT_FLAGS = new Set([
  'nosuid',
  'nodev',
  'noexec',
  'noatime',
  'nodiratime',
  'relatime',
  'strictatime',
  'nosymfollow',
]);

/** Kernel interfaces whose files the kernel guards itself (the sandbox has no capabilities); /proc is remade per process. */
const KERNEL_TREES = ['/proc', '/sys'];

/** A mountinfo field: space, tab, newline and backslash are written `\ooo` there. */
function unescapeField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** The mount points the sandbox's namespace starts from (a copy of the harness's), each once. */
export function hostMounts(mountinfo = '/proc/self/mountinfo'): HostMount[] {
  let text: string;
  try {
    text = readFileSync(mountinfo, 'utf8');
  } catch {
    // No mountinfo: the root is still made read-only below.
    return [{ path: '/', readOnly: false, flags: [] }];
  }
  const seen = new Map<string, HostMount>();
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 6) continue;
    const path = unescapeField(fields[4] as string);
    const options = (fields[5] as string).split(',');
    // The last mount on a path is the one the sandbox sees there.
    seen.set(path, {
      path,
      readOnly: options.includes('ro'),
      flags: options.filter((flag) => KEPT_FLAGS.has(flag)),
    });
  }
  return [...seen.values()];
}

/**
 * The mounts that make everything the sandbox can reach read-only except its own places
 * (docs/security.md, `uid`): each kept path (the working copies, the harness's scratch) that is not
 * a mount of its own already is bound onto itself first (`binds`, made while its parent is still
 * writable: a bind inherits its source mount's read-only flag), then every other mount the sandbox
 * can reach is remounted read-only (`remounts`, one `mount` each). File permissions alone did not
 * keep a check inside its working copy: a working copy an earlier run granted to the sandbox group
 * stays group-writable, and a check of a later run on another repository wrote that copy's
 * `.git/config`, whose filter the next `truss run` there ran as root.
 */
export function readOnlyRoot(options: {
  mounts: readonly HostMount[];
  /** Paths the sandbox writes: the working copies and the scratch root. */
  keeps: readonly string[];
  /** Keeps that are mounts already (inside a private shared directory or a covered HOME). */
  mounted: (keep: string) => boolean;
  /** What the set-up puts out of reach (private directories, covers, hidden directories). */
  covers: readonly Covering[];
  hidden: readonly string[];
}): { binds: MountEntry[]; remounts: HostMount[] } {
  const keeps = options.keeps.filter(isDirectory);
  const binds = [...new Set(keeps)]
    .filter((keep) => !options.mounted(keep))
    .map((keep) => bindEntry(keep, keep, { recursive: true }));
  const remounts = options.mounts
    .filter(({ path, readOnly }) => !readOnly && !KERNEL_TREES.some((tree) => within(path, tree)))
    .filter(({ path }) => !keeps.some((keep) => within(path, keep)))
    .filter(
      ({ path }) => reachable(path, options.covers) && !options.hidden.some((dir) => within(path, dir)),
    );
  return { binds, remounts };
}

/**
 * The mount `path` lies on (the deepest mount point above it): a bind of `path` gets its per-mount
 * flags, which a read-only remount of that bind must keep.
 */
export function mountUnder(path: string, mounts: readonly HostMount[]): HostMount {
  let under: HostMount = { path: '/', readOnly: false, flags: [] };
  for (const mount of mounts)
    if (within(path, mount.path) && mount.path.length >= under.path.length) under = mount;
  return under;
}

/**
 * How each path is made read-only, keeping its flags: table entries, one `mount` for them all, where
 * one `mount -o remount,bind,ro` each cost a process start (about 5 ms each here, and a runner has
 * eight or more); `name` is a source no mount has, as `mount --all` skips an entry whose source and
 * target it finds mounted already. The root is the exception, a shell line of its own: `mount --all`
 * ignores any entry for `/`.
 */
export function remountPlan(
  name: string,
  mount: string,
  remounts: readonly HostMount[],
): { entries: MountEntry[]; lines: string[] } {
  const entries = remounts
    .filter(({ path }) => path !== '/')
    .map(({ path, flags }) => ({
      source: name,
      target: path,
      type: 'none',
      options: ['remount', 'bind', 'ro', ...flags].join(','),
    }));
  const lines = remounts
    .filter(({ path }) => path === '/')
    .map(
      ({ path }) =>
        `${shellQuote(mount)} -o remount,bind,ro -- ${shellQuote(path)} || { echo "truss: the sandbox's mounts could not be made read-only" >&2; exit 125; }`,
    );
  return { entries, lines };
}

/**
 * Shell lines (builtins only) that stop the sandbox (exit 125) when a directory or file among `paths`
 * is still writable: `test -w` asks access(2), which answers EROFS on a read-only mount, root or not.
 * A device, FIFO or socket is not asked (access(2) does not report its mount read-only).
 */
export function readOnlyProofLines(paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  return [
    `for p in ${paths.map(shellQuote).join(' ')}; do`,
    `  { [ -d "$p" ] || [ -f "$p" ]; } && [ -w "$p" ] && { echo "truss: the sandbox's mounts could not be made read-only ($p)" >&2; exit 125; }`,
    'done',
  ];
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
