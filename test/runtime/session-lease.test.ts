/**
 * One process at a time continues a session. Real processes: a live holder blocks a second resume
 * (through the CLI too, exit 3, nothing appended); a holder killed with SIGKILL leaves a stale
 * lease that the next resume takes over.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { acquireSessionLease, leasePath, SessionBusyError } from '../../src/core/runtime/session-lease.js';
import { runCli } from '../helpers/cli.js';
import { seededKey } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = tempDir('lease').dir;
  dirs.push(dir);
  return join(dir, 'ledger.db');
}

function sleeper(): ReturnType<typeof spawn> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

function holdAs(dbPath: string, sessionId: string, pid: number): void {
  writeFileSync(
    leasePath(dbPath, sessionId),
    `${JSON.stringify({ pid, host: hostname(), session_id: sessionId, since: '2026-11-30T00:00:00.000Z' })}\n`,
  );
}

describe('session lease', () => {
  it('is exclusive while held and free again after release', () => {
    const db = tempDb();
    const release = acquireSessionLease(db, 's1');
    expect(() => acquireSessionLease(db, 's1')).toThrow(SessionBusyError);
    expect(() => acquireSessionLease(db, 's2')()).not.toThrow();
    release();
    expect(existsSync(leasePath(db, 's1'))).toBe(false);
    acquireSessionLease(db, 's1')();
  });

  it('refuses while the holding process lives, and takes over once it was SIGKILLed', async () => {
    const db = tempDb();
    const holder = sleeper();
    holdAs(db, 's1', holder.pid as number);
    expect(() => acquireSessionLease(db, 's1')).toThrow(new RegExp(`pid ${holder.pid} on `));
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const release = acquireSessionLease(db, 's1');
    expect(JSON.parse(readFileSync(leasePath(db, 's1'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('a lease held by another host is never taken over (its liveness cannot be checked here)', () => {
    const db = tempDb();
    writeFileSync(
      leasePath(db, 's1'),
      JSON.stringify({ pid: 1, host: 'elsewhere', session_id: 's1', since: 'x' }),
    );
    expect(() => acquireSessionLease(db, 's1', { isAlive: () => false })).toThrow(/on elsewhere/);
  });

  it('truss resume refuses a session another live process is continuing: exit 3, nothing appended', async () => {
    const db = tempDb();
    const { key } = seededKey(3);
    const store = LedgerStore.open(db);
    const sessionId = appendSampleRun(store, key, {});
    const before = store.session(sessionId)?.head_hash;
    store.close();
    const holder = sleeper();
    holdAs(db, sessionId, holder.pid as number);
    const result = await runCli(['resume', sessionId, '--db', db]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`session ${sessionId} is being continued by pid ${holder.pid}`);
    const after = LedgerStore.open(db);
    expect(after.session(sessionId)?.head_hash).toBe(before);
    after.close();
  });
});
