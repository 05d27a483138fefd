import { realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** The ids an unprivileged sandbox process has (no supplementary groups: `setpriv --clear-groups`). */
export interface AccountIds {
  uid: number;
  gid: number;
}

/**
 * Whether a process of `account` can look `path` up by name: search permission, by the mode bits, on
 * every directory above it. bwrap started as that account must skip the hidden paths it cannot reach
 * (a mount there fails with "Permission denied" and stops every process), and those need no hiding:
 * the kernel already keeps the account out. POSIX ACLs are not read: a directory whose ACL lets the
 * account search it where its mode bits do not leaves what lies below unhidden, guarded only by its
 * own permissions (docs/security.md).
 */
export function reachableBy(path: string, account: AccountIds): boolean {
  if (account.uid === 0) return true;
  let real: string;
  try {
    real = realpathSync(dirname(path));
  } catch {
    return false;
  }
  for (let dir = real; ; dir = dirname(dir)) {
    let mode: number;
    let uid: number;
    let gid: number;
    try {
      ({ mode, uid, gid } = statSync(dir));
    } catch {
      return false;
    }
    const bit = uid === account.uid ? 0o100 : gid === account.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}
