import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { grantTreeInProcess } from './grant-tree.js';
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
  // Owner-only regular files (mode 0600 and the like: a key, a token file) stay private too, whoever
  // put them there: a later run that does not know about an old key file must not grant it either.
  const privateFiles = ['(', '-type', 'f', '!', '-perm', '/077', ')'];
  const prune = [
    '(',
    ...inside.flatMap((path) => ['-path', findPattern(path), '-o']),
    ...privateFiles,
    ')',
    '-prune',
    '-o',
  ];
  if (privilege === 'root') {
    try {
      grantTreeInProcess(root, account.gid, new Set(inside));
    } catch (error) {
      throw new IsolationSetupError(
        `could not give the sandbox user access to ${root} (${(error as Error).message}); ` +
          'run Truss as root or with passwordless sudo, or choose isolation = "bwrap"',
      );
    }
  }
  const steps: [string, string[]][] =
    privilege === 'root'
      ? []
      : [
          ['find', [root, ...prune, '-exec', 'chgrp', '-h', String(account.gid), '{}', '+']],
          ['find', [root, ...prune, '!', '-type', 'l', '-exec', 'chmod', 'g+rwX', '{}', '+']],
          ['find', [root, ...prune, '-type', 'd', '-exec', 'chmod', 'g+s', '{}', '+']],
        ];
  for (const [file, args] of steps) {
    const result = await asRoot(privilege, file, args, env, 120_000);
    if (!result.ok) {
      throw new IsolationSetupError(
        `could not give the sandbox user access to ${root} (${file}: ${result.stderr.trim()}); ` +
          'run Truss as root or with passwordless sudo, or choose isolation = "bwrap"',
      );
    }
  }
  for (let parent = dirname(root); ; parent = dirname(parent)) {
    const info = await stat(parent);
    if ((info.mode & 0o001) === 0) {
      const result = await asRoot(privilege, 'chmod', ['o+x', parent], env);
      if (!result.ok)
        throw new IsolationSetupError(`could not make ${parent} traversable: ${result.stderr.trim()}`);
    }
    if (parent === dirname(parent)) break;
  }
}

/** `find -path` takes a glob: a key file named `a[1].key` must match only itself. */
function findPattern(path: string): string {
  return path.replace(/[\\*?[\]]/g, (c) => `\\${c}`);
}
