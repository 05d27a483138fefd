import { readdir, readFile } from 'node:fs/promises';

/** Sends `signal` to every process in group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether group `pgid` still has a member that is running. kill(2) also counts zombies — processes
 * already dead but not yet reaped, which under an init that never reaps (some container runtimes)
 * stay forever — so on Linux the members' states are read from /proc and zombies are ignored.
 */
export async function groupHasLiveMembers(pgid: number): Promise<boolean> {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;

  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return true;
  }
  const states = await Promise.all(
    entries.filter((name) => /^\d+$/.test(name)).map((pid) => readProcessGroupState(pid)),
  );
  return states.some(
    (state) => state !== null && state.pgrp === pgid && state.state !== 'Z' && state.state !== 'X',
  );
}

async function readProcessGroupState(pid: string): Promise<{ state: string; pgrp: number } | null> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // exited between readdir and read
  }
  // "pid (comm) state ppid pgrp ..." — comm may itself contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, , pgrp] = fields;
  if (state === undefined || pgrp === undefined) return null;
  return { state, pgrp: Number(pgrp) };
}
