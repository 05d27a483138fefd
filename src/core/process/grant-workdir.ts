import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { grantTreeInProcess, grantTreeScript, treeNeedsGrant } from './grant-tree.js';
import { IsolationSetupError } from './isolation.js';
import type { SandboxAccount } from './isolation-uid.js';
import { asRoot, type Privilege } from './sandbox-commands.js';

/**
 * Lets the sandbox user read and write a working copy without changing who owns it (git refuses
 * repositories owned by another user): the tree's group becomes the sandbox group with group rw
 * (setgid directories keep new files in it), and every ancestor gets the search bit for others so
 * the path can be reached. Ancestors are not made listable. Paths in `keepPrivate` (the signing key,
 * a trusted-keys file that happens to sit in the working copy) are left exactly as they are: the
 * mount namespace hides them from this run's processes, but a group grant would outlive the run and
 * hand them to every later process of the sandbox user; so are owner-only regular files (mode 0600:
 * what someone deliberately made private). Symbolic links are never followed.
 */
export async function grantWorkdir(
  dir: string,
  account: SandboxAccount,
  privilege: Privilege,
  env: Record<string, string>,
  keepPrivate: readonly string[] = [],
): Promise<void> {
  const root = resolve(dir);
  const inside = keepPrivate.map((path) => resolve(path)).filter((path) => path.startsWith(`${root}/`));
  // As root, privilege is not what failed: saying "run as root" would send the user in a circle.
  const remedy =
    privilege === 'root'
      ? 'check that the working copy is on a file system that keeps owners and modes, or choose isolation = "bwrap"'
      : 'run Truss as root or with passwordless sudo, or choose isolation = "bwrap"';
  const failed = (detail: string) =>
    new IsolationSetupError(`could not give the sandbox user access to ${root} (${detail}); ${remedy}`);
  if (privilege === 'root') {
    try {
      grantTreeInProcess(root, account.gid, new Set(inside));
    } catch (error) {
      throw failed((error as Error).message);
    }
  } else if (treeNeedsGrant(root, account.gid, new Set(inside))) {
    // The same grant, as root through sudo: this very Node running the function as a script.
    const result = await asRoot(
      privilege,
      process.execPath,
      ['-e', grantTreeScript(), root, String(account.gid), JSON.stringify(inside)],
      env,
      120_000,
    );
    if (!result.ok) throw failed(result.stderr.trim().split('\n').at(-1) ?? `exit ${result.code}`);
  }
  await searchableUpTo(dirname(root), privilege, env);
}

/**
 * Gives `dir` and each of its ancestors the search bit for others (not the read bit) where it lacks
 * it, as a working copy's ancestors get it.
 */
export async function searchableUpTo(
  dir: string,
  privilege: Privilege,
  env: Record<string, string>,
): Promise<void> {
  for (let parent = resolve(dir); ; parent = dirname(parent)) {
    const info = await stat(parent);
    if ((info.mode & 0o001) === 0) {
      const result = await asRoot(privilege, 'chmod', ['o+x', parent], env);
      if (!result.ok)
        throw new IsolationSetupError(`could not make ${parent} traversable: ${result.stderr.trim()}`);
    }
    if (parent === dirname(parent)) break;
  }
}
