import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Raised when another live process is resuming the same session. */
export class SessionBusyError extends Error {
  override name = 'SessionBusyError';
}

interface LeaseRecord {
  pid: number;
  host: string;
  session_id: string;
  since: string;
}

export interface LeaseOptions {
  pid?: number;
  host?: string;
  now?: () => Date;
  /** Whether a process on this host still exists (default: `process.kill(pid, 0)`). */
  isAlive?: (pid: number) => boolean;
}

/** Where the lease of `sessionId` in the ledger at `dbPath` lives: beside the database, one file per session. */
export function leasePath(dbPath: string, sessionId: string): string {
  return `${dbPath}.lease-${sessionId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * One process at a time continues a session: two resumes of the same journal would both run past
 * its frontier and repeat tool calls and side effects. The lease is a file created exclusively
 * (O_EXCL) beside the database; a lease left by a process that died on this host (SIGKILL, power
 * loss) is taken over, a live one is refused with who holds it. Returns the release function.
 */
export function acquireSessionLease(
  dbPath: string,
  sessionId: string,
  options: LeaseOptions = {},
): () => void {
  const path = leasePath(dbPath, sessionId);
  const record: LeaseRecord = {
    pid: options.pid ?? process.pid,
    host: options.host ?? hostname(),
    session_id: sessionId,
    since: (options.now?.() ?? new Date()).toISOString(),
  };
  const isAlive = options.isAlive ?? processAlive;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${JSON.stringify(record)}\n`);
      closeSync(fd);
      return () => release(path, record);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLease(path);
    if (holder && holder.host === record.host && !isAlive(holder.pid)) {
      unlinkSync(path);
      continue;
    }
    const who = holder ? `pid ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process';
    throw new SessionBusyError(
      `session ${sessionId} is being continued by ${who}; wait for it to finish, or remove ${path} if that process is gone`,
    );
  }
  throw new SessionBusyError(`could not take the lease on session ${sessionId} (${path})`);
}

function release(path: string, record: LeaseRecord): void {
  const current = readLease(path);
  if (
    current &&
    current.pid === record.pid &&
    current.host === record.host &&
    current.since === record.since
  ) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function readLease(path: string): LeaseRecord | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LeaseRecord>;
    return typeof value.pid === 'number' && typeof value.host === 'string'
      ? {
          pid: value.pid,
          host: value.host,
          session_id: String(value.session_id ?? ''),
          since: String(value.since ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
