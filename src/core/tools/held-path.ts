import { closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, normalize, sep } from 'node:path';
import { PolicyViolation } from './policy.js';

/**
 * Opening a path the policy checked, without resolving any name twice.
 *
 * The policy checks a path by its realpath (`checkReadPath`, `checkWritePath`); the file tools then
 * open it. In between, whatever else may write the working copy (a delegated CLI calling these very
 * tools through Truss's tool server while it runs, a sibling fan-out attempt's `bash`, an MCP stdio
 * server) can swap a directory on that path for a symbolic link. Opening by name again would then
 * follow the link, and these tools run in the harness process, as its user (often root), with the
 * signing key: an attack pass wrote a file outside the write scope and read one outside the read scope
 * within a second of racing. So the checked path is walked again one name at a time from `/`, each
 * directory held open (`O_PATH | O_NOFOLLOW`) and the next name reached through that descriptor's
 * magic link (`/proc/self/fd/N/name`): a link met anywhere on the way is refused, never followed, and
 * what is finally opened is exactly the path that was checked. (The realpath the policy returns holds
 * no link, so an honest path never meets one.) The same pattern as the working-copy grant
 * (`src/core/process/grant-tree.ts`).
 */

/** Linux's O_PATH (the same value on x86-64 and arm64; Node does not export it). */
const O_PATH = 0o10000000;
const O_NOFOLLOW = constants.O_NOFOLLOW;
const O_DIRECTORY = constants.O_DIRECTORY;

/** The magic link naming what descriptor `fd` holds, whatever has been renamed since. */
function heldPath(fd: number, name?: string): string {
  return name === undefined ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`;
}

/** A directory held open; `path(name)` reaches an entry of it (or itself) through the descriptor. */
export interface HeldDirectory {
  path(name?: string): string;
  close(): void;
}

/**
 * Whether this system reaches a descriptor's directory through `/proc/self/fd` (Linux). Elsewhere the
 * tools open by name, as before (and as they always could race there).
 */
const MAGIC_LINKS = (() => {
  try {
    return process.platform === 'linux' && statSync('/proc/self/fd').isDirectory();
  } catch {
    return false;
  }
})();

function changed(path: string, at: string, why: string): PolicyViolation {
  return new PolicyViolation(
    'symlink_escape',
    path,
    `refused: ${JSON.stringify(path)} changed while it was being opened (${at} ${why}); links are never followed after the scope check`,
  );
}

/**
 * Holds the directory `real` (absolute and free of links, as the policy's check returns it) open as an
 * `O_PATH` descriptor, reached from `/` without following any link. With `create`, missing
 * directories are made on the way (through the held parent, never by name). The caller closes the
 * descriptor. Throws {@link PolicyViolation} when a link (or a non-directory) is met on the way.
 */
export function holdDirectory(real: string, create = false): HeldDirectory {
  if (!MAGIC_LINKS) {
    if (create) mkdirSync(real, { recursive: true });
    return { path: (name) => (name === undefined ? real : `${real}/${name}`), close: () => {} };
  }
  const fd = holdDescriptor(real, create);
  return { path: (name) => heldPath(fd, name), close: () => closeSync(fd) };
}

function holdDescriptor(real: string, create: boolean): number {
  if (!isAbsolute(real) || normalize(real) !== real) {
    throw new PolicyViolation(
      'invalid_path',
      real,
      `refused: ${JSON.stringify(real)} is not a normalised absolute path`,
    );
  }
  const names = real.split(sep).filter((name) => name.length > 0);
  let fd = openSync('/', O_PATH | O_DIRECTORY);
  let at = '';
  try {
    for (const name of names) {
      at = `${at}/${name}`;
      let next: number;
      try {
        next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && create) {
          try {
            mkdirSync(heldPath(fd, name));
          } catch (made) {
            if ((made as NodeJS.ErrnoException).code !== 'EEXIST') throw made;
          }
          try {
            next = openSync(heldPath(fd, name), O_PATH | O_NOFOLLOW | O_DIRECTORY);
          } catch (again) {
            throw refusal(real, at, again);
          }
        } else {
          throw refusal(real, at, error);
        }
      }
      closeSync(fd);
      fd = next;
      if (!fstatSync(fd).isDirectory()) throw changed(real, at, 'is not a directory');
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

function refusal(real: string, at: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' || code === 'ELOOP') return changed(real, at, 'is a link or not a directory');
  return error;
}

/** Flags that open the final name of a checked path without following a link or blocking on a FIFO. */
export const OPEN_NOFOLLOW = O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/** Whether an error from opening a final name with {@link OPEN_NOFOLLOW} means it is (now) a link. */
export function isLinkError(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ELOOP';
}

/** Runs `body` with the directory `real` held (see {@link holdDirectory}), closing it afterwards. */
export async function withHeldDirectory<T>(
  real: string,
  create: boolean,
  body: (dir: HeldDirectory) => Promise<T>,
): Promise<T> {
  const dir = holdDirectory(real, create);
  try {
    return await body(dir);
  } finally {
    dir.close();
  }
}

export { changed as changedWhileOpening };

/**
 * Opens the regular file or directory `real` (a checked realpath) for reading without following a
 * link anywhere on its path, synchronously; the caller closes the descriptor. Throws
 * {@link PolicyViolation} when a link turned up on the way since the check.
 */
export function openCheckedSync(real: string): number {
  const dir = holdDirectory(dirname(real));
  try {
    return openSync(dir.path(basename(real)), constants.O_RDONLY | OPEN_NOFOLLOW);
  } catch (error) {
    if (isLinkError(error)) throw changed(real, real, 'is a link');
    throw error;
  } finally {
    dir.close();
  }
}
