import { randomBytes } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitMetadataGuard } from './git-metadata.js';
import { shellQuote } from './sandbox-commands.js';

/**
 * One mount of the sandbox's set-up, as a line of the table that `mount --all --fstab FILE` makes in
 * order (fstab(5)). One `mount` process makes them all: about 2 ms for twenty, where one `mount` per
 * line cost one process start each (about 40 ms for a run's holder).
 */
export interface MountEntry {
  source: string;
  target: string;
  type: string;
  options: string;
}

/** The options of the tmpfs that hides a directory or covers one (docs/security.md, `uid`). */
const HIDING_TMPFS = 'size=64k,mode=0755';

/** Bytes written as they are in a table field; every other byte is written `\ooo`, as fstab(5) reads it. */
const PLAIN = /^[A-Za-z0-9/._+@:=,-]$/;

/** A table field: a path or a name, with spaces, tabs, newlines, `#` and `\` written in octal. */
export function tableField(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += PLAIN.test(char) ? char : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return out;
}

/** The table's text: one line per entry, in the order the entries are made. */
export function renderMountTable(entries: readonly MountEntry[]): string {
  return entries
    .map(({ source, target, type, options }) =>
      [tableField(source), tableField(target), tableField(type), tableField(options), '0', '0'].join(' '),
    )
    .join('\n')
    .concat(entries.length > 0 ? '\n' : '');
}

/**
 * Sources for one set-up's mounts: its tmpfs mounts and its read-only remounts. `mount --all` skips an
 * entry it finds already mounted (same source, target and type): a name of its own per set-up means
 * a Truss running inside a sandbox that already has such a mount still makes every one of its own.
 */
export function mountNames(): { hidden: string; private: string; remount: string } {
  const tag = randomBytes(6).toString('hex');
  return { hidden: `truss-hidden-${tag}`, private: `truss-private-${tag}`, remount: `truss-remount-${tag}` };
}

/** A tmpfs on `target`. */
export function tmpfsEntry(name: string, target: string, options: string): MountEntry {
  return { source: name, target, type: 'tmpfs', options };
}

/** `source` bound on `target` (with its submounts when `recursive`), making the target directory if needed. */
export function bindEntry(
  source: string,
  target: string,
  options: { recursive?: boolean; mkdir?: boolean } = {},
) {
  const flags = [options.recursive ? 'rbind' : 'bind', ...(options.mkdir ? ['X-mount.mkdir'] : [])];
  return { source, target, type: 'none', options: flags.join(',') } satisfies MountEntry;
}

/** A directory an earlier mount covered with a tmpfs, and the paths inside it bound back on top. */
export interface Covering {
  dir: string;
  keeps: readonly string[];
}

/** Whether `path` is `dir` or lies inside it (both absolute). */
export function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/** Whether `path` can still be reached after `covers`: outside each, or inside a path it keeps. */
export function reachable(path: string, covers: readonly Covering[]): boolean {
  return covers.every(({ dir, keeps }) => !within(path, dir) || keeps.some((keep) => within(path, keep)));
}

/**
 * Hides each path: a directory under an empty tmpfs, anything else under `/dev/null`. A path that
 * does not exist, or that an earlier mount already put out of reach (a private shared directory, a
 * covered or hidden directory), has nothing to hide; the holder watches the paths and is remade once
 * one appears.
 */
export function hideEntries(
  paths: readonly string[],
  name: string,
  covers: readonly Covering[],
): MountEntry[] {
  const covered = [...covers];
  return paths.flatMap((path) => {
    if (!reachable(path, covered)) return [];
    try {
      if (!statSync(path).isDirectory()) return [bindEntry('/dev/null', path)];
    } catch {
      return [];
    }
    covered.push({ dir: path, keeps: [] });
    return [tmpfsEntry(name, path, HIDING_TMPFS)];
  });
}

/**
 * Covers each directory with an empty tmpfs while keeping the working copies inside it: each is bound
 * on `stage/N` first (`entries`), then, once the tmpfs is on, moved back on top (`moves`, made with
 * `mount --move` between two tables: a bind back would leave the working copy mounted under the
 * stage, where removing the stage would delete it). `stage` must be a directory only the harness can
 * write (a link planted there would redirect a root mount).
 */
export function coverEntries(
  covers: readonly { dir: string; keep: readonly string[] }[],
  stage: string,
  name: string,
): { entries: MountEntry[]; moves: { from: string; to: string }[] } {
  let n = 0;
  const entries: MountEntry[] = [];
  const moves: { from: string; to: string }[] = [];
  for (const { dir, keep } of covers) {
    const staged = keep.map((work) => ({ from: join(stage, String(n++)), to: work }));
    entries.push(
      ...staged.map(({ from, to }) => bindEntry(to, from, { recursive: true, mkdir: true })),
      tmpfsEntry(name, dir, HIDING_TMPFS),
    );
    moves.push(...staged);
  }
  return { entries, moves };
}

/**
 * A git metadata guard: each git directory bound onto itself, then config, hooks and the rest
 * read-only, `COMMIT_EDITMSG` bound onto itself (writable), and `logs/` covered by a private tmpfs
 * named `name` (git-metadata.ts).
 */
export function guardEntries(guard: GitMetadataGuard | undefined, name: string): MountEntry[] {
  if (!guard) return [];
  return [
    ...guard.pinned.map((path) => bindEntry(path, path)),
    ...guard.readOnly.map((path) => ({ ...bindEntry(path, path), options: 'bind,ro' })),
    ...guard.pinnedFiles.map((path) => bindEntry(path, path)),
    ...guard.privateDirs.map((path) => tmpfsEntry(name, path, 'mode=1777')),
  ];
}

/** The shell line that makes the table in `file` with the `mount` at `mount`; any failure stops the sandbox (exit 125). */
export function mountTableCommand(mount: string, file: string): string {
  return `${shellQuote(mount)} --all --fstab ${shellQuote(file)} || { echo "truss: the sandbox's mounts could not be made" >&2; exit 125; }`;
}

/**
 * Where the sandbox's set-up is made, in order: `first`, the covered working copies moved back,
 * `last`, the vanishing hides, the read-only remounts, `tail`. Consecutive parts with nothing between
 * them share one table, so one `mount` process makes them.
 */
export interface MountPlan {
  first: MountEntry[];
  moves: { from: string; to: string }[];
  last: MountEntry[];
  /**
   * Hides of paths that may vanish before the table is made (host daemons' sockets, read from
   * /proc/net/unix when the plan is made): made after `last`; one that failed fails the sandbox only
   * while its path still holds a socket, as a vanished one has nothing left to hide.
   */
  vanishing?: readonly MountEntry[];
  /** Read-only remounts (read-only-root.ts remountEntries). */
  remounts?: readonly MountEntry[];
  /** Entries made after everything else (the mount holder's marker). */
  tail?: readonly MountEntry[];
  /** Shell lines run after the last table (read-only-root.ts readOnlyProofLines). */
  after?: readonly string[];
}

/** Writes a mount table (readable by its owner only, in a directory only the harness can write); returns its path. */
export function writeMountTable(path: string, entries: readonly MountEntry[]): string {
  writeFileSync(path, renderMountTable(entries), { mode: 0o600 });
  return path;
}

/**
 * The set-up script for `plan`, its tables written beside each other as `dir/mounts-N` (`dir` only
 * the harness can write); the programs by absolute path.
 */
export function mountPlanScript(
  plan: MountPlan,
  dir: string,
  tools: { mount: string; mkdir: string },
): string {
  const lines: string[] = [];
  let tables = 0;
  const table = () => join(dir, `mounts-${++tables}`);
  let pending: MountEntry[] = [...plan.first];
  const flush = () => {
    if (pending.length > 0) lines.push(mountTableCommand(tools.mount, writeMountTable(table(), pending)));
    pending = [];
  };
  if (plan.moves.length > 0) flush();
  for (const { from, to } of plan.moves) {
    lines.push(
      `{ ${shellQuote(tools.mkdir)} -p -- ${shellQuote(to)} && ${shellQuote(tools.mount)} --move ${shellQuote(from)} ${shellQuote(to)}; } || exit 125`,
    );
  }
  pending.push(...plan.last);
  const vanishing = plan.vanishing ?? [];
  if (vanishing.length > 0) {
    flush();
    const file = writeMountTable(table(), vanishing);
    const targets = vanishing.map(({ target }) => shellQuote(target)).join(' ');
    lines.push(
      `${shellQuote(tools.mount)} --all --fstab ${shellQuote(file)} 2>/dev/null || for p in ${targets}; do [ -S "$p" ] && { echo "truss: the sandbox's mounts could not be made (a host socket stayed visible: $p)" >&2; exit 125; }; done`,
    );
  }
  pending.push(...(plan.remounts ?? []), ...(plan.tail ?? []));
  flush();
  lines.push(...(plan.after ?? []));
  return lines.join('\n');
}
