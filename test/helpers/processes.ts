import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Alive = signalable and not a zombie (this sandbox's PID 1 never reaps, so dead orphans linger as Z). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * SIGKILL `pid`, ignoring a process that is already gone. Only a real process id: `kill(0)` would
 * kill the test's own process group (the whole suite, and the CI job that started it), and
 * `kill(-1)` as root every process on the machine.
 */
export function killQuietly(pid: number): void {
  if (!Number.isSafeInteger(pid) || pid <= 1) throw new Error(`refusing to kill ${pid}: not one process`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * The pid a test's process writes to `file`, waiting up to `timeoutMs` for it. A shell's
 * `echo $$ > file` creates the file before it writes the number, so an empty file (which would read
 * as pid 0) is waited on too; past the timeout this throws rather than return something not a pid.
 */
export async function readPidFile(file: string, timeoutMs = 2000): Promise<number> {
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  for (let waited = 0; waited < timeoutMs && !/^[1-9]\d*$/.test(read()); waited += 20) await sleep(20);
  const text = read();
  if (!/^[1-9]\d*$/.test(text))
    throw new Error(`${file} holds no pid after ${timeoutMs} ms: ${JSON.stringify(text)}`);
  return Number(text);
}
