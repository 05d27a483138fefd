import { chmodSync, lchownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTreeArgs, removeUntrustedTree } from './remove-tree.js';
import { asRoot, type Privilege } from './sandbox-commands.js';

/** A sandboxed process's own HOME and TMPDIR, inside a directory only the harness may open once it ends. */
export interface ProcessScratch {
  /** The harness's directory around the scratch: open (0711) while the process runs, closed (0700) after. */
  gate: string;
  home: string;
  tmp: string;
  /** What becomes the sandbox user's, deepest first (under sudo the sandbox's root init changes it). */
  owned: readonly string[];
}

/**
 * Makes the scratch: `gate/s/{home,tmp}`, where `gate` and `s` stay the harness's and only `home`
 * and `tmp` (and the `.gitconfig` in `home`) are the sandbox user's. Because `s` is the harness's,
 * no sandboxed process can rename `home` or `tmp` away or put anything beside them, which is what
 * lets a root harness remove an unused scratch itself (`disposeScratch`).
 */
export function makeScratch(
  root: string,
  privilege: Privilege,
  account: { uid: number; gid: number },
): ProcessScratch {
  const gate = mkdtempSync(join(root, 'truss-sbx-'));
  chmodSync(gate, 0o711);
  const scratch = join(gate, 's');
  mkdirSync(scratch);
  const home = join(scratch, 'home');
  const tmp = join(scratch, 'tmp');
  // Closed to others: fan-out attempts side by side run as different accounts, and one must not
  // read another's HOME or TMPDIR (docs/fanout.md "Where attempts work").
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(tmp, { mode: 0o700 });
  // The working copy is owned by the harness user; git would refuse it as "dubious ownership".
  writeFileSync(join(home, '.gitconfig'), '[safe]\n\tdirectory = *\n');
  chmodSync(scratch, 0o711);
  // Deepest first, never following a link: once a directory is the sandbox user's, another of its
  // processes could swap what is inside for a link.
  const owned = [join(home, '.gitconfig'), home, tmp];
  if (privilege === 'root') for (const path of owned) lchownSync(path, account.uid, account.gid);
  return { gate, home, tmp, owned };
}

/**
 * Closes the gate to the sandbox user, then removes the scratch; the promise says how. A later process could know the
 * scratch's name (the earlier one may have written it into the working copy) and, as the same
 * sandbox user, read what was left there or keep planting entries so a removal never finishes: the
 * closed gate stops both, without root.
 *
 * The removal runs in the background, off the process's critical path. A root harness removes a
 * scratch the process left as it found it (the usual case for checks) with a few calls of its own
 * in Node's thread pool: an `rm` is a process start, forked from the harness's thread, and a
 * removal can wait on the kernel while the process's namespaces are torn down. Anything else goes
 * to `rm` (a `sudo rm` when not root, unless the sandbox launcher, already root, runs the `rm`).
 * Node keeps running until the removal ends (but for the launcher's, which outlives it); a killed
 * harness's scratch is swept (lifeline.ts).
 */
export function disposeScratch(
  scratch: ProcessScratch,
  privilege: Privilege,
  env: Record<string, string>,
  /** Hands the closed gate to a root process already running (the sandbox launcher); false: it cannot. */
  removeAsRoot?: (gate: string) => boolean,
): Promise<'in-process' | 'rm' | 'launcher'> {
  chmodSync(scratch.gate, 0o700);
  // Under sudo a `sudo rm` costs about 30 ms of CPU (docs/performance.md); the launcher's fork, a few.
  if (privilege === 'sudo' && removeAsRoot?.(scratch.gate)) return Promise.resolve('launcher');
  return (async () => {
    if (privilege === 'root' && (await removeUnusedScratch(scratch))) return 'in-process';
    await removeScratch(privilege, scratch.gate, env);
    return 'rm';
  })();
}

/**
 * Removes the scratch when `home` holds only what the harness put there and `tmp` is empty, or
 * returns false. Only `unlink` and `rmdir`, on paths whose directories up to `home` and `tmp` are the
 * harness's: neither follows a link in the last component, and `rmdir` refuses a directory that is
 * not empty, so a process of the sandbox user still holding a directory open inside cannot turn this
 * into a removal elsewhere; whatever it adds makes a step fail and the `rm` take over.
 */
async function removeUnusedScratch({ gate, home, tmp }: ProcessScratch): Promise<boolean> {
  try {
    if ((await readdir(tmp)).length > 0) return false;
    const inHome = await readdir(home);
    if (inHome.length > 1 || (inHome.length === 1 && inHome[0] !== '.gitconfig')) return false;
    if (inHome.length === 1) await unlink(join(home, '.gitconfig'));
    await rmdir(home);
    await rmdir(tmp);
    await rmdir(join(gate, 's'));
    await rmdir(gate);
    return true;
  } catch {
    return false;
  }
}

/** Removes a tree the sandbox user may own (a process's scratch, a dead harness's directory) without following links. */
export async function removeScratch(
  privilege: Privilege,
  scratch: string,
  env: Record<string, string>,
): Promise<void> {
  // Never Node's recursive rmSync as root on a tree the sandbox user owns (remove-tree.ts).
  if (privilege === 'root') await removeUntrustedTree(scratch, env);
  else await asRoot(privilege, 'rm', removeTreeArgs(scratch), env);
}
