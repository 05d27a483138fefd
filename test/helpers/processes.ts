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

/** SIGKILL `pid`, ignoring a process that is already gone. */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The pid a test's process writes to `file`, waiting up to `timeoutMs` for the file to appear. */
export async function readPidFile(file: string, timeoutMs = 2000): Promise<number> {
  for (let waited = 0; waited < timeoutMs && !existsSync(file); waited += 20) await sleep(20);
  return Number(readFileSync(file, 'utf8').trim());
}
