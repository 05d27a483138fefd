import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { shellQuote } from './sandbox-commands.js';

/**
 * A FIFO this harness process holds open for writing as long as it lives, one per scratch root. A
 * sandboxed process's root init watches it: when the harness dies, however it dies (SIGKILL included),
 * the kernel closes its end, the watcher reads end-of-file and kills everything in the process's pid
 * namespace. Under `sudo` this is the only thing that ends a check whose harness was killed: the
 * parent-death signal does not pass through the setuid `sudo`.
 *
 * Held for the life of the process on purpose (one descriptor, whatever the number of runs); the
 * directory is 0700, so only root and the harness can open the FIFO.
 */
const lifelines = new Map<string, string>();

/** The FIFO's path under `scratchRoot` (a path the sandbox's mount namespace keeps), made on first use. */
export function harnessLifeline(scratchRoot: string, mkfifo: string): string {
  const known = lifelines.get(scratchRoot);
  if (known !== undefined) return known;
  sweepDeadLifelines(scratchRoot);
  const dir = mkdtempSync(join(scratchRoot, 'truss-lifeline-'));
  const fifo = join(dir, 'fifo');
  execFileSync(mkfifo, ['-m', '0600', '--', fifo], { stdio: 'ignore' });
  // Read and write: opening never blocks, and this process counts as the FIFO's writer until it ends.
  openSync(fifo, 'r+');
  lifelines.set(scratchRoot, fifo);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return fifo;
}

/**
 * Removes the lifelines of harnesses that are gone (killed before their exit handler ran): a FIFO
 * with no writer reads end-of-file at once, one whose harness lives would block (EAGAIN). One made
 * in the last minute is left alone.
 */
function sweepDeadLifelines(scratchRoot: string): void {
  let names: string[];
  try {
    names = readdirSync(scratchRoot).filter((name) => name.startsWith('truss-lifeline-'));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(scratchRoot, name);
    try {
      // One just made may not have its writer yet.
      if (Date.now() - statSync(dir).mtimeMs < 60_000) continue;
      const fd = openSync(join(dir, 'fifo'), constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        if (readSync(fd, Buffer.alloc(1)) !== 0) continue;
      } finally {
        closeSync(fd);
      }
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // EAGAIN: its harness lives; anything else (not ours, half made): left alone.
    }
  }
}

/**
 * The init's line that starts the watcher: in the background, with no descriptor of the check's, it
 * waits for the harness's end of `fifo` to close and then kills every process of the pid namespace
 * (all but the init, which ends once its command has), again and again until the namespace ends. It
 * opens the FIFO for reading without blocking (first read and write, then read only, then drops the
 * first), so a harness already gone when the process starts ends it at once instead of leaving the
 * watcher waiting for a writer.
 */
export function lifelineWatcher(fifo: string): string {
  const path = shellQuote(fifo);
  // Killing once could come before the command has started; the loop (builtins only: no program is
  // looked up in the check's PATH) ends with the namespace, once the init's command has been killed.
  return `( exec 3<>${path} 4<${path} 3>&-; read _ <&4; while :; do kill -KILL -1; done ) </dev/null >/dev/null 2>&1 &`;
}
