import { readFileSync, statSync } from 'node:fs';
import { bindEntry, type Covering, type MountEntry, reachable, within } from './mount-table.js';
import { shellQuote } from './sandbox-commands.js';

/** A mount point of the harness's mount namespace, from /proc/self/mountinfo. */
export interface HostMount {
  path: string;
  readOnly: boolean;
}

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
    return [{ path: '/', readOnly: false }];
  }
  const seen = new Map<string, HostMount>();
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 6) continue;
    const path = unescapeField(fields[4] as string);
    // The last mount on a path is the one the sandbox sees there.
    seen.set(path, { path, readOnly: (fields[5] as string).split(',').includes('ro') });
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
}): { binds: MountEntry[]; remounts: string[] } {
  const keeps = options.keeps.filter(isDirectory);
  const binds = [...new Set(keeps)]
    .filter((keep) => !options.mounted(keep))
    .map((keep) => bindEntry(keep, keep, { recursive: true }));
  const remounts = options.mounts
    .map(({ path, readOnly }) => ({ path, readOnly }))
    .filter(({ path, readOnly }) => !readOnly && !KERNEL_TREES.some((tree) => within(path, tree)))
    .filter(({ path }) => !keeps.some((keep) => within(path, keep)))
    .filter(({ path }) => reachable(path, options.covers) && !options.hidden.some((dir) => within(path, dir)))
    .map(({ path }) => path);
  return { binds, remounts };
}

/** The shell lines that remount each path read-only; a failure stops the sandbox (exit 125). */
export function remountLines(mount: string, paths: readonly string[]): string[] {
  return paths.map(
    (path) =>
      `${shellQuote(mount)} -o remount,bind,ro -- ${shellQuote(path)} || { echo "truss: the sandbox's mounts could not be made read-only" >&2; exit 125; }`,
  );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
