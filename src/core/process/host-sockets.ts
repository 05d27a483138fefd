import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { within } from './mount-table.js';

/**
 * One line of `/proc/net/unix`: `Num RefCount Protocol Flags Type St Inode Path`, the inode padded
 * to five columns, then the path as bound (`@…` for an abstract name, nothing for an unnamed socket).
 */
const LINE = /^[0-9a-f]+: [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{4} [0-9A-F]{2} +\d+ (\/.*)$/;

/**
 * The unix sockets bound to a path on this host, by real path, that a sandbox could otherwise connect
 * to: every one the kernel lists in `table` (`/proc/net/unix`, this network namespace's) that is a
 * socket now and lies outside every path in `outside` (the working copies and the harness's scratch,
 * where the work's own sockets and Truss's tool socket live; directories the sandbox cannot see).
 *
 * Why: a socket file is reached through the file system, not the network, and `connect()` needs no
 * more than write permission on it — a read-only mount does not stop it. Host daemons behind such
 * sockets act for whoever connects: systemd-resolved's varlink socket and the D-Bus system bus
 * resolve names (DNS egress with `network = "none"`), and under bubblewrap the sandbox keeps the
 * harness user's groups and identity, so `docker.sock` (the `docker` group), the user's systemd
 * (`/run/user/UID/bus`, `systemd-run --user` starts a process outside every sandbox), gpg-agent and
 * podman were the harness's own privileges (docs/security.md, "Host sockets").
 */
export function hostSockets(outside: readonly string[], table = '/proc/net/unix'): string[] {
  let text: string;
  try {
    text = readFileSync(table, 'utf8');
  } catch {
    return [];
  }
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    const path = LINE.exec(line)?.[1];
    if (path === undefined) continue;
    let real: string;
    try {
      real = realpathSync(path);
      if (!lstatSync(real).isSocket()) continue;
    } catch {
      continue;
    }
    if (outside.some((dir) => within(real, dir))) continue;
    found.add(real);
  }
  return [...found].sort();
}
