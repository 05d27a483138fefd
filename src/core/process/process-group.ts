import { readFileSync } from 'node:fs';
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

/** A process by pid and start time (clock ticks since boot), so a reused pid is never signalled. */
export interface StrayProcess {
  pid: number;
  start: string;
}

/**
 * The children of group leader `pgid` that have left its group (a new session): a signal to the group
 * never reaches them. bubblewrap's pid 1 in the sandbox is one (`--new-session`); it dies with the
 * outer bwrap only through its parent-death signal, which a check running as the same uid can clear
 * by tracing it (docs/security.md, "`bwrap`: bubblewrap"). Linux only; empty elsewhere or when the
 * leader is gone.
 */
export function strayChildren(pgid: number): StrayProcess[] {
  if (process.platform !== 'linux') return [];
  let listed: string;
  try {
    // Read before the group is signalled (synchronously: the leader may die at once, taking the list).
    listed = readFileSync(`/proc/${pgid}/task/${pgid}/children`, 'utf8');
  } catch {
    return [];
  }
  const strays: StrayProcess[] = [];
  for (const pid of listed.split(' ').filter((name) => /^\d+$/.test(name))) {
    const stat = readStat(pid);
    if (stat !== null && stat.pgrp !== pgid) strays.push({ pid: Number(pid), start: stat.start });
  }
  return strays;
}

/** Sends `signal` to each stray still running with the start time it was seen with. */
export function signalStrays(strays: readonly StrayProcess[], signal: NodeJS.Signals): void {
  for (const stray of strays) {
    const stat = readStat(String(stray.pid));
    if (stat === null || stat.start !== stray.start) continue;
    try {
      process.kill(stray.pid, signal);
    } catch {}
  }
}

function readStat(pid: string): { pgrp: number; start: string } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
  // cutime cstime priority nice num_threads itrealvalue starttime ..." — comm may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgrp = fields[2];
  const start = fields[19];
  if (pgrp === undefined || start === undefined) return null;
  return { pgrp: Number(pgrp), start };
}
