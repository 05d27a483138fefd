import { closeSync, readdirSync, readFileSync } from 'node:fs';

/** O_CLOEXEC as `/proc/PID/fdinfo/N` reports it in `flags:` (octal). */
const O_CLOEXEC = 0o2000000;

/**
 * Closes every descriptor above stdio that this process inherited open across exec (no
 * close-on-exec flag), and returns their numbers.
 *
 * Why: Node's spawn passes such descriptors on to every process it starts, through the sandbox, to
 * the untrusted command — which can read an open file through the descriptor whatever the file's
 * mode or the sandbox's mounts (`bash -c 'cat <&40'`). A parent that leaks one (a CI wrapper, a shell
 * with `exec 40<secret`) would otherwise hand it to every check (docs/security.md, "Inherited
 * descriptors"). Everything Node, libuv and SQLite open themselves is close-on-exec, the IPC channel
 * of a forked Node process included, so only inherited descriptors match. Where `/proc` is missing
 * (not Linux) there is nothing to read and nothing is closed: the sandboxes need Linux anyway.
 */
export function closeInheritedDescriptors(fdinfoDir = '/proc/self/fdinfo'): number[] {
  let names: string[];
  try {
    names = readdirSync(fdinfoDir);
  } catch {
    return [];
  }
  const closed: number[] = [];
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    let flags: number;
    try {
      const match = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`${fdinfoDir}/${name}`, 'utf8'));
      if (!match) continue;
      flags = Number.parseInt(match[1] as string, 8);
    } catch {
      continue; // the descriptor readdir listed for itself, already closed
    }
    if ((flags & O_CLOEXEC) !== 0) continue;
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {}
  }
  return closed;
}

let inheritedClosed = false;

/**
 * {@link closeInheritedDescriptors} the first time this process starts an untrusted command: a
 * descriptor is inherited at exec only, and everything opened since is close-on-exec, so once is
 * enough (and keeps the scan off every check's path).
 */
export function closeInheritedDescriptorsOnce(): void {
  if (inheritedClosed) return;
  inheritedClosed = true;
  closeInheritedDescriptors();
}
